import type { ChartPerson } from '@anor/core';
import { mediaFileUrl } from '../media/media-src.ts';
import { portraitFilePath } from '../media/queries.ts';

/** A short stand-in for a text (FNV-1a), for an address's cache-busting value. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The address of a chart box's portrait, or null without one. The file's address stays the same
 * when the portrait changes, so the image and crop go into `v` (which the server ignores) and the
 * browser asks again for a changed one; a share link's visitor adds the token.
 */
export function chartPortraitHref(treeId: string, person: ChartPerson): string | null {
  if (!person.portrait) return null;
  const { mediaId, crop } = person.portrait;
  const url = mediaFileUrl(portraitFilePath(treeId, person.id));
  const version = shortHash(`${mediaId}:${crop.x}:${crop.y}:${crop.width}:${crop.height}`);
  return `${url}${url.includes('?') ? '&' : '?'}v=${version}`;
}

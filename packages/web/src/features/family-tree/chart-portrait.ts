import type { ChartPerson } from '@anor/core';
import { portraitToken } from '../media/media-display.ts';
import { mediaFileUrl } from '../media/media-src.ts';
import { portraitFilePath } from '../media/queries.ts';

/**
 * The address of a chart box's portrait, or null without one. The file's address stays the same
 * when the portrait changes, so the image and crop go into `v` (the token the lists use, which the
 * server ignores) and the browser asks again for a changed one; a share link's visitor adds the token.
 */
export function chartPortraitHref(treeId: string, person: ChartPerson): string | null {
  if (!person.portrait) return null;
  const path = `${portraitFilePath(treeId, person.id)}?${new URLSearchParams({ v: portraitToken(person.portrait) })}`;
  return mediaFileUrl(path);
}

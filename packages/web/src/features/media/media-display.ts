import type { MediaSummary, Portrait } from '@anor/core';
import type { TFunction } from 'i18next';

/** What a medium is called in lists: its title, else its file name, else "Untitled". */
export function mediaTitle(media: Pick<MediaSummary, 'title' | 'fileName'>, t: TFunction): string {
  return media.title ?? media.fileName ?? t('media.untitled');
}

/**
 * A short token of a portrait's image and crop (FNV-1a of both), for a portrait file's `?v=` (the
 * server takes at most 64 characters): a new crop or image is a new address, so the browser's cache
 * may keep each.
 */
export function portraitToken(portrait: Portrait): string {
  const { x, y, width, height } = portrait.crop;
  let hash = 0x811c9dc5;
  for (const char of `${portrait.mediaId}:${x}:${y}:${width}:${height}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${portrait.mediaId.slice(-12)}${hash.toString(36)}`;
}

/** Whether the viewer shows it (an uploaded image); a PDF opens in the browser's own viewer instead. */
export function isViewableImage(media: Pick<MediaSummary, 'kind' | 'hasFile'>): boolean {
  return media.kind === 'image' && media.hasFile;
}

/**
 * Whether a thumbnail can be asked for without a 404. A PDF's first page may not have been
 * rendered (`media.error.noPreview`) and the summary does not say, so PDFs show an icon.
 */
export function hasThumbnail(media: Pick<MediaSummary, 'kind' | 'hasFile'>): boolean {
  return isViewableImage(media);
}

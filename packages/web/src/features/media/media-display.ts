import type { MediaSummary } from '@anor/core';
import type { TFunction } from 'i18next';

/** What a medium is called in lists: its title, else its file name, else "Untitled". */
export function mediaTitle(media: Pick<MediaSummary, 'title' | 'fileName'>, t: TFunction): string {
  return media.title ?? media.fileName ?? t('media.untitled');
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

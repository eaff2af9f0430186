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

/** Bytes as the largest unit that keeps a number of at least 1 (B, kB, MB, GB), in the language's number format. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

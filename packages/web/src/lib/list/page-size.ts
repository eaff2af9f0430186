/**
 * How many rows make a page (SPEC §2 Lists): as many as fit the list's height, 5 until the height
 * is measured, with a margin of 10 pixels.
 */

export const DEFAULT_PAGE_SIZE = 5;
export const PAGE_SIZE_MARGIN = 10;
/** The API answers at most 200 items a page. */
export const MAX_PAGE_SIZE = 200;

/**
 * The rows of `rowHeight` pixels that fit `height` pixels less the margin; at least one.
 * An unmeasured height (null, zero or not a number) gives the default.
 */
export function pageSizeForHeight(height: number | null, rowHeight: number, margin = PAGE_SIZE_MARGIN): number {
  if (height === null || !Number.isFinite(height) || height <= 0) return DEFAULT_PAGE_SIZE;
  if (!Number.isFinite(rowHeight) || rowHeight <= 0) return DEFAULT_PAGE_SIZE;
  const rows = Math.floor((height - margin) / rowHeight);
  return Math.min(MAX_PAGE_SIZE, Math.max(1, rows));
}

/**
 * The page that keeps the first row in view when the page size changes (a rotated phone, a
 * resized window), so the reader stays where they were.
 */
export function pageAfterResize(page: number, oldPageSize: number, newPageSize: number): number {
  if (oldPageSize <= 0 || newPageSize <= 0) return 1;
  const firstIndex = (Math.max(1, page) - 1) * oldPageSize;
  return Math.floor(firstIndex / newPageSize) + 1;
}

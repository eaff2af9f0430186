/**
 * The pagination bar as data: which page buttons and ellipses to show, and how many fit a width.
 * Pure, so the rules are tested without a browser.
 */

export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; position: 'start' | 'end' };

/** The number of pages for `total` items; at least 1, so an empty list is "page 1 of 1". */
export function countPages(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** The page number kept within 1…pageCount. */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pageCount));
}

/**
 * Exactly `slots` items (or every page, when they fit), so the bar keeps its width while paging.
 * With five slots or more the first and last page are always shown, the current page as near the
 * middle as it can be, and an ellipsis wherever pages are left out; an ellipsis always stands for
 * at least two pages (one page would simply be shown). With fewer than five slots there is no
 * room for that, and the bar shows the pages nearest the current one.
 */
export function pageItems(currentPage: number, pageCount: number, slots: number): PageItem[] {
  const count = Math.max(1, Math.trunc(pageCount));
  const page = clampPage(currentPage, count);
  const width = Math.max(1, Math.trunc(slots));
  const pages = (from: number, to: number): PageItem[] =>
    Array.from({ length: to - from + 1 }, (_, index) => ({ type: 'page', page: from + index }));

  if (count <= width) return pages(1, count);

  if (width < 5) {
    const start = clampPage(page - Math.floor((width - 1) / 2), count - width + 1);
    return pages(start, start + width - 1);
  }

  // The window of pages between the two ellipses: what is left after first, last and two ellipses.
  const windowSize = width - 4;
  const windowStart = page - Math.floor((windowSize - 1) / 2);
  const windowEnd = windowStart + windowSize - 1;
  if (windowStart <= 3) {
    return [...pages(1, width - 2), { type: 'ellipsis', position: 'end' }, { type: 'page', page: count }];
  }
  if (windowEnd >= count - 2) {
    return [{ type: 'page', page: 1 }, { type: 'ellipsis', position: 'start' }, ...pages(count - width + 3, count)];
  }
  return [
    { type: 'page', page: 1 },
    { type: 'ellipsis', position: 'start' },
    ...pages(windowStart, windowEnd),
    { type: 'ellipsis', position: 'end' },
    { type: 'page', page: count },
  ];
}

export interface PaginationLayout {
  /** Whether the first-page and last-page buttons fit besides previous and next. */
  withEdges: boolean;
  /** How many page buttons and ellipses to show (the `slots` of `pageItems`). */
  pageSlots: number;
}

export interface PaginationMetrics {
  /** The width of one button, in pixels. */
  controlSize: number;
  /** The space between buttons, in pixels. */
  gap: number;
  /** The width of one digit of a page number, in pixels. */
  digitWidth: number;
  /** Never more page buttons than this, however wide the container. */
  maxPageSlots: number;
}

/** Mantine's `md` pagination: 32 px buttons with a quarter of that as padding, 16 px digits. */
export const defaultPaginationMetrics: PaginationMetrics = {
  controlSize: 32,
  gap: 6,
  digitWidth: 9.5,
  maxPageSlots: 9,
};

/**
 * How many buttons fit in `width` pixels: previous and next always; first and last page too when
 * at least seven page buttons fit besides them; the rest are page buttons. Page numbers of more
 * than two digits make their buttons wider, which `pageCount` accounts for.
 */
export function paginationLayout(
  width: number,
  pageCount: number,
  metrics: PaginationMetrics = defaultPaginationMetrics,
): PaginationLayout {
  const { controlSize, gap, digitWidth, maxPageSlots } = metrics;
  const digits = String(Math.max(1, Math.trunc(pageCount))).length;
  // A button is square until its number, its padding (a quarter of the size each side) and its border outgrow it.
  const pageButtonSize = Math.max(controlSize, Math.ceil(controlSize / 2 + digits * digitWidth + 2));
  const available = Math.max(0, width);
  const fit = (buttonSize: number, reserved: number) =>
    Math.floor((available - reserved * (controlSize + gap) + gap) / (buttonSize + gap));

  const withEdgesSlots = fit(pageButtonSize, 4);
  if (withEdgesSlots >= 7) return { withEdges: true, pageSlots: Math.min(maxPageSlots, withEdgesSlots) };
  return { withEdges: false, pageSlots: Math.max(1, Math.min(maxPageSlots, fit(pageButtonSize, 2))) };
}

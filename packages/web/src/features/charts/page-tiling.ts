/**
 * How a chart is laid onto paper (issue 23): on one page when it fits at a readable size, else
 * over several pages (tiles) at that size, neighbouring tiles overlapping so that the sheets can be
 * joined. All sizes in PDF points (1/72 inch); the chart's own units are CSS pixels (1/96 inch).
 * Pure, so tests check the arithmetic without a browser.
 */

export type PaperSize = 'a4' | 'a3';
export type PaperOrientation = 'portrait' | 'landscape';

/** ISO 216 sizes in points, portrait. */
export const PAPER: Record<PaperSize, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  a3: { width: 841.89, height: 1190.55 },
};

export const PAGE_MARGIN = 28;
/** The title and date above the chart on every page. */
export const HEADER_HEIGHT = 40;
/** The page label below the chart. */
export const FOOTER_HEIGHT = 18;
/** How much of the chart two neighbouring tiles both show. */
export const TILE_OVERLAP = 24;
/** Chart pixels to points at full size (96 → 72 dpi). */
export const FULL_SCALE = 0.75;
/** The smallest scale at which names are still readable on paper (a 14 px name becomes 6.3 pt). */
export const READABLE_SCALE = 0.45;

export interface Tile {
  row: number;
  column: number;
  /** The part of the chart on this page, in chart units from the chart's top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PagePlan {
  page: { width: number; height: number };
  /** Where the chart area sits on each page, and its size (points). */
  area: { x: number; y: number; width: number; height: number };
  /** Points per chart unit. */
  scale: number;
  rows: number;
  columns: number;
  tiles: Tile[];
}

export function pageSize(paper: PaperSize, orientation: PaperOrientation): { width: number; height: number } {
  const { width, height } = PAPER[paper];
  return orientation === 'portrait' ? { width, height } : { width: height, height: width };
}

/** How many tiles of `span` points, overlapping by TILE_OVERLAP, cover `length` points. */
function tileCount(length: number, span: number): number {
  if (length <= span) return 1;
  return Math.ceil((length - TILE_OVERLAP) / (span - TILE_OVERLAP));
}

/**
 * The pages for a chart of `chart` units: one page, the chart shrunk to fit, when that keeps it at
 * READABLE_SCALE or more (never enlarged beyond full size); otherwise tiles at READABLE_SCALE,
 * row by row, the last row and column as large as the others (the chart ends inside them).
 */
export function planPages(
  chart: { width: number; height: number },
  paper: PaperSize,
  orientation: PaperOrientation,
): PagePlan {
  const page = pageSize(paper, orientation);
  const area = {
    x: PAGE_MARGIN,
    y: PAGE_MARGIN + HEADER_HEIGHT,
    width: page.width - 2 * PAGE_MARGIN,
    height: page.height - 2 * PAGE_MARGIN - HEADER_HEIGHT - FOOTER_HEIGHT,
  };
  const width = Math.max(1, chart.width);
  const height = Math.max(1, chart.height);
  const fit = Math.min(area.width / width, area.height / height, FULL_SCALE);
  if (fit >= READABLE_SCALE) {
    return { page, area, scale: fit, rows: 1, columns: 1, tiles: [{ row: 1, column: 1, x: 0, y: 0, width, height }] };
  }
  const scale = READABLE_SCALE;
  const columns = tileCount(width * scale, area.width);
  const rows = tileCount(height * scale, area.height);
  const tileWidth = area.width / scale;
  const tileHeight = area.height / scale;
  const stepX = (area.width - TILE_OVERLAP) / scale;
  const stepY = (area.height - TILE_OVERLAP) / scale;
  const tiles: Tile[] = [];
  for (let row = 1; row <= rows; row++) {
    for (let column = 1; column <= columns; column++) {
      tiles.push({ row, column, x: (column - 1) * stepX, y: (row - 1) * stepY, width: tileWidth, height: tileHeight });
    }
  }
  return { page, area, scale, rows, columns, tiles };
}

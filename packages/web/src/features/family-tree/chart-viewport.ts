import { BOX_HEIGHT, BOX_WIDTH, type Bounds, type ChartLayout } from './chart-layout.ts';

/** A pan and zoom: screen = chart × k + (x, y). The same numbers as d3-zoom's transform. */
export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

export interface ViewportSize {
  width: number;
  height: number;
}

/** Room kept between the chart and the edge of the view. */
export const VIEW_MARGIN = 24;
/** The largest zoom; the smallest is whatever fits the whole chart (and at least this far out). */
export const MAX_SCALE = 2;
export const MIN_SCALE = 0.1;
/** A chart that fits at this scale or larger opens whole; a larger one opens on the starting person. */
export const READABLE_SCALE = 0.7;
/** Below this scale the texts are too small to read and are hidden, which also makes panning cheaper. */
export const LOW_DETAIL_SCALE = 0.4;

/** The transform that shows all of `bounds`, centred, never enlarged beyond 1. */
export function fitTransform(bounds: Bounds, view: ViewportSize): ViewTransform {
  const width = Math.max(1, bounds.width);
  const height = Math.max(1, bounds.height);
  const k = Math.min((view.width - 2 * VIEW_MARGIN) / width, (view.height - 2 * VIEW_MARGIN) / height, 1);
  const scale = Math.max(k, 0.005);
  return {
    k: scale,
    x: view.width / 2 - (bounds.x + width / 2) * scale,
    y: view.height / 2 - (bounds.y + height / 2) * scale,
  };
}

/**
 * Where a chart opens: whole when it is readable that way; otherwise at a readable scale with the
 * starting person at the edge the chart grows from (the left of a pedigree, the top of a
 * descendant chart).
 */
export function initialTransform(
  layout: Pick<ChartLayout, 'bounds' | 'focus'>,
  view: ViewportSize,
  orientation: 'horizontal' | 'vertical',
): ViewTransform {
  const fit = fitTransform(layout.bounds, view);
  if (fit.k >= READABLE_SCALE) return fit;
  return focusTransform(layout, view, orientation, readableScale(view));
}

/** A comfortable scale for reading boxes; smaller on a phone, so that the parents or children show beside the person. */
export function readableScale(view: ViewportSize): number {
  return view.width < 600 ? 0.65 : 0.9;
}

/** The starting person at a given scale, at the edge the chart grows from. */
export function focusTransform(
  layout: Pick<ChartLayout, 'focus'>,
  view: ViewportSize,
  orientation: 'horizontal' | 'vertical',
  k: number,
): ViewTransform {
  const { focus } = layout;
  if (orientation === 'horizontal') {
    // Room for the start box at the left edge, unless the view is so narrow that centring it is better.
    const left = Math.min(VIEW_MARGIN, (view.width - BOX_WIDTH * k) / 2);
    return { k, x: left - (focus.x - BOX_WIDTH / 2) * k, y: view.height / 2 - focus.y * k };
  }
  return { k, x: view.width / 2 - focus.x * k, y: VIEW_MARGIN - (focus.y - BOX_HEIGHT / 2) * k };
}

/** The smallest scale the user may zoom out to: enough to see the whole chart. */
export function minimumScale(bounds: Bounds, view: ViewportSize): number {
  return Math.min(MIN_SCALE, fitTransform(bounds, view).k * 0.8);
}

/** Whether a box (chart coordinates) is at least partly inside the view. */
export function isBoxVisible(box: { x: number; y: number }, transform: ViewTransform, view: ViewportSize): boolean {
  const left = box.x * transform.k + transform.x;
  const top = box.y * transform.k + transform.y;
  const right = left + BOX_WIDTH * transform.k;
  const bottom = top + BOX_HEIGHT * transform.k;
  return right > 0 && bottom > 0 && left < view.width && top < view.height;
}

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
export const READABLE_SCALE = 0.55;
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
 * Where a chart opens (issue 23: fitted on every screen, a phone's too): whole when it is readable
 * that way; otherwise with the starting person at the edge the chart grows from (the left of a
 * pedigree, the top of a descendant chart), at a readable scale made smaller where needed so that
 * the person's own part of the chart (`focusWidth`: with the parents' column, or with the partners)
 * fits the width; and never with the chart off to one side (clampTransform).
 */
export function initialTransform(
  layout: Pick<ChartLayout, 'bounds' | 'focus' | 'focusWidth'>,
  view: ViewportSize,
  orientation: 'horizontal' | 'vertical',
): ViewTransform {
  const fit = fitTransform(layout.bounds, view);
  if (fit.k >= READABLE_SCALE) return fit;
  const focusWidth = layout.focusWidth ?? BOX_WIDTH;
  const k = Math.max(fit.k, Math.min(readableScale(view), (view.width - 2 * VIEW_MARGIN) / focusWidth));
  return clampTransform(focusTransform(layout, view, orientation, k), layout.bounds, view);
}

/**
 * The transform moved, its scale kept, so that the chart covers the view: a chart narrower (or
 * lower) than the view is centred on that axis, and a larger one leaves no more than the margin
 * empty at either edge. No part of the chart is out of view while the other side shows nothing.
 */
export function clampTransform(transform: ViewTransform, bounds: Bounds, view: ViewportSize): ViewTransform {
  const { k } = transform;
  const axis = (offset: number, start: number, size: number, room: number) => {
    const scaled = size * k;
    if (scaled <= room - 2 * VIEW_MARGIN) return (room - scaled) / 2 - start * k;
    const highest = VIEW_MARGIN - start * k;
    const lowest = room - VIEW_MARGIN - (start + size) * k;
    return Math.min(highest, Math.max(lowest, offset));
  };
  return {
    k,
    x: axis(transform.x, bounds.x, bounds.width, view.width),
    y: axis(transform.y, bounds.y, bounds.height, view.height),
  };
}

/**
 * The view after the chart changed around the same starting person (more or fewer generations):
 * the same scale, within the new limits, with the person where they were on the screen.
 */
export function keepFocusTransform(
  previous: ViewTransform,
  oldFocus: { x: number; y: number },
  layout: Pick<ChartLayout, 'bounds' | 'focus'>,
  view: ViewportSize,
): ViewTransform {
  const k = Math.min(MAX_SCALE, Math.max(minimumScale(layout.bounds, view), previous.k));
  const screenX = oldFocus.x * previous.k + previous.x;
  const screenY = oldFocus.y * previous.k + previous.y;
  // Where the person was is kept when it was in view; otherwise the middle of the view.
  const inView = screenX >= 0 && screenY >= 0 && screenX <= view.width && screenY <= view.height;
  const x = inView ? screenX : view.width / 2;
  const y = inView ? screenY : view.height / 2;
  return { k, x: x - layout.focus.x * k, y: y - layout.focus.y * k };
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

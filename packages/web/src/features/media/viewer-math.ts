import type { Area } from './crop-math.ts';

export interface ViewTransform {
  x: number;
  y: number;
  k: number;
}

/** How far past the original's own pixels one may zoom in: a scan's handwriting read at 4 screen pixels a pixel. */
export const MAX_PIXEL_SCALE = 4;
/** One press of + or −, or a zoom button. */
export const ZOOM_STEP = 1.5;

/** The whole image in the view, centred, with a margin around it; never enlarged past its own pixels. */
export function fitTransform(image: Area, view: Area, margin = 16): ViewTransform {
  if (image.width <= 0 || image.height <= 0 || view.width <= 0 || view.height <= 0) return { x: 0, y: 0, k: 1 };
  const room = { width: Math.max(1, view.width - 2 * margin), height: Math.max(1, view.height - 2 * margin) };
  const k = Math.min(room.width / image.width, room.height / image.height, 1);
  return { x: (view.width - image.width * k) / 2, y: (view.height - image.height * k) / 2, k };
}

/** The zoom range: from half the fitted size to `MAX_PIXEL_SCALE` times the image's own pixels. */
export function scaleLimits(image: Area, view: Area): [number, number] {
  const fitted = fitTransform(image, view).k;
  return [Math.min(fitted / 2, 1), Math.max(MAX_PIXEL_SCALE, fitted)];
}

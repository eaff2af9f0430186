import type { PortraitCrop } from '@anor/core';

/** A square crop on the image as shown, in its displayed pixels. */
export interface CropBox {
  x: number;
  y: number;
  size: number;
}

export type CropCorner = 'nw' | 'ne' | 'sw' | 'se';

/** The displayed image's size. */
export interface Area {
  width: number;
  height: number;
}

/** The smallest crop, in displayed pixels (a face still recognisable). */
export const MIN_CROP_SIZE = 24;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function minSizeIn(area: Area): number {
  return Math.min(MIN_CROP_SIZE, area.width, area.height);
}

/** The first crop: the largest centred square's 80 %, a little above the middle (where faces usually are). */
export function initialCrop(area: Area): CropBox {
  const size = Math.round(Math.min(area.width, area.height) * 0.8);
  const x = (area.width - size) / 2;
  const y = Math.min((area.height - size) / 2, Math.max(0, area.height * 0.1));
  return { x, y, size };
}

/** The box kept inside the image, no smaller than the minimum and no larger than the image's short side. */
export function clampCrop(box: CropBox, area: Area): CropBox {
  const size = clamp(box.size, minSizeIn(area), Math.min(area.width, area.height));
  return { x: clamp(box.x, 0, area.width - size), y: clamp(box.y, 0, area.height - size), size };
}

/** The box moved by a drag of (dx, dy), stopped at the image's edges. */
export function moveCrop(box: CropBox, dx: number, dy: number, area: Area): CropBox {
  return clampCrop({ ...box, x: box.x + dx, y: box.y + dy }, area);
}

/**
 * The box resized by dragging one corner by (dx, dy): the opposite corner stays put, the box stays
 * square (the drag's two directions averaged) and inside the image.
 */
export function resizeCrop(box: CropBox, corner: CropCorner, dx: number, dy: number, area: Area): CropBox {
  const sx = corner === 'ne' || corner === 'se' ? 1 : -1;
  const sy = corner === 'sw' || corner === 'se' ? 1 : -1;
  // The fixed corner.
  const ax = sx > 0 ? box.x : box.x + box.size;
  const ay = sy > 0 ? box.y : box.y + box.size;
  const room = Math.min(sx > 0 ? area.width - ax : ax, sy > 0 ? area.height - ay : ay);
  const size = clamp(box.size + (sx * dx + sy * dy) / 2, Math.min(minSizeIn(area), room), room);
  return { x: sx > 0 ? ax : ax - size, y: sy > 0 ? ay : ay - size, size };
}

/** The box grown (or shrunk, negative) by `delta` around its centre, kept inside the image. */
export function growCrop(box: CropBox, delta: number, area: Area): CropBox {
  const size = clamp(box.size + delta, minSizeIn(area), Math.min(area.width, area.height));
  const centreX = box.x + box.size / 2;
  const centreY = box.y + box.size / 2;
  return clampCrop({ x: centreX - size / 2, y: centreY - size / 2, size }, area);
}

function fraction(value: number): number {
  return Math.round(clamp(value, 0, 1) * 1e6) / 1e6;
}

/** The crop as the API keeps it: fractions 0..1 of the image's width and height. */
export function cropToFractions(box: CropBox, area: Area): PortraitCrop {
  return {
    x: fraction(box.x / area.width),
    y: fraction(box.y / area.height),
    width: fraction(box.size / area.width),
    height: fraction(box.size / area.height),
  };
}

/** A stored crop on the image as shown (made square on its shorter side, should it not be). */
export function cropFromFractions(crop: PortraitCrop, area: Area): CropBox {
  const size = Math.min(crop.width * area.width, crop.height * area.height);
  return clampCrop({ x: crop.x * area.width, y: crop.y * area.height, size }, area);
}

/** The box in another display size of the same image (the dialog resized). */
export function rescaleCrop(box: CropBox, from: Area, to: Area): CropBox {
  if (from.width <= 0 || to.width <= 0) return box;
  const scale = to.width / from.width;
  return clampCrop({ x: box.x * scale, y: box.y * scale, size: box.size * scale }, to);
}

import { describe, expect, it } from 'vitest';
import {
  clampCrop,
  cropFromFractions,
  cropToFractions,
  growCrop,
  initialCrop,
  MIN_CROP_SIZE,
  moveCrop,
  rescaleCrop,
  resizeCrop,
} from './crop-math.ts';

const landscape = { width: 400, height: 200 };
const portrait = { width: 200, height: 300 };

describe('initialCrop', () => {
  it('is a square of 80 % of the short side, centred across', () => {
    expect(initialCrop(landscape)).toEqual({ x: 120, y: 20, size: 160 });
  });

  it('sits a little above the middle of a tall image', () => {
    const box = initialCrop(portrait);
    expect(box.size).toBe(160);
    expect(box.x).toBe(20);
    expect(box.y).toBe(30);
  });
});

describe('moveCrop', () => {
  it('moves by the drag', () => {
    expect(moveCrop({ x: 10, y: 10, size: 50 }, 5, 7, landscape)).toEqual({ x: 15, y: 17, size: 50 });
  });

  it('stops at the edges', () => {
    expect(moveCrop({ x: 10, y: 10, size: 50 }, -100, 500, landscape)).toEqual({ x: 0, y: 150, size: 50 });
  });
});

describe('resizeCrop', () => {
  it('grows from the bottom-right corner with the top-left fixed', () => {
    expect(resizeCrop({ x: 10, y: 10, size: 50 }, 'se', 20, 10, landscape)).toEqual({ x: 10, y: 10, size: 65 });
  });

  it('grows from the top-left corner with the bottom-right fixed', () => {
    expect(resizeCrop({ x: 100, y: 100, size: 50 }, 'nw', -20, -20, landscape)).toEqual({ x: 80, y: 80, size: 70 });
  });

  it('keeps the fixed corner when stopped by the image', () => {
    // Bottom-left fixed at (300, 150): at most 100 to the right edge, though 150 up.
    expect(resizeCrop({ x: 300, y: 100, size: 50 }, 'ne', 400, -400, landscape)).toEqual({
      x: 300,
      y: 50,
      size: 100,
    });
  });

  it('never shrinks below the minimum', () => {
    expect(resizeCrop({ x: 10, y: 10, size: 50 }, 'se', -500, -500, landscape).size).toBe(MIN_CROP_SIZE);
  });
});

describe('growCrop and clampCrop', () => {
  it('grows around the centre', () => {
    expect(growCrop({ x: 100, y: 50, size: 100 }, 20, landscape)).toEqual({ x: 90, y: 40, size: 120 });
  });

  it('is never larger than the short side', () => {
    expect(growCrop({ x: 100, y: 50, size: 100 }, 1000, landscape)).toEqual({ x: 50, y: 0, size: 200 });
  });

  it('keeps a box inside the image', () => {
    expect(clampCrop({ x: -5, y: 190, size: 40 }, landscape)).toEqual({ x: 0, y: 160, size: 40 });
  });
});

describe('fractions', () => {
  it('are of the width and of the height', () => {
    expect(cropToFractions({ x: 100, y: 50, size: 100 }, landscape)).toEqual({
      x: 0.25,
      y: 0.25,
      width: 0.25,
      height: 0.5,
    });
  });

  it('come back to the same box at another display size', () => {
    const crop = cropToFractions({ x: 100, y: 50, size: 100 }, landscape);
    expect(cropFromFractions(crop, { width: 800, height: 400 })).toEqual({ x: 200, y: 100, size: 200 });
  });

  it('stay within 0..1', () => {
    const crop = cropToFractions({ x: -1, y: 0, size: 500 }, landscape);
    expect(crop.x).toBe(0);
    expect(crop.height).toBe(1);
  });

  it('rescale a box to a new display size', () => {
    expect(rescaleCrop({ x: 10, y: 20, size: 60 }, landscape, { width: 200, height: 100 })).toEqual({
      x: 5,
      y: 10,
      size: 30,
    });
  });
});

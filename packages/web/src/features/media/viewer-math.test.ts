import { describe, expect, it } from 'vitest';
import { fitTransform, MAX_PIXEL_SCALE, scaleLimits } from './viewer-math.ts';

describe('fitTransform', () => {
  it('shrinks a large scan to the view and centres it', () => {
    // 4000 × 3000 into 1016 × 532 with 8 px margins: limited by the height (516 / 3000).
    const fit = fitTransform({ width: 4000, height: 3000 }, { width: 1016, height: 532 }, 8);
    expect(fit.k).toBeCloseTo(0.172);
    expect(fit.y).toBeCloseTo(8);
    expect(fit.x).toBeCloseTo((1016 - 4000 * fit.k) / 2);
  });

  it('does not enlarge a small image', () => {
    expect(fitTransform({ width: 100, height: 50 }, { width: 500, height: 500 })).toEqual({ x: 200, y: 225, k: 1 });
  });

  it('is the identity for an image or view without size', () => {
    expect(fitTransform({ width: 0, height: 0 }, { width: 500, height: 500 })).toEqual({ x: 0, y: 0, k: 1 });
  });
});

describe('scaleLimits', () => {
  it('reaches from half the fitted size to several screen pixels a pixel', () => {
    const [min, max] = scaleLimits({ width: 4000, height: 3000 }, { width: 1032, height: 548 });
    expect(min).toBeCloseTo(0.086);
    expect(max).toBe(MAX_PIXEL_SCALE);
  });
});

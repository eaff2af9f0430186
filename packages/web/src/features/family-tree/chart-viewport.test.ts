import { describe, expect, it } from 'vitest';
import { BOX_HEIGHT, BOX_WIDTH } from './chart-layout.ts';
import {
  fitTransform,
  initialTransform,
  isBoxVisible,
  minimumScale,
  READABLE_SCALE,
  VIEW_MARGIN,
} from './chart-viewport.ts';

const view = { width: 1000, height: 600 };

describe('fitTransform', () => {
  it('centres a small chart without enlarging it', () => {
    const fit = fitTransform({ x: 0, y: 0, width: 200, height: 100 }, view);
    expect(fit).toEqual({ k: 1, x: 400, y: 250 });
  });

  it('shrinks a large chart to fit inside the margins', () => {
    const bounds = { x: -100, y: -5000, width: 2000, height: 10000 };
    const fit = fitTransform(bounds, view);
    expect(fit.k).toBeCloseTo((600 - 2 * VIEW_MARGIN) / 10000);
    // The chart's top edge lands on the margin.
    expect(bounds.y * fit.k + fit.y).toBeCloseTo(VIEW_MARGIN);
  });
});

describe('initialTransform', () => {
  const focus = { x: BOX_WIDTH / 2, y: 0 };

  it('shows a chart whole when it stays readable', () => {
    const layout = { bounds: { x: 0, y: -200, width: 700, height: 400 }, focus };
    expect(initialTransform(layout, view, 'horizontal')).toEqual(fitTransform(layout.bounds, view));
  });

  it('opens a large pedigree on the starting person at the left edge, vertically centred', () => {
    const layout = { bounds: { x: 0, y: -20000, width: 2500, height: 40000 }, focus };
    const transform = initialTransform(layout, view, 'horizontal');
    expect(transform.k).toBeGreaterThanOrEqual(READABLE_SCALE);
    expect(0 * transform.k + transform.x).toBeCloseTo(VIEW_MARGIN);
    expect(focus.y * transform.k + transform.y).toBeCloseTo(view.height / 2);
  });

  it('opens a large descendant chart on the starting person at the top, horizontally centred', () => {
    const start = { x: 0, y: BOX_HEIGHT / 2 };
    const layout = { bounds: { x: -20000, y: 0, width: 40000, height: 1000 }, focus: start };
    const transform = initialTransform(layout, view, 'vertical');
    expect(start.x * transform.k + transform.x).toBeCloseTo(view.width / 2);
    expect(0 * transform.k + transform.y).toBeCloseTo(VIEW_MARGIN);
  });
});

describe('minimumScale', () => {
  it('allows zooming out far enough to see the whole chart', () => {
    const bounds = { x: 0, y: 0, width: 2000, height: 40000 };
    expect(minimumScale(bounds, view)).toBeLessThan(fitTransform(bounds, view).k);
  });
});

describe('isBoxVisible', () => {
  it('tells boxes inside the view from boxes outside it', () => {
    const transform = { k: 1, x: 0, y: 0 };
    expect(isBoxVisible({ x: 10, y: 10 }, transform, view)).toBe(true);
    expect(isBoxVisible({ x: 1200, y: 10 }, transform, view)).toBe(false);
    expect(isBoxVisible({ x: -BOX_WIDTH - 1, y: 10 }, transform, view)).toBe(false);
    expect(isBoxVisible({ x: 10, y: 700 }, { k: 0.5, x: 0, y: 0 }, view)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { BOX_HEIGHT, BOX_WIDTH } from './chart-layout.ts';
import {
  clampTransform,
  fitTransform,
  initialTransform,
  isBoxVisible,
  keepFocusTransform,
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

describe('initialTransform on a phone', () => {
  const phone = { width: 343, height: 500 };

  it("opens a pedigree with the person and the parents' column whole, nothing cut at the left", () => {
    const focusWidth = 2 * BOX_WIDTH + 56;
    const layout = {
      bounds: { x: 0, y: -3000, width: 3000, height: 6000 },
      focus: { x: BOX_WIDTH / 2, y: 0 },
      focusWidth,
    };
    const transform = initialTransform(layout, phone, 'horizontal');
    expect(transform.x).toBeCloseTo(VIEW_MARGIN);
    expect(focusWidth * transform.k + transform.x).toBeLessThanOrEqual(phone.width - VIEW_MARGIN + 0.01);
  });

  it('opens a descendant chart with the person and both partners inside the width', () => {
    const focusWidth = 3 * BOX_WIDTH + 48;
    const layout = {
      bounds: { x: -5000, y: 0, width: 10000, height: 3000 },
      focus: { x: 0, y: BOX_HEIGHT / 2 },
      focusWidth,
    };
    const transform = initialTransform(layout, phone, 'vertical');
    const left = (-focusWidth / 2) * transform.k + transform.x;
    const right = (focusWidth / 2) * transform.k + transform.x;
    expect(left).toBeGreaterThanOrEqual(VIEW_MARGIN - 0.01);
    expect(right).toBeLessThanOrEqual(phone.width - VIEW_MARGIN + 0.01);
  });
});

describe('clampTransform', () => {
  it('centres a chart narrower than the view and keeps a wider one from leaving an empty side', () => {
    const bounds = { x: 0, y: 0, width: 400, height: 4000 };
    const narrow = clampTransform({ k: 1, x: -300, y: 100 }, bounds, view);
    expect(narrow.x).toBe(300);
    // The top edge may not come down past the margin, nor the bottom edge up past it.
    expect(narrow.y).toBe(VIEW_MARGIN);
    expect(clampTransform({ k: 1, x: 0, y: -9000 }, bounds, view).y).toBe(view.height - VIEW_MARGIN - 4000);
  });
});

describe('keepFocusTransform', () => {
  it('keeps the person where they were on the screen, at the same scale', () => {
    const previous = { k: 0.8, x: 100, y: 50 };
    const oldFocus = { x: 110, y: 300 };
    const layout = { bounds: { x: -2000, y: -2000, width: 4000, height: 4000 }, focus: { x: 640, y: -900 } };
    const next = keepFocusTransform(previous, oldFocus, layout, view);
    expect(next.k).toBe(0.8);
    expect(layout.focus.x * next.k + next.x).toBeCloseTo(oldFocus.x * 0.8 + 100);
    expect(layout.focus.y * next.k + next.y).toBeCloseTo(oldFocus.y * 0.8 + 50);
  });

  it('brings the person to the middle when they were out of view', () => {
    const layout = { bounds: { x: 0, y: 0, width: 4000, height: 4000 }, focus: { x: 10, y: 10 } };
    const next = keepFocusTransform({ k: 1, x: -5000, y: 0 }, { x: 10, y: 10 }, layout, view);
    expect(10 * next.k + next.x).toBeCloseTo(view.width / 2);
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

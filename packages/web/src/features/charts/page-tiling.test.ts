import { describe, expect, it } from 'vitest';
import { FULL_SCALE, PAPER, planPages, READABLE_SCALE, TILE_OVERLAP } from './page-tiling.ts';

describe('planPages', () => {
  it('puts a small chart on one page at full size', () => {
    const plan = planPages({ width: 400, height: 300 }, 'a4', 'portrait');
    expect(plan.page).toEqual(PAPER.a4);
    expect(plan.scale).toBe(FULL_SCALE);
    expect(plan.tiles).toEqual([{ row: 1, column: 1, x: 0, y: 0, width: 400, height: 300 }]);
  });

  it('shrinks a chart to one page while it stays readable, and turns the paper for landscape', () => {
    const plan = planPages({ width: 1400, height: 600 }, 'a4', 'landscape');
    expect(plan.page.width).toBeCloseTo(PAPER.a4.height);
    expect(plan.tiles).toHaveLength(1);
    expect(plan.scale).toBeCloseTo(plan.area.width / 1400);
    expect(plan.scale).toBeGreaterThanOrEqual(READABLE_SCALE);
  });

  it('tiles a large chart row by row with overlapping edges that cover all of it', () => {
    const chart = { width: 5000, height: 2500 };
    const plan = planPages(chart, 'a3', 'landscape');
    expect(plan.scale).toBe(READABLE_SCALE);
    expect(plan.tiles.length).toBe(plan.rows * plan.columns);
    expect(plan.columns).toBeGreaterThan(1);
    expect(plan.rows).toBeGreaterThan(1);
    const [first, second] = plan.tiles;
    expect(first).toMatchObject({ row: 1, column: 1, x: 0, y: 0 });
    expect(second).toMatchObject({ row: 1, column: 2 });
    // Neighbours share TILE_OVERLAP points of the chart.
    expect(((first?.x ?? 0) + (first?.width ?? 0) - (second?.x ?? 0)) * plan.scale).toBeCloseTo(TILE_OVERLAP);
    const last = plan.tiles.at(-1);
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeGreaterThanOrEqual(chart.width);
    expect((last?.y ?? 0) + (last?.height ?? 0)).toBeGreaterThanOrEqual(chart.height);
    // No page more than needed: one column fewer would not reach the right edge.
    expect((plan.columns - 1) * (second?.x ?? 0)).toBeLessThan(chart.width);
  });

  it('needs fewer pages on A3 than on A4', () => {
    const chart = { width: 4000, height: 3000 };
    expect(planPages(chart, 'a3', 'portrait').tiles.length).toBeLessThan(
      planPages(chart, 'a4', 'portrait').tiles.length,
    );
  });
});

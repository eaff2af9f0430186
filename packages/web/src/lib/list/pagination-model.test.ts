import { describe, expect, it } from 'vitest';
import { clampPage, countPages, type PageItem, pageItems, paginationLayout } from './pagination-model.ts';

/** The bar as text: "1 … 4 [5] 6 … 20". */
function bar(items: PageItem[], current: number): string {
  return items
    .map((item) => {
      if (item.type === 'ellipsis') return '…';
      return item.page === current ? `[${item.page}]` : String(item.page);
    })
    .join(' ');
}

describe('countPages', () => {
  it('rounds up and never answers less than one page', () => {
    expect(countPages(0, 10)).toBe(1);
    expect(countPages(1, 10)).toBe(1);
    expect(countPages(10, 10)).toBe(1);
    expect(countPages(11, 10)).toBe(2);
    expect(countPages(101, 5)).toBe(21);
    expect(countPages(10, 0)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps the page within the pages there are', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(7, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(2.7, 5)).toBe(2);
  });
});

describe('pageItems', () => {
  it('shows every page when they fit', () => {
    expect(bar(pageItems(1, 1, 7), 1)).toBe('[1]');
    expect(bar(pageItems(3, 5, 7), 3)).toBe('1 2 [3] 4 5');
    expect(bar(pageItems(7, 7, 7), 7)).toBe('1 2 3 4 5 6 [7]');
  });

  it('keeps the first and the last page, with an ellipsis on the far side near either end', () => {
    expect(bar(pageItems(1, 20, 7), 1)).toBe('[1] 2 3 4 5 … 20');
    expect(bar(pageItems(4, 20, 7), 4)).toBe('1 2 3 [4] 5 … 20');
    expect(bar(pageItems(17, 20, 7), 17)).toBe('1 … 16 [17] 18 19 20');
    expect(bar(pageItems(20, 20, 7), 20)).toBe('1 … 16 17 18 19 [20]');
  });

  it('puts the current page in the middle with an ellipsis on each side', () => {
    expect(bar(pageItems(5, 20, 7), 5)).toBe('1 … 4 [5] 6 … 20');
    expect(bar(pageItems(10, 20, 7), 10)).toBe('1 … 9 [10] 11 … 20');
    expect(bar(pageItems(16, 20, 7), 16)).toBe('1 … 15 [16] 17 … 20');
    expect(bar(pageItems(50, 100, 9), 50)).toBe('1 … 48 49 [50] 51 52 … 100');
    expect(bar(pageItems(50, 100, 8), 50)).toBe('1 … 49 [50] 51 52 … 100');
  });

  it('always gives exactly as many items as slots once the pages do not fit, so the bar does not jump', () => {
    for (const slots of [5, 6, 7, 8, 9, 11]) {
      for (let page = 1; page <= 30; page += 1) {
        const items = pageItems(page, 30, slots);
        expect(items, `slots ${slots}, page ${page}`).toHaveLength(slots);
        expect(items).toContainEqual({ type: 'page', page });
        expect(items[0]).toEqual({ type: 'page', page: 1 });
        expect(items.at(-1)).toEqual({ type: 'page', page: 30 });
      }
    }
  });

  it('never lets an ellipsis stand for a single page', () => {
    for (const slots of [5, 6, 7, 9]) {
      for (let page = 1; page <= 12; page += 1) {
        const items = pageItems(page, 12, slots);
        items.forEach((item, index) => {
          if (item.type !== 'ellipsis') return;
          const before = items[index - 1];
          const after = items[index + 1];
          if (before?.type !== 'page' || after?.type !== 'page') throw new Error('an ellipsis between pages');
          expect(after.page - before.page, `slots ${slots}, page ${page}`).toBeGreaterThan(2);
        });
      }
    }
  });

  it('gives ellipses distinct positions, usable as keys', () => {
    const ellipses = pageItems(10, 20, 7).filter((item) => item.type === 'ellipsis');
    expect(ellipses).toEqual([
      { type: 'ellipsis', position: 'start' },
      { type: 'ellipsis', position: 'end' },
    ]);
  });

  it('shows the pages nearest the current one when fewer than five slots fit', () => {
    expect(bar(pageItems(10, 20, 1), 10)).toBe('[10]');
    expect(bar(pageItems(10, 20, 3), 10)).toBe('9 [10] 11');
    expect(bar(pageItems(1, 20, 3), 1)).toBe('[1] 2 3');
    expect(bar(pageItems(20, 20, 3), 20)).toBe('18 19 [20]');
    expect(bar(pageItems(10, 20, 4), 10)).toBe('9 [10] 11 12');
  });

  it('clamps a page outside the range', () => {
    expect(bar(pageItems(99, 20, 7), 20)).toBe('1 … 16 17 18 19 [20]');
    expect(bar(pageItems(0, 20, 7), 1)).toBe('[1] 2 3 4 5 … 20');
  });
});

describe('paginationLayout', () => {
  it('fits fewer page buttons on a phone than on a desktop', () => {
    const phone = paginationLayout(343, 20);
    const desktop = paginationLayout(1000, 20);
    expect(phone.pageSlots).toBeLessThan(desktop.pageSlots);
    expect(desktop).toEqual({ withEdges: true, pageSlots: 9 });
  });

  it('leaves the first and last page buttons out when they would crowd the page buttons', () => {
    // One-digit pages: 32 px buttons, 6 px gaps: 8 buttons in 298 px; first and last would leave four page buttons.
    expect(paginationLayout(298, 9)).toEqual({ withEdges: false, pageSlots: 6 });
    // 11 buttons in 412 px: four controls and seven page buttons.
    expect(paginationLayout(412, 9)).toEqual({ withEdges: true, pageSlots: 7 });
  });

  it('the buttons it asks for fit the width', () => {
    const controlSize = 32;
    const gap = 6;
    for (let width = 120; width <= 1200; width += 7) {
      const layout = paginationLayout(width, 9);
      const buttons = layout.pageSlots + (layout.withEdges ? 4 : 2);
      expect(buttons * controlSize + (buttons - 1) * gap, `width ${width}`).toBeLessThanOrEqual(width);
    }
  });

  it('makes room for wider page numbers', () => {
    expect(paginationLayout(412, 20).pageSlots).toBeGreaterThan(paginationLayout(412, 2000).pageSlots);
  });

  it('keeps at least one page button however narrow', () => {
    expect(paginationLayout(0, 20)).toEqual({ withEdges: false, pageSlots: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageAfterResize, pageSizeForHeight } from './page-size.ts';

describe('pageSizeForHeight', () => {
  it('is 5 until the height is measured', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(5);
    expect(pageSizeForHeight(null, 56)).toBe(5);
    expect(pageSizeForHeight(0, 56)).toBe(5);
    expect(pageSizeForHeight(Number.NaN, 56)).toBe(5);
    expect(pageSizeForHeight(400, 0)).toBe(5);
  });

  it('fits as many rows as the height allows after a margin of 10 pixels', () => {
    expect(pageSizeForHeight(570, 56)).toBe(10);
    expect(pageSizeForHeight(569, 56)).toBe(9);
    expect(pageSizeForHeight(66, 56)).toBe(1);
    expect(pageSizeForHeight(500, 56, 0)).toBe(8);
  });

  it('shows at least one row and at most what the API answers', () => {
    expect(pageSizeForHeight(20, 56)).toBe(1);
    expect(pageSizeForHeight(100_000, 20)).toBe(MAX_PAGE_SIZE);
  });
});

describe('pageAfterResize', () => {
  it('keeps the first row of the page in view', () => {
    // Page 3 of 10 a page starts at row 21; with 7 a page that row is on page 3 (rows 15–21).
    expect(pageAfterResize(3, 10, 7)).toBe(3);
    expect(pageAfterResize(4, 5, 10)).toBe(2);
    expect(pageAfterResize(1, 5, 12)).toBe(1);
    expect(pageAfterResize(2, 5, 5)).toBe(2);
  });

  it('falls back to the first page on nonsense', () => {
    expect(pageAfterResize(3, 0, 5)).toBe(1);
    expect(pageAfterResize(0, 5, 5)).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { layoutPath } from './chart-layout.ts';

describe('a relationship path’s chart', () => {
  it('stands a cousin path as an inverted V, the common ancestor on top', () => {
    const { boxes, cols, rows } = layoutPath({
      personIds: ['a', 'father', 'grandfather', 'uncle', 'cousin'],
      steps: ['parent', 'parent', 'child', 'child'],
    });
    expect(boxes.map(({ id, col, row }) => `${id}@${col},${row}`)).toEqual([
      'a@0,2',
      'father@0,1',
      'grandfather@0,0',
      'uncle@1,1',
      'cousin@1,2',
    ]);
    expect([cols, rows]).toEqual([2, 3]);
  });

  it('puts a partner beside, and a direct line in one column', () => {
    expect(layoutPath({ personIds: ['a', 'wife', 'her father'], steps: ['partner', 'parent'] }).boxes).toEqual([
      { id: 'a', col: 0, row: 1 },
      { id: 'wife', col: 1, row: 1 },
      { id: 'her father', col: 1, row: 0 },
    ]);
    expect(layoutPath({ personIds: ['a', 'son', 'grandson'], steps: ['child', 'child'] }).cols).toBe(1);
  });
});

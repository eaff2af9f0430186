import { describe, expect, it } from 'vitest';
import { BOX_HEIGHT, BOX_WIDTH, boundsOf, focusOf } from './chart-layout.ts';
import { chartPerson } from './chart-test-data.ts';

describe('boundsOf and focusOf', () => {
  it('measure the boxes and find the starting person', () => {
    const nodes = [
      { key: 'a', person: chartPerson('a'), x: -50, y: 10, isStart: false, isDuplicate: false },
      { key: 'b', person: chartPerson('b'), x: 300, y: -40, isStart: true, isDuplicate: false },
    ];
    expect(boundsOf(nodes)).toEqual({ x: -50, y: -40, width: 350 + BOX_WIDTH, height: 50 + BOX_HEIGHT });
    expect(focusOf(nodes)).toEqual({ x: 300 + BOX_WIDTH / 2, y: -40 + BOX_HEIGHT / 2 });
  });
});

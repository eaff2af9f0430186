import { describe, expect, it } from 'vitest';
import { BOX_HEIGHT, BOX_WIDTH, type ChartLayout, type ChartNode } from './chart-layout.ts';
import { chartPerson, fullPedigree } from './chart-test-data.ts';
import { layoutPedigree, PEDIGREE_COLUMN_GAP, PEDIGREE_ROW_GAP } from './pedigree-layout.ts';

function node(layout: ChartLayout, key: string): ChartNode {
  const found = layout.nodes.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no node ${key}`);
  return found;
}

const centreY = (box: ChartNode) => box.y + BOX_HEIGHT / 2;

/** Boxes in one column must not touch. */
function expectNoOverlap(layout: ChartLayout) {
  const columns = new Map<number, number[]>();
  for (const box of layout.nodes) columns.set(box.x, [...(columns.get(box.x) ?? []), box.y]);
  for (const column of columns.values()) {
    const ys = column.sort((a, b) => a - b);
    for (let index = 1; index < ys.length; index++) {
      expect((ys[index] as number) - (ys[index - 1] as number)).toBeGreaterThanOrEqual(
        BOX_HEIGHT + PEDIGREE_ROW_GAP - 0.1,
      );
    }
  }
}

describe('layoutPedigree', () => {
  it('is empty when the starting person is missing', () => {
    expect(layoutPedigree({ startId: 'x', persons: [] }).nodes).toEqual([]);
  });

  it('draws a person without parents as one box, centred on the focus', () => {
    const layout = layoutPedigree({ startId: 'a', persons: [chartPerson('a')] });
    expect(layout.nodes).toHaveLength(1);
    expect(layout.links).toHaveLength(0);
    const start = node(layout, 'a');
    expect(start.isStart).toBe(true);
    expect(layout.focus).toEqual({ x: start.x + BOX_WIDTH / 2, y: centreY(start) });
    expect(layout.bounds).toEqual({ x: start.x, y: start.y, width: BOX_WIDTH, height: BOX_HEIGHT });
  });

  it('puts each generation in its own column, the father above the mother, the child between them', () => {
    const layout = layoutPedigree(fullPedigree(3));
    expect(layout.nodes).toHaveLength(7);
    expect(layout.links).toHaveLength(6);
    const column = BOX_WIDTH + PEDIGREE_COLUMN_GAP;
    expect(node(layout, 'p1').x).toBe(0);
    expect(node(layout, 'p2').x).toBe(column);
    expect(node(layout, 'p7').x).toBe(2 * column);
    // p2 is the father (male), p3 the mother: the API order (mother first here) is not what decides.
    expect(node(layout, 'p2').y).toBeLessThan(node(layout, 'p3').y);
    expect(centreY(node(layout, 'p1'))).toBeCloseTo((centreY(node(layout, 'p2')) + centreY(node(layout, 'p3'))) / 2);
    expectNoOverlap(layout);
  });

  it('joins a child to each parent with an elbow line from its right edge to the parent’s left edge', () => {
    const layout = layoutPedigree(fullPedigree(2));
    const child = node(layout, 'p1');
    const father = node(layout, 'p2');
    const link = layout.links.find((candidate) => candidate.key === 'p1-p2');
    expect(link?.d).toBe(
      `M${BOX_WIDTH},${centreY(child)}H${BOX_WIDTH + PEDIGREE_COLUMN_GAP / 2}V${centreY(father)}H${father.x}`,
    );
  });

  it('draws a collapsed ancestor once in full and once as a reference without repeating their ancestors', () => {
    // Half siblings had a child: g2 is a grandparent on both sides, and g2's parents are drawn once.
    const persons = [
      chartPerson('s', { parentIds: ['f', 'm'] }),
      chartPerson('f', { parentIds: ['g1', 'g2'], gender: 'male' }),
      chartPerson('m', { parentIds: ['g2', 'g3'], gender: 'female' }),
      chartPerson('g1', { gender: 'male' }),
      chartPerson('g2', { parentIds: ['gg1', 'gg2'], gender: 'female' }),
      chartPerson('g3', { gender: 'male' }),
      chartPerson('gg1'),
      chartPerson('gg2'),
    ];
    const layout = layoutPedigree({ startId: 's', persons });
    expect(layout.nodes).toHaveLength(persons.length + 1);
    const shown = layout.nodes.filter((box) => box.person.id === 'g2');
    expect(shown.map((box) => box.isDuplicate).sort()).toEqual([false, true]);
    expect(layout.nodes.filter((box) => box.person.id === 'gg1')).toHaveLength(1);
    expect(new Set(layout.nodes.map((box) => box.key)).size).toBe(layout.nodes.length);
    expect(new Set(layout.links.map((link) => link.key)).size).toBe(layout.links.length);
  });

  it('ignores parents that are not in the answer', () => {
    const layout = layoutPedigree({ startId: 'a', persons: [chartPerson('a', { parentIds: ['gone'] })] });
    expect(layout.nodes).toHaveLength(1);
  });

  it('lays out a 10-generation pedigree of 1,023 persons without overlaps', () => {
    const answer = fullPedigree(10);
    const layout = layoutPedigree(answer);
    expect(layout.nodes).toHaveLength(1023);
    expect(layout.links).toHaveLength(1022);
    expect(new Set(layout.nodes.map((box) => box.key)).size).toBe(1023);
    expectNoOverlap(layout);
  });
});

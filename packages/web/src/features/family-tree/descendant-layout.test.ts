import { describe, expect, it } from 'vitest';
import { BOX_HEIGHT, BOX_WIDTH, type ChartLayout, type ChartNode } from './chart-layout.ts';
import { chartPerson, descendantTree } from './chart-test-data.ts';
import { GENERATION_GAP, layoutDescendants, PARTNER_GAP, SIBLING_GAP } from './descendant-layout.ts';

function node(layout: ChartLayout, key: string): ChartNode {
  const found = layout.nodes.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no node ${key}`);
  return found;
}

const centreX = (box: ChartNode) => box.x + BOX_WIDTH / 2;

/** Boxes in one row must not touch. */
function expectNoOverlap(layout: ChartLayout) {
  const rows = new Map<number, number[]>();
  for (const box of layout.nodes) rows.set(box.y, [...(rows.get(box.y) ?? []), box.x]);
  for (const row of rows.values()) {
    const xs = row.sort((a, b) => a - b);
    for (let index = 1; index < xs.length; index++) {
      expect((xs[index] as number) - (xs[index - 1] as number)).toBeGreaterThanOrEqual(BOX_WIDTH + SIBLING_GAP - 0.1);
    }
  }
}

/** A couple (a and partner b) with the given children, all of both. */
function couple(children: string[]) {
  return [
    chartPerson('a', { partnerIds: ['b'] }),
    chartPerson('b', { partnerIds: ['a'], isPartner: true }),
    ...children.map((id) => chartPerson(id, { parentIds: ['a', 'b'], generation: 1 })),
  ];
}

describe('layoutDescendants', () => {
  it('is empty when the starting person is missing', () => {
    expect(layoutDescendants({ startId: 'x', persons: [] }).nodes).toEqual([]);
  });

  it('puts the partner beside the person and the children one row lower, centred under the couple', () => {
    const layout = layoutDescendants({ startId: 'a', persons: couple(['c1', 'c2']) });
    expect(layout.nodes).toHaveLength(4);
    const person = node(layout, 'a');
    const partner = node(layout, 'b');
    expect(person.isStart).toBe(true);
    expect(partner.y).toBe(person.y);
    expect(partner.x).toBe(person.x + BOX_WIDTH + PARTNER_GAP);
    const first = node(layout, 'c1');
    const second = node(layout, 'c2');
    expect(first.y).toBe(person.y + BOX_HEIGHT + GENERATION_GAP);
    expect(first.x).toBeLessThan(second.x);
    // The pair of children is centred under the pair of parents, where the view opens.
    const coupleCentre = (centreX(person) + centreX(partner)) / 2;
    expect((centreX(first) + centreX(second)) / 2).toBeCloseTo(coupleCentre);
    expect(layout.focus).toEqual({ x: coupleCentre, y: person.y + BOX_HEIGHT / 2 });
    expectNoOverlap(layout);
  });

  it('hangs the children from the gap between the parents and joins the couple with a line', () => {
    const layout = layoutDescendants({ startId: 'a', persons: couple(['c1']) });
    const person = node(layout, 'a');
    const child = node(layout, 'c1');
    const gapX = person.x + BOX_WIDTH + PARTNER_GAP / 2;
    const link = layout.links.find((candidate) => candidate.key === 'a-c1');
    expect(link?.d).toBe(`M${gapX},${BOX_HEIGHT / 2}V${BOX_HEIGHT + GENERATION_GAP / 2}H${centreX(child)}V${child.y}`);
    const coupleLine = layout.links.find((candidate) => candidate.isCouple);
    expect(coupleLine?.d).toBe(`M${person.x + BOX_WIDTH},${BOX_HEIGHT / 2}H${person.x + BOX_WIDTH + PARTNER_GAP}`);
  });

  it('places a second partner on the left and groups the children by their other parent', () => {
    const persons = [
      chartPerson('a', { partnerIds: ['b', 'c'] }),
      chartPerson('b', { partnerIds: ['a'], isPartner: true }),
      chartPerson('c', { partnerIds: ['a'], isPartner: true }),
      chartPerson('ab1', { parentIds: ['a', 'b'] }),
      chartPerson('ac1', { parentIds: ['a', 'c'] }),
      chartPerson('a1', { parentIds: ['a'] }),
      chartPerson('ab2', { parentIds: ['b', 'a'] }),
    ];
    const layout = layoutDescendants({ startId: 'a', persons });
    const person = node(layout, 'a');
    expect(node(layout, 'b').x).toBeGreaterThan(person.x);
    expect(node(layout, 'c').x).toBeLessThan(person.x);
    const order = layout.nodes
      .filter((box) => box.y > person.y)
      .sort((x, y) => x.x - y.x)
      .map((box) => box.key);
    // Left partner's child, then the child without a known other parent, then the right partner's children.
    expect(order).toEqual(['ac1', 'a1', 'ab1', 'ab2']);
    const unknownLink = layout.links.find((candidate) => candidate.key === 'a-a1');
    expect(unknownLink?.d.startsWith(`M${centreX(person)},${BOX_HEIGHT}`)).toBe(true);
    expectNoOverlap(layout);
  });

  it('treats the other parent of a child as a partner even without a partner link', () => {
    const persons = [
      chartPerson('a'),
      chartPerson('b', { isPartner: true }),
      chartPerson('c1', { parentIds: ['a', 'b'] }),
    ];
    const layout = layoutDescendants({ startId: 'a', persons });
    expect(node(layout, 'b').y).toBe(node(layout, 'a').y);
  });

  it('draws a child of two descendants (cousins who married) once, and the partner again as a reference', () => {
    const persons = [
      chartPerson('r'),
      chartPerson('x', { parentIds: ['r'] }),
      chartPerson('y', { parentIds: ['r'] }),
      chartPerson('x1', { parentIds: ['x'], partnerIds: ['y1'] }),
      chartPerson('y1', { parentIds: ['y'], partnerIds: ['x1'] }),
      chartPerson('z', { parentIds: ['x1', 'y1'] }),
    ];
    const layout = layoutDescendants({ startId: 'r', persons });
    expect(layout.nodes.filter((box) => box.person.id === 'z')).toHaveLength(1);
    const y1 = layout.nodes.filter((box) => box.person.id === 'y1');
    expect(y1.map((box) => box.isDuplicate).sort()).toEqual([false, true]);
    expect(new Set(layout.nodes.map((box) => box.key)).size).toBe(layout.nodes.length);
    expect(new Set(layout.links.map((link) => link.key)).size).toBe(layout.links.length);
  });

  it('lays out a descendant chart of 1,000 persons without overlaps', () => {
    const answer = descendantTree(1000);
    const layout = layoutDescendants(answer);
    expect(layout.nodes).toHaveLength(1000);
    expect(new Set(layout.nodes.map((box) => box.key)).size).toBe(1000);
    expectNoOverlap(layout);
  });
});

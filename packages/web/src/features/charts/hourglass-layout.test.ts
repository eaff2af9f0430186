import { describe, expect, it } from 'vitest';
import { BOX_HEIGHT, BOX_WIDTH } from '../family-tree/chart-layout.ts';
import { chartPerson, descendantTree, fullPedigree } from '../family-tree/chart-test-data.ts';
import { layoutHourglass } from './hourglass-layout.ts';

describe('layoutHourglass', () => {
  it('draws the person once, ancestors above and descendants below', () => {
    const ancestors = fullPedigree(3);
    const descendants = { ...descendantTree(6), startId: 'p1' };
    // The same person starts both halves.
    descendants.persons = descendants.persons.map((person) =>
      person.id === 'd0'
        ? { ...person, id: 'p1' }
        : { ...person, parentIds: person.parentIds.map((id) => (id === 'd0' ? 'p1' : id)) },
    );
    const layout = layoutHourglass(ancestors, descendants);
    const starts = layout.nodes.filter((node) => node.isStart);
    expect(starts).toHaveLength(1);
    const start = starts[0];
    if (!start) throw new Error('no start');
    const above = layout.nodes.filter((node) => node.key.startsWith('up:'));
    expect(above).toHaveLength(6);
    for (const node of above) expect(node.y).toBeLessThan(start.y);
    const below = layout.nodes.filter((node) => !node.key.startsWith('up:') && !node.isStart && !node.person.isPartner);
    expect(below.length).toBeGreaterThan(0);
    for (const node of below) expect(node.y).toBeGreaterThan(start.y);
    // Parents one row up, centred over the person as a pair; grandparents above them.
    const parents = above.filter((node) => node.y === Math.max(...above.map((item) => item.y)));
    expect(parents.map((node) => node.person.gender)).toEqual(['male', 'female']);
    const pairCentre = ((parents[0]?.x ?? 0) + (parents[1]?.x ?? 0)) / 2 + BOX_WIDTH / 2;
    expect(pairCentre).toBeCloseTo(start.x + BOX_WIDTH / 2, 0);
    expect(layout.bounds.y).toBeLessThan(start.y - BOX_HEIGHT);
    // Opens with the person below two generations of ancestors.
    expect(layout.focus.y).toBeLessThan(start.y);
    expect(layout.links.filter((link) => link.key.startsWith('up:'))).toHaveLength(6);
  });

  it('is the descendant chart alone for a person without parents', () => {
    const layout = layoutHourglass(
      { startId: 'a', persons: [chartPerson('a')] },
      { startId: 'a', persons: [chartPerson('a')] },
    );
    expect(layout.nodes).toHaveLength(1);
    expect(layout.focus.y).toBe((layout.nodes[0]?.y ?? 0) + BOX_HEIGHT / 2);
  });
});

import { describe, expect, it } from 'vitest';
import { findRelationshipPaths, type KinGraph } from './relationship.search.ts';

/** A graph from `child: parents` lines, partner pairs and sibling pairs. */
function graphOf(
  parents: Record<string, string[]>,
  partners: [string, string][] = [],
  siblings: [string, string][] = [],
) {
  const graph: KinGraph = { parents: new Map(Object.entries(parents)), partners: new Map(), siblings: new Map() };
  const link = (map: Map<string, Set<string>>, a: string, b: string) => {
    map.set(a, new Set([...(map.get(a) ?? []), b]));
    map.set(b, new Set([...(map.get(b) ?? []), a]));
  };
  for (const [a, b] of partners) link(graph.partners, a, b);
  for (const [a, b] of siblings) link(graph.siblings, a, b);
  return graph;
}

const described = (graph: KinGraph, a: string, b: string) =>
  findRelationshipPaths(graph, a, b, 20).paths.map(
    (path) =>
      `${path.personIds.join('>')}${path.topPartnerId ? ` +${path.topPartnerId}` : ''}${path.half ? ' half' : ''}`,
  );

describe('relationship paths in memory', () => {
  // Two brothers' sons are cousins; the brothers' parents are a couple.
  const cousins = graphOf({ dad: ['gf', 'gm'], uncle: ['gf', 'gm'], me: ['dad', 'mum'], kid: ['uncle'] }, [
    ['gf', 'gm'],
    ['dad', 'mum'],
  ]);

  it('gives a couple at the top as one path of full blood', () => {
    expect(described(cousins, 'me', 'kid')).toEqual(['me>dad>gf>uncle>kid +gm']);
  });

  it('says half blood when the two children have other, different parents', () => {
    const graph = graphOf({ me: ['dad', 'mum'], half: ['dad', 'other'] });
    expect(described(graph, 'me', 'half')).toEqual(['me>dad>half half']);
    // An unknown other parent is not said to be half.
    expect(described(graphOf({ me: ['dad', 'mum'], sib: ['dad'] }), 'me', 'sib')).toEqual(['me>dad>sib']);
  });

  it('gives each line of a pedigree collapse, shortest first', () => {
    // The parents are first cousins: the great-grandfather is reached through both.
    const graph = graphOf({ me: ['dad', 'mum'], dad: ['ga'], mum: ['gb'], ga: ['ggf'], gb: ['ggf'] });
    expect(described(graph, 'me', 'ggf')).toEqual(['me>dad>ga>ggf', 'me>mum>gb>ggf']);
    expect(described(graph, 'dad', 'mum')).toEqual(['dad>ga>ggf>gb>mum']);
  });

  it('finds in-laws through either partner and steps through a parent’s partner', () => {
    const graph = graphOf({ me: ['dad', 'mum'], wife: ['fil'], stepson: ['wife', 'ex'], stepbro: ['stepmum', 'x'] }, [
      ['me', 'wife'],
      ['dad', 'stepmum'],
      ['wife', 'ex'],
    ]);
    expect(described(graph, 'me', 'wife')).toEqual(['me>wife']);
    expect(described(graph, 'me', 'fil')).toEqual(['me>wife>fil']);
    expect(described(graph, 'me', 'stepson')).toEqual(['me>wife>stepson']);
    expect(described(graph, 'fil', 'me')).toEqual(['fil>wife>me']);
    expect(described(graph, 'me', 'stepmum')).toEqual(['me>dad>stepmum']);
    expect(described(graph, 'me', 'stepbro')).toEqual(['me>dad>stepmum>stepbro']);
  });

  it('does not call a parent or one’s own child a step relation', () => {
    const graph = graphOf({ kid: ['me', 'wife'] }, [['me', 'wife']]);
    expect(described(graph, 'me', 'kid')).toEqual(['me>kid']);
    expect(described(graph, 'kid', 'wife')).toEqual(['kid>wife']);
  });

  it('crosses a sibling link of unknown parents', () => {
    const graph = graphOf({ me: ['dad'], nephew: ['aunt'] }, [], [['dad', 'aunt']]);
    expect(described(graph, 'me', 'nephew')).toEqual(['me>dad>aunt>nephew']);
  });

  it('answers nothing for strangers and says when it left paths out', () => {
    expect(described(graphOf({ a: ['x'], b: ['y'] }), 'a', 'b')).toEqual([]);
    const many = graphOf({ a: ['p', 'q'], b: ['p', 'q'] });
    expect(findRelationshipPaths(many, 'a', 'b', 0)).toEqual({ paths: [], truncated: true });
  });
});

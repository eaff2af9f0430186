import type { KinStep } from '@anor/core';

/**
 * The part of a tree a relationship search needs, in memory: the ancestors of the two persons and
 * of their partners, with each one's parents, and the partner and sibling links among them
 * (relationship.repository.ts reads it in two set-wise queries).
 */
export interface KinGraph {
  parents: Map<string, string[]>;
  partners: Map<string, Set<string>>;
  /** Siblings whose parents are not known (sibling_link). */
  siblings: Map<string, Set<string>>;
}

export interface FoundPath {
  personIds: string[];
  steps: KinStep[];
  /** Full blood: the other common ancestor beside the top. */
  topPartnerId: string | null;
  half: boolean;
}

/** Generations searched upwards from each person. */
const MAX_DEPTH = 40;
/** Chains kept per ancestor and generation: a collapsed pedigree reaches one ancestor by many lines. */
const CHAINS_PER_ANCESTOR = 3;

type Chain = string[];

/**
 * Every line upwards from `start`: for each ancestor, the chains [start, …, ancestor] that reach
 * it, a few per generation (breadth first, so the shortest lines are kept).
 */
function ancestorChains(graph: KinGraph, start: string): Map<string, Chain[]> {
  const chains = new Map<string, Chain[]>([[start, [[start]]]]);
  let frontier: Chain[] = [[start]];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0; depth += 1) {
    const next: Chain[] = [];
    const keptAtDepth = new Map<string, number>();
    for (const chain of frontier) {
      const last = chain[chain.length - 1] as string;
      for (const parent of graph.parents.get(last) ?? []) {
        if (chain.includes(parent)) continue;
        const kept = keptAtDepth.get(parent) ?? 0;
        if (kept >= CHAINS_PER_ANCESTOR) continue;
        keptAtDepth.set(parent, kept + 1);
        const longer = [...chain, parent];
        next.push(longer);
        const list = chains.get(parent);
        if (list) list.push(longer);
        else chains.set(parent, [longer]);
      }
    }
    frontier = next;
  }
  return chains;
}

interface Seed {
  id: string;
  /** Reached through the person's partner (A's partner, or B as a relative's partner). */
  viaPartner: boolean;
}

function seedsOf(graph: KinGraph, person: string): Seed[] {
  return [
    { id: person, viaPartner: false },
    ...[...(graph.partners.get(person) ?? [])].sort().map((id) => ({ id, viaPartner: true })),
  ];
}

const has = (map: Map<string, Set<string>>, a: string, b: string) => map.get(a)?.has(b) === true;
const isParentOf = (graph: KinGraph, parent: string, child: string | undefined) =>
  child !== undefined && (graph.parents.get(child) ?? []).includes(parent);

interface Candidate extends FoundPath {
  /** Blood lines below a single top: the key under which the top's partner's line is the same. */
  coupleKey: string | null;
}

/**
 * Every relationship path between `a` and `b`, shortest first, at most `limit`: blood lines
 * through common ancestors (a couple counts once, as full blood; one parent only is half blood),
 * siblings without known parents, in-laws through either one's partner and step relations through
 * an ancestor's partner. A pedigree collapse gives one path per line.
 */
export function findRelationshipPaths(
  graph: KinGraph,
  a: string,
  b: string,
  limit: number,
): { paths: FoundPath[]; truncated: boolean } {
  if (a === b) return { paths: [], truncated: false };
  const candidates: Candidate[] = [];
  if (has(graph.partners, a, b)) {
    candidates.push({ personIds: [a, b], steps: ['partner'], topPartnerId: null, half: false, coupleKey: null });
  }
  const chainCache = new Map<string, Map<string, Chain[]>>();
  const chainsOf = (id: string) => {
    let found = chainCache.get(id);
    if (!found) {
      found = ancestorChains(graph, id);
      chainCache.set(id, found);
    }
    return found;
  };

  for (const from of seedsOf(graph, a)) {
    for (const to of seedsOf(graph, b)) {
      if (from.id === to.id || from.id === b || to.id === a) continue;
      const upA = chainsOf(from.id);
      const upB = chainsOf(to.id);
      const build = (chainA: Chain, across: KinStep | null, chainB: Chain): Candidate | null => {
        // A step relation is said from A and to B themselves, not from or to their partners.
        if (across === 'partner' && (from.viaPartner || to.viaPartner)) return null;
        const down = [...chainB].reverse().slice(across ? 0 : 1);
        const personIds = [...(from.viaPartner ? [a] : []), ...chainA, ...down, ...(to.viaPartner ? [b] : [])];
        if (new Set(personIds).size !== personIds.length) return null;
        const steps: KinStep[] = [
          ...(from.viaPartner ? (['partner'] as const) : []),
          ...chainA.slice(1).map(() => 'parent' as const),
          ...(across ? [across] : []),
          ...chainB.slice(1).map(() => 'child' as const),
          ...(to.viaPartner ? (['partner'] as const) : []),
        ];
        return { personIds, steps, topPartnerId: null, half: false, coupleKey: null };
      };
      for (const [top, chainsA] of upA) {
        const chainsB = upB.get(top);
        if (chainsB) {
          for (const chainA of chainsA) {
            for (const chainB of chainsB) {
              const found = build(chainA, null, chainB);
              if (!found) continue;
              const belowA = chainA[chainA.length - 2];
              const belowB = chainB[chainB.length - 2];
              // A partner's child who is A's own child too, a parent's partner who is a parent: blood, said elsewhere.
              if (from.viaPartner && chainA.length === 1 && isParentOf(graph, a, belowB)) continue;
              if (to.viaPartner && chainB.length === 1 && isParentOf(graph, b, belowA)) continue;
              if (belowA !== undefined && belowB !== undefined) {
                found.coupleKey = `${from.id}|${to.id}|${chainA.slice(0, -1).join(',')}|${chainB.slice(0, -1).join(',')}`;
              }
              candidates.push(found);
            }
          }
        }
        // Across from a line's top to a partner (a step relation) or a sibling of unknown parents.
        for (const [across, links] of [
          ['partner', graph.partners],
          ['sibling', graph.siblings],
        ] as const) {
          for (const other of links.get(top) ?? []) {
            const otherChains = upB.get(other);
            if (!otherChains) continue;
            for (const chainA of chainsA) {
              if (across === 'partner' && chainA.length < 2) continue;
              for (const chainB of otherChains) {
                if (across === 'partner') {
                  if (isParentOf(graph, other, chainA[chainA.length - 2])) continue;
                  if (isParentOf(graph, top, chainB[chainB.length - 2])) continue;
                }
                const found = build(chainA, across, chainB);
                if (found) candidates.push(found);
              }
            }
          }
        }
      }
    }
  }
  return ordered(mergeCouples(graph, candidates), limit);
}

/** A couple at the top is one path of full blood; a single top whose lines have other parents is half blood. */
function mergeCouples(graph: KinGraph, candidates: Candidate[]): FoundPath[] {
  const byKey = new Map<string, Candidate[]>();
  const out: FoundPath[] = [];
  for (const candidate of candidates) {
    if (candidate.coupleKey === null) out.push(candidate);
    else {
      const group = byKey.get(candidate.coupleKey);
      if (group) group.push(candidate);
      else byKey.set(candidate.coupleKey, [candidate]);
    }
  }
  for (const group of byKey.values()) {
    group.sort((x, y) => topOf(x).localeCompare(topOf(y)));
    const first = group[0] as Candidate;
    const top = topOf(first);
    const at = first.steps.indexOf('child');
    const belowA = first.personIds[at - 1] as string;
    const belowB = first.personIds[at + 1] as string;
    const otherA = (graph.parents.get(belowA) ?? []).filter((id) => id !== top);
    const otherB = (graph.parents.get(belowB) ?? []).filter((id) => id !== top);
    const shared = otherA.find((id) => otherB.includes(id));
    out.push({
      personIds: first.personIds,
      steps: first.steps,
      topPartnerId: shared ?? (group[1] ? topOf(group[1]) : null),
      half: shared === undefined && otherA.length > 0 && otherB.length > 0,
    });
  }
  return out;
}

/** The top of a blood path: the person before its first step down. */
function topOf(path: FoundPath): string {
  return path.personIds[path.steps.indexOf('child')] as string;
}

function ordered(paths: FoundPath[], limit: number) {
  const partnerSteps = (path: FoundPath) => path.steps.filter((step) => step === 'partner').length;
  const signature = (path: FoundPath) => `${path.steps.join(',')}|${path.personIds.join(',')}`;
  const unique = new Map(paths.map((path) => [signature(path), path]));
  const sorted = [...unique.values()].sort(
    (x, y) =>
      x.steps.length - y.steps.length ||
      partnerSteps(x) - partnerSteps(y) ||
      x.steps.join(',').localeCompare(y.steps.join(',')) ||
      x.personIds.join(',').localeCompare(y.personIds.join(',')),
  );
  return { paths: sorted.slice(0, limit), truncated: sorted.length > limit };
}

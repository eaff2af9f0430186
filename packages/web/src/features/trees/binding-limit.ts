import type { TierLimits, TreeInfo } from '@anor/core';

export type LimitKind = 'persons' | 'locations' | 'events' | 'nodes';

export interface BindingLimit {
  kind: LimitKind;
  used: number;
  limit: number;
}

/**
 * The limit a tree meets first (issue 19 item 20): on a free account that is the 20 persons long
 * before the 5,000 items, so the card shows "persons 3 of 20", not "3 of 5,000". Of the limits, the
 * one nearest to full; on a tie the first of persons, places, events, items. A paid account has
 * only its item ceiling.
 */
export function bindingLimit(tree: TreeInfo, limits: TierLimits): BindingLimit {
  const candidates: BindingLimit[] = [];
  if (limits.persons !== null) candidates.push({ kind: 'persons', used: tree.personsAmount, limit: limits.persons });
  if (limits.locations !== null)
    candidates.push({ kind: 'locations', used: tree.locationsAmount, limit: limits.locations });
  if (limits.events !== null) candidates.push({ kind: 'events', used: tree.eventsAmount, limit: limits.events });
  candidates.push({ kind: 'nodes', used: tree.total, limit: tree.limit > 0 ? tree.limit : limits.nodes });
  let best = candidates[0] as BindingLimit;
  for (const candidate of candidates) {
    if (candidate.used / candidate.limit > best.used / best.limit) best = candidate;
  }
  return best;
}

import type { Person, PersonSummary } from '@anor/core';

type Named = Pick<PersonSummary, 'lName'>;

/** The last name most of them carry (the first one met wins a tie), or null when none has one. */
function mostCommonLastName(persons: readonly Named[]): string | null {
  const counts = new Map<string, number>();
  for (const { lName } of persons) {
    if (lName) counts.set(lName, (counts.get(lName) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [name, count] of counts) {
    if (count > bestCount) {
      best = name;
      bestCount = count;
    }
  }
  return best;
}

/** The one last name all of them share, or null when they have none or differ. */
function sharedLastName(persons: readonly Named[]): string | null {
  const names = new Set(persons.map((person) => person.lName).filter((name): name is string => Boolean(name)));
  return names.size === 1 ? ([...names][0] ?? null) : null;
}

/**
 * The suggested last name of a new child of `parent` (and `otherParent`, null when unknown): the
 * last name the couple's children already share, else the father's, else a parent's.
 */
export function suggestChildSurname(parent: Person, otherParent: PersonSummary | null): string | null {
  const otherParentId = otherParent?.id ?? null;
  const siblings = parent.children.filter((child) => child.otherParentId === otherParentId);
  const shared = sharedLastName(siblings);
  if (shared) return shared;
  const parents = otherParent ? [parent, otherParent] : [parent];
  const father = parents.find((candidate) => candidate.gender === 'male' && candidate.lName);
  return father?.lName ?? parents.find((candidate) => candidate.lName)?.lName ?? null;
}

/** The suggested last name of a new sibling of `person`: the one most of the siblings carry. */
export function suggestSiblingSurname(person: Person): string | null {
  return mostCommonLastName([person, ...person.siblings]);
}

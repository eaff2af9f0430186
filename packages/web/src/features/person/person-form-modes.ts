import type { Gender, Person, PersonSummary } from '@anor/core';

/** SPEC §4 person creation modes (the event mode belongs to the event editor). */
export const personFormModes = [
  'intro',
  'root',
  'ancestor',
  'parent',
  'father',
  'mother',
  'partner',
  'child',
  'sibling',
] as const;
export type PersonFormMode = (typeof personFormModes)[number];

const parentModes: readonly PersonFormMode[] = ['ancestor', 'parent', 'father', 'mother'];

/** Whether the mode adds a parent to the anchor person. */
export function isParentMode(mode: PersonFormMode): boolean {
  return parentModes.includes(mode);
}

/** The gender a new person of the mode starts with: father and mother preset it. */
export function initialGender(mode: PersonFormMode): Gender {
  if (mode === 'father') return 'male';
  if (mode === 'mother') return 'female';
  return 'unknown';
}

/**
 * Whether the "add another?" question follows a save: always after a child or a sibling, and after
 * the first parent of a person who had none (so the second parent can follow).
 */
export function asksForAnother(
  mode: PersonFormMode,
  { anchorHadNoParents, counter }: { anchorHadNoParents: boolean; counter: number },
): boolean {
  if (mode === 'child' || mode === 'sibling') return true;
  return isParentMode(mode) && anchorHadNoParents && counter === 1;
}

/**
 * The mode and starting gender of the next person after "yes, add another": the other parent of
 * a father or mother, and for ancestors, parents and partners the opposite gender of the one just saved.
 */
export function nextRound(mode: PersonFormMode, savedGender: Gender): { mode: PersonFormMode; gender: Gender } {
  if (mode === 'father') return { mode: 'mother', gender: 'female' };
  if (mode === 'mother') return { mode: 'father', gender: 'male' };
  if (mode === 'ancestor' || mode === 'parent' || mode === 'partner') {
    return { mode, gender: oppositeGender(savedGender) };
  }
  return { mode, gender: 'unknown' };
}

function oppositeGender(gender: Gender): Gender {
  if (gender === 'male') return 'female';
  if (gender === 'female') return 'male';
  return gender;
}

/** Persons the search must not offer: the anchor itself and those already in that relation. */
export function excludedFromSearch(mode: PersonFormMode, anchor: Person | null, rootId: string | null): string[] {
  if (!anchor) return rootId ? [rootId] : [];
  if (mode === 'root') return rootId ? [rootId] : [];
  if (isParentMode(mode)) return [anchor.id, ...anchor.parentIds];
  if (mode === 'partner') return [anchor.id, ...anchor.partnerIds];
  if (mode === 'child') return [anchor.id, ...anchor.childIds];
  if (mode === 'sibling') return [anchor.id, ...anchor.siblingIds];
  return [anchor.id];
}

/** Which parents may still be added: father and mother for none, the missing one beside a known one. */
export function parentAddModes(parents: PersonSummary[]): PersonFormMode[] {
  if (parents.length >= 2) return [];
  const [parent] = parents;
  if (!parent) return ['father', 'mother'];
  if (parent.gender === 'male') return ['mother'];
  if (parent.gender === 'female') return ['father'];
  return ['parent'];
}

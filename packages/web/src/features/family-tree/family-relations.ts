import type { FamilyAnswer, Gender, PersonSummary } from '@anor/core';

/** How a person of the family view is related to the person in the middle. */
export type FamilyRelation =
  | 'self'
  | 'father'
  | 'mother'
  | 'parent'
  | 'paternalGrandfather'
  | 'paternalGrandmother'
  | 'paternalGrandparent'
  | 'maternalGrandfather'
  | 'maternalGrandmother'
  | 'maternalGrandparent'
  | 'grandfather'
  | 'grandmother'
  | 'grandparent'
  | 'partner'
  | 'son'
  | 'daughter'
  | 'child'
  | 'brother'
  | 'sister'
  | 'sibling'
  | 'halfBrother'
  | 'halfSister'
  | 'halfSibling';

export type FamilyGroup = 'grandparents' | 'parents' | 'self' | 'partners' | 'siblings' | 'children';

export interface FamilyMember {
  /** Unique in the family: a person can appear in two roles (a grandparent on both sides). */
  key: string;
  relation: FamilyRelation;
  group: FamilyGroup;
  person: PersonSummary;
  /** For a grandparent, the parent through whom; for a child, the other parent (null when unknown). */
  viaId?: string | null;
}

function byGender(gender: Gender, male: FamilyRelation, female: FamilyRelation, other: FamilyRelation) {
  if (gender === 'male') return male;
  if (gender === 'female') return female;
  return other;
}

function grandparentRelation(parentGender: Gender | undefined, gender: Gender): FamilyRelation {
  if (parentGender === 'male') {
    return byGender(gender, 'paternalGrandfather', 'paternalGrandmother', 'paternalGrandparent');
  }
  if (parentGender === 'female') {
    return byGender(gender, 'maternalGrandfather', 'maternalGrandmother', 'maternalGrandparent');
  }
  return byGender(gender, 'grandfather', 'grandmother', 'grandparent');
}

const parentOrder: Record<Gender, number> = { male: 0, unknown: 1, other: 1, female: 2 };

/**
 * The family around a person as one list, oldest generation first: grandparents (father's side
 * first), parents, the person, partners, siblings and children. The family table shows it as is;
 * the family view groups it.
 */
export function familyMembers(family: FamilyAnswer): FamilyMember[] {
  const parents = [...family.parents].sort((a, b) => parentOrder[a.gender] - parentOrder[b.gender]);
  const parentIndex = new Map(parents.map((parent, index) => [parent.id, index]));
  const parentGender = new Map(parents.map((parent) => [parent.id, parent.gender]));
  const grandparents = [...family.grandparents].sort(
    (a, b) =>
      (parentIndex.get(a.childId) ?? 99) - (parentIndex.get(b.childId) ?? 99) ||
      parentOrder[a.gender] - parentOrder[b.gender],
  );
  const isHalf = (kind: string) => kind === 'half';
  return [
    ...grandparents.map(({ childId, ...person }) => ({
      key: `grandparent-${childId}-${person.id}`,
      relation: grandparentRelation(parentGender.get(childId), person.gender),
      group: 'grandparents' as const,
      person,
      viaId: childId,
    })),
    ...parents.map((person) => ({
      key: `parent-${person.id}`,
      relation: byGender(person.gender, 'father', 'mother', 'parent'),
      group: 'parents' as const,
      person,
    })),
    { key: `self-${family.person.id}`, relation: 'self' as const, group: 'self' as const, person: family.person },
    ...family.partners.map((person) => ({
      key: `partner-${person.id}`,
      relation: 'partner' as const,
      group: 'partners' as const,
      person,
    })),
    ...family.siblings.map(({ kind, ...person }) => ({
      key: `sibling-${person.id}`,
      relation: isHalf(kind)
        ? byGender(person.gender, 'halfBrother', 'halfSister', 'halfSibling')
        : byGender(person.gender, 'brother', 'sister', 'sibling'),
      group: 'siblings' as const,
      person,
    })),
    ...family.children.map(({ otherParentId, ...person }) => ({
      key: `child-${person.id}`,
      relation: byGender(person.gender, 'son', 'daughter', 'child'),
      group: 'children' as const,
      person,
      viaId: otherParentId,
    })),
  ];
}

export interface ChildGroup {
  key: string;
  /** The other parent's id; null when unknown. */
  otherParentId: string | null;
  /** The other parent (a partner, or one of the family answer's otherParents); null when unknown. */
  otherParent: PersonSummary | null;
  children: FamilyMember[];
}

/** Children grouped by their other parent, the partners' order first, unknown last. */
export function childrenByOtherParent(family: FamilyAnswer, members: readonly FamilyMember[]): ChildGroup[] {
  const children = members.filter((member) => member.group === 'children');
  const known = new Map<string, PersonSummary>();
  for (const parent of [...family.partners, ...family.otherParents]) known.set(parent.id, parent);
  const groups = new Map<string | null, ChildGroup>();
  for (const partner of family.partners) {
    groups.set(partner.id, { key: partner.id, otherParentId: partner.id, otherParent: partner, children: [] });
  }
  for (const child of children) {
    const otherId = child.viaId ?? null;
    let group = groups.get(otherId);
    if (!group) {
      group = {
        key: otherId ?? 'unknown',
        otherParentId: otherId,
        otherParent: otherId ? (known.get(otherId) ?? null) : null,
        children: [],
      };
      groups.set(otherId, group);
    }
    group.children.push(child);
  }
  const unknown = groups.get(null);
  groups.delete(null);
  return [...groups.values(), ...(unknown ? [unknown] : [])].filter((group) => group.children.length > 0);
}

import {
  allPairs,
  canStandUnderFam,
  canStandUnderIndi,
  type ExportContext,
  type Family,
  type PersonState,
  pairKey,
  sortKeyOfEvent,
} from './gedcom-export-context.ts';
import { eventTagOf } from './gedcom-export-events.ts';

/**
 * The FAM records of an export (gedcom.export.ts), which Anor does not store: one for each pair of
 * partners, each set of parents, each group of siblings without parents and each family of kept
 * lines; and where each event goes (under an INDI, under a FAM, or under a FAM of its own). A
 * family the import kept by its member lines (gedcom-map-families.ts) is written again as it was:
 * one of one member only (a partner, or a child), and one of a parent's several one-parent
 * families, with its own children.
 */
export function createFamilies(ctx: ExportContext) {
  const { data, states, stateOf, infoOf, extraOf, familyExtras, nextFamily } = ctx;

  // ---- Families ----
  for (const event of data.events) {
    if (event.type !== 'birth') continue;
    for (const participant of event.participants) {
      const state = participant.role === 'primary' ? stateOf.get(participant.personId) : undefined;
      if (state && state.birth === null) state.birth = sortKeyOfEvent(event);
    }
  }
  const families = new Map<string, Family>();
  const familyList: Family[] = [];
  function newFamily(key: string, partners: string[], children: string[] = []): Family {
    const family: Family = {
      key,
      partners,
      children,
      partnerStates: [],
      childStates: [],
      events: [],
      extras: [],
      xref: '',
      extraPartners: [],
      extraChildren: [],
    };
    families.set(key, family);
    familyList.push(family);
    return family;
  }
  /** The family of one person, or of two partners, if there is one. */
  function existingFamily(partners: readonly string[]): Family | undefined {
    const [a, b] = partners;
    if (a === undefined) return undefined;
    if (b === undefined || b === a) return stateOf.get(a)?.solo ?? undefined;
    return stateOf.get(a)?.pairs?.get(b);
  }
  /** The family of these partners (one or two), created when there is none. */
  function familyOf(partners: readonly string[]): Family {
    const found = existingFamily(partners);
    if (found) return found;
    const sorted = [...new Set(partners)].sort();
    const family = newFamily(sorted.join(' '), sorted);
    const [a, b] = sorted as [string, string | undefined];
    const stateA = stateOf.get(a) as PersonState;
    if (b === undefined) stateA.solo = family;
    else {
      const stateB = stateOf.get(b) as PersonState;
      if (stateA.pairs === null) stateA.pairs = new Map();
      if (stateB.pairs === null) stateB.pairs = new Map();
      stateA.pairs.set(b, family);
      stateB.pairs.set(a, family);
    }
    return family;
  }
  for (const { parentId, childId } of data.parentLinks) stateOf.get(childId)?.parents.push(parentId);
  for (const { personA, personB } of data.partners) {
    const a = stateOf.get(personA);
    const b = stateOf.get(personB);
    if (!a || !b) continue;
    if (a.partners === null) a.partners = new Set();
    if (b.partners === null) b.partners = new Set();
    a.partners.add(personB);
    b.partners.add(personA);
  }
  for (const state of states) {
    const parents = state.parents;
    if (parents.length === 0) continue;
    const [a, b] = parents;
    // Two parents who are not partners: a FAM would make them a couple, so each has a family of their own.
    if (a !== undefined && b !== undefined && !stateOf.get(a)?.partners?.has(b)) {
      familyOf([a]).children.push(state.person.id);
      familyOf([b]).children.push(state.person.id);
    } else familyOf(parents).children.push(state.person.id);
  }
  for (const { personA, personB } of data.partners) {
    if (stateOf.has(personA) && stateOf.has(personB)) familyOf([personA, personB]);
  }

  // Siblings without parents: each kept family anchored by its children first, then the rest in groups.
  const siblingPairs = new Set<string>();
  for (const { personA, personB } of data.siblings) {
    if (stateOf.has(personA) && stateOf.has(personB)) siblingPairs.add(pairKey(personA, personB));
  }
  const coveredPairs = new Set<string>();
  /** Kept FAMC and FAMS lines of persons, by family: `FAMC <family> <person>`. */
  const keptLinks = new Set<string>();
  for (const extra of extraOf.values()) {
    if (extra.nodeKind !== 'person') continue;
    for (const kept of extra.lines) {
      if ((kept.tag === 'FAMC' || kept.tag === 'FAMS') && kept.pointer !== undefined) {
        keptLinks.add(`${kept.tag} ${kept.pointer} ${extra.nodeId}`);
      }
    }
  }
  /** Parents some of whose children went to a one-parent family of its own. */
  const splitAnchors = new Set<string>();
  /** A family's kept lines, by the kept row's id: pointers to the family find its FAM. */
  const familyOfExtra = new Map<string, Family>();
  for (const extra of familyExtras) {
    const anchor = [...new Set(extra.anchor ?? [])].filter((id) => stateOf.has(id)).sort();
    const key = anchor.join(' ');
    let family: Family | undefined;
    // One person: a partner, or (a family of one child) the child, as the kept lines say.
    const isChildAnchor =
      anchor.length === 1 &&
      (extra.lines.some((kept) => kept.tag === 'CHIL' && kept.pointer === anchor[0]) ||
        keptLinks.has(`FAMC ${extra.nodeId} ${anchor[0]}`));
    // A family of one member that made no relation (its member's line kept without lines under it,
    // issue 20, item 7): its own FAM again, unless it is the one family of that partner so far.
    const isLone =
      anchor.length === 1 &&
      extra.lines.some(
        (kept) =>
          ['HUSB', 'WIFE', 'CHIL'].includes(kept.tag) && kept.pointer === anchor[0] && kept.children.length === 0,
      );
    // One of a parent's several one-parent families (by different unknown partners): its children
    // (the kept CHIL lines name them) in a FAM of their own, not in the parent's one family.
    const splitChildren =
      anchor.length === 1 && !isChildAnchor
        ? extra.lines.flatMap((kept) =>
            kept.tag === 'CHIL' &&
            kept.children.length === 0 &&
            kept.pointer !== undefined &&
            stateOf.get(kept.pointer)?.parents.includes(anchor[0] as string)
              ? [kept.pointer]
              : [],
          )
        : [];
    // A couple's second family (a remarriage, a duplicate): its partners' lines kept, its own FAM
    // with the children its CHIL lines name.
    const isAgain =
      anchor.length === 2 &&
      anchor.every((id) =>
        extra.lines.some(
          (kept) => (kept.tag === 'HUSB' || kept.tag === 'WIFE') && kept.pointer === id && kept.children.length === 0,
        ),
      );
    if (isAgain) {
      const ownChildren = extra.lines.flatMap((kept) =>
        kept.tag === 'CHIL' &&
        kept.children.length === 0 &&
        kept.pointer !== undefined &&
        anchor.every((id) => stateOf.get(kept.pointer as string)?.parents.includes(id))
          ? [kept.pointer]
          : [],
      );
      const couple = existingFamily(anchor);
      if (couple) couple.children = couple.children.filter((id) => !ownChildren.includes(id));
      family = newFamily(`again ${extra.nodeId}`, anchor, ownChildren);
    } else if (splitChildren.length > 0) {
      splitAnchors.add(anchor[0] as string);
      const solo = existingFamily(anchor);
      if (solo) solo.children = solo.children.filter((id) => !splitChildren.includes(id));
      family = newFamily(`split ${extra.nodeId}`, anchor, splitChildren);
    } else if (isLone) {
      const solo = existingFamily(anchor);
      if (isChildAnchor) family = newFamily(`lone ${extra.nodeId}`, [], anchor);
      else if (solo === undefined) family = familyOf(anchor);
      else if (solo.children.length === 0 && solo.extras.length === 0) family = solo;
      else family = newFamily(`lone ${extra.nodeId}`, anchor);
    } else if (anchor.length > 0 && anchor.length <= 2 && !isChildAnchor) family = existingFamily(anchor);
    if (!family && anchor.length >= 2 && allPairs(anchor).every((pair) => siblingPairs.has(pair))) {
      family = families.get(`siblings ${key}`) ?? newFamily(`siblings ${key}`, [], anchor);
      for (const pair of allPairs(anchor)) coveredPairs.add(pair);
    }
    if (!family && anchor.length > 2) {
      family = allPairs(anchor)
        .map((pair) => existingFamily(pair.split(' ')))
        .find((found) => found !== undefined);
    }
    if (!family && anchor.length === 1) {
      family = isChildAnchor
        ? (families.get(`siblings ${key}`) ?? newFamily(`siblings ${key}`, [], anchor))
        : familyOf(anchor);
    }
    family ??= newFamily(`kept ${extra.nodeId}`, []);
    // A second FAM of the same couple (a remarriage, a duplicate) with lines of its own stays a FAM of its own.
    if (family.extras.length > 0 && family.partners.length > 0) {
      family = newFamily(`${family.key} again ${extra.nodeId}`, family.partners);
    }
    family.extras.push(extra);
    familyOfExtra.set(extra.nodeId, family);
  }
  // Members only the kept lines name (the family's CHIL/HUSB/WIFE, a person's FAMC/FAMS): written
  // back only when a second import leaves them out of the relations again (the child has its two
  // parents already, or these are its parents; the family has its two partners already).
  const addExtraMember = (family: Family, tag: string, id: string) => {
    const state = stateOf.get(id);
    if (!state) return;
    if (tag === 'CHIL' || tag === 'FAMC') {
      if (family.children.includes(id) || family.extraChildren.includes(id) || family.partners.length === 0) return;
      const parents = state.parents;
      if (parents.length === 2 || family.partners.slice(0, 2).every((partnerId) => parents.includes(partnerId))) {
        family.extraChildren.push(id);
      }
    } else if (!family.partners.includes(id) && !family.extraPartners.includes(id) && family.partners.length === 2) {
      family.extraPartners.push(id);
    }
  };
  for (const family of familyList) {
    for (const extra of family.extras) {
      for (const kept of extra.lines) {
        if (['CHIL', 'HUSB', 'WIFE'].includes(kept.tag) && kept.pointer !== undefined) {
          addExtraMember(family, kept.tag, kept.pointer);
        }
      }
    }
  }
  for (const key of keptLinks) {
    const [tag, familyId, personId] = key.split(' ') as [string, string, string];
    const family = familyOfExtra.get(familyId);
    if (family) addExtraMember(family, tag, personId);
  }

  {
    // Siblings without parents that no kept family took: one FAM of children per group (union-find).
    const root = new Map<string, string>();
    const find = (id: string): string => {
      let current = id;
      while (root.get(current) !== current) current = root.get(current) ?? current;
      root.set(id, current);
      return current;
    };
    for (const pair of siblingPairs) {
      if (coveredPairs.has(pair)) continue;
      const [a, b] = pair.split(' ') as [string, string];
      if (!root.has(a)) root.set(a, a);
      if (!root.has(b)) root.set(b, b);
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) root.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
    }
    const groups = new Map<string, string[]>();
    for (const state of states) {
      const id = state.person.id;
      if (!root.has(id)) continue;
      const group = find(id);
      const list = groups.get(group);
      if (list) list.push(id);
      else groups.set(group, [id]);
    }
    for (const members of groups.values()) {
      const key = `siblings ${[...members].sort().join(' ')}`;
      if (!families.has(key)) newFamily(key, [], members);
    }
  }

  // ---- Events: where each one goes ----
  let orphanFamily: Family | undefined;
  for (const event of data.events) {
    const info = infoOf.get(event.id);
    const tag = eventTagOf(event, info);
    let first: string | undefined;
    let second: string | undefined;
    for (const participant of event.participants) {
      if (participant.role !== 'primary') continue;
      if (first === undefined) first = participant.personId;
      else if (second === undefined) second = participant.personId;
    }
    if (first !== undefined && second === undefined) {
      const placed = { event, tag, info, structural: [first], priority: 0 };
      if (canStandUnderIndi(tag)) stateOf.get(first)?.events.push(placed);
      else familyOf([first]).events.push(placed);
    } else if (first !== undefined && second !== undefined) {
      const pairFamily = existingFamily([first, second]);
      if (canStandUnderFam(tag) && (pairFamily !== undefined || !canStandUnderIndi(tag))) {
        const family = pairFamily ?? familyOf([first, second]);
        family.events.push({ event, tag, info, structural: family.partners.slice(0, 2), priority: 0 });
      } else {
        // The others are written as ASSO with the role primary, which the import reads back as primary.
        stateOf.get(first)?.events.push({ event, tag, info, structural: [first], priority: 0 });
      }
    } else {
      orphanFamily ??= newFamily('orphan events', []);
      orphanFamily.events.push({ event, tag, info, structural: [], priority: 0 });
    }
  }

  // A parent's family whose children all went to families of their own (above), with nothing else: none.
  const emptied = (family: Family) =>
    family.key.startsWith('split ') === false &&
    family.partners.length === 1 &&
    family.children.length === 0 &&
    family.events.length === 0 &&
    family.extras.length === 0 &&
    family.extraChildren.length === 0 &&
    family.extraPartners.length === 0 &&
    stateOf.get(family.partners[0] as string)?.solo === family &&
    splitAnchors.has(family.partners[0] as string);
  for (let index = familyList.length - 1; index >= 0; index--) {
    const family = familyList[index] as Family;
    if (!emptied(family)) continue;
    familyList.splice(index, 1);
    families.delete(family.key);
    (stateOf.get(family.partners[0] as string) as PersonState).solo = null;
  }

  for (const family of familyList) {
    family.xref = nextFamily();
    for (const id of family.partners) {
      const state = stateOf.get(id) as PersonState;
      family.partnerStates.push(state);
      state.spouseFamilies.push(family);
    }
    for (const id of family.children) {
      const state = stateOf.get(id) as PersonState;
      family.childStates.push(state);
      state.childFamilies.push(family);
    }
    // FAMC and FAMS for the members only kept lines name, after the others.
    for (const id of family.extraPartners) stateOf.get(id)?.extraSpouseFamilies.push(family);
    for (const id of family.extraChildren) stateOf.get(id)?.extraChildFamilies.push(family);
  }
  /** The family a person's FAMC names when the pointer itself does not say: the parents' family first. */
  function childFamilyOf(personId: string): Family | undefined {
    const list = stateOf.get(personId)?.childFamilies ?? [];
    return list.find((family) => family.partners.length > 0) ?? (list.length === 1 ? list[0] : undefined);
  }
  function spouseFamilyOf(personId: string): Family | undefined {
    const list = stateOf.get(personId)?.spouseFamilies ?? [];
    return list.length === 1 ? list[0] : undefined;
  }

  return { familyList, familyOfExtra, childFamilyOf, spouseFamilyOf };
}

export type Families = ReturnType<typeof createFamilies>;

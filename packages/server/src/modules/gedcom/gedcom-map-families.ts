import type { GedcomRecord } from '@anor/gedcom';
import type { KeptGedcomLine } from '../../db/schema.ts';
import type { ImportPlan, ImportReport } from './gedcom.plan.ts';
import type { MapContext } from './gedcom-map-context.ts';
import { type EventMapper, isCustomEvent, primary } from './gedcom-map-events.ts';
import { familyEventTags, isOtherEventTag, saysNotHappened } from './gedcom-tags.ts';

/**
 * FAM records and the individuals' FAMC and FAMS lines → Anor's parent, partner and sibling
 * relations, for the mapper (gedcom.mapper.ts). A family is no node of Anor's: its events are its
 * partners', its relations are made at the end, when every individual is known. What relations
 * cannot say is kept as the family's member lines (gedcom_extra), so that export writes the FAM
 * again (issue 20, item 7): a family of one member (one partner, one child, or none) without
 * events, and a parent's several one-parent families (their CHIL lines), which relations alone
 * would make one.
 */

export interface FamilyInfo {
  id: string;
  /** Where the FAM record was, once read (its xref and line, for warnings). */
  record: { xref: string; line: number } | undefined;
  partners: string[];
  children: string[];
  /** HUSB or WIFE, as the FAM record names each partner. */
  roles: Map<string, string>;
  /** Whether the FAM record has events (they are written in a FAM again). */
  hasEvents: boolean;
}

export function createFamilyMapper(ctx: MapContext, events: EventMapper) {
  const { plan, report, ids, resolve, claim, extras, extraOf, keep, tagExtra, treeLines, keepTreeRecord } = ctx;
  const { mapEvent } = events;

  // Families: their members come from the FAM record and from the individuals' FAMC and FAMS lines.
  const families = new Map<string, FamilyInfo>();
  function familyOf(xref: string, line: number): FamilyInfo | undefined {
    const id = resolve(xref, 'family', line);
    if (id === undefined) return undefined;
    let family = families.get(id);
    if (!family) {
      family = { id, record: undefined, partners: [], children: [], roles: new Map(), hasEvents: false };
      families.set(id, family);
    }
    return family;
  }
  function readFamily(record: GedcomRecord): void {
    const id = claim(record, 'family');
    const family = id === undefined || record.xref === undefined ? undefined : familyOf(record.xref, record.line);
    if (family === undefined) {
      keepTreeRecord(record);
      return;
    }
    family.record = { xref: record.xref as string, line: record.line };
    // The children in the FAM's own order (the individuals' FAMC lines, read before, may have named
    // them in another): the member lines kept below follow it, as the file's CHIL lines kept do.
    const named: string[] = [];
    for (const child of record.children) {
      if ((child.tag === 'HUSB' || child.tag === 'WIFE') && child.pointer !== undefined) {
        const personId = resolve(child.pointer, 'person', child.line);
        if (personId !== undefined && !family.partners.includes(personId)) family.partners.push(personId);
        if (personId !== undefined && !family.roles.has(personId)) family.roles.set(personId, child.tag);
      } else if (child.tag === 'CHIL' && child.pointer !== undefined) {
        const personId = resolve(child.pointer, 'person', child.line);
        if (personId !== undefined && !named.includes(personId)) named.push(personId);
      }
    }
    family.children = [...named, ...family.children.filter((id) => !named.includes(id))];
    // The family's events (its partners are their primary participants) and kept lines, now; the
    // relations at the end, when the individuals' FAMC and FAMS lines are known too.
    const parents = family.partners.slice(0, 2);
    for (const child of record.children) {
      const mapping = familyEventTags[child.tag];
      // `1 DIV N`: the event did not happen; the line is kept (below) and written back.
      if ((mapping || isOtherEventTag(child.tag) || isCustomEvent(child)) && !saysNotHappened(child)) {
        mapEvent(child, mapping ?? null, parents.map(primary), `FAM.${child.tag}`);
        family.hasEvents = true;
        continue;
      }
      if ((child.tag === 'HUSB' || child.tag === 'WIFE' || child.tag === 'CHIL') && child.children.length === 0)
        continue;
      keep(family.id, 'family', child, 'FAM');
    }
  }

  /** Families kept lines point at (filled in finishFamilies): they get an anchored gedcom_extra row. */
  const namedFamilies = new Set<string>();
  const parentsOf = new Map<string, string[]>();
  /** The xref of a member of a family that makes no relation (set by finishFamilies). */
  let xrefOf: (personId: string) => string | undefined = () => undefined;
  /** Families with parents whose children keepChildLines checks. */
  const checkChildren: FamilyInfo[] = [];
  /** Parents of more than one one-parent family (set by finishFamilies). */
  const splitParents = new Set<string>();
  /** Persons who are the one partner of more than one FAM (set by finishFamilies). */
  const soloPartners = new Set<string>();
  const partnerPairs = new Set<string>();
  const siblingPairs = new Set<string>();

  // Relations, checked as a whole: at most two parents, no one their own ancestor, no self links.
  function mapFamily(family: FamilyInfo, node: { xref: string; line: number }): void {
    const { id } = family;
    if (family.partners.length > 2) report.warn('too-many-parents', node.line, `@${node.xref}@`);
    const [a, b] = family.partners;
    /** A second FAM of a couple (a remarriage, a duplicate): export would make it the couple's one family. */
    let again = false;
    if (a !== undefined && b !== undefined) {
      if (a === b) report.warn('self-relation', node.line, `@${node.xref}@`);
      else {
        const [x, y] = a < b ? [a, b] : [b, a];
        if (!partnerPairs.has(`${x} ${y}`)) {
          partnerPairs.add(`${x} ${y}`);
          plan.partnerLinks.push({ personA: x, personB: y });
        } else again = true;
      }
    }
    const parents = family.partners.slice(0, 2);
    for (const childId of family.children) {
      for (const parentId of parents) {
        if (parentId === childId) {
          report.warn('self-relation', node.line, `@${node.xref}@`);
          continue;
        }
        const current = parentsOf.get(childId) ?? [];
        if (current.includes(parentId)) continue;
        if (current.length >= 2) {
          report.warn('too-many-parents', node.line, `@${node.xref}@`);
          continue;
        }
        current.push(parentId);
        parentsOf.set(childId, current);
        plan.parentLinks.push({ parentId, childId, line: node.line });
      }
    }
    if (parents.length === 0) {
      const children = [...family.children].sort();
      for (let i = 0; i < children.length; i++) {
        for (let j = i + 1; j < children.length; j++) {
          const key = `${children[i]} ${children[j]}`;
          if (siblingPairs.has(key)) continue;
          siblingPairs.add(key);
          plan.siblingLinks.push({ personA: children[i] as string, personB: children[j] as string });
        }
      }
    }
    // What relations cannot say is kept as the family's member lines (without lines under them),
    // so that export writes the FAM again with its members (issue 20, item 7).
    const memberLines: KeptGedcomLine[] = [];
    const memberLine = (tag: string, personId: string) => {
      const xref = xrefOf(personId);
      if (xref !== undefined) memberLines.push({ tag, pointer: `?${xref}`, children: [] });
    };
    const partnerTag = (personId: string) => family.roles.get(personId) ?? 'HUSB';
    // A family that makes no relation: one partner and no children, one child and no parents, no
    // one at all; unless its events bring the FAM back (a partner's, or those of no one, which
    // export writes in a FAM of their own).
    // A partner's FAM of events only (a marriage to an unknown spouse) is one of those when the
    // partner has another FAM of one partner: export would put both in the partner's one family
    // (willis.ged's F93 in F92; 293 families in, 292 out).
    const lone =
      family.partners.length + family.children.length <= 1 &&
      (!family.hasEvents || extras.has(id) || family.children.length === 1 || soloPartners.has(a as string));
    // One parent's children in several families (by different unknown partners), and a couple's
    // second family: export would make each one family of that parent, or of that couple.
    const split = family.partners.length === 1 && family.children.length > 0 && splitParents.has(a as string);
    if (lone) {
      if (a !== undefined) memberLine(partnerTag(a), a);
      else if (family.children[0] !== undefined) memberLine('CHIL', family.children[0]);
    } else if (again) {
      for (const partnerId of parents) memberLine(partnerTag(partnerId), partnerId);
      for (const childId of family.children) memberLine('CHIL', childId);
    } else if (split) {
      for (const childId of family.children) memberLine('CHIL', childId);
    } else if (parents.length > 0) {
      // Its children are checked when every family is read (keepChildLines).
      checkChildren.push(family);
    }
    if (memberLines.length > 0) extraOf(id, 'family').lines.unshift(...memberLines);
    anchor(family, memberLines.length > 0 || lone);
  }

  /** The family's kept row names its members: its partners, else its children (export finds it by them). */
  function anchor(family: FamilyInfo, kept: boolean): void {
    const { id } = family;
    if (kept || extras.has(id) || namedFamilies.has(id)) {
      tagExtra(
        id,
        'family',
        null,
        family.partners.length > 0 ? [...family.partners].sort() : [...family.children].sort(),
      );
    }
  }

  /**
   * A child of a family whose parents are not the family's partners (it has parents of another
   * family as well, or a third): export writes the child in the family of its parents only, so
   * this family keeps the child's CHIL line and writes it again.
   */
  function keepChildLines(): void {
    for (const family of checkChildren) {
      const parents = family.partners.slice(0, 2);
      const lines: KeptGedcomLine[] = [];
      for (const childId of family.children) {
        const own = parentsOf.get(childId) ?? [];
        if (own.length === parents.length && parents.every((parentId) => own.includes(parentId))) continue;
        const xref = xrefOf(childId);
        if (xref !== undefined) lines.push({ tag: 'CHIL', pointer: `?${xref}`, children: [] });
      }
      if (lines.length === 0) continue;
      extraOf(family.id, 'family').lines.unshift(...lines);
      anchor(family, true);
    }
  }

  /** The families' relations, once every individual is known: `persons` are the individuals the file has. */
  function finishFamilies(persons: ReadonlySet<string>): void {
    const nameFamilies = (lines: readonly KeptGedcomLine[]) => {
      for (const kept of lines) {
        const entry = kept.pointer === undefined ? undefined : ids.get(kept.pointer.slice(1));
        if (entry?.kind === 'family') namedFamilies.add(entry.id);
        nameFamilies(kept.children);
      }
    };
    nameFamilies(treeLines);
    // Parents of several one-parent families.
    const oneParentFamilies = new Map<string, number>();
    const onePartnerFamilies = new Map<string, number>();
    for (const family of families.values()) {
      if (family.record === undefined) continue;
      const partners = family.partners.filter((id) => persons.has(id));
      if (partners.length !== 1) continue;
      const partner = partners[0] as string;
      onePartnerFamilies.set(partner, (onePartnerFamilies.get(partner) ?? 0) + 1);
      if (family.children.some((id) => persons.has(id)))
        oneParentFamilies.set(partner, (oneParentFamilies.get(partner) ?? 0) + 1);
    }
    for (const [parent, count] of oneParentFamilies) if (count > 1) splitParents.add(parent);
    for (const [partner, count] of onePartnerFamilies) if (count > 1) soloPartners.add(partner);
    // The xrefs of persons, for the member lines kept (built at the first one).
    let memberXrefs: Map<string, string> | undefined;
    xrefOf = (personId) => {
      if (memberXrefs === undefined) {
        memberXrefs = new Map();
        for (const [xref, entry] of ids) if (entry.kind === 'person' && entry.defined) memberXrefs.set(entry.id, xref);
      }
      return memberXrefs.get(personId);
    };
    for (const extra of extras.values()) nameFamilies(extra.lines);
    for (const family of families.values()) {
      if (family.record === undefined) continue;
      family.partners = family.partners.filter((id) => persons.has(id));
      family.children = family.children.filter((id) => persons.has(id));
      mapFamily(family, family.record);
    }
    keepChildLines();
    plan.families = [...families.values()].filter((family) => family.record !== undefined).length;
  }

  return { familyOf, readFamily, finishFamilies };
}

export type FamilyMapper = ReturnType<typeof createFamilyMapper>;

/** Kahn's algorithm over the parent links; links into a cycle are dropped with a warning. */
export function removeCycles(plan: ImportPlan, persons: ReadonlySet<string>, report: ImportReport): void {
  const childrenOf = new Map<string, string[]>();
  const waiting = new Map<string, number>();
  for (const { parentId, childId } of plan.parentLinks) {
    const list = childrenOf.get(parentId);
    if (list) list.push(childId);
    else childrenOf.set(parentId, [childId]);
    waiting.set(childId, (waiting.get(childId) ?? 0) + 1);
  }
  const ready = [...persons].filter((id) => !waiting.has(id));
  while (ready.length > 0) {
    const id = ready.pop() as string;
    for (const child of childrenOf.get(id) ?? []) {
      const left = (waiting.get(child) ?? 0) - 1;
      waiting.set(child, left);
      if (left === 0) ready.push(child);
    }
  }
  const stuck = new Set([...waiting].filter(([, left]) => left > 0).map(([id]) => id));
  if (stuck.size === 0) return;
  // Every cycle lies among the persons Kahn could not order (their ancestors are ordered or stuck
  // themselves), so the links between them are taken again one by one, in file order, leaving out
  // each one whose parent already descends from the child.
  const accepted = new Map<string, string[]>();
  function isAncestor(candidate: string, of: string): boolean {
    const seen = new Set<string>();
    const stack = [of];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (id === candidate) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(accepted.get(id) ?? []));
    }
    return false;
  }
  plan.parentLinks = plan.parentLinks.filter(({ parentId, childId, line }) => {
    if (!(stuck.has(parentId) && stuck.has(childId))) return true;
    if (isAncestor(childId, parentId)) {
      report.warn('parent-cycle', line);
      return false;
    }
    accepted.set(childId, [...(accepted.get(childId) ?? []), parentId]);
    return true;
  });
}

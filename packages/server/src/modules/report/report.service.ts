import {
  coupleEventTypes,
  type Language,
  privacyRule,
  type ReportDocument,
  type ReportEntry,
  type ReportFact,
  type ReportSection,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { leavesOutPrivate } from '../privacy/visitor-scope.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import { birthKey, type LoadOptions, loadPersons, type ReportPerson, redactForVisitor } from './report.model.ts';
import { ReportWriter } from './report.present.ts';
import * as reports from './report.repository.ts';

/** The events an ancestor table and a list of children show: birth, baptism, marriage, death, burial. */
const vitalTypes = ['birth', 'baptism', 'death', 'burial', 'marriage'] as const;
/** A descendant report's persons at most (a pathological tree's report stays finite). */
const descendantLimit = 5000;

export interface ReportRequest {
  treeId: string;
  viewer: Viewer;
  language: Language;
  /** The day the report is printed (its date line). */
  today?: Date;
}

/**
 * The reports of issue 23, laid out as a `ReportDocument` (see report.present.ts) that the routes
 * answer as JSON or draw as PDF. Reading needs read access; anyone but the owner gets the living
 * redacted before the layout (report.model.ts).
 */
export function createReportService({ db, livingYears = privacyRule.livingYears }: { db: Db; livingYears?: number }) {
  const { read } = createTreeGate(db);

  /** Access, then the persons read and (for a visitor) redacted. */
  async function persons(request: ReportRequest, ids: readonly string[], options: LoadOptions) {
    const found = await loadPersons(db, request.treeId, ids, options);
    if (await leavesOutPrivate(db, request.treeId, request.viewer, livingYears)) {
      await redactForVisitor(db, request.treeId, found, livingYears);
    }
    return found;
  }

  function vitalFacts(writer: ReportWriter, person: ReportPerson | undefined, options: { marriages?: boolean } = {}) {
    if (!person) return [];
    const own = (type: string) =>
      person.events.find((event) => event.type === type && event.role === 'primary' && !event.subtype) ??
      person.events.find((event) => event.type === type && event.role === 'primary');
    const facts: ReportFact[] = [];
    for (const [first, fallback] of [
      ['birth', 'baptism'],
      ['death', 'burial'],
    ] as const) {
      const event = own(first) ?? own(fallback);
      if (event) facts.push(writer.eventFact(event));
    }
    if (options.marriages) {
      for (const event of person.events.filter((each) => each.type === 'marriage' && each.role === 'primary')) {
        facts.push(writer.eventFact(event));
      }
    }
    if (person.occupation) facts.push({ label: writer.t('occupation'), text: person.occupation, sources: [] });
    return facts;
  }

  function allFacts(writer: ReportWriter, person: ReportPerson, details: boolean): ReportFact[] {
    const facts: ReportFact[] = [];
    for (const name of person.names) {
      const text = [name.fName, name.lName].filter((part) => part?.trim()).join(' ');
      if (text) facts.push({ label: writer.t('otherName'), text, sources: [] });
    }
    if (person.occupation) facts.push({ label: writer.t('occupation'), text: person.occupation, sources: [] });
    if (details && person.description) {
      facts.push({ label: writer.t('description'), text: person.description, sources: [] });
    }
    for (const event of person.events) facts.push(writer.eventFact(event, { details }));
    const own = writer.cite(person.citations);
    if (own.length > 0) facts.push({ label: writer.t('sources'), text: '', sources: own });
    return facts;
  }

  async function personIdsExist(treeId: string, ids: readonly string[]) {
    const rows = await reports.personsOf(db, treeId, ids);
    if (rows.length !== new Set(ids).size) throw new AppError('person.error.notFound');
  }

  return {
    /** The ancestor table: each generation's persons by Sosa number, with birth, death and marriage. */
    async antavla(request: ReportRequest, personId: string, generations: number): Promise<ReportDocument> {
      await read(request.treeId, request.viewer);
      const rows = await reports.ancestorsOf(db, request.treeId, personId, generations);
      if (rows.length === 0) throw new AppError('person.error.notFound');
      const found = await persons(
        request,
        rows.map((row) => row.id),
        { types: vitalTypes },
      );
      const writer = new ReportWriter(request.language);
      const bySosa = new Map(rows.map((row) => [row.sosa, row.id]));
      const firstNumber = new Map<string, number>();
      const sections: ReportSection[] = [];
      for (let generation = 1; generation <= generations; generation += 1) {
        const entries: ReportEntry[] = [];
        for (const row of rows.filter((each) => each.generation === generation)) {
          const person = found.get(row.id);
          const seen = firstNumber.get(row.id);
          if (seen !== undefined) {
            entries.push(
              writer.entry(person, String(row.sosa), [
                { label: '', text: writer.t('seeNumber', { number: seen }), sources: [] },
              ]),
            );
            continue;
          }
          firstNumber.set(row.id, row.sosa);
          const facts = vitalFacts(writer, person);
          // The couple's marriage is written with the father (the even number), as antavlor do.
          const mother = row.sosa % 2 === 0 ? found.get(bySosa.get(row.sosa + 1) ?? '') : undefined;
          const marriage = person?.events.find(
            (event) =>
              event.type === 'marriage' && mother?.events.some((other) => other.id === event.id && !event.private),
          );
          if (marriage) facts.splice(1, 0, writer.eventFact(marriage));
          entries.push(writer.entry(person, String(row.sosa), facts));
        }
        if (entries.length === 0) break;
        sections.push(writer.section(writer.t('generation', { number: generation }), entries));
      }
      const proband = found.get(personId);
      return writer.document(
        'antavla',
        writer.t('titles.antavla', { name: writer.name(proband) }),
        writer.t('generationsOf', { count: sections.length }),
        sections,
        request.today ?? new Date(),
      );
    },

    /**
     * The family group sheet of a person: the person with their parents, then each of their
     * families (a partner, or a co-parent, or nobody known) with the partner and the partner's
     * parents, the couple's events, and their children with dates and places.
     */
    async family(request: ReportRequest, personId: string): Promise<ReportDocument> {
      await read(request.treeId, request.viewer);
      await personIdsExist(request.treeId, [personId]);
      const kin = await reports.kinOf(db, request.treeId, [personId]);
      const children = kin.filter((row) => row.kind === 'child').map((row) => row.kinId);
      const childKin = await reports.kinOf(db, request.treeId, children);
      const otherParents = new Map<string, string[]>();
      for (const row of childKin.filter((each) => each.kind === 'parent' && each.kinId !== personId)) {
        otherParents.set(row.personId, [...(otherParents.get(row.personId) ?? []), row.kinId]);
      }
      const partners = [
        ...new Set([
          ...kin.filter((row) => row.kind === 'partner').map((row) => row.kinId),
          ...[...otherParents.values()].flat(),
        ]),
      ];
      const parentsKin = await reports.kinOf(db, request.treeId, [personId, ...partners]);
      const parentsOf = (id: string) =>
        parentsKin.filter((row) => row.personId === id && row.kind === 'parent').map((row) => row.kinId);
      const found = await persons(
        request,
        [personId, ...partners, ...children, ...[personId, ...partners].flatMap(parentsOf)],
        { details: true },
      );
      const writer = new ReportWriter(request.language);
      const isCoupleType = (type: string) => (coupleEventTypes as readonly string[]).includes(type);
      const spouseEntry = (id: string) => {
        const person = found.get(id);
        const parentFacts = parentsOf(id).map((parentId) => {
          const parent = found.get(parentId);
          const gender = parent && !parent.private ? parent.gender : 'unknown';
          const label = gender === 'male' ? 'father' : gender === 'female' ? 'mother' : 'parent';
          return { label: writer.t(label), text: writer.name(parent), sources: [] };
        });
        const own = person
          ? { ...person, events: person.events.filter((event) => !isCoupleType(event.type)) }
          : undefined;
        const facts = own ? allFacts(writer, own, false) : [];
        return writer.entry(person, null, [...facts, ...parentFacts], writer.notes(person?.notes ?? []));
      };
      const first = found.get(personId);
      const childrenEntries = (ids: string[]) =>
        ids
          .map((id) => found.get(id))
          .sort((a, b) => compareBirth(a, b))
          .map((child, index) =>
            writer.entry(child, String(index + 1), vitalFacts(writer, child, { marriages: true })),
          );
      const sections: ReportSection[] = [writer.section(writer.t('sections.person'), [spouseEntry(personId)])];
      for (const partnerId of partners) {
        const partner = found.get(partnerId);
        const coupleName = `${writer.name(first)} & ${writer.name(partner)}`;
        const shared = (first?.events ?? []).filter(
          (event) => isCoupleType(event.type) && partner?.events.some((other) => other.id === event.id),
        );
        const entries = [spouseEntry(partnerId)];
        if (shared.length > 0) {
          entries.push({
            number: null,
            personId: null,
            name: writer.t('sections.coupleEvents'),
            private: false,
            facts: shared.map((event) => writer.eventFact(event, { details: true })),
            notes: [],
          });
        }
        sections.push(writer.section(coupleName, entries));
        const theirs = children.filter((child) => otherParents.get(child)?.includes(partnerId));
        sections.push(
          writer.section(
            `${writer.t('sections.children')}: ${coupleName}`,
            childrenEntries(theirs),
            writer.t('empty.children'),
          ),
        );
      }
      const alone = children.filter((child) => (otherParents.get(child) ?? []).length === 0);
      if (alone.length > 0 || partners.length === 0) {
        sections.push(
          writer.section(
            `${writer.t('sections.children')}: ${writer.name(first)}`,
            childrenEntries(alone),
            writer.t('empty.children'),
          ),
        );
      }
      return writer.document(
        'family',
        writer.t('titles.family', { name: writer.name(first) }),
        null,
        sections,
        request.today ?? new Date(),
      );
    },

    /** Everything about one person: names, events, notes and sources, with parents, partners and children. */
    async person(request: ReportRequest, personId: string): Promise<ReportDocument> {
      await read(request.treeId, request.viewer);
      await personIdsExist(request.treeId, [personId]);
      const kin = await reports.kinOf(db, request.treeId, [personId]);
      const found = await persons(request, [personId, ...kin.map((row) => row.kinId)], { details: true });
      const writer = new ReportWriter(request.language);
      const person = found.get(personId);
      const main = person
        ? writer.entry(
            person,
            null,
            allFacts(writer, person, true),
            writer.notes([...person.notes, ...person.events.flatMap((event) => event.notes)]),
          )
        : writer.entry(undefined, null, []);
      const kinSection = (kind: 'parent' | 'partner' | 'child', heading: string, empty: string) => {
        const entries = kin
          .filter((row) => row.kind === kind)
          .map((row) => found.get(row.kinId))
          .sort((a, b) => (kind === 'child' ? compareBirth(a, b) : 0))
          .map((each) => writer.entry(each, null, vitalFacts(writer, each)));
        return writer.section(heading, entries, empty);
      };
      return writer.document(
        'person',
        writer.t('titles.person', { name: writer.name(person) }),
        null,
        [
          writer.section(writer.t('sections.person'), [main]),
          kinSection('parent', writer.t('sections.parents'), writer.t('empty.parents')),
          kinSection('partner', writer.t('sections.partners'), writer.t('empty.partners')),
          kinSection('child', writer.t('sections.children'), writer.t('empty.children')),
        ],
        request.today ?? new Date(),
      );
    },

    /** The descendants by generation, numbered 1, 1.1, 1.1.2 (children by birth), with their events. */
    async descendants(request: ReportRequest, personId: string, generations: number): Promise<ReportDocument> {
      await read(request.treeId, request.viewer);
      const rows = await reports.descendantsOf(db, request.treeId, personId, generations, descendantLimit);
      if (rows.length === 0) throw new AppError('person.error.notFound');
      const ids = [...new Set(rows.map((row) => row.id))];
      const partnerKin = (await reports.kinOf(db, request.treeId, ids)).filter((row) => row.kind === 'partner');
      const found = await persons(request, [...ids, ...partnerKin.map((row) => row.kinId)], {});
      const writer = new ReportWriter(request.language);
      const childrenOf = new Map<string, string[]>();
      for (const row of rows) {
        if (row.parentId) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row.id]);
      }
      // Numbered after the redaction, so a visitor's order cannot tell of a living person's dates.
      const numbered: { id: string; number: string; generation: number }[] = [];
      const seen = new Set<string>([personId]);
      let level = [{ id: personId, number: '1' }];
      for (let generation = 1; level.length > 0 && generation <= generations; generation += 1) {
        numbered.push(...level.map((each) => ({ ...each, generation })));
        const next: { id: string; number: string }[] = [];
        for (const parent of level) {
          const children = (childrenOf.get(parent.id) ?? [])
            .filter((id) => !seen.has(id))
            .sort((a, b) => compareBirth(found.get(a), found.get(b)) || a.localeCompare(b));
          children.forEach((id, index) => {
            seen.add(id);
            next.push({ id, number: `${parent.number}.${index + 1}` });
          });
        }
        level = next;
      }
      const partnersOf = (id: string) =>
        partnerKin.filter((row) => row.personId === id).map((row) => found.get(row.kinId));
      const sections: ReportSection[] = [];
      for (let generation = 1; generation <= generations; generation += 1) {
        const entries = numbered
          .filter((each) => each.generation === generation)
          .map(({ id, number }) => {
            const person = found.get(id);
            const facts = person ? allFacts(writer, person, false) : [];
            for (const partner of partnersOf(id)) {
              facts.push({ label: writer.t('partner'), text: writer.name(partner), sources: [] });
            }
            return writer.entry(person, number, facts);
          });
        if (entries.length === 0) break;
        sections.push(writer.section(writer.t('generation', { number: generation }), entries));
      }
      return writer.document(
        'descendants',
        writer.t('titles.descendants', { name: writer.name(found.get(personId)) }),
        writer.t('generationsOf', { count: sections.length }),
        sections,
        request.today ?? new Date(),
      );
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;

function compareBirth(a: ReportPerson | undefined, b: ReportPerson | undefined): number {
  const left = birthKey(a);
  const right = birthKey(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

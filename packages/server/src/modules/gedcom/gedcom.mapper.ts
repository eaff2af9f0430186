import type { GedcomNode, GedcomRecord } from '@anor/gedcom';
import type { DrainedRows } from './gedcom.plan.ts';
import {
  createMapContext,
  keepLine,
  type MapOptions,
  type MapResult,
  resolveKeptPointers,
} from './gedcom-map-context.ts';
import { createEventMapper } from './gedcom-map-events.ts';
import { createFamilyMapper, removeCycles } from './gedcom-map-families.ts';
import { createLinkMapper } from './gedcom-map-links.ts';
import { createPersonMapper } from './gedcom-map-persons.ts';
import { createPlaceMapper } from './gedcom-map-places.ts';
import { createRecordMapper } from './gedcom-map-records.ts';

/**
 * GEDCOM records → Anor's model (issue 7, SPEC §3), in memory. Two passes: the first gives every
 * record that becomes a node its id (so pointers resolve whatever their order in the file), the
 * second maps each record. What Anor has no field for is kept with its node as GEDCOM lines
 * (`gedcom_extra`), counted in the report by where it was; what could not be kept as it was (a
 * date phrase, a third parent) is a warning with its line. Nothing is dropped without one or the
 * other.
 *
 * The parts, each in its own file: the shared state, kept lines and value checks
 * (gedcom-map-context.ts); notes, citations and media under other lines (gedcom-map-links.ts);
 * places (gedcom-map-places.ts); events (gedcom-map-events.ts); families and relations
 * (gedcom-map-families.ts); individuals (gedcom-map-persons.ts); source, repository, note and
 * media records (gedcom-map-records.ts). This file reads records in, drains rows and finishes.
 */

export type { MapOptions, MapResult } from './gedcom-map-context.ts';
export { isImage } from './gedcom-map-links.ts';

/** All records at once: a convenience over createGedcomMapper for a parsed document. */
export function mapGedcom(header: GedcomNode | null, records: Iterable<GedcomRecord>, options: MapOptions): MapResult {
  const mapper = createGedcomMapper(header, options);
  for (const record of records) mapper.add(record);
  return mapper.finish();
}

/**
 * Maps records one at a time, as the parser's stream hands them out, so that a large file is never
 * whole in memory: a pointer to a record not yet read gets the record's id at once, and what no
 * record ever answered is taken out (with a warning) at the end. Families wait for the end, when
 * every individual's FAMC and FAMS lines are known.
 */
export function createGedcomMapper(
  header: GedcomNode | null,
  options: MapOptions,
): { add(record: GedcomRecord): void; drain(): DrainedRows; pending(): number; finish(): MapResult } {
  const ctx = createMapContext(header, options);
  const { plan, report, ids, pendingIds, drainedPlaces, abandoned, extras, treeLines, keepTreeRecord } = ctx;
  const links = createLinkMapper(ctx);
  const events = createEventMapper(ctx, links, createPlaceMapper(ctx, links));
  const families = createFamilyMapper(ctx, events);
  const { readFamily } = families;
  const { mapIndividual } = createPersonMapper(ctx, links, events, families);
  const { mapSourceRecord, mapRepository, mapNoteRecord, mapMediaRecord } = createRecordMapper(ctx, links);

  function add(record: GedcomRecord): void {
    links.startRecord();
    events.startRecord();
    switch (record.tag) {
      case 'INDI':
        mapIndividual(record);
        break;
      case 'FAM':
        // Mapped at the end, once every individual is known.
        readFamily(record);
        break;
      case 'SOUR':
        mapSourceRecord(record);
        break;
      case 'REPO':
        mapRepository(record);
        break;
      case 'NOTE':
      case 'SNOTE':
        mapNoteRecord(record);
        break;
      case 'OBJE':
        mapMediaRecord(record);
        break;
      default:
        // HEAD is not among the records; SUBM, SUBN and custom records are kept with the tree.
        keepTreeRecord(record);
    }
  }

  /** Records and citations kept back because they point at a record not read yet. */
  const heldRecords = new Set<string>();
  const heldCitations = new Set<string>();

  /** Takes out the rows that can be written now (see DrainedRows); the rest waits in the plan. */
  function drain(): DrainedRows {
    const ready = (id: string | null) => id === null || !pendingIds.has(id);
    const split = <T>(rows: T[], canGo: (row: T) => boolean): [T[], T[]] => {
      const go: T[] = [];
      const wait: T[] = [];
      for (const row of rows) (canGo(row) ? go : wait).push(row);
      return [go, wait];
    };
    for (const event of plan.events) {
      event.participants.forEach((participant, position) => {
        plan.participants.push({ ...participant, eventId: event.id, position });
      });
      event.participants = [];
    }
    const [records, waitingRecords] = split(plan.records, (r) => ready(r.repositoryId));
    for (const record of records) heldRecords.delete(record.id);
    for (const record of waitingRecords) heldRecords.add(record.id);
    const recordWritten = (id: string | null) => ready(id) && (id === null || !heldRecords.has(id));
    const [citations, waitingCitations] = split(plan.citations, (c) => recordWritten(c.recordId));
    for (const citation of citations) heldCitations.delete(citation.id);
    for (const citation of waitingCitations) heldCitations.add(citation.id);
    const [participants, waitingParticipants] = split(plan.participants, (p) => ready(p.personId));
    const [citationLinks, waitingCitationLinks] = split(plan.citationLinks, (l) => !heldCitations.has(l.targetId));
    const [noteLinks, waitingNoteLinks] = split(plan.noteLinks, (l) => ready(l.targetId));
    const [mediaLinks, waitingMediaLinks] = split(plan.mediaLinks, (l) => ready(l.targetId) && ready(l.nodeId));
    const rows: DrainedRows = {
      persons: plan.persons,
      locations: plan.locations,
      events: plan.events,
      notes: plan.notes,
      media: plan.media,
      repositories: plan.repositories,
      records,
      citations,
      participants,
      citationLinks,
      noteLinks,
      mediaLinks,
    };
    for (const location of rows.locations) drainedPlaces.add(location.id);
    plan.persons = [];
    plan.locations = [];
    plan.events = [];
    plan.notes = [];
    plan.media = [];
    plan.repositories = [];
    plan.records = waitingRecords;
    plan.citations = waitingCitations;
    plan.participants = waitingParticipants;
    plan.citationLinks = waitingCitationLinks;
    plan.noteLinks = waitingNoteLinks;
    plan.mediaLinks = waitingMediaLinks;
    return rows;
  }

  function finish(): MapResult {
    // What pointers named and no record answered: said once, at the first line that named it, and its links taken out.
    const missing = new Set<string>();
    for (const entry of [...ids.values(), ...abandoned]) {
      if (entry.defined) continue;
      missing.add(entry.id);
      report.warn('missing-record', entry.line, `@${entry.xref}@`);
    }
    const persons = new Set([...ids.values()].filter((e) => e.kind === 'person' && e.defined).map((e) => e.id));
    families.finishFamilies(persons);
    if (missing.size > 0) {
      plan.noteLinks = plan.noteLinks.filter((link) => !missing.has(link.targetId));
      plan.mediaLinks = plan.mediaLinks.filter((link) => !missing.has(link.targetId) && !missing.has(link.nodeId));
      for (const event of plan.events) event.participants = event.participants.filter((p) => !missing.has(p.personId));
      plan.participants = plan.participants.filter((p) => !missing.has(p.personId));
      for (const citation of plan.citations)
        if (citation.recordId !== null && missing.has(citation.recordId)) citation.recordId = null;
      for (const record of plan.records)
        if (record.repositoryId !== null && missing.has(record.repositoryId)) record.repositoryId = null;
    }
    // A parent link that makes someone their own ancestor is left out (and said); the rest stay.
    removeCycles(plan, persons, report);

    if (header) treeLines.unshift(keepLine(header));
    const idOf = (xref: string) => {
      const entry = ids.get(xref);
      return entry?.defined ? entry.id : undefined;
    };
    if (treeLines.length > 0) {
      resolveKeptPointers(treeLines, idOf);
      plan.extras.push({ nodeId: '', nodeKind: 'tree', tag: null, anchor: null, lines: treeLines });
    }
    for (const [nodeId, extra] of extras) {
      resolveKeptPointers(extra.lines, idOf);
      plan.extras.push({ nodeId, nodeKind: extra.kind, tag: extra.tag, anchor: extra.anchor, lines: extra.lines });
    }
    return { plan, report };
  }

  /** Rows waiting to be drained. */
  function pending(): number {
    return plan.persons.length + plan.locations.length + plan.events.length + plan.notes.length + plan.citations.length;
  }

  return { add, drain, pending, finish };
}

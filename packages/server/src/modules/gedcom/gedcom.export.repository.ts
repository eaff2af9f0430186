import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import {
  citation,
  citationLink,
  event,
  eventParticipant,
  type GedcomExtraKind,
  gedcomExtra,
  type KeptGedcomLine,
  location,
  mediaLink,
  mediaObject,
  note,
  noteLink,
  parentChild,
  partner,
  person,
  personName,
  repository,
  siblingLink,
  sourceRecord,
  tree,
} from '../../db/schema.ts';
import { inJobTransaction } from '../../db/timeouts.ts';
import type { RecordWrite, RepositoryWrite } from '../source/source.repository.ts';

/**
 * Every read of the GEDCOM export: the whole tree, one query per table, each filtered by tree_id
 * (never a query per row), in one read-only repeatable-read transaction so that the file is one
 * consistent picture even while someone edits the tree.
 *
 * A 100,000-person tree has over a million rows, and PGlite spends far more on each row of a
 * result than on building one large value: each query answers its whole table as one JSON value
 * (`json_agg` of one array per row), parsed here, three times faster on PGlite and about as fast
 * on PostgreSQL as plain rows. Nothing is sorted in SQL (PGlite sorts slowly): what needs an
 * order is sorted here.
 */

type Json = string | number | boolean | null;

/** The rows of one table of the tree, as arrays of `columns`. */
async function readTable(
  db: Db,
  table: PgTable & { treeId: PgColumn },
  treeId: string,
  columns: (PgColumn | SQL)[],
): Promise<Json[][]> {
  const list = sql.join(columns, sql`, `);
  const query: SQL = sql`select json_agg(json_build_array(${list}))::text as data from ${table} where ${table.treeId} = ${treeId}`;
  const [row] = await queryRows<{ data: string | null }>(db, query);
  return row?.data ? (JSON.parse(row.data) as Json[][]) : [];
}

/** Sorts rows by the string columns at `keys` (ids: the same order as SQL's under COLLATE "C"). */
function sortBy(rows: Json[][], ...keys: number[]): Json[][] {
  return rows.sort((a, b) => {
    for (const key of keys) {
      const x = String(a[key]);
      const y = String(b[key]);
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
}

const text = (value: Json | undefined) => (value === null || value === undefined ? null : String(value));
const number = (value: Json | undefined) => (typeof value === 'number' ? value : null);

export interface ExportPerson {
  id: string;
  fName: string | null;
  pName: string | null;
  lName: string | null;
  gender: string;
  occupation: string | null;
  /** The person's other names (issue 19, item 14), in order: more NAME lines with their TYPE. */
  names?: ExportPersonName[];
}

export interface ExportPersonName {
  type: string;
  typeText: string | null;
  fName: string | null;
  pName: string | null;
  lName: string | null;
  fromDate: string | null;
  toDate: string | null;
}

export interface ExportLocation {
  id: string;
  parentId: string | null;
  name: string;
  type: string | null;
  lat: number | null;
  lng: number | null;
}

export interface ExportEvent {
  id: string;
  /** Its participants, in their order within it. */
  participants: ExportParticipant[];
  type: string;
  subtype: string | null;
  typeName: string | null;
  startDate: string | null;
  startDateType: string | null;
  endDate: string | null;
  endDateType: string | null;
  /** coalesce(date_from, date_to): the event's place in time order. */
  sortDate: string | null;
  causeOfEvent: string | null;
  description: string | null;
  dateText: string | null;
  locationId: string | null;
}

export interface ExportParticipant {
  personId: string;
  role: string;
  /** Order within the event. */
  position: number;
}

export interface ExportRepository extends Omit<RepositoryWrite, 'titleKey'> {
  id: string;
}

export interface ExportRecord extends Omit<RecordWrite, 'titleKey'> {
  id: string;
}

export interface ExportCitation {
  id: string;
  recordId: string | null;
  whereWithinSourceText: string | null;
  whereWithinSourceUrl: string | null;
  textFromSource: string;
  eventCitedFrom: string | null;
  eventCitedFromRole: string | null;
  entryRecordingDate: string | null;
  certaintyAssessment: string | null;
}

interface ReferenceFields {
  gedcomId: string | null;
  automatedRecordId: string | null;
  userReferenceNumber: string | null;
  userReferenceType: string | null;
  gedcomChangeDate: string | null;
}

export interface ExportNote extends ReferenceFields {
  id: string;
  text: string;
}

export interface ExportMedia extends ReferenceFields {
  id: string;
  fileReference: string;
  format: string | null;
  type: string | null;
  title: string | null;
}

/** A note, citation or media link: `targetId` the note, citation or media object. */
export interface ExportLink {
  targetId: string;
  nodeId: string;
  nodeKind: string;
  /** Order on the node. */
  position: number;
}

export interface ExportExtra {
  nodeId: string;
  nodeKind: GedcomExtraKind;
  tag: string | null;
  anchor: string[] | null;
  lines: KeptGedcomLine[];
}

export interface ExportData {
  rootId: string | null;
  /** Persons, parent links (by child), partners, siblings, repositories, records, citations, notes, media and kept lines in id order; events, participants, places and links in no order. */
  persons: ExportPerson[];
  parentLinks: { parentId: string; childId: string }[];
  partners: { personA: string; personB: string }[];
  siblings: { personA: string; personB: string }[];
  locations: ExportLocation[];
  events: ExportEvent[];
  repositories: ExportRepository[];
  records: ExportRecord[];
  citations: ExportCitation[];
  citationLinks: ExportLink[];
  notes: ExportNote[];
  noteLinks: ExportLink[];
  media: ExportMedia[];
  mediaLinks: ExportLink[];
  extras: ExportExtra[];
}

const references = (table: typeof note | typeof mediaObject) => [
  table.gedcomId,
  table.automatedRecordId,
  table.userReferenceNumber,
  table.userReferenceType,
  table.gedcomChangeDate,
];

function referencesOf(row: Json[], from: number): ReferenceFields {
  return {
    gedcomId: text(row[from]),
    automatedRecordId: text(row[from + 1]),
    userReferenceNumber: text(row[from + 2]),
    userReferenceType: text(row[from + 3]),
    gedcomChangeDate: text(row[from + 4]),
  };
}

const link = (row: Json[]): ExportLink => ({
  targetId: row[0] as string,
  nodeId: row[1] as string,
  nodeKind: row[2] as string,
  position: row[3] as number,
});

async function readAll(db: Db, treeId: string): Promise<ExportData> {
  const [treeRow] = await queryRows<{ rootId: string | null }>(
    db,
    sql`select ${tree.rootId} as "rootId" from ${tree} where ${tree.id} = ${treeId}`,
  );
  const nameRows = await readTable(db, personName, treeId, [
    personName.personId,
    personName.position,
    personName.id,
    personName.type,
    personName.typeText,
    personName.fName,
    personName.pName,
    personName.lName,
    personName.fromDate,
    personName.toDate,
  ]);
  const namesOf = new Map<string, ExportPersonName[]>();
  nameRows.sort((a, b) => Number(a[1]) - Number(b[1]) || (String(a[2]) < String(b[2]) ? -1 : 1));
  for (const row of nameRows) {
    const list = namesOf.get(row[0] as string) ?? [];
    list.push({
      type: row[3] as string,
      typeText: text(row[4]),
      fName: text(row[5]),
      pName: text(row[6]),
      lName: text(row[7]),
      fromDate: text(row[8]),
      toDate: text(row[9]),
    });
    namesOf.set(row[0] as string, list);
  }
  const persons = sortBy(
    await readTable(db, person, treeId, [
      person.id,
      person.fName,
      person.pName,
      person.lName,
      person.gender,
      person.occupation,
    ]),
    0,
  ).map((row) => ({
    id: row[0] as string,
    fName: text(row[1]),
    pName: text(row[2]),
    lName: text(row[3]),
    gender: row[4] as string,
    occupation: text(row[5]),
    names: namesOf.get(row[0] as string),
  }));
  const parentLinks = sortBy(
    await readTable(db, parentChild, treeId, [parentChild.parentId, parentChild.childId]),
    1,
    0,
  ).map((row) => ({ parentId: row[0] as string, childId: row[1] as string }));
  const partners = sortBy(await readTable(db, partner, treeId, [partner.personA, partner.personB]), 0, 1).map(
    (row) => ({ personA: row[0] as string, personB: row[1] as string }),
  );
  const siblings = sortBy(
    await readTable(db, siblingLink, treeId, [siblingLink.personA, siblingLink.personB]),
    0,
    1,
  ).map((row) => ({ personA: row[0] as string, personB: row[1] as string }));
  const locations = (
    await readTable(db, location, treeId, [
      location.id,
      location.parentId,
      location.name,
      location.type,
      location.lat,
      location.lng,
    ])
  ).map((row) => ({
    id: row[0] as string,
    parentId: text(row[1]),
    name: row[2] as string,
    type: text(row[3]),
    lat: number(row[4]),
    lng: number(row[5]),
  }));
  const events = await readTable(db, event, treeId, [
    event.id,
    event.type,
    event.subtype,
    event.typeName,
    event.startDate,
    event.startDateType,
    event.endDate,
    event.endDateType,
    sql`coalesce(${event.dateFrom}, ${event.dateTo})::text`,
    event.causeOfEvent,
    event.description,
    event.dateText,
    event.locationId,
  ]);
  const eventRows: ExportEvent[] = [];
  const eventById = new Map<string, ExportEvent>();
  for (const row of events.splice(0)) {
    const value: ExportEvent = {
      id: row[0] as string,
      participants: [],
      type: row[1] as string,
      subtype: text(row[2]),
      typeName: text(row[3]),
      startDate: text(row[4]),
      startDateType: text(row[5]),
      endDate: text(row[6]),
      endDateType: text(row[7]),
      sortDate: text(row[8]),
      causeOfEvent: text(row[9]),
      description: text(row[10]),
      dateText: text(row[11]),
      locationId: text(row[12]),
    };
    eventRows.push(value);
    eventById.set(value.id, value);
  }
  const participants = await readTable(db, eventParticipant, treeId, [
    eventParticipant.eventId,
    eventParticipant.personId,
    eventParticipant.role,
    eventParticipant.position,
  ]);
  for (const row of participants.splice(0)) {
    eventById.get(row[0] as string)?.participants.push({
      personId: row[1] as string,
      role: row[2] as string,
      position: row[3] as number,
    });
  }
  eventById.clear();

  const repositories = sortBy(
    await readTable(db, repository, treeId, [
      repository.id,
      repository.title,
      repository.address,
      repository.city,
      repository.state,
      repository.postalCode,
      repository.country,
      repository.phone,
      repository.email,
      repository.fax,
      repository.www,
    ]),
    0,
  ).map((row) => ({
    id: row[0] as string,
    title: row[1] as string,
    address: text(row[2]),
    city: text(row[3]),
    state: text(row[4]),
    postalCode: text(row[5]),
    country: text(row[6]),
    phone: text(row[7]),
    email: text(row[8]),
    fax: text(row[9]),
    www: text(row[10]),
  }));
  const records = sortBy(
    await readTable(db, sourceRecord, treeId, [
      sourceRecord.id,
      sourceRecord.repositoryId,
      sourceRecord.title,
      sourceRecord.originator,
      sourceRecord.filedByEntry,
      sourceRecord.publicationFacts,
      sourceRecord.url,
    ]),
    0,
  ).map((row) => ({
    id: row[0] as string,
    repositoryId: text(row[1]),
    title: row[2] as string,
    originator: text(row[3]),
    filedByEntry: text(row[4]),
    publicationFacts: text(row[5]),
    url: text(row[6]),
  }));
  const citations = sortBy(
    await readTable(db, citation, treeId, [
      citation.id,
      citation.recordId,
      citation.whereWithinSourceText,
      citation.whereWithinSourceUrl,
      citation.textFromSource,
      citation.eventCitedFrom,
      citation.eventCitedFromRole,
      citation.entryRecordingDate,
      citation.certaintyAssessment,
    ]),
    0,
  ).map((row) => ({
    id: row[0] as string,
    recordId: text(row[1]),
    whereWithinSourceText: text(row[2]),
    whereWithinSourceUrl: text(row[3]),
    textFromSource: (row[4] as string | null) ?? '',
    eventCitedFrom: text(row[5]),
    eventCitedFromRole: text(row[6]),
    entryRecordingDate: text(row[7]),
    certaintyAssessment: text(row[8]),
  }));
  const citationLinks = (
    await readTable(db, citationLink, treeId, [
      citationLink.citationId,
      citationLink.nodeId,
      citationLink.nodeKind,
      citationLink.position,
    ])
  ).map(link);
  const notes = sortBy(await readTable(db, note, treeId, [note.id, note.text, ...references(note)]), 0).map((row) => ({
    id: row[0] as string,
    text: row[1] as string,
    ...referencesOf(row, 2),
  }));
  const noteLinks = (
    await readTable(db, noteLink, treeId, [noteLink.noteId, noteLink.nodeId, noteLink.nodeKind, noteLink.position])
  ).map(link);
  const media = sortBy(
    await readTable(db, mediaObject, treeId, [
      mediaObject.id,
      mediaObject.fileReference,
      mediaObject.format,
      mediaObject.type,
      mediaObject.title,
      ...references(mediaObject),
    ]),
    0,
  ).map((row) => ({
    id: row[0] as string,
    fileReference: row[1] as string,
    format: text(row[2]),
    type: text(row[3]),
    title: text(row[4]),
    ...referencesOf(row, 5),
  }));
  const mediaLinks = (
    await readTable(db, mediaLink, treeId, [
      mediaLink.mediaId,
      mediaLink.nodeId,
      mediaLink.nodeKind,
      mediaLink.position,
    ])
  ).map(link);
  const extras = sortBy(
    await readTable(db, gedcomExtra, treeId, [
      gedcomExtra.nodeId,
      gedcomExtra.nodeKind,
      gedcomExtra.tag,
      gedcomExtra.anchor,
      gedcomExtra.lines,
    ]),
    0,
  ).map((row) => ({
    nodeId: row[0] as string,
    nodeKind: row[1] as GedcomExtraKind,
    tag: text(row[2]),
    anchor: (row[3] as unknown as string[] | null) ?? null,
    lines: row[4] as unknown as KeptGedcomLine[],
  }));

  // Participants go with their events (by position), so that the export looks none of them up.
  for (const value of eventRows) {
    if (value.participants.length > 1) {
      value.participants.sort((a, b) => a.position - b.position || (a.personId < b.personId ? -1 : 1));
    }
  }
  return {
    rootId: treeRow?.rootId ?? null,
    persons,
    parentLinks,
    partners,
    siblings,
    locations,
    events: eventRows,
    repositories,
    records,
    citations,
    citationLinks,
    notes,
    noteLinks,
    media,
    mediaLinks,
    extras,
  };
}

/**
 * The whole tree as the export needs it, read as one consistent snapshot; with `jobStatementMs`,
 * its statements may take that long (a large tree's tables are read whole).
 */
export function readTreeForExport(db: Db, treeId: string, jobStatementMs?: number): Promise<ExportData> {
  const config = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;
  if (jobStatementMs === undefined) return db.transaction((tx) => readAll(tx, treeId), config);
  return inJobTransaction(db, jobStatementMs, (tx) => readAll(tx, treeId), config);
}

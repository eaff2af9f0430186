import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GedcomImportAnswer } from '@anor/core';
import { parse, parseGedcomDate } from '@anor/gedcom';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  citation,
  citationLink,
  event,
  eventParticipant,
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
  repository,
  siblingLink,
  sourceRecord,
  subscription,
  tree as treeTable,
} from '../src/db/schema.ts';
import { htmlToPlainText, plainTextToHtml } from '../src/modules/gedcom/plain-text.ts';
import { createTree, signUp, type TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * GEDCOM round trips: a file is imported, the tree exported as 5.5.1 and as 7.0, each export
 * imported again, and the trees compared through a canonical snapshot that does not depend on
 * ids (persons are told apart by their names and their place among relations and events).
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../gedcom/test/fixtures');

const files = [
  'torture-55/TGC551.ged',
  'torture-55/TGC55C.ged',
  'odd/customtagstorture.ged',
  'odd/structural-torture.ged',
  'odd/allged.ged',
  'odd/relationships-complex.ged',
  'odd/family-structure-variants.ged',
  'odd/calendar-dates.ged',
  'gedcom-org-555/555SAMPLE.GED',
  'gedcom7/familysearch/gedcom70/maximal70.ged',
  'gedcom7/familysearch/gedcom70/remarriage2.ged',
  'gedcom7/familysearch/gedcom70/same-sex-marriage.ged',
  'gedcom7/familysearch/gedcom70/notes-1.ged',
  'real-world/gramps-sample.ged',
  'real-world/Kennedy+Family.ged',
  'real-world/bronte.ged',
  'real-world/shakespeare.ged',
  'real-world/washington.ged',
];

let t: TestApp;
let client: TestClient;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t.app);
  client = owner.client;
  userId = owner.user.id;
  await t.database.db
    .insert(subscription)
    .values({ userId, plan: 'yearly', validUntil: new Date(Date.now() + 365 * 86_400_000) });
});
afterAll(() => t.close());

let treeCounter = 0;
async function importBytes(bytes: Uint8Array): Promise<GedcomImportAnswer> {
  treeCounter += 1;
  const response = await client.request<GedcomImportAnswer>(
    'POST',
    `/api/user/${userId}/tree/gedcom?treeName=${encodeURIComponent(`Round trip ${treeCounter}`)}`,
    bytes,
  );
  if (response.status !== 201) throw new Error(`import: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

type Version = '5.5.1' | '7.0';

async function exportText(treeId: string, version: Version): Promise<string> {
  const response = await client.get<string>(`/api/${treeId}/gedcom?version=${version}`);
  if (response.status !== 200) throw new Error(`export: ${response.status} ${JSON.stringify(response.body)}`);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
}

// ---- The canonical snapshot ----

function hash(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 10);
}

function sortedJson<T>(values: T[]): T[] {
  return values
    .map((value) => [JSON.stringify(value), value] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, value]) => value);
}

/** A date as text, by what it means (5.5.1 `(phrase)` and 7.0 PHRASE, `@#DJULIAN@` and `JULIAN` alike). */
function dateMeaning(text: string | null): unknown {
  if (text === null) return null;
  const parsed = parseGedcomDate(text) as { kind: string; unparsed?: boolean };
  const { unparsed: _, ...meaning } = parsed;
  return meaning;
}

async function readTree(db: Db, treeId: string) {
  const where = <T extends { treeId: unknown }>(table: T) => eq((table as unknown as typeof person).treeId, treeId);
  return {
    persons: await db.select().from(person).where(where(person)),
    parentLinks: await db.select().from(parentChild).where(where(parentChild)),
    partners: await db.select().from(partner).where(where(partner)),
    siblings: await db.select().from(siblingLink).where(where(siblingLink)),
    locations: await db.select().from(location).where(where(location)),
    events: await db.select().from(event).where(where(event)),
    participants: await db.select().from(eventParticipant).where(where(eventParticipant)),
    repositories: await db.select().from(repository).where(where(repository)),
    records: await db.select().from(sourceRecord).where(where(sourceRecord)),
    citations: await db.select().from(citation).where(where(citation)),
    citationLinks: await db.select().from(citationLink).where(where(citationLink)),
    notes: await db.select().from(note).where(where(note)),
    noteLinks: await db.select().from(noteLink).where(where(noteLink)),
    media: await db.select().from(mediaObject).where(where(mediaObject)),
    mediaLinks: await db.select().from(mediaLink).where(where(mediaLink)),
    extras: await db.select().from(gedcomExtra).where(where(gedcomExtra)),
  };
}

/**
 * The tree without ids: every node named by what it holds. Persons get a label from their own
 * fields refined three times by their relations and events (Weisfeiler–Lehman), so that two
 * persons of the same name stay apart when their families differ.
 */
interface SnapshotOptions {
  /** The version the tree is about to be written in: what that version cannot say is taken out first. */
  version?: Version;
  /** For a tree made in Anor: rich text as the plain text a GEDCOM note holds (5.5.1) and a transcription holds (both). */
  plainNotes?: boolean;
  plainTranscriptions?: boolean;
  /**
   * A tree made in Anor: leave out the lines kept with the tree (the HEAD and submitter the
   * export wrote for a tree that had none) and whether a note was a record in a file (a shared
   * note is written as one).
   */
  madeInAnor?: boolean;
}

async function snapshot(db: Db, treeId: string, options: SnapshotOptions = {}) {
  const tree = await readTree(db, treeId);
  // 5.5.1 has no SEX X: a person of another gender is written as U and read back as unknown.
  if (options.version === '5.5.1') {
    for (const row of tree.persons) if (row.gender === 'other') row.gender = 'unknown';
  }
  if (options.plainNotes) {
    for (const row of tree.notes) row.text = plainTextToHtml(htmlToPlainText(row.text));
  }
  if (options.plainTranscriptions) {
    for (const row of tree.citations) {
      if (row.textFromSource !== '') row.textFromSource = plainTextToHtml(htmlToPlainText(row.textFromSource));
    }
  }
  if (options.madeInAnor) {
    tree.extras = tree.extras.filter((row) => row.nodeKind !== 'tree');
    for (const row of tree.notes) row.gedcomId = null;
  }
  const [treeRow] = await db.select({ rootId: treeTable.rootId }).from(treeTable).where(eq(treeTable.id, treeId));
  const placeById = new Map(tree.locations.map((row) => [row.id, row]));
  const placePath = (id: string | null): string | null => {
    const names: string[] = [];
    for (
      let place = id === null ? undefined : placeById.get(id);
      place;
      place = place.parentId ? placeById.get(place.parentId) : undefined
    ) {
      names.push(place.name);
    }
    return id === null ? null : names.join(', ');
  };
  const participantsOf = new Map<string, typeof tree.participants>();
  for (const row of tree.participants)
    participantsOf.set(row.eventId, [...(participantsOf.get(row.eventId) ?? []), row]);
  const eventOwn = new Map(
    tree.events.map((row) => [
      row.id,
      {
        type: row.type,
        subtype: row.subtype,
        typeName: row.typeName,
        date: [row.startDate, row.startDateType, row.endDate, row.endDateType],
        dateText: dateMeaning(row.dateText),
        place: placePath(row.locationId),
        description: row.description,
        cause: row.causeOfEvent,
      },
    ]),
  );
  const personOwn = new Map(
    tree.persons.map((row) => [row.id, [row.fName, row.pName, row.lName, row.gender, row.occupation]]),
  );
  const related = (pairs: [string, string][]) => {
    const map = new Map<string, string[]>();
    for (const [a, b] of pairs) map.set(a, [...(map.get(a) ?? []), b]);
    return map;
  };
  const parents = related(tree.parentLinks.map((row) => [row.childId, row.parentId]));
  const children = related(tree.parentLinks.map((row) => [row.parentId, row.childId]));
  const partners = related(
    tree.partners.flatMap(
      (row) =>
        [
          [row.personA, row.personB],
          [row.personB, row.personA],
        ] as [string, string][],
    ),
  );
  const siblings = related(
    tree.siblings.flatMap(
      (row) =>
        [
          [row.personA, row.personB],
          [row.personB, row.personA],
        ] as [string, string][],
    ),
  );
  const eventsOf = related(tree.participants.map((row) => [row.personId, row.eventId]));

  let label = new Map(tree.persons.map((row) => [row.id, hash(personOwn.get(row.id))]));
  const eventLabel = (eventId: string, labels: Map<string, string>) =>
    hash([
      eventOwn.get(eventId),
      sortedJson((participantsOf.get(eventId) ?? []).map((p) => [p.role, labels.get(p.personId)])),
    ]);
  for (let round = 0; round < 3; round++) {
    const next = new Map<string, string>();
    for (const row of tree.persons) {
      const labels = (ids: string[] | undefined) => sortedJson((ids ?? []).map((id) => label.get(id) ?? '?'));
      next.set(
        row.id,
        hash([
          label.get(row.id),
          labels(parents.get(row.id)),
          labels(children.get(row.id)),
          labels(partners.get(row.id)),
          labels(siblings.get(row.id)),
          sortedJson((eventsOf.get(row.id) ?? []).map((eventId) => eventLabel(eventId, label))),
        ]),
      );
    }
    label = next;
  }
  const personName = (id: string) => {
    const own = personOwn.get(id);
    return own ? `${own[0] ?? ''} /${own[2] ?? ''}/` : `missing ${id}`;
  };

  // Names of every node a link or a kept pointer can name.
  const repositoryName = new Map(tree.repositories.map((row) => [row.id, `repository ${row.title}`]));
  const recordName = new Map(tree.records.map((row) => [row.id, `record ${row.title}`]));
  const noteName = new Map(tree.notes.map((row) => [row.id, `note ${hash(row.text)}`]));
  const mediaName = new Map(tree.media.map((row) => [row.id, `media ${row.fileReference} ${row.title ?? ''}`]));
  const citationOwn = new Map(
    tree.citations.map((row) => [
      row.id,
      {
        record: row.recordId === null ? null : recordName.get(row.recordId),
        page: row.whereWithinSourceText,
        url: row.whereWithinSourceUrl,
        text: row.textFromSource,
        even: row.eventCitedFrom,
        role: row.eventCitedFromRole,
        date: row.entryRecordingDate,
        quay: row.certaintyAssessment,
      },
    ]),
  );
  const citationName = new Map(tree.citations.map((row) => [row.id, `citation ${hash(citationOwn.get(row.id))}`]));
  const eventName = new Map(tree.events.map((row) => [row.id, `event ${eventLabel(row.id, label)}`]));
  const placeName = new Map(tree.locations.map((row) => [row.id, `place ${placePath(row.id)}`]));
  const nodeName = (id: string): string =>
    (personOwn.has(id) ? personName(id) : undefined) ??
    eventName.get(id) ??
    placeName.get(id) ??
    recordName.get(id) ??
    repositoryName.get(id) ??
    noteName.get(id) ??
    mediaName.get(id) ??
    citationName.get(id) ??
    (id === treeId ? 'tree' : 'family');
  // 5.5.1 has no @VOID@: lines pointing nowhere are left out.
  const written = (kept: KeptGedcomLine) => !(options.version === '5.5.1' && kept.pointer === '?VOID');
  const canonicalLine = (kept: KeptGedcomLine): unknown => ({
    ...(kept.xref !== undefined && !['INDI', 'FAM', 'SOUR', 'REPO', 'NOTE', 'SNOTE', 'OBJE'].includes(kept.tag)
      ? { xref: kept.xref }
      : {}),
    tag: kept.tag === 'SNOTE' && kept.pointer !== undefined ? 'NOTE' : kept.tag,
    ...(kept.value !== undefined ? { value: kept.value } : {}),
    ...(kept.pointer !== undefined
      ? { pointer: kept.pointer.startsWith('?') ? kept.pointer : nodeName(kept.pointer) }
      : {}),
    children: kept.children.filter(written).map(canonicalLine),
  });
  const linksOf = (rows: { nodeId: string; nodeKind: string }[]) =>
    sortedJson(rows.map((row) => `${row.nodeKind} ${nodeName(row.nodeId)}`));

  return {
    graph: sortedJson([...label.values()]),
    root: treeRow?.rootId ? personName(treeRow.rootId) : null,
    persons: sortedJson(
      tree.persons.map((row) => ({
        name: personName(row.id),
        own: personOwn.get(row.id),
        parents: sortedJson((parents.get(row.id) ?? []).map(personName)),
        partners: sortedJson((partners.get(row.id) ?? []).map(personName)),
        siblings: sortedJson((siblings.get(row.id) ?? []).map(personName)),
      })),
    ),
    events: sortedJson(
      tree.events.map((row) => ({
        ...eventOwn.get(row.id),
        participants: sortedJson((participantsOf.get(row.id) ?? []).map((p) => [p.role, personName(p.personId)])),
      })),
    ),
    places: sortedJson(
      tree.locations.map((row) => ({ path: placePath(row.id), type: row.type, lat: row.lat, lng: row.lng })),
    ),
    repositories: sortedJson(
      tree.repositories.map(({ id: _, treeId: _tree, createdAt: _c, updatedAt: _u, ...fields }) => fields),
    ),
    records: sortedJson(
      tree.records.map((row) => ({
        title: row.title,
        originator: row.originator,
        filedByEntry: row.filedByEntry,
        publicationFacts: row.publicationFacts,
        url: row.url,
        repository: row.repositoryId === null ? null : repositoryName.get(row.repositoryId),
      })),
    ),
    citations: sortedJson(
      tree.citations.map((row) => ({
        ...citationOwn.get(row.id),
        citedOn: linksOf(tree.citationLinks.filter((link) => link.citationId === row.id)),
      })),
    ),
    notes: sortedJson(
      tree.notes.map((row) => ({
        text: row.text,
        record: row.gedcomId !== null,
        rin: row.automatedRecordId,
        refn: [row.userReferenceNumber, row.userReferenceType],
        changed: row.gedcomChangeDate,
        on: linksOf(tree.noteLinks.filter((link) => link.noteId === row.id)),
      })),
    ),
    media: sortedJson(
      tree.media.map((row) => ({
        file: row.fileReference,
        format: row.format,
        type: row.type,
        title: row.title,
        rin: row.automatedRecordId,
        refn: [row.userReferenceNumber, row.userReferenceType],
        changed: row.gedcomChangeDate,
        on: linksOf(tree.mediaLinks.filter((link) => link.mediaId === row.id)),
      })),
    ),
    kept: sortedJson(
      tree.extras
        .map((row) => ({ ...row, lines: row.lines.filter(written) }))
        .filter((row) => row.lines.length > 0 || row.tag !== null || row.nodeKind === 'family')
        .map((row) => ({
          kind: row.nodeKind,
          node: row.nodeKind === 'family' ? 'family' : nodeName(row.nodeId),
          tag: row.tag,
          anchor: row.anchor === null ? null : sortedJson(row.anchor.map(personName)),
          lines: row.lines.map((kept) =>
            // The writer writes HEAD's GEDC, CHAR and SOUR itself (and 7.0 has no FILE).
            canonicalLine(
              kept.tag === 'HEAD'
                ? {
                    ...kept,
                    children: kept.children.filter((child) => !['GEDC', 'CHAR', 'SOUR', 'FILE'].includes(child.tag)),
                  }
                : kept,
            ),
          ),
        })),
    ),
  };
}

/** Exports the tree, checks the file, imports it again and compares the two trees. */
async function roundTrip(treeId: string, version: Version, options: SnapshotOptions = {}) {
  const before = await snapshot(t.database.db, treeId, { ...options, version });
  const text = await exportText(treeId, version);
  // The file is GEDCOM of the version asked for, and reads without warnings.
  const document = parse(text);
  expect(document.version).toBe(version);
  expect(document.warnings).toEqual([]);
  const again = await importBytes(new TextEncoder().encode(text));
  const after = await snapshot(t.database.db, again.tree.id, options);
  // Part by part, the relation graph's labels last: they differ when anything does.
  const keys = (Object.keys(before) as (keyof typeof before)[]).filter((key) => key !== 'graph');
  for (const key of [...keys, 'graph' as const]) {
    expect.soft({ version, [key]: after[key] }).toEqual({ version, [key]: before[key] });
  }
  return { text, before, after };
}

describe('GEDCOM export of imported files', () => {
  for (const file of files) {
    for (const version of ['5.5.1', '7.0'] as const) {
      it(`round-trips ${file} through ${version}`, async () => {
        const original = await importBytes(new Uint8Array(await readFile(path.join(fixtures, file))));
        await roundTrip(original.tree.id, version);
      });
    }
  }
});

describe('GEDCOM export of a tree made in Anor', () => {
  const primary = (personId: string) => ({ personId, role: 'primary' });
  let treeId: string;
  beforeAll(async () => {
    const tree = await createTree(client, userId, 'Byggd i Anor');
    treeId = tree.id;
    const api = `/api/${tree.id}`;
    const family = new FamilyBuilder(client, tree.id);
    const created = async <T>(url: string, body: unknown): Promise<T> => {
      const response = await client.post<T>(`${api}/${url}`, body);
      if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body;
    };
    const anna = await family.create(
      { fName: 'Anna', lName: 'Berg', pName: 'Annie', gender: 'female' },
      undefined,
      true,
    );
    // The occupation is also an event (the first OCCU is the person's occupation when read back).
    const erik = await family.partnerOf(anna.id, { fName: 'Erik', lName: 'Ek', gender: 'male', occupation: 'Dräng' });
    const stina = await family.childOf(anna.id, { fName: 'Stina', gender: 'female' }, erik.id);
    const per = await family.parentOf(erik.id, { fName: 'Per', gender: 'male' });
    const lisa = await family.siblingOf(anna.id, { fName: 'Lisa', lName: 'Berg', gender: 'other' });
    const archive = await created<{ id: string }>('source/repository', {
      repository: {
        title: 'Riksarkivet',
        address: 'Fyrverkarbacken 13',
        city: 'Stockholm',
        country: 'Sverige',
        www: 'https://riksarkivet.se',
      },
    });
    const book = await created<{ id: string }>('source/record', {
      record: { title: 'Sunne C:5', repositoryId: archive.id },
    });
    const page = await created<{ id: string }>('source/citation', {
      citation: {
        sourceRecordId: book.id,
        whereWithinSourceText: 'Sida 12',
        textFromSource: '<p>Född <strong>2 mars</strong></p>',
      },
    });
    const birth = await created<{ event: { id: string; location: { id: string; parentId?: string } } }>('event', {
      type: 'birth',
      startDate: '1850-03-02',
      location: 'Västra Fors, Sunne, Värmland, Sverige',
      participants: [primary(anna.id), { personId: per.id, role: 'godparent' }],
      sourceIds: [page.id],
      newNotes: [{ text: '<p>Hemma i <em>stugan</em></p><p>Andra raden</p>' }],
    });
    const place = await client.get<{ name: string; parentId: string }>(`${api}/location/${birth.event.location.id}`);
    await client.put(`${api}/location/${birth.event.location.id}`, {
      updatedLocation: {
        name: place.body.name,
        parentId: place.body.parentId,
        coordinates: { lat: 59.83, lng: -13.14 },
      },
    });
    await created('event', {
      type: 'baptism',
      subtype: 'christening',
      startDate: '1850',
      startDateType: 'about',
      location: 'Sunne, Värmland, Sverige',
      participants: [primary(anna.id), { personId: per.id, role: 'Fadder' }, { personId: lisa.id, role: 'barnmorska' }],
    });
    await created('event', {
      type: 'marriage',
      startDate: '1875-06-12',
      participants: [primary(anna.id), primary(erik.id), { personId: per.id, role: 'witness' }],
    });
    await created('event', {
      type: 'occupation',
      startDate: '1880',
      endDate: '1890',
      causeOfEvent: 'Dräng',
      participants: [primary(erik.id)],
    });
    await created('event', {
      type: 'other',
      typeName: 'Flytt',
      startDate: '1890',
      startDateType: 'before',
      causeOfEvent: 'Missväxt',
      participants: [primary(erik.id)],
    });
    // A residence of no one in particular: a family of its own in the file.
    await created('event', {
      type: 'residence',
      startDate: '1900',
      location: 'Rud, Sunne, Värmland, Sverige',
      participants: [{ personId: stina.id, role: 'child' }],
    });
    await created('note', {
      note: { text: '<p>Se <a href="https://example.com">källan</a></p>' },
      connectedNodeIds: [anna.id, stina.id],
    });
  });

  for (const version of ['5.5.1', '7.0'] as const) {
    it(`round-trips through ${version}: persons, relations, events with roles, places, sources and notes`, async () => {
      // 5.5.1 notes and all transcriptions are plain text; 7.0 notes keep their HTML (MIME text/html).
      // 5.5.1 wants a submitter: the export writes one, kept with the tree when read again.
      const { before, after } = await roundTrip(treeId, version, {
        plainNotes: version === '5.5.1',
        plainTranscriptions: true,
        madeInAnor: true,
      });
      expect(before.events).toHaveLength(6);
      expect(after.places).toContainEqual(
        expect.objectContaining({ path: 'Västra Fors, Sunne, Värmland, Sverige', lat: 59.83, lng: -13.14 }),
      );
    });
  }
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GedcomImportAnswer, TreeInfo } from '@anor/core';
import { decode } from '@anor/gedcom';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, listFixtures } from '../../gedcom/test/support.ts';
import { queryRows } from '../src/db/rows.ts';
import { event, eventParticipant, location, note, person, subscription, tree } from '../src/db/schema.ts';
import { type ErrorBody, signUp, type TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ gedcomMaxBytes: 8 * 1024 * 1024 });
});
afterAll(() => t.close());

const encoder = new TextEncoder();

async function newUser(options: { paid?: boolean } = {}): Promise<{ client: TestClient; userId: string }> {
  const a = await signUp(t.app);
  if (options.paid) {
    await t.database.db
      .insert(subscription)
      .values({ userId: a.user.id, plan: 'yearly', validUntil: new Date(Date.now() + 86_400_000) });
  }
  return { client: a.client, userId: a.user.id };
}

function importFile(client: TestClient, userId: string, bytes: Uint8Array, treeName?: string) {
  const query = treeName === undefined ? '' : `?treeName=${encodeURIComponent(treeName)}`;
  return client.post<GedcomImportAnswer>(`/api/user/${userId}/tree/gedcom${query}`, bytes);
}

function codeOf(response: { body: unknown }): string {
  return (response.body as unknown as ErrorBody).error.code;
}

async function treesOf(userId: string) {
  return t.database.db.select({ id: tree.id }).from(tree).where(eq(tree.ownerId, userId));
}

/** The persons of a tree as "first /last/", sorted. */
async function namesOf(treeId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ fName: person.fName, lName: person.lName })
    .from(person)
    .where(eq(person.treeId, treeId));
  return rows.map((row) => `${row.fName ?? ''} /${row.lName ?? ''}/`).sort();
}

/** The xrefs of the file's own `0 @X@ INDI` and `0 @X@ FAM` records (each xref once). */
function recordsInFile(bytes: Uint8Array): { persons: number; families: number } {
  const { text } = decode(bytes);
  const count = (tag: string) =>
    new Set([...text.matchAll(new RegExp(`^[ \\t]*0[ \\t]+(@[^@\\r\\n]+@)[ \\t]+${tag}\\b`, 'gm'))].map((m) => m[1]))
      .size;
  return { persons: count('INDI'), families: count('FAM') };
}

const smallFamily = (persons: number) =>
  [
    '0 HEAD',
    '1 GEDC',
    '2 VERS 5.5.1',
    '1 CHAR UTF-8',
    ...Array.from({ length: persons }, (_, i) => [`0 @I${i + 1}@ INDI`, `1 NAME Person${i + 1} /Test/`]).flat(),
    '0 TRLR',
    '',
  ].join('\n');

describe('GEDCOM import: every sample file', () => {
  it('imports each file with the counts of its own records, or refuses it naming the line', async () => {
    // Every file but the folder READMEs (torture-55/README.txt is the torture tests' description).
    const files = listFixtures().filter((file) => !file.endsWith('README.txt'));
    expect(files.length).toBeGreaterThan(150);
    let owner = await newUser({ paid: true });
    let treesOfOwner = 0;
    const refused: string[] = [];
    for (const file of files) {
      if (treesOfOwner >= 90) {
        owner = await newUser({ paid: true });
        treesOfOwner = 0;
      }
      const bytes = new Uint8Array(readFileSync(path.join(fixturesDir, file)));
      const response = await importFile(owner.client, owner.userId, bytes);
      expect(response.status, `${file}: ${JSON.stringify(response.body).slice(0, 300)}`).not.toBe(500);
      if (response.status !== 201) {
        // Not GEDCOM at all (an archive, a binary, another format): a clear error with the line.
        expect(response.status, file).toBe(422);
        expect(codeOf(response), file).toBe('gedcom.error.unreadable');
        expect((response.body as unknown as ErrorBody).error.details, file).toMatchObject({ line: expect.any(Number) });
        refused.push(file);
        continue;
      }
      treesOfOwner += 1;
      const expected = recordsInFile(bytes);
      const answer = response.body;
      expect(answer.created.persons, file).toBe(expected.persons);
      expect(answer.created.families, file).toBe(expected.families);
      // The tree's own counters agree with what the report says was created.
      expect(answer.tree.personsAmount, file).toBe(Math.max(expected.persons, 1));
      expect(answer.tree.eventsAmount, file).toBe(answer.created.events);
      expect(answer.tree.locationsAmount, file).toBe(answer.created.places);
    }
    // The four GEDZIP archives and the licence text of the GEDCOM 7 test files.
    expect(refused).toEqual([
      'gedcom7/familysearch/gedcom70/maximal70/maximal70.gdz',
      'gedcom7/familysearch/gedcom70/maximal70.gdz',
      'gedcom7/familysearch/gedcom70/minimal70.gdz',
      'gedcom7/familysearch/gedcom71/minimal71.gdz',
      'gedcom7/gedcom7code-test-files/LICENSE',
    ]);
  }, 600_000);
});

describe('GEDCOM import: letters in every encoding', () => {
  async function importedNames(owner: { client: TestClient; userId: string }, file: string): Promise<string[]> {
    const bytes = new Uint8Array(readFileSync(path.join(fixturesDir, file)));
    const response = await importFile(owner.client, owner.userId, bytes, path.basename(file));
    expect(response.status, file).toBe(201);
    return namesOf(response.body.tree.id);
  }

  it('gives the willis file identical names in all five encodings', async () => {
    const owner = await newUser({ paid: true });
    const reference = await importedNames(owner, 'encodings/willis.ged');
    expect(reference.length).toBeGreaterThan(100);
    for (const file of [
      'encodings/willis-ansel.ged',
      'encodings/willis-ascii.ged',
      'encodings/willis-unicode-bigendian.ged',
      'encodings/willis-unicode-littleendian.ged',
    ]) {
      expect(await importedNames(owner, file), file).toEqual(reference);
    }
  }, 120_000);

  it('reads the Eichmann character-set tests alike in UTF-8 and UTF-16, and composes ANSEL', async () => {
    const owner = await newUser({ paid: true });
    const withPlaces = async (file: string) => {
      const names = await importedNames(owner, file);
      const treeId = (
        await t.database.db.select({ id: tree.id, name: tree.name }).from(tree).where(eq(tree.ownerId, owner.userId))
      ).find((row) => row.name === path.basename(file))?.id as string;
      const places = await t.database.db
        .select({ name: location.name })
        .from(location)
        .where(eq(location.treeId, treeId));
      return { names, places: places.map((p) => p.name).sort() };
    };
    const utf8 = await withPlaces('encodings/utf8-nobom-lf.ged');
    expect(utf8.places).toContain('АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ');
    expect(utf8.places).toContain('αβγδεζηθικλμνξοπρςστυφχψω');
    expect(await withPlaces('eichmann-charset/unicode-littleendian-crlf.ged')).toEqual(utf8);
    expect(await withPlaces('eichmann-charset/unicode-littleendian-cronly.ged')).toEqual(utf8);
    // ANSEL: the CRLF and LF files alike, every letter under a combining mark composed (NFC).
    const ansel = await withPlaces('eichmann-charset/ANSEL.GED');
    expect(await withPlaces('encodings/ansel-lf.ged')).toEqual(ansel);
    expect(ansel.places).toContain('ẢB̉C̉D̉ẺF̉G̉H̉ỈJ̉K̉L̉M̉N̉ỎP̉Q̉R̉S̉T̉ỦV̉W̉X̉ỶZ̉');
    expect(ansel.places).toContain('slash o - uppercase (Ø)');
    for (const place of ansel.places) expect(place).toBe(place.normalize('NFC'));
  }, 60_000);

  it('keeps Swedish, Danish and Norwegian letters of a UTF-8 file', async () => {
    const owner = await newUser();
    const text = ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Åsa Öberg /Ødegård-Ærø/', '0 TRLR'].join('\r\n');
    const response = await importFile(owner.client, owner.userId, encoder.encode(text));
    expect(response.status).toBe(201);
    expect(await namesOf(response.body.tree.id)).toEqual(['Åsa Öberg /Ødegård-Ærø/']);
  });
});

describe('GEDCOM import: what a file becomes', () => {
  const file = [
    '0 HEAD',
    '1 SOUR TestProgram',
    '2 NAME Test Program',
    '1 GEDC',
    '2 VERS 5.5.1',
    '1 CHAR UTF-8',
    '1 PLAC',
    '2 FORM Gård, Socken, Län, Land',
    '0 @I1@ INDI',
    '1 NAME Karl Johan /Svensson/',
    '2 NICK Kalle',
    '2 NPFX Dr.',
    '1 SEX M',
    '1 _UID 1234-5678',
    '1 BIRT',
    '2 DATE ABT 1850',
    '2 PLAC Västra Fors, Sunne, Värmland, Sverige',
    '3 MAP',
    '4 LATI N59.8333',
    '4 LONG E13.1',
    '2 SOUR @S1@',
    '3 PAGE Sida 12',
    '3 QUAY 3',
    '1 CHR',
    '2 DATE INT 3 MAR 1850 (på söndagen)',
    '2 PLAC Sunne, Värmland, Sverige',
    '2 ASSO @I2@',
    '3 ROLE GODP',
    '1 OCCU Torpare',
    '2 DATE FROM 1875 TO 1890',
    '1 CENS',
    '2 DATE 1880',
    '1 NOTE @N1@',
    '1 FAMS @F1@',
    '0 @I2@ INDI',
    '1 NAME Anna /Persdotter/',
    '1 SEX F',
    '1 DEAT Y',
    '1 FAMS @F1@',
    '0 @I3@ INDI',
    '1 NAME Lars /Karlsson/',
    '1 FAMC @F1@',
    '0 @F1@ FAM',
    '1 HUSB @I1@',
    '1 WIFE @I2@',
    '1 CHIL @I3@',
    '1 MARR',
    '2 DATE BET 1870 AND 1872',
    '2 PLAC Sunne, Värmland, Sverige',
    '0 @S1@ SOUR',
    '1 TITL Sunne C:5',
    '1 AUTH Sunne kyrkoarkiv',
    '1 REPO @R1@',
    '0 @R1@ REPO',
    '1 NAME Riksarkivet',
    '0 @N1@ NOTE Bodde på torpet',
    '1 CONT i fyrtio år. <b>inte fet</b>',
    '0 @U1@ SUBM',
    '1 NAME Someone',
    '0 TRLR',
  ].join('\n');

  it('maps persons, families, events, places, sources and notes, and reports what it kept', async () => {
    const owner = await newUser();
    const response = await importFile(owner.client, owner.userId, encoder.encode(file), 'Svenssons');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const answer = response.body;
    expect(answer.tree.name).toBe('Svenssons');
    expect(answer.created).toMatchObject({
      persons: 3,
      families: 1,
      places: 4,
      repositories: 1,
      sources: 1,
      citations: 1,
      notes: 1,
    });
    expect(answer.file).toMatchObject({ encoding: 'UTF-8', version: '5.5.1', program: 'Test Program' });
    const db = t.database.db;
    const treeId = answer.tree.id;
    const people = await db.select().from(person).where(eq(person.treeId, treeId)).orderBy(asc(person.sortKey));
    const karl = people.find((p) => p.fName === 'Karl Johan');
    expect(karl).toMatchObject({ lName: 'Svensson', pName: 'Kalle', gender: 'male', occupation: 'Torpare' });
    // The first individual is the root; the family's child is a descendant, the partner none.
    expect(answer.rootId).toBe(karl?.id);
    expect(Object.fromEntries(people.map((p) => [p.fName, p.rootRelation]))).toEqual({
      'Karl Johan': 'root',
      Anna: 'none',
      Lars: 'descendant',
    });

    const places = await db.select().from(location).where(eq(location.treeId, treeId));
    const byName = new Map(places.map((p) => [p.name, p]));
    expect(byName.get('Västra Fors')).toMatchObject({ lat: 59.8333, lng: 13.1, type: 'Gård' });
    expect(byName.get('Sunne')?.parentId).toBe(byName.get('Värmland')?.id);
    expect(byName.get('Sverige')).toMatchObject({ parentId: null, type: 'Land' });

    const events = await db.select().from(event).where(eq(event.treeId, treeId));
    const ofType = (type: string) => events.filter((e) => e.type === type);
    expect(ofType('birth')[0]).toMatchObject({ startDate: '1850', startDateType: 'about', dateText: null });
    expect(ofType('baptism')[0]).toMatchObject({
      subtype: 'christening',
      startDate: '1850-03-03',
      dateText: 'INT 3 MAR 1850 (på söndagen)',
      locationId: byName.get('Sunne')?.id,
    });
    expect(ofType('occupation')[0]).toMatchObject({ causeOfEvent: 'Torpare', startDate: '1875', endDate: '1890' });
    expect(ofType('other')[0]).toMatchObject({ typeName: 'Census', startDate: '1880' });
    expect(ofType('death')).toHaveLength(1);
    expect(ofType('marriage')[0]).toMatchObject({ startDate: '1870', startDateType: 'between', endDate: '1872' });

    const baptism = ofType('baptism')[0];
    const participants = await db
      .select()
      .from(eventParticipant)
      .where(and(eq(eventParticipant.treeId, treeId), eq(eventParticipant.eventId, baptism?.id ?? '')));
    expect(participants.map((p) => p.role).sort()).toEqual(['godparent', 'primary']);
    const marriage = ofType('marriage')[0];
    const couple = await db
      .select()
      .from(eventParticipant)
      .where(and(eq(eventParticipant.treeId, treeId), eq(eventParticipant.eventId, marriage?.id ?? '')));
    expect(couple.map((p) => p.role)).toEqual(['primary', 'primary']);

    // The birth's citation, with its record and repository.
    const birth = await owner.client.get(`/api/${treeId}/event/${ofType('birth')[0]?.id}`);
    expect(birth.status).toBe(200);
    expect(JSON.stringify(birth.body)).toContain('Sida 12');
    expect(JSON.stringify(birth.body)).toContain('Sunne C:5');
    // The shared note, its lines as paragraphs, its markup-like text as text.
    const notes = await db.select().from(note).where(eq(note.treeId, treeId));
    expect(notes.map((n) => [n.text, n.gedcomId])).toEqual([
      ['<p>Bodde på torpet</p><p>i fyrtio år. &lt;b&gt;inte fet&lt;/b&gt;</p>', 'N1'],
    ]);

    // Kept as GEDCOM: the _UID, the name prefix, the submitter record and the header.
    const kept = Object.fromEntries(answer.kept.map((group) => [group.path, group.count]));
    expect(kept).toMatchObject({ 'INDI._UID': 1, 'INDI.NAME.NPFX': 1, SUBM: 1 });
    expect(answer.warnings.find((w) => w.code === 'date-as-text')).toBeUndefined();
  });

  it('takes the JSON form with gedcomString as well', async () => {
    const owner = await newUser();
    const response = await owner.client.post<GedcomImportAnswer>(`/api/user/${owner.userId}/tree/gedcom`, {
      gedcomString: smallFamily(2),
      treeName: 'Från text',
    });
    expect(response.status).toBe(201);
    expect(response.body.created.persons).toBe(2);
    expect(response.body.tree.name).toBe('Från text');
  });

  it('names a second import of the same file apart', async () => {
    const owner = await newUser({ paid: true });
    const first = await importFile(owner.client, owner.userId, encoder.encode(smallFamily(1)), 'Släkten');
    const second = await importFile(owner.client, owner.userId, encoder.encode(smallFamily(1)), 'Släkten');
    expect([first.body.tree.name, second.body.tree.name]).toEqual(['Släkten', 'Släkten (2)']);
  });

  it('writes its new tree without privacy bookkeeping, which a later edit of it then names', async () => {
    const owner = await newUser();
    const response = await importFile(owner.client, owner.userId, encoder.encode(file), 'Ingen kö');
    expect(response.status).toBe(201);
    const treeId = response.body.tree.id;
    const queued = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from person_privacy_dirty where tree_id = ${treeId}`,
        )
      )[0]?.n;
    const cached = await queryRows(t.database.db, sql`select 1 from tree_privacy where tree_id = ${treeId}`);
    // No cache: its first visitor-facing read computes the tree whole (gedcom-facts.test.ts sees the result).
    expect(cached).toEqual([]);
    expect(await queued()).toBe(0);
    // The setting lasted only the import's transactions: an edit's parent link names its persons again.
    const [lars] = await t.database.db
      .select({ id: person.id })
      .from(person)
      .where(and(eq(person.treeId, treeId), eq(person.fName, 'Lars')));
    const [anna] = await t.database.db
      .select({ id: person.id })
      .from(person)
      .where(and(eq(person.treeId, treeId), eq(person.fName, 'Anna')));
    await t.database.db.execute(
      sql`delete from parent_child where tree_id = ${treeId} and parent_id = ${anna?.id} and child_id = ${lars?.id}`,
    );
    expect(await queued()).toBe(2);
  });
});

describe('GEDCOM import: refusals', () => {
  it('refuses a 21-person file on a free account before writing anything, naming the counts', async () => {
    const owner = await newUser();
    const response = await importFile(owner.client, owner.userId, encoder.encode(smallFamily(21)));
    expect(response.status).toBe(403);
    expect(codeOf(response)).toBe('limit.gedcomContent');
    expect((response.body as unknown as ErrorBody).error.details).toMatchObject({
      found: { persons: 21, events: 0, locations: 0 },
      max: { persons: 20, events: 30, locations: 30 },
    });
    expect(await treesOf(owner.userId)).toEqual([]);
    // Twenty is within the limit.
    expect((await importFile(owner.client, owner.userId, encoder.encode(smallFamily(20)))).status).toBe(201);
  });

  it('refuses a file over 5 MB for a free account, and takes it from a paid one', async () => {
    const big = encoder.encode(
      `${smallFamily(1).replace('0 TRLR\n', '')}${'0 @X1@ _PAD\n1 _TEXT '.concat('x'.repeat(200), '\n').repeat(26_000)}0 TRLR\n`,
    );
    expect(big.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    const free = await newUser();
    const refused = await importFile(free.client, free.userId, big);
    expect(refused.status).toBe(413);
    expect(codeOf(refused)).toBe('limit.gedcomSize');
    expect(await treesOf(free.userId)).toEqual([]);
    const paid = await newUser({ paid: true });
    expect((await importFile(paid.client, paid.userId, big)).status).toBe(201);
  }, 60_000);

  it('refuses a file over the configured limit for a paid account', async () => {
    const paid = await newUser({ paid: true });
    const huge = new Uint8Array(8 * 1024 * 1024 + 10).fill(0x20);
    const response = await importFile(paid.client, paid.userId, huge);
    expect([response.status, codeOf(response)]).toEqual([413, 'gedcom.error.tooLarge']);
    // The same as text in the JSON form.
    const asText = await paid.client.post(`/api/user/${paid.userId}/tree/gedcom`, {
      gedcomString: `0 HEAD\n${'1 NOTE x\n'.repeat(900_000)}0 TRLR\n`,
    });
    expect([asText.status, codeOf(asText)]).toEqual([413, 'gedcom.error.tooLarge']);
    expect(await treesOf(paid.userId)).toEqual([]);
  }, 60_000);

  it('refuses an empty file, a file that is not GEDCOM, and a second tree of a free account', async () => {
    const owner = await newUser();
    const empty = await importFile(owner.client, owner.userId, new Uint8Array(0));
    expect([empty.status, codeOf(empty)]).toEqual([400, 'gedcom.error.empty']);
    const blank = await importFile(owner.client, owner.userId, encoder.encode('\n  \r\n'));
    expect(codeOf(blank)).toBe('gedcom.error.empty');
    const zip = await importFile(owner.client, owner.userId, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect([zip.status, codeOf(zip)]).toEqual([422, 'gedcom.error.unreadable']);
    const csv = await importFile(owner.client, owner.userId, encoder.encode('name,born\nKarl,1850\n'));
    expect(codeOf(csv)).toBe('gedcom.error.unreadable');
    expect(await treesOf(owner.userId)).toEqual([]);
    expect((await importFile(owner.client, owner.userId, encoder.encode(smallFamily(1)))).status).toBe(201);
    const second = await importFile(owner.client, owner.userId, encoder.encode(smallFamily(1)));
    expect([second.status, codeOf(second)]).toEqual([403, 'limit.trees']);
  });

  it('is for the signed-in user only', async () => {
    const owner = await newUser();
    const other = await newUser();
    const forOther = await importFile(owner.client, other.userId, encoder.encode(smallFamily(1)));
    expect(forOther.status).toBe(403);
    const { TestClient } = await import('./support/client.ts');
    const anonymous = new TestClient(t.app);
    const signedOut = await importFile(anonymous, owner.userId, encoder.encode(smallFamily(1)));
    expect(signedOut.status).toBe(401);
    expect(await treesOf(other.userId)).toEqual([]);
  });

  it('lets only the owner export', async () => {
    const owner = await newUser();
    const imported = await importFile(owner.client, owner.userId, encoder.encode(smallFamily(2)));
    const treeId = (imported.body.tree as TreeInfo).id;
    const stranger = await newUser();
    expect((await stranger.client.get(`/api/${treeId}/gedcom`)).status).toBe(404);
    const exported = await owner.client.get<string>(`/api/${treeId}/gedcom?version=7.0`);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment/);
  });
});

import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldForSearch, type GedcomImportAnswer } from '@anor/core';
import { type GedcomNode, parse } from '@anor/gedcom';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { location, subscription } from '../src/db/schema.ts';
import { createTree, signUp, type TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { otherFixtures } from './support/gedcom-samples.ts';
import {
  compareSnapshots,
  expectFamiliesWritten,
  type SnapshotOptions,
  snapshot,
  type Version,
} from './support/gedcom-snapshot.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * GEDCOM round trips: a file is imported, the tree exported as 5.5.1 and as 7.0, each export
 * imported again, and the trees compared through a canonical snapshot that does not depend on
 * ids (persons are told apart by their names and their place among relations and events).
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../gedcom/test/fixtures');

const files = [...otherFixtures];

/**
 * Through the routes (import, export, import again): the files made to test readers and the
 * small real-world samples, each through one version, 5.5.1 and 7.0 by turns. Every one of them,
 * and every real-world and encodings sample, goes through both versions by the mapper and the
 * writer in gedcom-roundtrip-samples.test.ts and -large.test.ts; the routes took four minutes
 * for all of them on a loaded machine.
 */
const throughRoutesUpTo = 8_000;
const realWorld = readdirSync(path.join(fixtures, 'real-world'), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.toLowerCase().endsWith('.ged'))
  .map((name) => `real-world/${name.split(path.sep).join('/')}`)
  .filter((file) => statSync(path.join(fixtures, file)).size <= throughRoutesUpTo)
  .sort();
files.push(...realWorld);

/** A ceiling, not a wait: a file's round trip takes a second alone and over ten on a loaded 2-core machine. */
const slow = 120_000;

let t: TestApp;
let client: TestClient;
let userId: string;
/** A subscriber: a user with a yearly plan, who may have up to 100 trees. */
async function newOwner() {
  const owner = await signUp(t.app);
  client = owner.client;
  userId = owner.user.id;
  await t.database.db
    .insert(subscription)
    .values({ userId, plan: 'yearly', validUntil: new Date(Date.now() + 365 * 86_400_000) });
}
beforeAll(async () => {
  t = await createTestApp();
  await newOwner();
});
afterAll(() => t.close());

let treeCounter = 0;
async function importBytes(bytes: Uint8Array): Promise<GedcomImportAnswer> {
  treeCounter += 1;
  // Every sample is read three times: a new owner before the plan's 100 trees are reached.
  if (treeCounter % 90 === 0) await newOwner();
  const response = await client.request<GedcomImportAnswer>(
    'POST',
    `/api/user/${userId}/tree/gedcom?treeName=${encodeURIComponent(`Round trip ${treeCounter}`)}`,
    bytes,
  );
  if (response.status !== 201) throw new Error(`import: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function exportText(treeId: string, version: Version): Promise<string> {
  const response = await client.get<string>(`/api/${treeId}/gedcom?version=${version}`);
  if (response.status !== 200) throw new Error(`export: ${response.status} ${JSON.stringify(response.body)}`);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
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
  compareSnapshots(version, before, after);
  return { text, before, after };
}

describe('GEDCOM export of imported files', () => {
  for (const [index, file] of files.entries()) {
    for (const version of [index % 2 === 0 ? '5.5.1' : '7.0'] as const) {
      it(
        `round-trips ${file} through ${version}`,
        async () => {
          const original = await importBytes(new Uint8Array(await readFile(path.join(fixtures, file))));
          const { text } = await roundTrip(original.tree.id, version);
          expectFamiliesWritten(text, original.created.families);
        },
        slow,
      );
    }
  }
});

describe('families of an imported file (issue 20, item 7)', () => {
  // One family of each kind relations alone cannot say (royal92's F70 and F1355, bourbon's F16,
  // remarriage2's F3, royal92's Pedro III with children by two unknown mothers; willis.ged's F92
  // and F93, a partner's FAM of children and a FAM of a marriage only, and its F200, a parent's FAM
  // of a child whose parents came from another, with the child's _FREL).
  const file = [
    '0 HEAD',
    '1 GEDC',
    '2 VERS 5.5.1',
    '1 CHAR UTF-8',
    '0 @F1@ FAM',
    '1 HUSB @I1@',
    '0 @F2@ FAM',
    '1 WIFE @I2@',
    '1 MARR',
    '2 DATE 1497',
    '0 @F3@ FAM',
    '1 CHIL @I3@',
    '0 @F4@ FAM',
    '0 @F5@ FAM',
    '1 HUSB @I1@',
    '1 WIFE @I2@',
    '1 CHIL @I4@',
    '1 MARR',
    '2 DATE 1911',
    '0 @F6@ FAM',
    '1 HUSB @I1@',
    '1 WIFE @I2@',
    '1 MARR',
    '2 DATE 1914',
    '0 @F7@ FAM',
    '1 WIFE @I2@',
    '1 CHIL @I4@',
    '0 @F8@ FAM',
    '1 HUSB @I5@',
    '1 CHIL @I6@',
    '0 @F9@ FAM',
    '1 HUSB @I5@',
    '1 CHIL @I7@',
    '2 _MREL Natural',
    '0 @F10@ FAM',
    '1 HUSB @I8@',
    '1 CHIL @I9@',
    '2 _FREL Natural',
    '1 MARR',
    '2 DATE 1938',
    '0 @F11@ FAM',
    '1 HUSB @I8@',
    '1 MARR',
    '2 DATE 1965',
    '0 @F12@ FAM',
    '1 HUSB @I1@',
    '1 CHIL @I4@',
    '2 _FREL Natural',
    ...[
      ['I1', 'John /Public/', 'M'],
      ['I2', 'Jane /Doe/', 'F'],
      ['I3', 'Lone /Child/', 'M'],
      ['I4', 'Per /Public/', 'M'],
      ['I5', 'Pedro /III/', 'M'],
      ['I6', 'Constanza //', 'F'],
      ['I7', 'Isabella //', 'F'],
      ['I8', 'Colonel /Willis/', 'M'],
      ['I9', 'Crate /Willis/', 'M'],
    ].flatMap(([xref, name, sex]) => [`0 @${xref}@ INDI`, `1 NAME ${name}`, `1 SEX ${sex}`]),
    '0 TRLR',
    '',
  ].join('\n');
  /** Each FAM as its members by name ("HUSB John /Public/ | CHIL Per /Public/"), sorted. */
  function familiesOf(text: string): string[] {
    const document = parse(text);
    const names = new Map(
      document.records
        .filter((record) => record.tag === 'INDI')
        .map((record) => [record.xref, record.children.find((child) => child.tag === 'NAME')?.value]),
    );
    return document.records
      .filter((record) => record.tag === 'FAM')
      .map((record) =>
        record.children
          .filter((child) => ['HUSB', 'WIFE', 'CHIL'].includes(child.tag))
          .map((child) => `${child.tag} ${names.get(child.pointer)}`)
          .sort()
          .join(' | '),
      )
      .sort();
  }

  for (const version of ['5.5.1', '7.0'] as const) {
    it(`writes every family of the file again through ${version}, with its own members`, async () => {
      const imported = await importBytes(new TextEncoder().encode(file));
      expect(imported.created.families).toBe(12);
      const { text } = await roundTrip(imported.tree.id, version);
      // The remarriage keeps no events of its own (Anor's events are the couple's): they are written
      // in the first FAM; so is F11's marriage, in the FAM of its partner's child.
      expect(familiesOf(text)).toEqual(familiesOf(file));
      // Each member once, with its lines under it (a member line and the file's CHIL with _FREL were two).
      const relationLines = (gedcom: string) =>
        gedcom
          .split('\n')
          .filter((line) => /^2 _[FM]REL /.test(line))
          .sort();
      expect(relationLines(text)).toEqual(relationLines(file));
      // And again: the file read back writes the same families.
      const again = await importBytes(new TextEncoder().encode(text));
      expect(familiesOf(await exportText(again.tree.id, version))).toEqual(familiesOf(file));
    });
  }
});

describe('places of an imported file', () => {
  /** Every PLAC value of a file, as its levels joined (`Åby, Sverige`). */
  function placeValues(nodes: readonly GedcomNode[], into = new Set<string>()): Set<string> {
    for (const node of nodes) {
      if (node.tag === 'PLAC' && node.value !== undefined) {
        const levels = node.value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '');
        if (levels.length > 0) into.add(levels.join(', '));
      }
      placeValues(node.children, into);
    }
    return into;
  }

  // issue 20, item 8: 59 groups of names in utf8-nobom-lf.ged and 15 in Ansi.ged were merged into one place each.
  for (const file of ['encodings/utf8-nobom-lf.ged', 'encodings/Ansi.ged']) {
    it(`keeps every spelling of ${file} as a place of its own: Åby is not Aby`, async () => {
      const bytes = new Uint8Array(await readFile(path.join(fixtures, file)));
      const values = placeValues(parse(bytes).records);
      const groups = new Map<string, Set<string>>();
      for (const value of values) {
        const key = foldForSearch(value);
        groups.set(key, (groups.get(key) ?? new Set()).add(value));
      }
      const merged = [...groups.values()].filter((spellings) => spellings.size > 1);
      expect(merged.length).toBeGreaterThan(0);

      const imported = await importBytes(bytes);
      const rows = await t.database.db.select().from(location).where(eq(location.treeId, imported.tree.id));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const pathOf = (id: string | null): string[] => {
        const row = id === null ? undefined : byId.get(id);
        return row ? [row.name, ...pathOf(row.parentId)] : [];
      };
      const stored = new Set(rows.map((row) => pathOf(row.id).join(', ')));
      for (const spellings of merged) {
        for (const spelling of spellings) expect.soft(stored, spelling).toContain(spelling);
      }
      // No two places within one parent have the same name.
      const siblings = new Set(rows.map((row) => `${row.parentId} ${row.name}`));
      expect(siblings.size).toBe(rows.length);
    });
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
    // Other names with their dates (issue 19, item 14): written as NAME with TYPE and _DATE.
    const annaNow = await client.get<{ revision: number }>(`${api}/person/${anna.id}`);
    const named = await client.put(`${api}/person/${anna.id}/names`, {
      revision: annaNow.body.revision,
      names: [
        { type: 'birth', fName: 'Anna', lName: 'Lindqvist', toDate: '1875-06-12' },
        { type: 'married', lName: 'Ek', fromDate: '1875-06-12', toDate: '1890' },
        { type: 'variant', fName: 'Annika', fromDate: '1880-05' },
      ],
    });
    if (named.status !== 200) throw new Error(`names: ${named.status} ${JSON.stringify(named.body)}`);
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
      expect(after.persons).toContainEqual(
        expect.objectContaining({
          own: expect.arrayContaining([
            [
              ['birth', null, 'Anna', null, 'Lindqvist', null, '1875-06-12'],
              ['married', null, null, null, 'Ek', '1875-06-12', '1890'],
              ['variant', null, 'Annika', null, null, '1880-05', null],
            ],
          ]),
        }),
      );
      expect(after.places).toContainEqual(
        expect.objectContaining({ path: 'Västra Fors, Sunne, Värmland, Sverige', lat: 59.83, lng: -13.14 }),
      );
    });
  }
});

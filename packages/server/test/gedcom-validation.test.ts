import type { GedcomImportAnswer, GedcomWarningCodeName } from '@anor/core';
import { type GedcomNode, parse } from '@anor/gedcom';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  event,
  location,
  mediaObject,
  person,
  repository,
  sourceRecord,
  subscription,
  tree,
} from '../src/db/schema.ts';
import { createTree, signUp, type TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 18, items 11 and 12: what a GEDCOM file brings in obeys the API's rules. A value too long
 * for its field is shortened (the full value kept for export) or refused; a link that is not http(s)
 * and a value with characters Anor refuses are refused; each is reported with its line and kept as
 * GEDCOM text, so that export gives it back. No value the API or the importer accepts can fail an
 * index ("index row requires 34416 bytes").
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Letters a compressor cannot shrink (an index stores long values compressed when it can). */
function letters(count: number, seed: number, alphabet = 'abcdefghijklmnopqrstuvwxyzåäöéü'): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += alphabet[state % alphabet.length];
  }
  return text;
}

/** A CJK title of `count` different-looking characters (three bytes each in UTF-8). */
function cjk(count: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += String.fromCharCode(0x4e00 + (state % 20_000));
  }
  return text;
}

/** A GEDCOM line with a long value, split with CONC as files do (lines of at most 200 characters). */
function longLine(level: number, tag: string, value: string): string[] {
  const out = [`${level} ${tag} ${value.slice(0, 200)}`];
  for (let i = 200; i < value.length; i += 200) out.push(`${level + 1} CONC ${value.slice(i, i + 200)}`);
  return out;
}

async function paidUser(): Promise<{ client: TestClient; userId: string }> {
  const a = await signUp(t.app);
  await t.database.db
    .insert(subscription)
    .values({ userId: a.user.id, plan: 'yearly', validUntil: new Date(Date.now() + 86_400_000) });
  return { client: a.client, userId: a.user.id };
}

function lineOf(lines: string[], start: string): number {
  const index = lines.findIndex((text) => text.startsWith(start));
  if (index === -1) throw new Error(`no line ${start}`);
  return index + 1;
}

function warned(answer: GedcomImportAnswer, code: GedcomWarningCodeName): number[] {
  return (answer.warnings.find((group) => group.code === code)?.items ?? []).map((item) => item.line);
}

function childOf(node: GedcomNode | undefined, tag: string): GedcomNode | undefined {
  return node?.children.find((child) => child.tag === tag);
}

const given = letters(3000, 1);
const nick = letters(40, 2);
const place = letters(9000, 3);
const title = letters(9000, 4);
const repositoryName = letters(9000, 5);
const cause = letters(300, 6);
const typeName = letters(80, 7);
const occupation = letters(60, 8);
const page = letters(2500, 9);
const description = letters(12_000, 10);

const fileLines = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '1 FILE C:\\Släkt\\<min>\tfil.ged',
  '0 @I1@ INDI',
  ...longLine(1, 'NAME', `${given} /Lång/`),
  `2 NICK ${nick}`,
  '1 SEX M',
  '1 BIRT',
  '2 DATE 1 JAN 1900',
  ...longLine(2, 'PLAC', `${place}, Sunne, Sverige`),
  '2 SOUR @S1@',
  ...longLine(3, 'PAGE', page),
  '3 WWW javascript:alert(4)',
  `1 OCCU ${occupation}`,
  '1 DEAT',
  `2 CAUS ${cause}`,
  '1 EVEN',
  `2 TYPE ${typeName}`,
  ...longLine(1, 'DSCR', description),
  '0 @I2@ INDI',
  '1 NAME Karl <b>Johan</b> /Berg/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 2 FEB 1902',
  '2 PLAC Sunne, Sverige',
  '1 OBJE',
  '2 FILE javascript:alert(5)',
  '3 FORM jpg',
  '0 @I3@ INDI',
  '1 NAME Anna /Berg/',
  '1 BIRT',
  '2 DATE 3 MAR 1903',
  ...longLine(2, 'PLAC', `${place}, Sunne, Sverige`),
  '0 @S1@ SOUR',
  ...longLine(1, 'TITL', title),
  '1 WWW javascript:alert(1)',
  '1 REPO @R1@',
  '0 @S2@ SOUR',
  '1 TITL Kort titel',
  '1 WWW http://localhost/page',
  '0 @R1@ REPO',
  ...longLine(1, 'NAME', repositoryName),
  '1 WWW javascript:alert(2)',
  '0 @M1@ OBJE',
  '1 FILE javascript:alert(3)',
  '2 FORM jpg',
  '0 TRLR',
  '',
];
const file = fileLines.join('\n');

describe('GEDCOM import: values obey the API rules', () => {
  let answer: GedcomImportAnswer;
  let treeId: string;
  let client: TestClient;

  beforeAll(async () => {
    const user = await paidUser();
    client = user.client;
    const response = await client.post<GedcomImportAnswer>(
      `/api/user/${user.userId}/tree/gedcom`,
      new TextEncoder().encode(file),
    );
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(201);
    answer = response.body;
    treeId = answer.tree.id;
  });

  it('shortens an over-long name, title and repository name, and says so with their lines', async () => {
    const [first] = await t.database.db
      .select({ fName: person.fName, lName: person.lName, pName: person.pName, occupation: person.occupation })
      .from(person)
      .where(eq(person.id, answer.rootId as string));
    expect(first?.fName).toBe(given.slice(0, 50));
    expect(first?.lName).toBe('Lång');
    // A nickname over 30 characters and an occupation over 50 are refused (kept as GEDCOM lines).
    expect(first?.pName).toBeNull();
    expect(first?.occupation).toBeNull();
    const records = await t.database.db
      .select({ title: sourceRecord.title, url: sourceRecord.url })
      .from(sourceRecord)
      .where(eq(sourceRecord.treeId, treeId));
    expect(records.map((r) => r.title).sort()).toEqual(['Kort titel', title.slice(0, 1000)].sort());
    const [archive] = await t.database.db
      .select({ title: repository.title, www: repository.www })
      .from(repository)
      .where(eq(repository.treeId, treeId));
    expect(archive?.title).toBe(repositoryName.slice(0, 500));
    const shortened = warned(answer, 'value-shortened');
    expect(shortened).toEqual(
      expect.arrayContaining([
        lineOf(fileLines, `1 NAME ${given.slice(0, 10)}`),
        lineOf(fileLines, `1 TITL ${title.slice(0, 10)}`),
        lineOf(fileLines, `1 NAME ${repositoryName.slice(0, 10)}`),
        lineOf(fileLines, `1 DSCR ${description.slice(0, 10)}`),
        lineOf(fileLines, `2 TYPE ${typeName}`),
      ]),
    );
  });

  it('refuses an over-long place, cause, nickname and page, keeping them as GEDCOM lines', async () => {
    const places = await t.database.db
      .select({ name: location.name })
      .from(location)
      .where(eq(location.treeId, treeId));
    for (const row of places) expect(row.name.length).toBeLessThanOrEqual(200);
    expect(places.map((row) => row.name).sort()).toEqual(['Sunne', 'Sverige']);
    const events = await t.database.db
      .select({
        locationId: event.locationId,
        causeOfEvent: event.causeOfEvent,
        typeName: event.typeName,
        description: event.description,
      })
      .from(event)
      .where(eq(event.treeId, treeId));
    for (const row of events) {
      expect(row.causeOfEvent?.length ?? 0).toBeLessThanOrEqual(200);
      expect(row.typeName?.length ?? 0).toBeLessThanOrEqual(50);
      expect(row.description?.length ?? 0).toBeLessThanOrEqual(10_000);
    }
    const refused = warned(answer, 'value-too-long');
    expect(refused).toEqual(
      expect.arrayContaining([
        lineOf(fileLines, `2 PLAC ${place.slice(0, 10)}`),
        lineOf(fileLines, `3 PAGE ${page.slice(0, 10)}`),
        lineOf(fileLines, `2 NICK ${nick}`),
        lineOf(fileLines, `2 CAUS ${cause}`),
      ]),
    );
    // Both events at the long place are said (the place is refused for each).
    expect(refused.filter((line) => fileLines[line - 1]?.startsWith('2 PLAC'))).toHaveLength(2);
  });

  it('stores no link that is not an http(s) web address, and no name with characters the API refuses', async () => {
    const records = await t.database.db
      .select({ url: sourceRecord.url })
      .from(sourceRecord)
      .where(eq(sourceRecord.treeId, treeId));
    expect(records.map((r) => r.url)).toEqual([null, null]);
    const [archive] = await t.database.db
      .select({ www: repository.www })
      .from(repository)
      .where(eq(repository.treeId, treeId));
    expect(archive?.www).toBeNull();
    const media = await t.database.db
      .select({ fileReference: mediaObject.fileReference })
      .from(mediaObject)
      .where(eq(mediaObject.treeId, treeId));
    expect(media).toHaveLength(2);
    for (const row of media) expect(row.fileReference).not.toMatch(/javascript/i);
    const links = warned(answer, 'link-refused');
    expect(links).toEqual(
      expect.arrayContaining([
        lineOf(fileLines, '1 WWW javascript:alert(1)'),
        lineOf(fileLines, '1 WWW javascript:alert(2)'),
        lineOf(fileLines, '1 FILE javascript:alert(3)'),
        lineOf(fileLines, '3 WWW javascript:alert(4)'),
        lineOf(fileLines, '2 FILE javascript:alert(5)'),
        lineOf(fileLines, '1 WWW http://localhost/page'),
      ]),
    );
    const names = await t.database.db
      .select({ fName: person.fName, lName: person.lName })
      .from(person)
      .where(eq(person.treeId, treeId));
    expect(names.some((row) => row.fName?.includes('<'))).toBe(false);
    expect(warned(answer, 'value-invalid')).toEqual([lineOf(fileLines, '1 NAME Karl <b>')]);
    // The tree's name from HEAD.FILE obeys the tree-name rule: no path, no < > \ or control characters.
    const [row] = await t.database.db.select({ name: tree.name }).from(tree).where(eq(tree.id, treeId));
    expect(row?.name).toBe('min fil');
  });

  for (const version of ['5.5.1', '7.0'] as const) {
    it(`gives every refused or shortened value back unchanged on export (${version})`, async () => {
      const response = await client.get<string>(`/api/${treeId}/gedcom?version=${version}`);
      expect(response.status).toBe(200);
      const { records } = parse(response.body);
      const individuals = records.filter((record) => record.tag === 'INDI');
      const long = individuals.find((record) => childOf(record, 'NAME')?.value === `${given} /Lång/`);
      expect(long, 'the long NAME as written').toBeDefined();
      expect(long?.children.filter((child) => child.tag === 'NAME')).toHaveLength(1);
      expect(childOf(childOf(long, 'NAME'), 'NICK')?.value).toBe(nick);
      expect(childOf(long, 'OCCU')?.value).toBe(occupation);
      const birth = childOf(long, 'BIRT');
      expect(birth?.children.filter((child) => child.tag === 'PLAC').map((child) => child.value)).toEqual([
        `${place}, Sunne, Sverige`,
      ]);
      expect(childOf(childOf(birth, 'SOUR'), 'PAGE')?.value).toBe(page);
      expect(childOf(childOf(birth, 'SOUR'), 'WWW')?.value).toBe('javascript:alert(4)');
      expect(childOf(childOf(long, 'DEAT'), 'CAUS')?.value).toBe(cause);
      const even = long?.children.find((child) => child.tag === 'EVEN');
      expect(childOf(even, 'TYPE')?.value).toBe(typeName);
      expect(long?.children.filter((child) => child.tag === 'DSCR').map((child) => child.value)).toEqual([description]);
      const karl = individuals.find((record) => childOf(record, 'NAME')?.value === 'Karl <b>Johan</b> /Berg/');
      expect(karl, 'the refused NAME as written').toBeDefined();
      expect(karl?.children.filter((child) => child.tag === 'NAME')).toHaveLength(1);
      const sources = records.filter((record) => record.tag === 'SOUR');
      const longSource = sources.find((record) => childOf(record, 'TITL')?.value === title);
      expect(longSource, 'the long TITL as written').toBeDefined();
      expect(longSource?.children.filter((child) => child.tag === 'TITL')).toHaveLength(1);
      expect(childOf(longSource, 'WWW')?.value).toBe('javascript:alert(1)');
      const archive = records.find((record) => record.tag === 'REPO');
      expect(archive?.children.filter((child) => child.tag === 'NAME').map((child) => child.value)).toEqual([
        repositoryName,
      ]);
      expect(childOf(archive, 'WWW')?.value).toBe('javascript:alert(2)');
      const files = records
        .filter((record) => record.tag === 'OBJE')
        .flatMap((record) => record.children.filter((child) => child.tag === 'FILE').map((child) => child.value));
      // 7.0 writes the inline object as a record of its own; no object writes an empty FILE for a refused one.
      expect(files).toContain('javascript:alert(3)');
      expect(files.filter((value) => !value?.startsWith('javascript:'))).toEqual([]);
      const inline = childOf(karl, 'OBJE');
      const inlineFiles = inline?.pointer
        ? records
            .find((record) => record.xref === inline.pointer)
            ?.children.filter((child) => child.tag === 'FILE')
            .map((child) => child.value)
        : inline?.children.filter((child) => child.tag === 'FILE').map((child) => child.value);
      expect(inlineFiles).toEqual(['javascript:alert(5)']);
    });
  }

  it('imports its own export again without a fault', async () => {
    const user = await paidUser();
    const exported = await client.get<string>(`/api/${treeId}/gedcom?version=5.5.1`);
    const again = await user.client.post<GedcomImportAnswer>(
      `/api/user/${user.userId}/tree/gedcom`,
      new TextEncoder().encode(exported.body),
    );
    expect(again.status).toBe(201);
    expect(again.body.created.persons).toBe(3);
  });
});

describe('no index fails on a value the API accepts', () => {
  it('takes a record title of 1000 characters of three bytes each, and a repository title of 500', async () => {
    const user = await paidUser();
    const created = await createTree(user.client, user.userId, 'Index');
    const record = await user.client.post(`/api/${created.id}/source/record`, { record: { title: cjk(1000, 11) } });
    expect(record.status, JSON.stringify(record.body).slice(0, 300)).toBe(201);
    const archive = await user.client.post(`/api/${created.id}/source/repository`, {
      repository: { title: cjk(500, 12) },
    });
    expect(archive.status, JSON.stringify(archive.body).slice(0, 300)).toBe(201);
    const list = await user.client.get<{ items: { title: string }[] }>(`/api/${created.id}/source/false?pageSize=5`);
    expect(list.status).toBe(200);
  });

  it('refuses a media file reference the importer refuses, and takes a path', async () => {
    const user = await paidUser();
    const created = await createTree(user.client, user.userId, 'Media');
    const refused = await user.client.post<{ error: { code: string } }>(`/api/${created.id}/source/object`, {
      object: { fileReference: 'javascript:alert(1)' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('source.validation.fileReferenceInvalid');
    const taken = await user.client.post(`/api/${created.id}/source/object`, {
      object: { fileReference: 'C:\\Bilder\\anna.jpg' },
    });
    expect(taken.status).toBe(201);
  });

  it('takes the longest names of the widest characters, and a place name of 200', async () => {
    const user = await paidUser();
    const created = await createTree(user.client, user.userId, 'Index');
    // U+FB2C becomes three characters (six bytes) in NFC: the person's sort key holds each name three times.
    const wide = (count: number) => '\ufb2c'.repeat(count);
    const response = await user.client.post(`/api/${created.id}/person`, {
      person: { fName: wide(50), lName: wide(50), pName: wide(30) },
    });
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(201);
    const place = await user.client.post(`/api/${created.id}/location`, { location: { name: cjk(200, 14) } });
    expect(place.status, JSON.stringify(place.body).slice(0, 300)).toBe(201);
  });
});

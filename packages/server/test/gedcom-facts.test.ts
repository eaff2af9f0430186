import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Event, GedcomImportAnswer, SanityCheckAnswer } from '@anor/core';
import { type GedcomNode, parse } from '@anor/gedcom';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir } from '../../gedcom/test/support.ts';
import { event, gedcomExtra, person, subscription } from '../src/db/schema.ts';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 20 items 2, 3 and 6 on a real database with real files: facts and attributes keep their
 * kind and value, `1 DIV N` makes no divorce, a second birth is an alternative birth; and all of
 * it goes back out as the same GEDCOM lines, in 5.5.1 and in 7.0.
 */

let t: TestApp;
let client: TestClient;
let userId: string;
beforeAll(async () => {
  t = await createTestApp({ gedcomMaxBytes: 8 * 1024 * 1024 });
  const owner = await signUp(t.app);
  client = owner.client;
  userId = owner.user.id;
  await t.database.db
    .insert(subscription)
    .values({ userId, plan: 'yearly', validUntil: new Date(Date.now() + 365 * 86_400_000) });
});
afterAll(() => t.close());

async function importText(text: string | Uint8Array, name: string): Promise<GedcomImportAnswer> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const response = await client.request<GedcomImportAnswer>(
    'POST',
    `/api/user/${userId}/tree/gedcom?treeName=${encodeURIComponent(name)}`,
    bytes,
  );
  if (response.status !== 201) throw new Error(`import: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function exportText(treeId: string, version: '5.5.1' | '7.0'): Promise<string> {
  const response = await client.get<string>(`/api/${treeId}/gedcom?version=${version}`);
  if (response.status !== 200) throw new Error(`export: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function personId(treeId: string, fName: string, lName: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: person.id })
    .from(person)
    .where(and(eq(person.treeId, treeId), eq(person.fName, fName), eq(person.lName, lName)));
  if (!row) throw new Error(`no ${fName} ${lName}`);
  return row.id;
}

async function eventsOf(treeId: string, id: string): Promise<Event[]> {
  const response = await client.post<{ events: Event[] }>(`/api/${treeId}/event/node/${id}`, {});
  expect(response.status).toBe(200);
  return response.body.events;
}

/** Every `tag value` line at level 1 of the INDI and FAM records of a file, sorted. */
function recordLines(text: string): string[] {
  const { records } = parse(text);
  const out: string[] = [];
  for (const record of records) {
    if (record.tag !== 'INDI' && record.tag !== 'FAM') continue;
    for (const child of record.children) {
      const type = child.children.find((sub: GedcomNode) => sub.tag === 'TYPE')?.value;
      out.push(`${record.tag}.${child.tag} ${child.value ?? ''}${type ? ` [${type}]` : ''}`.trim());
    }
  }
  return out.sort();
}

/** The events of a tree as comparable tuples: type, subtype, own type name, value, date. */
async function eventTuples(treeId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({
      type: event.type,
      subtype: event.subtype,
      typeName: event.typeName,
      description: event.description,
      startDate: event.startDate,
    })
    .from(event)
    .where(eq(event.treeId, treeId));
  return rows
    .map((row) => [row.type, row.subtype, row.typeName, row.description, row.startDate].map(String).join(' | '))
    .sort();
}

const small = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Victoria /Hanover/',
  '1 SEX F',
  '1 TITL Queen of England',
  '1 NATI British',
  '1 RELI Church of England',
  '1 PROP Balmoral',
  '1 DSCR Short',
  '1 NCHI 9',
  '1 NMR 1',
  '1 CAST Royal',
  '1 IDNO 42',
  '2 TYPE Passport',
  '1 SSN 123-45-6789',
  '1 FACT Stamps',
  '2 TYPE Hobby',
  '1 FACT Anglican',
  '2 TYPE Religion',
  '1 EDUC Home',
  '1 EVEN Crowned',
  '2 TYPE Coronation',
  '2 DATE 28 JUN 1838',
  '1 BIRT',
  '2 DATE 24 MAY 1819',
  '1 BIRT',
  '2 DATE 25 MAY 1819',
  '2 NOTE A second source',
  '1 DEAT N',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Albert /Saxe-Coburg/',
  '1 SEX M',
  '1 FAMS @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I1@',
  '1 DIV N',
  '1 MARR',
  '2 DATE 10 FEB 1840',
  '0 TRLR',
  '',
].join('\n');

describe('facts, events that did not happen and alternative births from a file', () => {
  it('imports them as facts with kind and value, no divorce, and an alternative birth', async () => {
    const answer = await importText(small, 'Facts');
    const treeId = answer.tree.id;
    expect(await eventTuples(treeId)).toEqual(
      [
        'fact | title | null | Queen of England | null',
        'fact | nationality | null | British | null',
        'fact | religion | null | Church of England | null',
        'fact | property | null | Balmoral | null',
        'fact | physicalDescription | null | Short | null',
        'fact | childCount | null | 9 | null',
        'fact | marriageCount | null | 1 | null',
        'fact | caste | null | Royal | null',
        'fact | idNumber | null | 42 | null',
        'fact | socialSecurityNumber | null | 123-45-6789 | null',
        'fact | null | Hobby | Stamps | null',
        'fact | religion | null | Anglican | null',
        'education | null | null | Home | null',
        'other | null | Coronation | Crowned | 1838-06-28',
        'birth | null | null | null | 1819-05-24',
        'birth | alternativeBirth | null | null | 1819-05-25',
        'marriage | null | null | null | 1840-02-10',
      ].sort(),
    );
    // The person's birth is the first one; the alternative stands beside it.
    const victoria = await personId(treeId, 'Victoria', 'Hanover');
    const shown = await client.get<{ birth: { startDate: string } | null }>(`/api/${treeId}/person/${victoria}`);
    expect(shown.body.birth?.startDate).toBe('1819-05-24');
    const events = await eventsOf(treeId, victoria);
    expect(events.find((e) => e.subtype === 'title')).toMatchObject({ type: 'fact', description: 'Queen of England' });
  });

  for (const version of ['5.5.1', '7.0'] as const) {
    it(`writes them back as the same lines in ${version}, and reads the export back the same`, async () => {
      const first = await importText(small, `Facts ${version}`);
      const text = await exportText(first.tree.id, version);
      const lines = recordLines(text);
      expect(lines).toEqual(
        expect.arrayContaining([
          'INDI.TITL Queen of England',
          'INDI.NATI British',
          'INDI.RELI Church of England',
          'INDI.PROP Balmoral',
          'INDI.DSCR Short',
          'INDI.NCHI 9',
          'INDI.NMR 1',
          'INDI.CAST Royal',
          'INDI.IDNO 42 [Passport]',
          'INDI.SSN 123-45-6789',
          'INDI.FACT Stamps [Hobby]',
          'INDI.FACT Anglican [Religion]',
          'INDI.EDUC Home',
          'INDI.EVEN Crowned [Coronation]',
          'INDI.DEAT N',
          'FAM.DIV N',
        ]),
      );
      expect(lines.filter((line) => line.startsWith('INDI.BIRT'))).toHaveLength(2);
      expect(lines.filter((line) => line.startsWith('FAM.DIV'))).toEqual(['FAM.DIV N']);
      const second = await importText(text, `Facts ${version} again`);
      expect(await eventTuples(second.tree.id)).toEqual(await eventTuples(first.tree.id));
    });
  }

  it('a FACT whose TYPE named its kind goes out as FACT while the kind stays, as the kind’s tag once changed', async () => {
    const answer = await importText(
      [
        '0 HEAD',
        '1 CHAR UTF-8',
        '0 @I1@ INDI',
        '1 NAME Eva /Lund/',
        '1 FACT Anglican',
        '2 TYPE Religion',
        '0 TRLR',
        '',
      ].join('\n'),
      'Kind by TYPE',
    );
    const treeId = answer.tree.id;
    const eva = await personId(treeId, 'Eva', 'Lund');
    expect(recordLines(await exportText(treeId, '7.0'))).toContain('INDI.FACT Anglican [Religion]');
    const [fact] = await eventsOf(treeId, eva);
    expect(fact).toMatchObject({ type: 'fact', subtype: 'religion', typeName: null });
    const changed = await client.put(`/api/${treeId}/event/${fact?.id}`, {
      oldEvent: fact,
      newEvent: {
        type: 'fact',
        subtype: 'title',
        description: 'Anglican',
        participants: [{ personId: eva, role: 'primary' }],
      },
    });
    expect(changed.status).toBe(200);
    for (const version of ['5.5.1', '7.0'] as const) {
      const lines = recordLines(await exportText(treeId, version));
      expect(lines, version).toContain('INDI.TITL Anglican');
      expect(
        lines.filter((line) => line.startsWith('INDI.FACT')),
        version,
      ).toEqual([]);
    }
  });

  it('a fact or an alternative birth made by hand goes out as its GEDCOM line', async () => {
    const answer = await importText(
      ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Anna /Berg/', '1 BIRT', '2 DATE 1850', '0 TRLR', ''].join('\n'),
      'By hand',
    );
    const treeId = answer.tree.id;
    const anna = await personId(treeId, 'Anna', 'Berg');
    const post = (body: Record<string, unknown>) => client.post<{ event: Event }>(`/api/${treeId}/event`, body);
    const participants = [{ personId: anna, role: 'primary' }];
    // A second plain birth is refused; an alternative one is taken.
    const plain = await post({ type: 'birth', startDate: '1851', participants });
    expect(plain.status).toBe(409);
    expect((plain.body as unknown as ErrorBody).error.code).toBe('events.validation.alreadyHasEvent');
    expect((await post({ type: 'birth', subtype: 'alternativeBirth', startDate: '1851', participants })).status).toBe(
      201,
    );
    const title = await post({ type: 'fact', subtype: 'title', description: 'Countess', participants });
    expect(title.status).toBe(201);
    expect(title.body.event).toMatchObject({ type: 'fact', subtype: 'title', description: 'Countess' });
    const own = await post({ type: 'fact', typeName: 'Hobby', description: 'Stamps', participants });
    expect(own.body.event).toMatchObject({ type: 'fact', subtype: null, typeName: 'Hobby' });
    // A kind the type does not have is refused.
    const wrong = await post({ type: 'fact', subtype: 'cremation', description: 'x', participants });
    expect(wrong.status).toBe(400);
    expect((wrong.body as unknown as ErrorBody).error.code).toBe('events.validation.invalidSubtype');
    // The person's birth is still the first one.
    const shown = await client.get<{ birth: { startDate: string } | null }>(`/api/${treeId}/person/${anna}`);
    expect(shown.body.birth?.startDate).toBe('1850');

    for (const version of ['5.5.1', '7.0'] as const) {
      const lines = recordLines(await exportText(treeId, version));
      expect(lines, version).toEqual(expect.arrayContaining(['INDI.TITL Countess', 'INDI.FACT Stamps [Hobby]']));
      expect(
        lines.filter((line) => line.startsWith('INDI.BIRT')),
        version,
      ).toHaveLength(2);
    }
  });
});

describe('royal92 (a real file)', () => {
  const bytes = new Uint8Array(readFileSync(path.join(fixturesDir, 'real-world/royal92.ged')));
  const source = recordLines(new TextDecoder().decode(bytes));

  it('shows Victoria as Queen of England, and she and Albert are not divorced', async () => {
    const answer = await importText(bytes, 'royal92');
    const treeId = answer.tree.id;
    const victoria = await personId(treeId, 'Victoria', 'Hanover');
    const events = await eventsOf(treeId, victoria);
    expect(events.filter((e) => e.type === 'fact').map((e) => [e.subtype, e.description])).toEqual([
      ['title', 'Queen of England'],
    ]);
    expect(events.some((e) => e.type === 'divorce')).toBe(false);
    expect(events.some((e) => e.type === 'other')).toBe(false);
    // Every TITL a fact; a divorce only for the 74 `1 DIV Y`, none for the 9 `1 DIV N`.
    const titles = source.filter((line) => line.startsWith('INDI.TITL')).length;
    const count = async (type: string) =>
      (
        await t.database.db
          .select({ id: event.id })
          .from(event)
          .where(and(eq(event.treeId, treeId), eq(event.type, type)))
      ).length;
    expect(titles).toBe(1398);
    expect(await count('fact')).toBe(titles);
    expect(source.filter((line) => line === 'FAM.DIV N')).toHaveLength(9);
    expect(await count('divorce')).toBe(source.filter((line) => line === 'FAM.DIV Y').length);

    for (const version of ['5.5.1', '7.0'] as const) {
      const lines = recordLines(await exportText(treeId, version));
      const tally = (list: string[], prefix: string) => list.filter((line) => line.startsWith(prefix)).sort();
      expect(tally(lines, 'INDI.TITL'), version).toEqual(tally(source, 'INDI.TITL'));
      expect(tally(lines, 'FAM.DIV N'), version).toEqual(tally(source, 'FAM.DIV N'));
    }
  }, 300_000);
});

describe('migration 0021: trees imported before facts', () => {
  it('turns the events the import named into facts and alternative births, and leaves what the user changed', async () => {
    const answer = await importText(
      ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Old /Import/', '0 TRLR', ''].join('\n'),
      'Before facts',
    );
    const treeId = answer.tree.id;
    // Events as the import wrote them before: type other, named in the importer's language, the tag kept.
    const old = [
      { key: 'title', tag: 'TITL', typeName: 'Titel', verb: null, description: 'Queen of England' },
      { key: 'renamed', tag: 'TITL', typeName: 'Adelstitel', verb: null, description: 'Greve' },
      { key: 'verb', tag: 'RELI', typeName: 'Religion', verb: 'bekände sig till', description: 'Luthersk' },
      { key: 'fact', tag: 'FACT', typeName: 'Hobby', verb: null, description: 'Stamps' },
      { key: 'birth', tag: 'BIRT', typeName: 'Födelse', verb: null, description: null },
      { key: 'death', tag: 'DEAT', typeName: 'Death', verb: null, description: null },
      { key: 'census', tag: 'CENS', typeName: 'Folkräkning', verb: null, description: null },
    ].map((row) => ({ ...row, id: randomUUID() }));
    await t.database.db.insert(event).values(
      old.map((row) => ({
        treeId,
        id: row.id,
        type: 'other',
        typeName: row.typeName,
        typeNameVerb: row.verb,
        description: row.description,
      })),
    );
    await t.database.db
      .insert(gedcomExtra)
      .values(old.map((row) => ({ treeId, nodeId: row.id, nodeKind: 'event' as const, tag: row.tag, lines: [] })));

    const file = path.resolve(import.meta.dirname, '../drizzle/0021_facts.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await t.database.db.execute(sql.raw(statement));
    }

    const rows = await t.database.db
      .select({
        id: event.id,
        type: event.type,
        subtype: event.subtype,
        typeName: event.typeName,
        revision: event.revision,
      })
      .from(event)
      .where(eq(event.treeId, treeId));
    const byKey = Object.fromEntries(
      old.map((row) => {
        const found = rows.find((r) => r.id === row.id);
        return [row.key, [found?.type, found?.subtype, found?.typeName, found?.revision]];
      }),
    );
    expect(byKey).toEqual({
      title: ['fact', 'title', null, 2],
      renamed: ['other', null, 'Adelstitel', 1],
      verb: ['other', null, 'Religion', 1],
      fact: ['fact', null, 'Hobby', 2],
      birth: ['birth', 'alternativeBirth', null, 2],
      death: ['death', 'alternativeDeath', null, 2],
      census: ['other', null, 'Folkräkning', 1],
    });
  });
});

describe('an alternative death in the sanity check', () => {
  it('is not the death the rules read: a child born after it is no warning', async () => {
    const tree = await createTree(client, userId, 'Alternativ död');
    const builder = new FamilyBuilder(client, tree.id);
    const mother = await builder.create({ fName: 'Brita', lName: 'Ek', gender: 'female' });
    const child = await builder.childOf(mother.id, { fName: 'Karin', lName: 'Ek', gender: 'female' });
    const saved = await client.post(`/api/${tree.id}/event`, {
      type: 'death',
      subtype: 'alternativeDeath',
      startDate: '1850',
      participants: [{ personId: mother.id, role: 'primary' }],
    });
    expect(saved.status).toBe(201);
    const check = (startDate: string) =>
      client.post<SanityCheckAnswer>(`/api/${tree.id}/event/sanity`, {
        type: 'birth',
        startDate,
        participants: [{ personId: child.id, role: 'primary' }],
      });
    expect((await check('1855')).body.warnings).toEqual([]);
    // The death that counts is read.
    await client.post(`/api/${tree.id}/event`, {
      type: 'death',
      startDate: '1852',
      participants: [{ personId: mother.id, role: 'primary' }],
    });
    expect((await check('1855')).body.warnings.map((warning) => warning.code)).toEqual(['sanity.bornAfterMotherDeath']);
  });
});

describe('a living person’s facts seen by a visitor', () => {
  it('say neither their value nor their kind', async () => {
    const answer = await importText(
      [
        '0 HEAD',
        '1 CHAR UTF-8',
        '0 @I1@ INDI',
        '1 NAME Liv /Nu/',
        '1 BIRT',
        '2 DATE 1990',
        '1 BIRT',
        '2 DATE 1991',
        '1 RELI Lutheran',
        '0 @I2@ INDI',
        '1 NAME Gammal /Förr/',
        '1 BIRT',
        '2 DATE 1700',
        '1 DEAT',
        '2 DATE 1760',
        '1 TITL Greve',
        '0 TRLR',
        '',
      ].join('\n'),
      'Living facts',
    );
    const treeId = answer.tree.id;
    const share = await client.put<{ token: string }>(`/api/${treeId}/share`, { enabled: true });
    expect(share.status).toBe(200);
    const visitor = new TestClient(t.app);
    const seen = async (id: string) => {
      const response = await visitor.request<{ events: Event[] }>(
        'POST',
        `/api/${treeId}/event/node/${id}`,
        {},
        {
          'x-anor-share': share.body.token,
        },
      );
      expect(response.status).toBe(200);
      return response.body.events;
    };
    const living = await seen(await personId(treeId, 'Liv', 'Nu'));
    const text = JSON.stringify(living);
    expect(text).not.toContain('Lutheran');
    expect(text).not.toContain('religion');
    expect(text).not.toContain('alternativeBirth');
    // A dead person's fact is shown whole.
    const dead = await seen(await personId(treeId, 'Gammal', 'Förr'));
    expect(dead.find((e) => e.type === 'fact')).toMatchObject({ subtype: 'title', description: 'Greve' });
  });
});

import type { DuplicatePage, DuplicatePair, DuplicateSuggestAnswer, Event, ShareState } from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { NEIGHBOURS, WHOLE_KEY } from '../src/modules/duplicate/duplicate.repository.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 21, the duplicate finder: named cases of Nordic records scored with their reasons, "not a
 * duplicate" remembered, the suggestions of the person dialog, and the owner's only.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let api: string;
let treeId: string;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + 365 * 86_400_000));
  const tree = await createTree(owner.client, owner.user.id, 'Dubbletter');
  treeId = tree.id;
  api = `/api/${tree.id}`;
  const family = new FamilyBuilder(owner.client, tree.id);
  const place = await owner.client.post<{ location: { id: string } }>(`${api}/location`, {
    location: { name: 'Stenbrohult' },
  });
  const stenbrohult = place.body.location.id;
  const birth = async (personId: string, startDate: string, locationId?: string) => {
    const response = await owner.client.post<{ event: Event }>(`${api}/event`, {
      type: 'birth',
      startDate,
      ...(locationId ? { locationId } : {}),
      participants: [{ personId, role: 'primary' }],
    });
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  };
  // Anders Persson and Kerstin Nilsdotter, and their daughter Anna entered twice: once as
  // Andersdotter born 1850 in Stenbrohult, once (from a later record) as Andersson born 1851 there.
  const anders = await family.create({ fName: 'Anders', lName: 'Persson', gender: 'male' });
  const kerstin = await family.partnerOf(anders.id, { fName: 'Kerstin', lName: 'Nilsdotter', gender: 'female' });
  const anna1 = await family.childOf(anders.id, { fName: 'Anna', lName: 'Andersdotter', gender: 'female' }, kerstin.id);
  const anna2 = await family.childOf(anders.id, { fName: 'Anna', lName: 'Andersson', gender: 'female' }, kerstin.id);
  await birth(anna1.id, '1850-03-12', stenbrohult);
  await birth(anna2.id, '1851', stenbrohult);
  // Pehr Ericsson and Per Eriksson, born 1820 and 1821, parents unknown: a clerk's spelling.
  const pehr = await family.create({ fName: 'Pehr', lName: 'Ericsson', gender: 'male' });
  const per = await family.create({ fName: 'Per', lName: 'Eriksson', gender: 'male' });
  await birth(pehr.id, '1820');
  await birth(per.id, '1821');
  // Two Johan Anderssons born 1850 with different known fathers (Anders Persson and Anders Berg):
  // different persons, scored low.
  const otherAnders = await family.create({ fName: 'Anders', lName: 'Berg', gender: 'male' });
  const johan1 = await family.childOf(anders.id, { fName: 'Johan', lName: 'Andersson', gender: 'male' });
  const johan2 = await family.childOf(otherAnders.id, { fName: 'Johan', lName: 'Andersson', gender: 'male' });
  await birth(johan1.id, '1850');
  await birth(johan2.id, '1850');
  // Siblings of one name: the first Carl died, the next son born 1858 was named Carl (Karl) too.
  const carl1 = await family.childOf(anders.id, { fName: 'Carl', lName: 'Andersson', gender: 'male' }, kerstin.id);
  const carl2 = await family.childOf(anders.id, { fName: 'Karl', lName: 'Andersson', gender: 'male' }, kerstin.id);
  await birth(carl1.id, '1853');
  await birth(carl2.id, '1858');
  // Åke and Ake: different names.
  const ake1 = await family.create({ fName: 'Åke', lName: 'Lind', gender: 'male' });
  const ake2 = await family.create({ fName: 'Ake', lName: 'Lind', gender: 'male' });
  await birth(ake1.id, '1900');
  await birth(ake2.id, '1900');
  Object.assign(ids, {
    anders: anders.id,
    anna1: anna1.id,
    anna2: anna2.id,
    pehr: pehr.id,
    per: per.id,
    johan1: johan1.id,
    johan2: johan2.id,
    carl1: carl1.id,
    carl2: carl2.id,
    ake1: ake1.id,
    ake2: ake2.id,
  });
  const share = await owner.client.put<ShareState>(`${api}/share`, { enabled: true });
  token = share.body.token as string;
}, 120_000);
afterAll(() => t.close());

async function list(query = ''): Promise<DuplicatePage> {
  const response = await owner.client.get<DuplicatePage>(`${api}/duplicate${query}`);
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

function pairOf(page: DuplicatePage, x: string, y: string): DuplicatePair | undefined {
  return page.items.find(
    (pair) =>
      new Set([pair.a.id, pair.b.id]).size === 2 && [pair.a.id, pair.b.id].sort().join() === [x, y].sort().join(),
  );
}

describe('the duplicate finder', () => {
  it('finds Anna Andersdotter ~ Anna Andersson with the same parents, 1850 vs 1851, in Stenbrohult', async () => {
    const page = await list('?minScore=0&pageSize=100');
    const pair = pairOf(page, ids.anna1 as string, ids.anna2 as string);
    expect(pair).toBeDefined();
    const kinds = pair?.reasons.map((reason) => reason.kind);
    expect(kinds).toEqual(expect.arrayContaining(['nameVariant', 'birthNear', 'birthPlaceSame', 'sameParents']));
    const andersdotter = pair?.a.id === ids.anna1 ? pair?.a : pair?.b;
    expect(andersdotter?.lName).toBe('Andersdotter');
    expect(andersdotter?.birthPlace).toBe('Stenbrohult');
    expect(pair?.reasons.find((reason) => reason.kind === 'nameVariant')).toMatchObject({
      a: expect.stringMatching(/^Anders(dotter|son)$/),
      b: expect.stringMatching(/^Anders(dotter|son)$/),
    });
    const years = pair?.reasons.find((reason) => reason.kind === 'birthNear');
    expect([years?.a, years?.b].sort()).toEqual(['1850', '1851']);
    // 35 (name variant) + 15 (a year apart) + 10 (same birth place) + 40 (two shared parents), at most 100.
    expect(pair?.score).toBe(100);
    // The stored names are never changed by the folding.
    const rows = await queryRows<{ l_name: string }>(
      t.database.db,
      sql`select l_name from person where tree_id = ${treeId} and id in (${ids.anna1}, ${ids.anna2}) order by l_name`,
    );
    expect(rows.map((row) => row.l_name)).toEqual(['Andersdotter', 'Andersson']);
  });

  it('finds Pehr Ericsson ~ Per Eriksson and lists pairs best first, paged', async () => {
    const page = await list('?pageSize=100');
    const pair = pairOf(page, ids.pehr as string, ids.per as string);
    expect(pair?.score).toBe(35 + 15);
    expect(
      pair?.reasons.filter((reason) => reason.kind === 'nameVariant').map((reason) => [reason.a, reason.b]),
    ).toEqual(
      expect.arrayContaining([
        expect.arrayContaining(['Pehr', 'Per']),
        expect.arrayContaining(['Ericsson', 'Eriksson']),
      ]),
    );
    const scores = page.items.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(page.total).toBe(page.items.length);
    const first = await list('?pageSize=1&page=1');
    const second = await list('?pageSize=1&page=2');
    expect(first.total).toBe(page.total);
    expect(first.items[0]).toEqual(page.items[0]);
    expect(second.items[0]).toEqual(page.items[1]);
  });

  it('scores a different known father down, and likely siblings down', async () => {
    const all = await list('?minScore=0&pageSize=100');
    const johans = pairOf(all, ids.johan1 as string, ids.johan2 as string);
    expect(johans?.reasons.map((reason) => reason.kind)).toContain('differentFather');
    // 45 (same name) + 25 (same year) - 30 (different fathers) = 40: below the listed 50.
    expect(johans?.score).toBe(40);
    expect(pairOf(await list(), ids.johan1 as string, ids.johan2 as string)).toBeUndefined();
    const carls = pairOf(all, ids.carl1 as string, ids.carl2 as string);
    expect(carls?.reasons.map((reason) => reason.kind)).toEqual(
      expect.arrayContaining(['birthNear', 'siblingsLikely']),
    );
    expect(carls?.score).toBeLessThan(50);
  });

  it('keeps Åke and Ake apart: Å is a letter of its own', async () => {
    expect(pairOf(await list('?minScore=0&pageSize=100'), ids.ake1 as string, ids.ake2 as string)).toBeUndefined();
  });

  it('remembers "not a duplicate" and never lists the pair again', async () => {
    expect(pairOf(await list(), ids.pehr as string, ids.per as string)).toBeDefined();
    const marked = await owner.client.post(`${api}/duplicate/not-duplicate`, {
      personId: ids.per,
      otherPersonId: ids.pehr,
    });
    expect(marked.status).toBe(200);
    expect(pairOf(await list('?minScore=0&pageSize=100'), ids.pehr as string, ids.per as string)).toBeUndefined();
    // Again is no error and changes nothing.
    expect(
      (await owner.client.post(`${api}/duplicate/not-duplicate`, { personId: ids.pehr, otherPersonId: ids.per }))
        .status,
    ).toBe(200);
    const stored = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from person_not_duplicate where tree_id = ${treeId}`,
    );
    expect(stored[0]?.n).toBe(1);
  });

  it('refuses one person twice and an unknown person, with their codes', async () => {
    const same = await owner.client.post<ErrorBody>(`${api}/duplicate/not-duplicate`, {
      personId: ids.anna1,
      otherPersonId: ids.anna1,
    });
    expect(same.status).toBe(400);
    expect(same.body.error.code).toBe('duplicate.error.samePerson');
    const unknown = await owner.client.post<ErrorBody>(`${api}/duplicate/not-duplicate`, {
      personId: ids.anna1,
      otherPersonId: '01900000-0000-7000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('person.error.notFound');
  });

  it('computes the keys of persons written without them (older rows) at its next run', async () => {
    await t.database.db.execute(sql`update person set match_keys = null where tree_id = ${treeId}`);
    const page = await list('?minScore=0&pageSize=100');
    expect(pairOf(page, ids.anna1 as string, ids.anna2 as string)?.score).toBe(100);
    const pending = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from person where tree_id = ${treeId} and match_keys is null`,
    );
    expect(pending[0]?.n).toBe(0);
  });

  it('forgets the keys of a renamed person until they are computed again', async () => {
    const before = await queryRows<{ match_keys: string[] }>(
      t.database.db,
      sql`select match_keys from person where tree_id = ${treeId} and id = ${ids.ake2}`,
    );
    expect(before[0]?.match_keys).toEqual(['ake|lind']);
    await t.database.db.execute(sql`update person set f_name = 'Åke' where tree_id = ${treeId} and id = ${ids.ake2}`);
    const after = await queryRows<{ match_keys: string[] | null }>(
      t.database.db,
      sql`select match_keys from person where tree_id = ${treeId} and id = ${ids.ake2}`,
    );
    expect(after[0]?.match_keys).toBeNull();
    expect(pairOf(await list('?minScore=0&pageSize=100'), ids.ake1 as string, ids.ake2 as string)).toBeDefined();
  });
});

describe('an imported file', () => {
  it('stores the name keys of imported persons and their other names, and finds the pair', async () => {
    const file = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Kerstin /Ericsdotter/',
      '1 NAME Christina /Lind/',
      '2 TYPE married',
      '1 SEX F',
      '1 BIRT',
      '2 DATE 1790',
      '0 @I2@ INDI',
      '1 NAME Christina /Eriksdotter/',
      '1 SEX F',
      '1 BIRT',
      '2 DATE 1791',
      '0 TRLR',
      '',
    ].join('\n');
    const importer = await signUp(t.app);
    const imported = await importer.client.post<{ tree: { id: string } }>(
      `/api/user/${importer.user.id}/tree/gedcom`,
      new TextEncoder().encode(file),
    );
    expect(imported.status).toBe(201);
    const importedTree = imported.body.tree.id;
    const rows = await queryRows<{ f_name: string; match_keys: string[] | null }>(
      t.database.db,
      sql`select f_name, match_keys from person where tree_id = ${importedTree} order by f_name`,
    );
    // Written by the import itself, not left for the finder's first run.
    expect(rows).toEqual([
      { f_name: 'Christina', match_keys: ['kristina|p:erik'] },
      { f_name: 'Kerstin', match_keys: ['kristina|p:erik', 'kristina|lind'] },
    ]);
    const page = await importer.client.get<DuplicatePage>(`/api/${importedTree}/duplicate`);
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]?.reasons.filter((reason) => reason.kind === 'nameVariant')).toHaveLength(2);
  });
});

describe('a crowded name key', () => {
  it('compares each person with its nearest namesakes by birth, never all pairs', async () => {
    // 2 × WHOLE_KEY persons named Johan Andersson born in 1850: one key, one birth year.
    const crowd = 2 * WHOLE_KEY;
    const crowded = await createTree(owner.client, owner.user.id, 'Johan Andersson');
    await t.database.db.execute(sql`
      with people as (
        select gen_random_uuid() as id, gen_random_uuid() as event_id from generate_series(1, ${crowd}::int)
      ),
      persons as (
        insert into person (tree_id, id, f_name, l_name, gender, match_keys)
        select ${crowded.id}::uuid, id, 'Johan', 'Andersson', 'male', array['johan|p:anders'] from people
      ),
      births as (
        insert into event (tree_id, id, type, start_date, start_date_type, date_from, date_to)
        select ${crowded.id}::uuid, event_id, 'birth', '1850', 'exact', '1850-01-01', '1850-12-31' from people
      )
      insert into event_participant (tree_id, event_id, person_id, role)
      select ${crowded.id}::uuid, event_id, id, 'primary' from people`);
    const response = await owner.client.get<DuplicatePage>(`/api/${crowded.id}/duplicate?minScore=0&pageSize=5`);
    expect(response.status).toBe(200);
    // Each with the next NEIGHBOURS in birth order (fewer at the end), not all crowd × (crowd - 1) / 2.
    let capped = 0;
    for (let rank = 1; rank <= crowd; rank++) capped += Math.min(NEIGHBOURS, crowd - rank);
    expect(capped).toBeLessThan((crowd * (crowd - 1)) / 2);
    expect(response.body.total).toBe(capped);
    expect(response.body.items[0]?.score).toBe(45 + 25);
  });
});

describe('suggestions while adding a person', () => {
  it('names the existing Anna Andersdotter born 1850 in Stenbrohult for a typed Anna Andersson 1850', async () => {
    const response = await owner.client.get<DuplicateSuggestAnswer>(
      `${api}/duplicate/suggest?fName=Anna&lName=Andersson&birthDate=1850`,
    );
    expect(response.status).toBe(200);
    const found = response.body.suggestions.map((suggestion) => suggestion.person.id);
    expect(found).toEqual(expect.arrayContaining([ids.anna1, ids.anna2]));
    const andersdotter = response.body.suggestions.find((suggestion) => suggestion.person.id === ids.anna1);
    expect(andersdotter?.person).toMatchObject({
      fName: 'Anna',
      lName: 'Andersdotter',
      birthYear: 1850,
      birthPlace: 'Stenbrohult',
    });
    expect(andersdotter?.reasons.map((reason) => reason.kind)).toEqual(['nameVariant', 'birthSame']);
  });

  it('leaves out a namesake born far from the typed year, and answers nothing for no name', async () => {
    const far = await owner.client.get<DuplicateSuggestAnswer>(
      `${api}/duplicate/suggest?fName=Anna&lName=Andersson&birthDate=1900`,
    );
    expect(far.body.suggestions).toEqual([]);
    const none = await owner.client.get<DuplicateSuggestAnswer>(`${api}/duplicate/suggest?lName=Andersson`);
    expect(none.body.suggestions).toEqual([]);
    const bad = await owner.client.get<ErrorBody>(`${api}/duplicate/suggest?fName=Anna&birthDate=soon`);
    expect(bad.status).toBe(400);
  });
});

describe('the owner only', () => {
  it('refuses visitors with the share link, signed in or not, and strangers', async () => {
    const visitor = new TestClient(t.app);
    const share = { 'x-anor-share': token };
    for (const url of [`${api}/duplicate`, `${api}/duplicate/suggest?fName=Anna&lName=Andersson`]) {
      const response = await visitor.request('GET', url, undefined, share);
      expect(response.status, url).toBe(403);
      expect(JSON.stringify(response.body)).not.toContain('Andersdotter');
    }
    const marked = await visitor.request(
      'POST',
      `${api}/duplicate/not-duplicate`,
      { personId: ids.anna1, otherPersonId: ids.anna2 },
      share,
    );
    expect(marked.status).toBe(403);
    const stranger = await signUp(t.app);
    expect((await stranger.client.get(`${api}/duplicate`)).status).toBe(404);
    expect((await new TestClient(t.app).get(`${api}/duplicate`)).status).toBe(401);
    // The refused mark changed nothing: the Annas are still listed.
    expect(pairOf(await list(), ids.anna1 as string, ids.anna2 as string)).toBeDefined();
  });
});

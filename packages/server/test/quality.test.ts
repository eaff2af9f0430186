import {
  type Event,
  type Person,
  type QualityReport,
  qualityItems,
  type SanityEvent,
  type SanityParentLink,
} from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { subscription } from '../src/db/schema.ts';
import * as qualityRepository from '../src/modules/quality/quality.repository.ts';
import { createQualityService } from '../src/modules/quality/quality.service.ts';
import { seedTree } from '../src/seed/seed-tree.ts';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { historyState } from './support/history.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/*
 * Issue 24: the data-quality report over the API. One tree holds, for every rule, a case that
 * triggers it and one that must not; the report is asked once and each rule's items are checked.
 * Then dismissing (a change of the tree, undone by the history) and who may ask.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let api: string;
let treeId: string;
let family: FamilyBuilder;
/** Each case's persons, events and places by label. */
const ids: Record<string, string> = {};
let report: QualityReport;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  // Over 20 persons: a subscriber's tree.
  await t.database.db
    .insert(subscription)
    .values({ userId: owner.user.id, plan: 'yearly', validUntil: new Date(Date.now() + 365 * 86_400_000) });
  const tree = await createTree(owner.client, owner.user.id, 'Kvalitet');
  treeId = tree.id;
  api = `/api/${tree.id}`;
  family = new FamilyBuilder(owner.client, tree.id);
  await build();
  report = await ask();
}, 300_000);
afterAll(() => t.close());

async function ask(query = '') {
  const response = await owner.client.get<QualityReport>(`${api}/quality${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function person(label: string, fName: string, more: Record<string, unknown> = {}, relation?: object) {
  const created: Person = await family.create({ fName, ...more }, relation as Record<string, unknown> | undefined);
  ids[label] = created.id;
  return created.id;
}

async function event(type: string, personId: string | null, startDate: string | null, more: object = {}) {
  const response = await owner.client.post<{ event: Event }>(`${api}/event`, {
    type,
    startDate,
    participants: personId ? [{ personId, role: type === 'residence' ? 'resident' : 'primary' }] : [],
    // What the event rules ask of these types.
    ...(type === 'residence' ? { location: 'Mora' } : {}),
    ...(type === 'occupation' ? { causeOfEvent: 'Dräng' } : {}),
    ...more,
  });
  if (response.status !== 201) throw new Error(`event: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.event.id;
}

async function place(label: string, name: string, lat: number, lng: number, ancestorId?: string) {
  const response = await owner.client.post<{ location: { id: string } }>(`${api}/location`, {
    location: { name, coordinates: { lat, lng } },
    ...(ancestorId ? { ancestorId } : {}),
  });
  expect(response.status).toBe(201);
  ids[label] = response.body.location.id;
  return response.body.location.id;
}

/** A parent of that gender with a child born on the date (the parent's own event given too). */
async function parentAndChild(label: string, gender: string, parentEvent: [string, string], childBirth: string) {
  const parent = await person(`${label}Parent`, `${label}P`, { gender });
  await event(parentEvent[0], parent, parentEvent[1]);
  const child = await person(`${label}Child`, `${label}C`, {}, { type: 'child', personId: parent });
  await event('birth', child, childBirth);
}

async function build() {
  // Death before birth.
  const dbb = await person('deathBeforeBirth', 'Dbb');
  await event('birth', dbb, '1850-03-12');
  await event('death', dbb, '1849');
  const dbbNot = await person('deathBeforeBirthNot', 'DbbNot');
  await event('birth', dbbNot, '1850-03-12');
  await event('death', dbbNot, '1850');
  // Events after the death, after the burial.
  const ad = await person('afterDeath', 'Ad');
  await event('death', ad, '1900-05-01');
  await event('residence', ad, '1901');
  const adNot = await person('afterDeathNot', 'AdNot');
  await event('death', adNot, '1900-05-01');
  await event('residence', adNot, '1899');
  const ab = await person('afterBurial', 'Ab');
  await event('burial', ab, '1900-05-08');
  await event('occupation', ab, '1901');
  // The server reads only the parts a rule can fire on (quality.repository.ts ruleParts): a part
  // as a witness after the death is one; a death "before 0001" is stored as year 1's first day, so
  // an event on that day is after it only on the dates as written.
  const adWitness = await person('afterDeathWitness', 'AdW');
  await event('death', adWitness, '1900-05-01');
  const baptised = await person('baptised', 'Baptised');
  await event('baptism', null, '1902', {
    participants: [
      { personId: baptised, role: 'primary' },
      { personId: adWitness, role: 'witness' },
    ],
  });
  const adEdge = await person('afterDeathEdge', 'AdEdge');
  await event('death', adEdge, '0001', { startDateType: 'before' });
  await event('residence', adEdge, '0001-01-01');
  // A death without a date: the burial ends the life.
  const abUndated = await person('afterBurialDeathUndated', 'AbU');
  await event('death', abUndated, null);
  await event('burial', abUndated, '1900-05-08');
  await event('occupation', abUndated, '1901');
  const abNot = await person('afterBurialNot', 'AbNot');
  await event('burial', abNot, '1900-05-08');
  await event('occupation', abNot, '1899');
  // Parents too young, too old; children born after a parent's death.
  await parentAndChild('young', 'male', ['birth', '1850-06-01'], '1861-06-01');
  await parentAndChild('youngNot', 'male', ['birth', '1850'], '1880');
  await parentAndChild('old', 'female', ['birth', '1800-01-01'], '1856-06-01');
  await parentAndChild('oldNot', 'male', ['birth', '1800-01-01'], '1856-06-01');
  await parentAndChild('motherDead', 'female', ['death', '1860-05-01'], '1860-05-02');
  await parentAndChild('motherDeadNot', 'female', ['death', '1860-05-01'], '1860-05-01');
  await parentAndChild('fatherDead', 'male', ['death', '1860-01-15'], '1860-11-16');
  await parentAndChild('fatherDeadNot', 'male', ['death', '1860-01-15'], '1860-11-15');
  // An impossible age.
  const aged = await person('aged', 'Aged');
  await event('birth', aged, '1790-01-01');
  await event('death', aged, '1902-01-01');
  const agedNot = await person('agedNot', 'AgedNot');
  await event('birth', agedNot, '1790');
  await event('death', agedNot, '1901');
  // No events.
  await person('noEvents', 'Tom');
  // A place without a date or a source; with a source; with a date.
  const mora = await place('mora', 'Mora', 61.0, 14.5);
  ids.placeNoDate = await event('emigration', ids.aged as string, null, { locationId: mora });
  ids.placeSourced = await event('emigration', ids.aged as string, null, { locationId: mora });
  const cited = await owner.client.post(`${api}/source/citation`, {
    citation: { whereWithinSourceText: 'Husförhörslängd AI:1 s. 3' },
    nodeId: ids.placeSourced,
  });
  expect(cited.status).toBe(201);
  ids.placeDated = await event('emigration', ids.aged as string, '1800', { locationId: mora });
  // Married younger than 15, and at 16.
  const bride = await person('bride', 'Bride');
  await event('birth', bride, '1850-06-01');
  const groom = await person('groom', 'Groom');
  await event('marriage', null, '1865-05-01', {
    participants: [
      { personId: bride, role: 'primary' },
      { personId: groom, role: 'primary' },
    ],
  });
  const brideNot = await person('brideNot', 'BrideNot');
  await event('birth', brideNot, '1850-01-01');
  await event('marriage', null, '1866-01-02', {
    participants: [
      { personId: brideNot, role: 'primary' },
      { personId: groom, role: 'primary' },
    ],
  });
  // Siblings of one mother: 6 months apart; twins a day apart.
  const mother = await person('siblingMother', 'Mor', { gender: 'female' });
  await event('birth', mother, '1845');
  for (const [label, date] of [
    ['first', '1870-01-10'],
    ['close', '1870-07-01'],
    ['twinA', '1872-03-03'],
    ['twinB', '1872-03-04'],
  ] as const) {
    await event('birth', await person(label, label, {}, { type: 'child', personId: mother }), date);
  }
  // A place whose longitude lost its sign, and one near its parent.
  const sweden = await place('sweden', 'Sverige', 62, 15);
  await place('farNot', 'Orsa', 61.12, 14.62, sweden);
  await place('far', 'Fel', 61.0, -14.5, sweden);
  // Two Anna Ek of one father born in 1880, and a third in 1881.
  const father = await person('dupFather', 'Far', { gender: 'male' });
  await event('birth', father, '1850');
  for (const [label, date] of [
    ['annaA', '1880-01-01'],
    ['annaB', '1880-05-05'],
    ['annaC', '1881-03-03'],
  ] as const) {
    await event('birth', await person(label, 'Anna', {}, { type: 'child', personId: father }), date);
  }
}

const itemsOf = (answer: QualityReport, rule: string) =>
  answer.groups.find((group) => group.rule === rule)?.items.filter((item) => !item.dismissed) ?? [];
const objectsOf = (answer: QualityReport, rule: string) => itemsOf(answer, rule).map((item) => item.objectId);

describe('the data-quality report', () => {
  it.each([
    ['sanity.deathBeforeBirth', 'deathBeforeBirth', 'deathBeforeBirthNot'],
    ['sanity.afterDeath', 'afterDeath', 'afterDeathNot'],
    ['sanity.afterDeath', 'afterDeathWitness', 'baptised'],
    ['sanity.afterDeath', 'afterDeathEdge', 'afterDeathNot'],
    ['sanity.afterBurial', 'afterBurial', 'afterBurialNot'],
    ['sanity.afterBurial', 'afterBurialDeathUndated', 'afterBurialNot'],
    ['sanity.parentTooYoung', 'youngParent', 'youngNotParent'],
    ['sanity.motherTooOld', 'oldParent', 'oldNotParent'],
    ['sanity.bornAfterMotherDeath', 'motherDeadParent', 'motherDeadNotParent'],
    ['sanity.bornLongAfterFatherDeath', 'fatherDeadParent', 'fatherDeadNotParent'],
    ['sanity.ageOver110', 'aged', 'agedNot'],
    ['quality.noEvents', 'noEvents', 'aged'],
    ['quality.placeWithoutDateOrSource', 'placeNoDate', 'placeSourced'],
    ['quality.placeWithoutDateOrSource', 'placeNoDate', 'placeDated'],
    ['quality.marriedYoung', 'bride', 'brideNot'],
    ['quality.siblingsClose', 'close', 'twinB'],
    ['quality.placeFarFromParent', 'far', 'farNot'],
    ['quality.duplicate', 'annaA', 'annaC'],
  ])('%s: found for %s, not for %s', (rule, found, notFound) => {
    const objects = objectsOf(report, rule);
    expect(objects).toContain(ids[found]);
    expect(objects).not.toContain(ids[notFound]);
  });

  it('counts each rule, names the objects and links the other end', () => {
    const group = (rule: string) => report.groups.find((each) => each.rule === rule);
    expect(group('quality.siblingsClose')).toMatchObject({ count: 1, dismissedCount: 0 });
    expect(itemsOf(report, 'quality.siblingsClose')).toMatchObject([
      { objectKind: 'person', objectId: ids.close, relatedKind: 'person', relatedId: ids.first },
    ]);
    expect(itemsOf(report, 'quality.duplicate')).toMatchObject([{ objectId: expect.any(String) }]);
    const [duplicate] = itemsOf(report, 'quality.duplicate');
    expect([duplicate?.objectId, duplicate?.relatedId].sort()).toEqual([ids.annaA, ids.annaB].sort());
    expect(report.persons[ids.bride as string]).toEqual({ name: 'Bride Ek' });
    expect(report.places[ids.far as string]).toEqual({ name: 'Fel' });
    expect(itemsOf(report, 'quality.placeFarFromParent')[0]?.values).toMatchObject({ limit: 500 });
    expect(report.events[ids.placeNoDate as string]).toMatchObject({ type: 'emigration', startDate: null });
    expect(report.groups.map((each) => each.rule)).toHaveLength(14);
    expect(report.groups.every((each) => each.count === each.items.length)).toBe(true);
  });

  it('answers the counts only with limit=0, and one rule with rule=', async () => {
    const counts = await ask('?limit=0');
    expect(counts.groups.every((group) => group.items.length === 0)).toBe(true);
    expect(counts.groups.map((group) => group.count)).toEqual(report.groups.map((group) => group.count));
    const one = await ask('?rule=quality.noEvents');
    expect(one.groups.filter((group) => group.items.length > 0).map((group) => group.rule)).toEqual([
      'quality.noEvents',
    ]);
  });

  it('keeps a dismissed item dismissed, as a change of the tree that undo takes back', async () => {
    const item = { rule: 'quality.noEvents', objectId: ids.noEvents, relatedId: null };
    const before = await historyState(t, treeId);
    const dismissed = await owner.client.post(`${api}/quality/dismiss`, item);
    expect(dismissed.status).toBe(200);
    const after = await historyState(t, treeId);
    expect(after.latest).toBeGreaterThan(before.latest);
    // Twice is once.
    expect((await owner.client.post(`${api}/quality/dismiss`, item)).status).toBe(200);
    const answer = await ask();
    const group = answer.groups.find((each) => each.rule === 'quality.noEvents');
    expect(objectsOf(answer, 'quality.noEvents')).not.toContain(ids.noEvents);
    expect(group?.items.find((each) => each.objectId === ids.noEvents)).toMatchObject({ dismissed: true });
    expect(group?.dismissedCount).toBe(1);

    const undo = await owner.client.post(`${api}/history/${after.latest}/undo`, {});
    expect(undo.status).toBe(200);
    expect(objectsOf(await ask(), 'quality.noEvents')).toContain(ids.noEvents);

    expect((await owner.client.post(`${api}/quality/dismiss`, item)).status).toBe(200);
    expect(objectsOf(await ask(), 'quality.noEvents')).not.toContain(ids.noEvents);
    expect((await owner.client.post(`${api}/quality/undismiss`, item)).status).toBe(200);
    expect(objectsOf(await ask(), 'quality.noEvents')).toContain(ids.noEvents);
  });

  it('dismisses by rule, object and the other object: a sibling pair, not another finding of the person', async () => {
    const pair = { rule: 'quality.siblingsClose', objectId: ids.close, relatedId: ids.first };
    expect((await owner.client.post(`${api}/quality/dismiss`, pair)).status).toBe(200);
    const answer = await ask();
    expect(objectsOf(answer, 'quality.siblingsClose')).toEqual([]);
    const other = { rule: 'quality.siblingsClose', objectId: ids.close, relatedId: ids.twinA };
    expect((await owner.client.post(`${api}/quality/undismiss`, other)).status).toBe(200);
    expect(objectsOf(await ask(), 'quality.siblingsClose')).toEqual([]);
    expect((await owner.client.post(`${api}/quality/undismiss`, pair)).status).toBe(200);
    expect(objectsOf(await ask(), 'quality.siblingsClose')).toEqual([ids.close]);
  });

  it('refuses an object not in the tree, a rule that does not exist, strangers and visitors', async () => {
    const missing = await owner.client.post(`${api}/quality/dismiss`, {
      rule: 'quality.placeFarFromParent',
      objectId: ids.aged,
      relatedId: null,
    });
    expect(missing.status).toBe(404);
    expect((missing.body as ErrorBody).error.code).toBe('location.error.notFound');
    const bad = await owner.client.post(`${api}/quality/dismiss`, {
      rule: 'quality.nope',
      objectId: ids.aged,
      relatedId: null,
    });
    expect(bad.status).toBe(400);
    const undismissMissing = await owner.client.post(`${api}/quality/undismiss`, {
      rule: 'quality.noEvents',
      objectId: ids.mora,
      relatedId: null,
    });
    expect(undismissMissing.status).toBe(404);

    const stranger = await signUp(t.app);
    expect([403, 404]).toContain((await stranger.client.get(`${api}/quality`)).status);
    const refused = await stranger.client.post(`${api}/quality/dismiss`, {
      rule: 'quality.noEvents',
      objectId: ids.noEvents,
      relatedId: null,
    });
    expect([403, 404]).toContain(refused.status);

    const share = await owner.client.put<{ token: string }>(`${api}/share`, { enabled: true });
    const visitor = new TestClient(t.app);
    const read = await visitor.request('GET', `${api}/quality`, undefined, { 'x-anor-share': share.body.token });
    expect(read.status).toBe(403);
  });
});

/**
 * The rules over every event part of the tree, each event's dates read from the dates as written:
 * what the report found before the server read only the parts a rule can fire on, with the stored
 * day ranges (quality.repository.ts `ruleParts`). Each finding as a line, sorted.
 */
async function foundOverEveryPart(tree: string): Promise<string[]> {
  const db = t.database.db;
  const [persons, events, eventFacts, parentLinks, places] = await Promise.all([
    queryRows<{ id: string; gender: 'male'; fName: string | null; lName: string | null }>(
      db,
      sql`select id, gender, f_name as "fName", l_name as "lName" from person where tree_id = ${tree}`,
    ),
    queryRows<SanityEvent>(
      db,
      sql`select e.id as "eventId", ep.person_id as "personId",
        case when coalesce(e.subtype, '') not in ('alternativeBirth', 'alternativeDeath') then e.type else 'other' end as type,
        ep.role, e.start_date as "startDate", e.start_date_type as "startDateType",
        e.end_date as "endDate", e.end_date_type as "endDateType"
      from event_participant ep join event e on e.tree_id = ep.tree_id and e.id = ep.event_id
      where ep.tree_id = ${tree} order by e.id`,
    ),
    qualityRepository.placedUndatedUnsourced(db, tree),
    queryRows<SanityParentLink>(
      db,
      sql`select parent_id as "parentId", child_id as "childId" from parent_child where tree_id = ${tree}`,
    ),
    qualityRepository.placesWithCoordinates(db, tree),
  ]);
  return qualityItems({ persons, events, eventFacts, parentLinks, places }).map(lineOf).sort();
}

const lineOf = (item: Omit<QualityReport['groups'][number]['items'][number], 'dismissed'>) =>
  [item.rule, item.objectId, item.relatedId, item.eventIds.join(','), JSON.stringify(item.values)].join(' ');

/** Every finding the report answers, open and dismissed, as lines. */
async function reported(tree: string, client: TestClient, headers: Record<string, string> = {}) {
  const response = await client.request<QualityReport>('GET', `/api/${tree}/quality?limit=500`, undefined, headers);
  expect(response.status).toBe(200);
  const body = response.body;
  for (const group of body.groups) expect(group.items).toHaveLength(group.count + group.dismissedCount);
  return body.groups.flatMap((group) => group.items.map(lineOf)).sort();
}

describe('the report reads only the event parts a rule can fire on', () => {
  it('and finds what the rules find over every part: this tree', async () => {
    const expected = await foundOverEveryPart(treeId);
    expect(expected.length).toBeGreaterThan(15);
    expect(await reported(treeId, owner.client)).toEqual(expected);
  });

  it('and on a generated tree with its life events, witnesses and marriages', async () => {
    const seeded = await seedTree(t.app.anor, {
      nodes: 150,
      email: `quality-seed-${Date.now()}@example.com`,
      password: 'quality seed password',
      treeName: 'Generated',
      events: true,
    });
    const expected = await foundOverEveryPart(seeded.treeId);
    const client = new TestClient(t.app);
    expect(await reported(seeded.treeId, client, { cookie: seeded.cookie })).toEqual(expected);
  }, 120_000);
});

describe('the report kept between calls is never older than the tree', () => {
  const revision = async () => {
    const [row] = await queryRows<{ revision: string }>(
      t.database.db,
      sql`select content_revision as revision from tree where id = ${treeId}`,
    );
    return Number(row?.revision);
  };

  it.each(['person', 'event', 'event_participant', 'parent_child', 'location', 'citation_link'])(
    'a statement that changes rows of %s raises the tree content revision',
    async (table) => {
      const before = await revision();
      await t.database.db.execute(sql`update ${sql.identifier(table)} set tree_id = tree_id where tree_id = ${treeId}`);
      expect(await revision()).toBe(before + 1);
      // A statement that changes nothing of the tree leaves it.
      await t.database.db.execute(sql`update ${sql.identifier(table)} set tree_id = tree_id where false`);
      expect(await revision()).toBe(before + 1);
    },
  );

  it('answers a change made through the API and one made beside it (an import, a restore) at once', async () => {
    const first = await ask();
    expect(objectsOf(first, 'quality.placeWithoutDateOrSource')).toContain(ids.placeNoDate);
    expect(objectsOf(first, 'quality.placeFarFromParent')).toContain(ids.far);
    // Asked again unchanged: the same answer.
    expect(await ask()).toEqual(first);

    const cited = await owner.client.post(`${api}/source/citation`, {
      citation: { whereWithinSourceText: 'Husförhörslängd AI:2 s. 7' },
      nodeId: ids.placeNoDate,
    });
    expect(cited.status).toBe(201);
    expect(objectsOf(await ask(), 'quality.placeWithoutDateOrSource')).not.toContain(ids.placeNoDate);

    await t.database.db.execute(
      sql`update location set lat = 61.1, lng = 14.6 where tree_id = ${treeId} and id = ${ids.far}`,
    );
    expect(objectsOf(await ask(), 'quality.placeFarFromParent')).not.toContain(ids.far);
    await t.database.db.execute(
      sql`update location set lat = 61.0, lng = -14.5 where tree_id = ${treeId} and id = ${ids.far}`,
    );
    expect(objectsOf(await ask(), 'quality.placeFarFromParent')).toContain(ids.far);
  });

  it('computes a tree once for calls that ask at the same time, and again after a change', async () => {
    // The service over a database that counts the rule parts' statement (quality.repository.ts ruleParts, the only one reading "from part").
    let computed = 0;
    const db = t.database.db;
    const counted = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(inner, property, receiver) {
          const value: unknown = Reflect.get(inner, property, receiver);
          if (typeof value !== 'function') return value;
          if (property === 'execute') {
            return (query: { queryChunks?: { value?: string[] }[] }) => {
              const chunks = query.queryChunks ?? [];
              if (chunks.some((chunk) => chunk.value?.join('').includes('from part'))) computed += 1;
              return value.call(inner, query);
            };
          }
          if (property === 'transaction') {
            return (work: (tx: object) => unknown, ...rest: unknown[]) =>
              value.call(inner, (tx: object) => work(counted(tx)), ...rest);
          }
          return value;
        },
      });
    const counting = counted(db);
    const service = createQualityService({ db: counting });
    const user = { id: owner.user.id, name: owner.user.fName, email: owner.user.email };
    const viewer = { user, shareToken: null, previewAsVisitor: false, roles: new Map() };
    const asked = () => service.report(treeId, viewer, { limit: 0 });
    const answers = await Promise.all([asked(), asked(), asked()]);
    expect(computed).toBe(1);
    expect(answers[1]).toEqual(answers[0]);
    expect(await asked()).toEqual(answers[0]);
    expect(computed).toBe(1);
    await db.execute(sql`update person set tree_id = tree_id where tree_id = ${treeId}`);
    expect(await asked()).toEqual(answers[0]);
    expect(computed).toBe(2);
  });
});

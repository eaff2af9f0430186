import type { Event, ShareState } from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { forgetDirtyPersons, refreshPublicPersons } from '../src/modules/privacy/privacy.repository.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The privacy cache (`person_public`, modules/privacy/): writes name the persons whose life events
 * or parent links changed, and a visit reconsiders those with their parents and children instead
 * of the whole tree. After every kind of edit the cache must hold exactly what a recomputation of
 * the whole tree holds, so that the incremental way can never leave a living person public.
 */
let t: TestApp;
const year = 365 * 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

async function sharedTree() {
  const owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, 'Privat träd');
  const share = await owner.client.put<ShareState>(`/api/${tree.id}/share`, { enabled: true });
  expect(share.status).toBe(200);
  const token = share.body.token as string;
  const api = `/api/${tree.id}`;
  const visitor = new TestClient(t.app);
  const visit = <T = unknown>(path: string) =>
    visitor.request<T>('GET', `${api}${path}`, undefined, { 'x-anor-share': token });
  const event = async (type: string, startDate: string, personId: string) => {
    const response = await owner.client.post<{ event: Event }>(`${api}/event`, {
      type,
      startDate,
      participants: [{ personId, role: 'primary' }],
    });
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body.event;
  };
  return { owner, treeId: tree.id, api, family: new FamilyBuilder(owner.client, tree.id), visit, event };
}

type Tree = Awaited<ReturnType<typeof sharedTree>>;

async function cacheOf(treeId: string) {
  const rows = await queryRows<{ id: string; sortKey: string }>(
    t.database.db,
    sql`select pp.person_id as id, pp.sort_key as "sortKey" from person_public pp
        where pp.tree_id = ${treeId} order by pp.person_id`,
  );
  const [tree] = await queryRows<{ count: number }>(
    t.database.db,
    sql`select public_count as count from tree_privacy where tree_id = ${treeId}`,
  );
  return { rows, count: tree?.count };
}

async function dirtyOf(treeId: string) {
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select person_id as id from person_privacy_dirty where tree_id = ${treeId} order by person_id`,
  );
  return rows.map((row) => row.id);
}

/**
 * A visitor's request brings the cache up to date; it must name exactly `expected` (the persons
 * presumed dead) and equal what recomputing the whole tree gives.
 */
async function expectPublic(tree: Tree, expected: string[]) {
  expect((await tree.visit('/mainnodes')).status).toBe(200);
  expect(await dirtyOf(tree.treeId)).toEqual([]);
  const incremental = await cacheOf(tree.treeId);
  expect(incremental.rows.map((row) => row.id)).toEqual([...expected].sort());
  expect(incremental.count).toBe(expected.length);
  await t.database.db.execute(sql`delete from tree_privacy where tree_id = ${tree.treeId}`);
  expect((await tree.visit('/mainnodes')).status).toBe(200);
  expect(await cacheOf(tree.treeId)).toEqual(incremental);
}

describe('the privacy cache', () => {
  it('follows every kind of edit person by person, and holds what a whole recomputation holds', async () => {
    const tree = await sharedTree();
    const { family, owner, api } = tree;
    // Sharing computed the cache, so the first visitor does not wait for the whole tree.
    expect(await cacheOf(tree.treeId)).toEqual({ rows: [], count: 0 });
    // Four generations, and a stranger: nobody has dates yet, so everyone is presumed living.
    const a = await family.create({ fName: 'Anders' });
    const b = await family.childOf(a.id, { fName: 'Britta' });
    const c = await family.childOf(b.id, { fName: 'Carl' });
    const d = await family.childOf(c.id, { fName: 'Dagny' });
    const e = await family.create({ fName: 'Eskil' });
    await expectPublic(tree, []);

    // Britta born in 1800: she, her father (a child born that long ago) and her son (a parent born
    // more than 175 years ago) are presumed dead; Dagny's father has no dates of his own yet.
    const bBirth = await tree.event('birth', '1800', b.id);
    await expectPublic(tree, [a.id, b.id, c.id]);

    // Her birth moved to 2000: all three are living again.
    const moved = await owner.client.put(`${api}/event/${bBirth.id}`, {
      oldEvent: { id: bBirth.id, revision: bBirth.revision },
      newEvent: { type: 'birth', startDate: '2000', participants: [{ personId: b.id, role: 'primary' }] },
    });
    expect(moved.status).toBe(200);
    await expectPublic(tree, []);

    // A death names only the person who died; the visit reconsiders her parents and children too.
    const dDeath = await tree.event('death', '2001', d.id);
    expect(await dirtyOf(tree.treeId)).toEqual([d.id]);
    await expectPublic(tree, [d.id]);

    // Carl born in 1850: he and Dagny. His mother Britta would be too (a child born that long ago),
    // but her own birth in 2000 keeps her private whatever her relatives say (issue 18, item 7).
    await tree.event('birth', '1850', c.id);
    await expectPublic(tree, [c.id, d.id]);

    // Britta is no longer Carl's mother: she stays living.
    const unlinked = await owner.client.request('DELETE', `${api}/person/${c.id}/parent`, { parentId: b.id });
    expect(unlinked.status).toBe(200);
    expect(await dirtyOf(tree.treeId)).toEqual([b.id, c.id].sort());
    await expectPublic(tree, [c.id, d.id]);

    // Without her death Dagny is still public through her father's birth in 1850 …
    expect((await owner.client.delete(`${api}/event/${dDeath.id}`)).status).toBe(200);
    await expectPublic(tree, [c.id, d.id]);
    // … until her father is deleted with his birth: then she is presumed living, and he is gone.
    expect((await owner.client.delete(`${api}/person/${c.id}`)).status).toBe(200);
    await expectPublic(tree, []);

    // Deleting the tree leaves nothing of its cache behind (the tables have no foreign key).
    await tree.event('birth', '1700', e.id);
    expect((await tree.visit('/mainnodes')).status).toBe(200);
    await tree.event('death', '1770', e.id);
    const rowsOf = async () => {
      const [rows] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select (select count(*) from person_public where tree_id = ${tree.treeId})
          + (select count(*) from person_privacy_dirty where tree_id = ${tree.treeId})
          + (select count(*) from tree_privacy where tree_id = ${tree.treeId}) as n`,
      );
      return Number(rows?.n);
    };
    expect(await rowsOf()).toBe(3);
    const deleted = await owner.client.request('DELETE', `${api}/tree/${tree.treeId}`, { password: owner.password });
    expect(deleted.status).toBe(200);
    expect(await rowsOf()).toBe(0);
  });

  it('keeps a person with own dates in the living years private, whatever relatives say (issue 18, item 7)', async () => {
    const tree = await sharedTree();
    const { family, owner, api } = tree;
    const at = async (body: Record<string, unknown>) => {
      const response = await owner.client.post<{ event: Event }>(`${api}/event`, body);
      if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
      return response.body.event;
    };
    const residence = (personId: string, startDate: string, role = 'primary') =>
      at({ type: 'residence', startDate, location: 'Sunne', participants: [{ personId, role }] });
    // Per was born in 1800: he is presumed dead, and so, by his birth, would be his children.
    const per = await family.create({ fName: 'Per' });
    await tree.event('birth', '1800', per.id);
    // Cecilia's own birth says 2001; she is linked to him only after the cache was computed.
    const cecilia = await family.create({ fName: 'Cecilia' });
    await tree.event('birth', '2001', cecilia.id);
    // Dag has no birth, but lived somewhere in 2010; Gun lived somewhere in 1900; Hans lived
    // somewhere in 2010 and died in 2015; Eva has nothing of her own.
    const dag = await family.childOf(per.id, { fName: 'Dag' });
    await residence(dag.id, '2010');
    const gun = await family.childOf(per.id, { fName: 'Gun' });
    const gunHome = await residence(gun.id, '1900');
    const hans = await family.childOf(per.id, { fName: 'Hans' });
    await residence(hans.id, '2010');
    await tree.event('death', '2015', hans.id);
    const eva = await family.childOf(per.id, { fName: 'Eva' });
    await expectPublic(tree, [per.id, gun.id, hans.id, eva.id]);

    // The link made after the cache was computed (the incremental way) does not make her public.
    const linked = await owner.client.put(`${api}/person/${cecilia.id}/parent`, { parentId: per.id });
    expect(linked.status).toBe(200);
    await expectPublic(tree, [per.id, gun.id, hans.id, eva.id]);

    // Gun's home moved to 2010 (a change of an event that is no birth or death), and Eva witnessed
    // a baptism in 2005 (a role other than primary): both are private now.
    const moved = await owner.client.put(`${api}/event/${gunHome.id}`, {
      oldEvent: { id: gunHome.id, revision: gunHome.revision },
      newEvent: {
        type: 'residence',
        startDate: '2010',
        location: 'Sunne',
        participants: [{ personId: gun.id, role: 'primary' }],
      },
    });
    expect(moved.status).toBe(200);
    const baby = await family.create({ fName: 'Bebis' });
    await at({
      type: 'baptism',
      startDate: '2005',
      participants: [
        { personId: baby.id, role: 'primary' },
        { personId: eva.id, role: 'witness' },
      ],
    });
    await expectPublic(tree, [per.id, hans.id]);

    // A parent's own recent dates count the same: Ulla, mother of a child born in 1850, lived somewhere in 1990.
    const old = await family.create({ fName: 'Olof' });
    await tree.event('birth', '1850', old.id);
    const ulla = await family.parentOf(old.id, { fName: 'Ulla' });
    await residence(ulla.id, '1990');
    await expectPublic(tree, [per.id, hans.id, old.id]);
  });

  it('keeps a visitor’s list by name in order when a public person is renamed, with the right totals', async () => {
    const tree = await sharedTree();
    const { family, owner, api } = tree;
    const names = ['Berg', 'Dahl', 'Ek'];
    const people = [];
    for (const lName of names) {
      const p = await family.create({ fName: 'Per', lName });
      await tree.event('birth', '1800', p.id);
      people.push(p);
    }
    const living = await family.create({ fName: 'Liv', lName: 'Almgren' });
    await tree.event('birth', '2000', living.id);
    type Page = { items: { lName: string | null }[]; total: number };
    const lastNames = async (query: string) => {
      const response = await tree.visit<Page>(`/person?sort=name&${query}`);
      expect(response.status).toBe(200);
      return { names: response.body.items.map((p) => p.lName), total: response.body.total };
    };
    expect(await lastNames('pageSize=10')).toEqual({ names: ['Berg', 'Dahl', 'Ek'], total: 3 });

    // Å sorts after Z in Swedish: Berg, renamed Åberg, moves last, on the second page of two.
    const berg = people[0]?.id as string;
    const renamed = await owner.client.put(`${api}/person/${berg}/name`, { fName: 'Per', lName: 'Åberg' });
    expect(renamed.status).toBe(200);
    expect(await lastNames('pageSize=10')).toEqual({ names: ['Dahl', 'Ek', 'Åberg'], total: 3 });
    expect(await lastNames('pageSize=2&page=2')).toEqual({ names: ['Åberg'], total: 3 });
    const sortKeys = await queryRows<{ same: boolean }>(
      t.database.db,
      sql`select pp.sort_key = p.sort_key as same from person_public pp
          join person p on p.tree_id = pp.tree_id and p.id = pp.person_id where pp.tree_id = ${tree.treeId}`,
    );
    expect(sortKeys).toEqual([{ same: true }, { same: true }, { same: true }]);

    // The event list's totals leave out the living person's birth, by type too.
    type Events = { items: Event[]; total: number };
    const visitorEvents = await tree.visit<Events>('/event?pageSize=50');
    expect(visitorEvents.body.total).toBe(3);
    expect(visitorEvents.body.items).toHaveLength(3);
    expect((await tree.visit<Events>('/event?type=birth&pageSize=50')).body.total).toBe(3);
    expect((await owner.client.get<Events>(`${api}/event?pageSize=50`)).body.total).toBe(4);
    // With the living person gone every person is public, and so is every event.
    expect((await owner.client.delete(`${api}/person/${living.id}`)).status).toBe(200);
    expect((await tree.visit<Events>('/event?pageSize=50')).body.total).toBe(3);
  });

  it('keeps a dirty person that a write named again after the refresh read it', async () => {
    const tree = await sharedTree();
    const [a, b] = [await tree.family.create({ fName: 'Alva' }), await tree.family.create({ fName: 'Bror' })];
    await tree.event('birth', '1800', a.id);
    await tree.event('birth', '1800', b.id);
    const read = await queryRows<{ id: string; version: string }>(
      t.database.db,
      sql`select person_id as id, version::text from person_privacy_dirty where tree_id = ${tree.treeId}`,
    );
    expect(read.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());
    // Bror's death is written after the refresh read him: his row gets the new write's version.
    await tree.event('death', '1870', b.id);
    await forgetDirtyPersons(t.database.db, tree.treeId, read);
    expect(await dirtyOf(tree.treeId)).toEqual([b.id]);
  });

  it('recomputes the whole tree for a new setting at once, and for a new day after answering', async () => {
    const tree = await sharedTree();
    const person = await tree.family.create({ fName: 'Nils' });
    const birthYear = new Date().getUTCFullYear() - 100;
    await tree.event('birth', String(birthYear), person.id);
    await expectPublic(tree, []);

    // Living for 90 years instead of 110: he is presumed dead, before the call returns.
    await refreshPublicPersons(t.database.db, tree.treeId, 90);
    expect((await cacheOf(tree.treeId)).rows.map((row) => row.id)).toEqual([person.id]);
    await refreshPublicPersons(t.database.db, tree.treeId, 110);
    expect((await cacheOf(tree.treeId)).rows).toEqual([]);

    // Fifteen years on, the 110 years have passed: the new day's recomputation runs after the call.
    const later = new Date(Date.now() + 15 * year);
    await refreshPublicPersons(t.database.db, tree.treeId, 110, later);
    const day = later.toISOString().slice(0, 10);
    await expect
      .poll(async () => {
        const [state] = await queryRows<{ on: string | null }>(
          t.database.db,
          sql`select computed_on::text as on from tree_privacy where tree_id = ${tree.treeId}`,
        );
        return state?.on;
      })
      .toBe(day);
    expect(await cacheOf(tree.treeId)).toEqual({ rows: [{ id: person.id, sortKey: expect.any(String) }], count: 1 });
  });
});

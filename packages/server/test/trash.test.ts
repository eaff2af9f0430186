import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  CreatedLocationAnswer,
  DeletedTree,
  Location,
  Media,
  Person,
  TrashAnswer,
  TrashRestoreAnswer,
  TreeInfo,
} from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../src/admin/backup.ts';
import { restoreDatabase } from '../src/admin/restore.ts';
import { queryRows } from '../src/db/rows.ts';
import { sweepTrash } from '../src/modules/trash/trash.sweep.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { treeContent } from './support/history.ts';
import { jpeg, upload } from './support/media.ts';
import { createTestApp, openTestDatabase, type TestApp } from './support/test-app.ts';

/**
 * The trash (issue 21): deleted objects are listed with their links for 30 days and restored by
 * undoing their delete; then the sweep purges them. A deleted tree stays in its owner's trash as
 * long, hidden from everyone, and comes back within the owner's limits. Time is moved in the
 * database (the change set's or the tree's timestamp), never waited for. Runs on PGlite and on
 * PostgreSQL (TEST_DB=postgres).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (response: { body: unknown }) => (response.body as ErrorBody).error?.code;

async function newOwner(treeName = 'Papperskorg') {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, treeName);
  const family = new FamilyBuilder(a.client, tree.id);
  const api = `/api/${tree.id}`;
  const trash = async (query = '') => {
    const response = await a.client.get<TrashAnswer>(`${api}/trash${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const restore = (changeSetId: number) => a.client.post<TrashRestoreAnswer>(`${api}/trash/${changeSetId}/restore`, {});
  const content = () => treeContent(t, tree.id);
  return { ...a, tree, family, api, trash, restore, content };
}

/** Moves a change set `days` days into the past. */
async function age(treeId: string, changeSetId: number, days: number) {
  await t.database.db.execute(
    sql`update history_change_set set created_at = now() - make_interval(days => ${days})
      where tree_id = ${treeId} and id = ${changeSetId}`,
  );
}

describe('the trash of a tree', () => {
  it('lists a deleted person with their name, who deleted them and the links that went with them', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    const erik = await o.family.childOf(anna.id, { fName: 'Erik', lName: 'Berg' });
    await o.family.partnerOf(erik.id, { fName: 'Greta', lName: 'Lund' });
    expect((await o.trash()).items).toEqual([]);
    expect((await o.client.delete(`${o.api}/person/${erik.id}`)).status).toBe(200);
    const { items, next } = await o.trash();
    expect(next).toBeNull();
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({ kind: 'person', id: erik.id, label: 'Erik Berg', userName: expect.any(String) });
    expect(Date.parse(item?.purgeAt ?? '') - Date.parse(item?.deletedAt ?? '')).toBe(30 * 24 * 60 * 60 * 1000);
    const links = Object.fromEntries((item?.links ?? []).map((link) => [link.kind, link.count]));
    expect(links).toMatchObject({ parentChild: 1, partner: 1 });
  });

  it('pages the trash on the server, newest first', async () => {
    const o = await newOwner();
    const ids: string[] = [];
    for (const name of ['Ett', 'Två', 'Tre']) {
      const person = await o.family.create({ fName: name });
      ids.push(person.id);
      expect((await o.client.delete(`${o.api}/person/${person.id}`)).status).toBe(200);
    }
    const first = await o.trash('?limit=2');
    expect(first.items.map((item) => item.label)).toEqual(['Tre Ek', 'Två Ek']);
    expect(first.next).not.toBeNull();
    const second = await o.trash(`?limit=2&before=${first.next}`);
    expect(second.items.map((item) => item.label)).toEqual(['Ett Ek']);
    expect(second.next).toBeNull();
  });

  it('restores a deleted person with their relations, and the trash no longer lists them', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna' });
    const erik = await o.family.childOf(anna.id, { fName: 'Erik' });
    const before = await o.content();
    await o.client.delete(`${o.api}/person/${erik.id}`);
    const [item] = (await o.trash()).items;
    const restored = await o.restore(item?.changeSetId as number);
    expect(restored.status).toBe(200);
    expect(restored.body.restored).toBe(item?.changeSetId);
    expect((await o.client.get(`${o.api}/person/${erik.id}`)).status).toBe(200);
    const family = await o.client.get(`${o.api}/person/${erik.id}/family`);
    expect(JSON.stringify(family.body)).toContain(anna.id);
    const strip = (value: unknown) => JSON.stringify(value).replace(/"(updated_at|revision)":("[^"]*"|\d+)/g, '');
    expect(strip(await o.content())).toEqual(strip(before));
    expect((await o.trash()).items).toEqual([]);
    // Restored once: not again.
    const again = await o.restore(item?.changeSetId as number);
    expect(again.status).toBe(404);
    expect(codeOf(again)).toBe('trash.error.notFound');
  });

  it('lists a deleted photo by its title with its links and portrait, and restores it with them (issue 22)', async () => {
    const o = await newOwner();
    const erik = await o.family.create({ fName: 'Erik' });
    const posted = await upload<{ media: Media }>(
      o.client,
      o.tree.id,
      { name: 'erik.jpg', bytes: await jpeg(20, 20) },
      { title: 'Erik vid båten', nodeId: erik.id, nodeKind: 'person' },
    );
    expect(posted.status).toBe(201);
    const media = posted.body.media;
    const crop = { x: 0, y: 0, width: 1, height: 1 };
    expect((await o.client.put(`${o.api}/person/${erik.id}/portrait`, { mediaId: media.id, crop })).status).toBe(200);
    expect((await o.client.delete(`${o.api}/media/${media.id}`)).status).toBe(204);
    const [item] = (await o.trash()).items;
    expect(item).toMatchObject({ kind: 'media', id: media.id, label: 'Erik vid båten', objectsInDelete: 1 });
    const links = Object.fromEntries((item?.links ?? []).map((link) => [link.kind, link.count]));
    expect(links).toEqual({ mediaLink: 1, portrait: 1 });
    expect((await o.restore(item?.changeSetId as number)).status).toBe(200);
    expect((await o.client.get(`${o.api}/media/${media.id}`)).status).toBe(200);
    expect((await o.client.get<Person>(`${o.api}/person/${erik.id}`)).body.portrait).toEqual({
      mediaId: media.id,
      crop,
    });
    expect((await o.trash()).items).toEqual([]);
  });

  it('restores one delete once when two restores of it come at the same time', async () => {
    const o = await newOwner();
    const erik = await o.family.create({ fName: 'Erik' });
    await o.client.delete(`${o.api}/person/${erik.id}`);
    const [item] = (await o.trash()).items;
    const both = await Promise.all([o.restore(item?.changeSetId as number), o.restore(item?.changeSetId as number)]);
    // The check that it is in the trash is made under the tree's lock: the second finds it restored.
    expect(both.map((response) => response.status).sort()).toEqual([200, 404]);
    expect(both.map(codeOf).filter(Boolean)).toEqual(['trash.error.notFound']);
    expect((await o.client.get(`${o.api}/person/${erik.id}`)).status).toBe(200);
    const [undos] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from history_change_set where tree_id = ${o.tree.id} and kind = 'undo'`,
    );
    expect(undos?.n).toBe(1);
  });

  it('refuses a restore past the tree’s limits, changing nothing', async () => {
    const o = await newOwner();
    const erik = await o.family.create({ fName: 'Erik' });
    await o.client.delete(`${o.api}/person/${erik.id}`);
    const [item] = (await o.trash()).items;
    // A free tree holds at most 20 persons: as if it held 20 now.
    await t.database.db.execute(sql`update tree set persons_count = 20 where id = ${o.tree.id}`);
    const before = await o.content();
    const refused = await o.restore(item?.changeSetId as number);
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('limit.persons');
    expect(await o.content()).toEqual(before);
    expect((await o.trash()).items).toHaveLength(1);
  });

  it('refuses a restore a later change depends on, naming it, and changes nothing', async () => {
    const o = await newOwner();
    const base = `${o.api}/location`;
    const parish = await o.client.post<CreatedLocationAnswer>(base, { location: { name: 'Sunne' } });
    const village = await o.client.post<CreatedLocationAnswer>(base, {
      location: { name: 'Västra Fors' },
      ancestorId: parish.body.location.id,
    });
    // Deleting only the parish moves the village up; renaming the village later builds on that.
    expect((await o.client.delete(`${base}/${parish.body.location.id}`)).status).toBe(200);
    const [item] = (await o.trash()).items;
    expect(item).toMatchObject({ kind: 'place', label: 'Sunne' });
    const renamed = await o.client.put<Location>(`${base}/${village.body.location.id}`, {
      updatedLocation: { name: 'Fors', parentId: null, coordinates: null },
    });
    expect(renamed.status).toBe(200);
    const before = await o.content();
    const refused = await o.restore(item?.changeSetId as number);
    expect(refused.status).toBe(409);
    expect(codeOf(refused)).toBe('history.error.dependentChange');
    expect((refused.body as unknown as ErrorBody).error.details).toMatchObject({ changeSet: expect.any(Number) });
    expect(await o.content()).toEqual(before);
    expect((await o.trash()).items).toHaveLength(1);
  });

  it('is the owner’s only: another user, nobody and a wrong change set are refused, changing nothing', async () => {
    const o = await newOwner();
    const erik = await o.family.create({ fName: 'Erik' });
    await o.client.delete(`${o.api}/person/${erik.id}`);
    const [item] = (await o.trash()).items;
    const other = await signUp(t.app);
    expect((await other.client.get(`${o.api}/trash`)).status).toBe(404);
    expect((await other.client.post(`${o.api}/trash/${item?.changeSetId}/restore`, {})).status).toBe(404);
    const { TestClient } = await import('./support/client.ts');
    const nobody = new TestClient(t.app);
    expect((await nobody.get(`${o.api}/trash`)).status).toBe(401);
    // A change set that deleted nothing is not in the trash.
    const anna = await o.family.create({ fName: 'Anna' });
    expect(anna.id).toBeTruthy();
    const sets = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from history_change_set where tree_id = ${o.tree.id} and kind = 'create' order by id desc limit 1`,
    );
    const notTrash = await o.restore(Number(sets[0]?.id));
    expect(notTrash.status).toBe(404);
    expect(codeOf(notTrash)).toBe('trash.error.notFound');
    expect((await o.client.get(`${o.api}/person/${erik.id}`)).status).toBe(404);
    expect((await o.client.get(`${o.api}/person/${anna.id}`)).status).toBe(200);
  });

  it('purges a delete older than 30 days: not listed, not restorable, its stored rows gone', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Hemlig', occupation: 'Piga' });
    const kept = await o.family.create({ fName: 'Karin' });
    await o.client.delete(`${o.api}/person/${anna.id}`);
    const [item] = (await o.trash()).items;
    const setId = item?.changeSetId as number;
    await age(o.tree.id, setId, 29);
    await sweepTrash(t.database.db);
    expect((await o.trash()).items).toHaveLength(1);
    await age(o.tree.id, setId, 31);
    expect((await o.trash()).items).toEqual([]);
    const swept = await sweepTrash(t.database.db);
    expect(swept.changeSets).toBeGreaterThanOrEqual(1);
    expect(codeOf(await o.restore(setId))).toBe('trash.error.notFound');
    const undo = await o.client.post(`${o.api}/history/${setId}/undo`, {});
    expect(undo.status).toBe(410);
    expect(codeOf(undo)).toBe('history.error.purged');
    // Nothing of what Anna was is stored any more, in any change set; the keys stay.
    const [left] = await queryRows<{ images: number; keys: number }>(
      t.database.db,
      sql`select count(*) filter (where old::text like '%Hemlig%' or new::text like '%Hemlig%')::int as images,
          count(*) filter (where node_id = ${anna.id})::int as keys
        from history_change where tree_id = ${o.tree.id}`,
    );
    expect(left).toEqual({ images: 0, keys: expect.any(Number) });
    expect(left?.keys).toBeGreaterThan(0);
    // What is still in the tree keeps its history (Karin's creation can still be undone).
    const [karinSet] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select change_set_id as id from history_change where tree_id = ${o.tree.id} and node_id = ${kept.id} and op = 'I'`,
    );
    expect((await o.client.post(`${o.api}/history/${karinSet?.id}/undo`, {})).status).toBe(200);
  });
});

describe('a deleted tree', () => {
  const dayMs = 24 * 60 * 60 * 1000;

  it('is hidden from everyone, listed for its owner with its purge date, and restorable', async () => {
    const o = await newOwner('Borttaget');
    await upsertSubscription(t.database.db, o.user.id, 'yearly', new Date(Date.now() + 365 * dayMs));
    const share = await o.client.put<{ token: string }>(`${o.api}/share`, { enabled: true });
    expect(share.status).toBe(200);
    const anna = await o.family.create({ fName: 'Anna' });
    const deleted = await o.client.delete(`${o.api}/tree/${o.tree.id}`, { password: o.password });
    expect(deleted.status).toBe(200);
    expect((await o.client.get(`${o.api}/tree`)).status).toBe(404);
    expect((await o.client.get(`${o.api}/person/${anna.id}`)).status).toBe(404);
    expect((await o.client.get(`${o.api}/trash`)).status).toBe(404);
    expect((await o.client.get<TreeInfo[]>(`/api/user/${o.user.id}/tree`)).body).toEqual([]);
    expect((await o.client.get(`/api/share/${share.body.token}`)).status).toBe(404);
    const list = await o.client.get<DeletedTree[]>(`/api/user/${o.user.id}/tree/deleted`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: o.tree.id, name: 'Borttaget', personsAmount: 2, total: 2 }),
    ]);
    expect(Date.parse(list.body[0]?.purgeAt ?? '') - Date.parse(list.body[0]?.deletedAt ?? '')).toBe(30 * dayMs);
    // Another user can neither see nor restore it.
    const other = await signUp(t.app);
    expect((await other.client.get(`/api/user/${o.user.id}/tree/deleted`)).status).toBe(403);
    expect((await other.client.post(`/api/user/${other.user.id}/tree/${o.tree.id}/restore`, {})).status).toBe(404);
    const restored = await o.client.post<TreeInfo>(`/api/user/${o.user.id}/tree/${o.tree.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: o.tree.id, name: 'Borttaget', personsAmount: 2 });
    expect((await o.client.get(`${o.api}/person/${anna.id}`)).status).toBe(200);
    expect((await o.client.get(`/api/share/${share.body.token}`)).status).toBe(200);
    expect((await o.client.get<DeletedTree[]>(`/api/user/${o.user.id}/tree/deleted`)).body).toEqual([]);
  });

  it('does not count against the tree limit while deleted, and is restored only within the limits', async () => {
    const o = await newOwner('Första');
    await o.client.delete(`${o.api}/tree/${o.tree.id}`, { password: o.password });
    // A free account has one tree: the deleted one does not count, and its name is free.
    const second = await createTree(o.client, o.user.id, 'Första');
    const refused = await o.client.post<ErrorBody>(`/api/user/${o.user.id}/tree/${o.tree.id}/restore`, {});
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('limit.trees');
    expect((await o.client.get<DeletedTree[]>(`/api/user/${o.user.id}/tree/deleted`)).body).toHaveLength(1);
    // With a paid plan the limit allows two trees, but the name is taken now.
    await upsertSubscription(t.database.db, o.user.id, 'yearly', new Date(Date.now() + 365 * dayMs));
    const taken = await o.client.post<ErrorBody>(`/api/user/${o.user.id}/tree/${o.tree.id}/restore`, {});
    expect(codeOf(taken)).toBe('tree.validation.treeNameAlreadyTaken');
    await o.client.put(`/api/${second.id}/tree/name`, { name: 'Andra' });
    const ok = await o.client.post<TreeInfo>(`/api/user/${o.user.id}/tree/${o.tree.id}/restore`, {});
    expect(ok.status).toBe(200);
    expect((await o.client.get<TreeInfo[]>(`/api/user/${o.user.id}/tree`)).body).toHaveLength(2);
  });

  it('refuses to restore a tree larger than a free plan allows', async () => {
    const o = await newOwner('Stort');
    await upsertSubscription(t.database.db, o.user.id, 'yearly', new Date(Date.now() + 365 * dayMs));
    await t.database.db.execute(sql`update tree set persons_count = 25 where id = ${o.tree.id}`);
    await o.client.delete(`${o.api}/tree/${o.tree.id}`, { password: o.password });
    // The subscription lapsed meanwhile: a free tree holds at most 20 persons.
    await upsertSubscription(t.database.db, o.user.id, 'yearly', new Date(Date.now() - dayMs));
    const refused = await o.client.post<ErrorBody>(`/api/user/${o.user.id}/tree/${o.tree.id}/restore`, {});
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('limit.persons');
    expect((await o.client.get(`${o.api}/tree`)).status).toBe(404);
  });

  it('is kept in the trash by a backup and its restore', async () => {
    const o = await newOwner('Säkerhetskopia');
    await o.client.delete(`${o.api}/tree/${o.tree.id}`, { password: o.password });
    const dir = await mkdtemp(path.join(tmpdir(), 'anor-trash-'));
    const file = path.join(dir, 'backup.anor.gz');
    const restored = await openTestDatabase();
    try {
      await backupDatabase(t.database.db, file, { database: t.database.kind });
      await restoreDatabase(restored.db, file);
      const [row] = await queryRows<{ deleted: boolean }>(
        restored.db,
        sql`select deleted_at is not null as deleted from tree where id = ${o.tree.id}`,
      );
      expect(row?.deleted).toBe(true);
    } finally {
      await restored.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is deleted for good with its history by the sweep after 30 days', async () => {
    const o = await newOwner('Gammalt');
    await o.client.delete(`${o.api}/tree/${o.tree.id}`, { password: o.password });
    await sweepTrash(t.database.db);
    const count = async () => {
      const [row] = await queryRows<{ trees: number; history: number }>(
        t.database.db,
        sql`select (select count(*) from tree where id = ${o.tree.id})::int as trees,
          (select count(*) from history_change_set where tree_id = ${o.tree.id})::int as history`,
      );
      return row;
    };
    expect((await count())?.trees).toBe(1);
    await t.database.db.execute(sql`update tree set deleted_at = now() - interval '31 days' where id = ${o.tree.id}`);
    expect((await o.client.get<DeletedTree[]>(`/api/user/${o.user.id}/tree/deleted`)).body).toEqual([]);
    const restore = await o.client.post(`/api/user/${o.user.id}/tree/${o.tree.id}/restore`, {});
    expect(codeOf(restore)).toBe('trash.error.notFound');
    expect((await sweepTrash(t.database.db)).trees).toBeGreaterThanOrEqual(1);
    expect(await count()).toEqual({ trees: 0, history: 0 });
  });
});

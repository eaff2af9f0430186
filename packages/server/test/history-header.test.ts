import type { ChangeSet, HistoryAnswer, Person, ShareState } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The `Anor-Change-Set` answer header (issue 21, "after a save or delete the notice offers undo"):
 * a write that recorded a change set names it, so the web can undo exactly that save; a read, a
 * write that changed nothing, a refused write and a visitor's request answer none. PGlite and
 * PostgreSQL (TEST_DB=postgres).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const header = 'anor-change-set';

async function owner() {
  const a = await signUp(t.app);
  await upsertSubscription(t.database.db, a.user.id, 'yearly', new Date(Date.now() + 365 * 86_400_000));
  const tree = await createTree(a.client, a.user.id, 'Rubriker');
  const api = `/api/${tree.id}`;
  const latest = async (): Promise<ChangeSet | undefined> =>
    (await a.client.get<HistoryAnswer>(`${api}/history?limit=1`)).body.changeSets[0];
  return { ...a, tree, api, family: new FamilyBuilder(a.client, tree.id), latest };
}

describe('Anor-Change-Set', () => {
  it("a save answers its change set's id, the one the history lists and undo takes", async () => {
    const o = await owner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    const saved = await o.client.put<Person>(`${o.api}/person/${anna.id}`, { fName: 'Annika', lName: 'Berg' });
    expect(saved.status).toBe(200);
    const id = Number(saved.headers[header]);
    expect(id).toBeGreaterThan(0);
    expect((await o.latest())?.id).toBe(id);
    const undone = await o.client.post<{ undone: number; changeSet: number }>(`${o.api}/history/${id}/undo`, {});
    expect(undone.status).toBe(200);
    expect(undone.body.undone).toBe(id);
    // The undo is a write of its own and names its own change set.
    expect(Number(undone.headers[header])).toBe(undone.body.changeSet);
    expect((await o.client.get<Person>(`${o.api}/person/${anna.id}`)).body.fName).toBe('Anna');
  });

  it('a delete answers it too', async () => {
    const o = await owner();
    const erik = await o.family.create({ fName: 'Erik', lName: 'Berg' });
    const deleted = await o.client.delete(`${o.api}/person/${erik.id}`);
    expect(deleted.status).toBeLessThan(300);
    expect(Number(deleted.headers[header])).toBe((await o.latest())?.id);
  });

  it('a read, a write that changed nothing and a refused write answer none', async () => {
    const o = await owner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    const before = (await o.latest())?.id;
    const read = await o.client.get(`${o.api}/person/${anna.id}`);
    expect(read.status).toBe(200);
    expect(read.headers[header]).toBeUndefined();
    const search = await o.client.post(`${o.api}/event/node/${anna.id}`, {});
    expect(search.status).toBe(200);
    expect(search.headers[header]).toBeUndefined();
    const same = await o.client.put(`${o.api}/person/${anna.id}`, { fName: 'Anna', lName: 'Berg' });
    expect(same.status).toBe(200);
    expect(same.headers[header]).toBeUndefined();
    const refused = await o.client.put(`${o.api}/person/${anna.id}`, { fName: 'Anna', gender: 'nonsense' });
    expect(refused.status).toBe(400);
    expect(refused.headers[header]).toBeUndefined();
    expect((await o.latest())?.id).toBe(before);
  });

  it("a visitor by the share link never gets one, nor does a stranger's refused write", async () => {
    const o = await owner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    const share = await o.client.put<ShareState>(`${o.api}/share`, { enabled: true });
    expect(share.status).toBe(200);
    const token = share.body.token as string;
    const visitor = new TestClient(t.app);
    const asVisitor = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      visitor.request(method, url, body, { 'x-anor-share': token });
    const read = await asVisitor('GET', `${o.api}/mainnodes`);
    expect(read.status).toBe(200);
    expect(read.headers[header]).toBeUndefined();
    const readPost = await asVisitor('POST', `${o.api}/event/node/${anna.id}`, {});
    expect(readPost.headers[header]).toBeUndefined();
    const write = await asVisitor('PUT', `${o.api}/person/${anna.id}`, { fName: 'Olga' });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(write.headers[header]).toBeUndefined();
    const stranger = await signUp(t.app);
    const strangerWrite = await stranger.client.put(`${o.api}/person/${anna.id}`, { fName: 'Olga' });
    expect(strangerWrite.status).toBeGreaterThanOrEqual(400);
    expect(strangerWrite.headers[header]).toBeUndefined();
  });
});

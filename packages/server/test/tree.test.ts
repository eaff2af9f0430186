import type { TreeInfo, UserInfo } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscription } from '../src/db/schema.ts';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function makePaid(userId: string, validUntil: Date) {
  await t.database.db.insert(subscription).values({ userId, plan: 'yearly', validUntil });
}

describe('creating trees', () => {
  it('creates a tree with an unnamed root person and lists it as a card', async () => {
    const a = await signUp(t.app);
    const created = await a.client.post<TreeInfo>(`/api/user/${a.user.id}/tree`, { treeName: '  Släkten Öberg  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Släkten Öberg',
      ownerId: a.user.id,
      isOwner: true,
      personsAmount: 1,
      locationsAmount: 0,
      eventsAmount: 0,
      sourcesAmount: 0,
      total: 1,
      limit: 5000,
    });
    expect(created.body.rootId).toHaveLength(36);
    const root = await t.database.db.query.person.findFirst({
      where: (person, { and, eq }) => and(eq(person.treeId, created.body.id), eq(person.id, created.body.rootId ?? '')),
    });
    expect(root?.fName).toBeNull();

    const list = await a.client.get<TreeInfo[]>(`/api/user/${a.user.id}/tree`);
    expect(list.body.map((tree) => tree.name)).toEqual(['Släkten Öberg']);
    const me = await a.client.get<UserInfo>(`/api/user/${a.user.id}`);
    expect(me.body.treeIds).toEqual([created.body.id]);
  });

  it('refuses a second tree on a free account with the limit code, and changes nothing', async () => {
    const a = await signUp(t.app);
    await createTree(a.client, a.user.id, 'First');
    const second = await a.client.post<ErrorBody>(`/api/user/${a.user.id}/tree`, { treeName: 'Second' });
    expect(second.status).toBe(403);
    expect(second.body.error.code).toBe('limit.trees');
    expect(second.body.error.details).toEqual({ limit: 'trees', max: 1 });
    expect((await a.client.get<TreeInfo[]>(`/api/user/${a.user.id}/tree`)).body).toHaveLength(1);
  });

  it('lets a paid account have several trees, with the paid node ceiling; an expired one is free again', async () => {
    const a = await signUp(t.app);
    await makePaid(a.user.id, new Date(Date.now() + 86_400_000));
    const first = await createTree(a.client, a.user.id, 'First');
    const second = await createTree(a.client, a.user.id, 'Second');
    expect(first.limit).toBe(100_000);
    expect(second.limit).toBe(100_000);

    const b = await signUp(t.app);
    await makePaid(b.user.id, new Date(Date.now() - 86_400_000));
    const tree = await createTree(b.client, b.user.id, 'Only');
    expect(tree.limit).toBe(5000);
    expect((await b.client.post(`/api/user/${b.user.id}/tree`, { treeName: 'More' })).status).toBe(403);
  });

  it('refuses a duplicate name (ignoring case and spaces) with its code', async () => {
    const a = await signUp(t.app);
    await makePaid(a.user.id, new Date(Date.now() + 86_400_000));
    await createTree(a.client, a.user.id, 'Släkten');
    const duplicate = await a.client.post<ErrorBody>(`/api/user/${a.user.id}/tree`, { treeName: ' SLÄKTEN ' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('tree.validation.treeNameAlreadyTaken');
    // Another user may use the same name.
    const b = await signUp(t.app);
    expect((await b.client.post(`/api/user/${b.user.id}/tree`, { treeName: 'Släkten' })).status).toBe(201);
  });

  it.each([
    ['', 'tree.validation.treeNameRequired'],
    ['   ', 'tree.validation.treeNameRequired'],
    ['x'.repeat(101), 'tree.validation.treeNameTooLong'],
    ['<script>', 'tree.validation.treeNameInvalidCharacters'],
    ['Tab\there', 'tree.validation.treeNameInvalidCharacters'],
  ])('refuses the name %j with %s', async (treeName, code) => {
    const a = await signUp(t.app);
    const response = await a.client.post<ErrorBody>(`/api/user/${a.user.id}/tree`, { treeName });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect((await a.client.get<TreeInfo[]>(`/api/user/${a.user.id}/tree`)).body).toEqual([]);
  });

  it('accepts a name of exactly 100 characters with letters of every kind', async () => {
    const a = await signUp(t.app);
    const name = `Æbeltoft-Ødegård & Þórsson (Väinö) #2 ${'å'.repeat(62)}`;
    expect(name).toHaveLength(100);
    expect((await createTree(a.client, a.user.id, name)).name).toBe(name);
  });
});

describe('renaming and deleting', () => {
  it('renames a tree, refusing a name another of the same owner has', async () => {
    const a = await signUp(t.app);
    await makePaid(a.user.id, new Date(Date.now() + 86_400_000));
    const first = await createTree(a.client, a.user.id, 'Första');
    await createTree(a.client, a.user.id, 'Andra');
    const clash = await a.client.put<ErrorBody>(`/api/${first.id}/tree/name`, { name: 'andra' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('tree.validation.treeNameAlreadyTaken');
    // Its own name in another case is fine.
    expect((await a.client.put<TreeInfo>(`/api/${first.id}/tree/name`, { name: 'FÖRSTA' })).body.name).toBe('FÖRSTA');
    const renamed = await a.client.put<TreeInfo>(`/api/${first.id}/tree/name`, { name: 'Ny början' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Ny början');
    expect((await a.client.get<TreeInfo>(`/api/${first.id}/tree`)).body.name).toBe('Ny början');
  });

  it('deletes a tree with the password only', async () => {
    const a = await signUp(t.app);
    const tree = await createTree(a.client, a.user.id, 'Doomed');
    const wrong = await a.client.delete<ErrorBody>(`/api/${tree.id}/tree/${tree.id}`, { password: 'not it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('auth.error.wrongPassword');
    expect((await a.client.get(`/api/${tree.id}/tree`)).status).toBe(200);

    const ok = await a.client.delete(`/api/${tree.id}/tree/${tree.id}`, { password: a.password });
    expect(ok.status).toBe(200);
    const gone = await a.client.get<ErrorBody>(`/api/${tree.id}/tree`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('tree.error.notFound');
    // The free account may create a tree again.
    await createTree(a.client, a.user.id, 'Doomed');
  });
});

describe('denials', () => {
  it("does not let user B read, rename or delete user A's tree", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const tree = await createTree(a.client, a.user.id, 'Private family');

    const read = await b.client.get<ErrorBody>(`/api/${tree.id}/tree`);
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe('tree.error.notFound');
    const rename = await b.client.put<ErrorBody>(`/api/${tree.id}/tree/name`, { name: 'Hijacked' });
    expect(rename.status).toBe(404);
    const remove = await b.client.delete<ErrorBody>(`/api/${tree.id}/tree/${tree.id}`, { password: b.password });
    expect(remove.status).toBe(403);
    expect(remove.body.error.code).toBe('tree.error.treeDeleteForbidden');
    expect(remove.body.error.message).toBe('You do not have permission to delete this tree.');
    const list = await b.client.get<ErrorBody>(`/api/user/${a.user.id}/tree`);
    expect(list.status).toBe(403);
    const create = await b.client.post<ErrorBody>(`/api/user/${a.user.id}/tree`, { treeName: 'Planted' });
    expect(create.status).toBe(403);

    const after = await a.client.get<TreeInfo[]>(`/api/user/${a.user.id}/tree`);
    expect(after.body.map((x) => x.name)).toEqual(['Private family']);
  });

  it('answers every tree and user route with 401 when nobody is signed in', async () => {
    const a = await signUp(t.app);
    const tree = await createTree(a.client, a.user.id, 'Anonymous test');
    const anonymous = new TestClient(t.app);
    const calls: [string, string, unknown][] = [
      ['GET', `/api/user/${a.user.id}`, undefined],
      ['GET', `/api/user/${a.user.id}/tree`, undefined],
      ['POST', `/api/user/${a.user.id}/tree`, { treeName: 'x' }],
      ['PUT', `/api/user/${a.user.id}/email`, { email: 'x@example.com', password: 'x' }],
      ['PUT', `/api/user/${a.user.id}/password`, { oldPassword: 'x', newPassword: 'xxxxxxxxx' }],
      ['DELETE', `/api/user/${a.user.id}`, { password: 'x' }],
      ['GET', `/api/${tree.id}/tree`, undefined],
      ['PUT', `/api/${tree.id}/tree/name`, { name: 'x' }],
      ['DELETE', `/api/${tree.id}/tree/${tree.id}`, { password: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      const response = await anonymous.request<ErrorBody>(method as 'GET', url, body);
      expect(response.status, `${method} ${url}`).toBe(401);
      expect(response.body.error.code).toBe('auth.error.sessionRequired');
    }
    expect((await a.client.get<TreeInfo>(`/api/${tree.id}/tree`)).body.name).toBe('Anonymous test');
  });

  it('answers a malformed tree id as not found', async () => {
    const a = await signUp(t.app);
    const response = await a.client.get<ErrorBody>('/api/not-a-uuid/tree');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('tree.error.notFound');
  });
});

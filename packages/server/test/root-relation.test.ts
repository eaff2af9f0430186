import type { Person } from '@anor/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentChild, person, tree as treeTable } from '../src/db/schema.ts';
import { createTree, signUp, type TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Root relations are kept up to date incrementally when links are added and recomputed when links
 * go. This drives a long random sequence of changes through the API and, after each, compares
 * every person's stored relation with one computed from scratch from the links.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function expectedRelations(treeId: string): Promise<Map<string, string>> {
  const db = t.database.db;
  const [treeRow] = await db.select().from(treeTable).where(eq(treeTable.id, treeId));
  const links = await db.select().from(parentChild).where(eq(parentChild.treeId, treeId));
  const people = await db.select({ id: person.id }).from(person).where(eq(person.treeId, treeId));
  const walk = (start: string, next: (id: string) => string[]) => {
    const seen = new Set<string>();
    const queue = next(start);
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...next(id));
    }
    return seen;
  };
  const rootId = treeRow?.rootId ?? '';
  const ancestors = walk(rootId, (id) => links.filter((l) => l.childId === id).map((l) => l.parentId));
  const descendants = walk(rootId, (id) => links.filter((l) => l.parentId === id).map((l) => l.childId));
  return new Map(
    people.map(({ id }) => [
      id,
      id === rootId ? 'root' : ancestors.has(id) ? 'ancestor' : descendants.has(id) ? 'descendant' : 'none',
    ]),
  );
}

async function storedRelations(treeId: string): Promise<Map<string, string>> {
  const rows = await t.database.db
    .select({ id: person.id, rootRelation: person.rootRelation })
    .from(person)
    .where(eq(person.treeId, treeId));
  return new Map(rows.map((row) => [row.id, row.rootRelation]));
}

describe('root relations under random edits', () => {
  it('always equal a computation from scratch', async () => {
    const owner = await signUp(t.app);
    await t.database.db.execute(
      // A paid plan: the sequence creates more than the free 20 persons.
      `insert into subscription (user_id, plan, valid_until) values ('${owner.user.id}', 'yearly', now() + interval '1 day')`,
    );
    const tree = await createTree(owner.client, owner.user.id, 'Random');
    const client: TestClient = owner.client;
    const base = `/api/${tree.id}`;
    const ids: string[] = [tree.rootId ?? ''];
    const next = random(42);
    const any = () => ids[Math.floor(next() * ids.length)] as string;
    let changes = 0;
    const seen = new Set<string>();

    for (let step = 0; step < 120; step++) {
      const roll = next();
      const a = any();
      const b = any();
      let response: { status: number; body: unknown };
      if (roll < 0.35 || ids.length < 4) {
        const type = (['parent', 'child', 'partner', 'sibling'] as const)[Math.floor(next() * 4)];
        response = await client.post<Person>(`${base}/person`, {
          person: { fName: `P${step}`, lName: 'R' },
          relation: { type, personId: a },
        });
        if (response.status === 201) ids.push((response.body as Person).id);
      } else if (roll < 0.6) {
        response = await client.put(`${base}/person/${a}/parent`, { parentId: b });
      } else if (roll < 0.7) {
        response = await client.delete(`${base}/relationship`, { startId: a, endId: b });
      } else if (roll < 0.78) {
        response = await client.delete(`${base}/person/${a}/family`);
      } else if (roll < 0.86) {
        response = await client.delete(`${base}/person/${a}`);
        if (response.status === 200) ids.splice(ids.indexOf(a), 1);
      } else if (roll < 0.93) {
        response = await client.put(`${base}/tree/root`, { rootId: a });
      } else {
        response = await client.delete(`${base}/person/${a}/parent`, { parentId: b, removeBothParents: next() < 0.5 });
      }
      expect(response.status, `step ${step}`).toBeLessThan(500);
      if (response.status < 300) changes += 1;
      const stored = await storedRelations(tree.id);
      expect(stored, `after step ${step}`).toEqual(await expectedRelations(tree.id));
      for (const relation of stored.values()) seen.add(relation);
    }
    // The sequence really exercised the model.
    expect(changes).toBeGreaterThan(60);
    expect([...seen].sort()).toEqual(['ancestor', 'descendant', 'none', 'root']);
  }, 120_000);
});

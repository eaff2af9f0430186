import type { DemoAnswer, Person, SharedTree } from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildDemoPlan, demoValidUntil, ensureDemoTree } from '../src/demo/demo-tree.ts';
import { demoEmail } from '../src/modules/demo/demo.service.ts';
import { findSubscription } from '../src/modules/user/user.repository.ts';
import { type ErrorBody, signUp, TestClient } from './support/client.ts';
import { createTestApp, openTestDatabase, type TestApp } from './support/test-app.ts';

/**
 * The landing page's demonstration tree (src/demo/): created at start when DEMO_TREE is on (the
 * test app turns it off unless asked), once, with the promised content, shared by a link that
 * GET /api/demo answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoTree: true });
}, 120_000);
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

async function demoTree() {
  const [tree] = await rows<{
    id: string;
    name: string;
    share_token: string;
    root_id: string;
    persons_count: number;
    locations_count: number;
    events_count: number;
    sources_count: number;
  }>(sql`select t.id, t.name, t.share_token, t.root_id, t.persons_count, t.locations_count, t.events_count, t.sources_count
         from tree t join "user" u on u.id = t.owner_id where u.email = ${demoEmail}`);
  if (!tree) throw new Error('no demo tree');
  return tree;
}

describe('the demonstration tree', () => {
  it('is created at start with a fictional Värmland family over seven generations', async () => {
    const tree = await demoTree();
    expect(tree.name).toBe('Familjen Lindqvist från Värmland');
    expect(tree.share_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tree.persons_count).toBe(25);
    expect(tree.locations_count).toBe(13);
    expect(tree.events_count).toBeGreaterThan(80);
    expect(tree.sources_count).toBe(25);

    // Births from 1779 to the youngest generation, all born after 1980 and living (no death or burial).
    const births = await rows<{ f_name: string; born: string; dead: boolean }>(sql`
      select p.f_name, e.start_date as born,
             exists (select 1 from event_participant d2 join event d on d.tree_id = d2.tree_id and d.id = d2.event_id
                     where d2.tree_id = p.tree_id and d2.person_id = p.id and d2.role = 'primary' and d.type in ('death', 'burial')) as dead
      from person p
      join event_participant ep on ep.tree_id = p.tree_id and ep.person_id = p.id and ep.role = 'primary'
      join event e on e.tree_id = ep.tree_id and e.id = ep.event_id and e.type = 'birth'
      where p.tree_id = ${tree.id} order by e.start_date`);
    expect(births).toHaveLength(25);
    expect(births[0]?.born).toBe('1779-03-12');
    const youngest = births.filter((b) => b.born >= '1981');
    expect(youngest.map((b) => b.f_name).sort()).toEqual(['Anna', 'Erik', 'Jonas', 'Sofia']);
    expect(youngest.every((b) => !b.dead)).toBe(true);
    expect(births.filter((b) => b.dead).length).toBeGreaterThanOrEqual(15);

    // Seven generations on the direct line, from Nils (1779) to Anna and Erik.
    const [depth] = await rows<{ generations: number }>(sql`
      with recursive line(id, n) as (
        select p.id, 1 from person p where p.tree_id = ${tree.id} and p.f_name = 'Nils' and p.l_name = 'Andersson'
        union all
        select pc.child_id, line.n + 1 from line join parent_child pc on pc.tree_id = ${tree.id} and pc.parent_id = line.id)
      select max(n)::int as generations from line`);
    expect(depth?.generations).toBe(7);

    // The root is in the middle: ancestors and descendants both show.
    const relations = await rows<{ root_relation: string; count: number }>(sql`
      select root_relation, count(*)::int as count from person where tree_id = ${tree.id} group by root_relation`);
    const byRelation = Object.fromEntries(relations.map((r) => [r.root_relation, r.count]));
    expect(byRelation).toMatchObject({ root: 1 });
    expect(byRelation.ancestor).toBeGreaterThanOrEqual(8);
    expect(byRelation.descendant).toBeGreaterThanOrEqual(4);
  });

  it('has places from farm to country with coordinates, church-record sources cited on events, and notes', async () => {
    const tree = await demoTree();
    const [farm] = await rows<{ path: string }>(sql`
      with recursive up(id, parent_id, name, n) as (
        select id, parent_id, name, 0 from location where tree_id = ${tree.id} and name = 'Lindåsen'
        union all
        select l.id, l.parent_id, l.name, up.n + 1 from up join location l on l.tree_id = ${tree.id} and l.id = up.parent_id)
      select string_agg(name, ', ' order by n) as path from up`);
    expect(farm?.path).toBe('Lindåsen, Sunne, Värmlands län, Sverige');
    const [unplaced] = await rows<{ count: number }>(
      sql`select count(*)::int as count from location where tree_id = ${tree.id} and lat is null`,
    );
    expect(unplaced?.count).toBe(0);

    const repositories = await rows<{ title: string }>(
      sql`select title from repository where tree_id = ${tree.id} order by title`,
    );
    expect(repositories.map((r) => r.title)).toEqual(['Riksarkivet', 'Värmlandsarkiv']);
    const records = await rows<{ title: string }>(sql`select title from source_record where tree_id = ${tree.id}`);
    for (const kind of ['Husförhörslängder', 'Födelse- och dopböcker', 'Död- och begravningsböcker']) {
      expect(records.some((r) => r.title.includes(kind))).toBe(true);
    }
    const [cited] = await rows<{ events: number; places: number }>(sql`
      select count(*) filter (where node_kind = 'event')::int as events, count(*) filter (where node_kind = 'location')::int as places
      from citation_link where tree_id = ${tree.id}`);
    expect(cited?.events).toBeGreaterThanOrEqual(20);
    expect(cited?.places).toBe(1);
    const notes = await rows<{ title: string; text: string; links: number }>(sql`
      select n.title, n.text, (select count(*)::int from note_link l where l.tree_id = n.tree_id and l.note_id = n.id) as links
      from note n where n.tree_id = ${tree.id}`);
    expect(notes.length).toBeGreaterThanOrEqual(4);
    expect(notes.every((n) => n.links === 1 && n.text.startsWith('<p>'))).toBe(true);
  });

  it('belongs to an owner nobody can sign in as, whose plan keeps the share link working', async () => {
    const [owner] = await rows<{ plan: string; valid_until: Date | string; password: string | null }>(sql`
      select s.plan, s.valid_until, a.password from "user" u
      join subscription s on s.user_id = u.id left join account a on a.user_id = u.id
      where u.email = ${demoEmail}`);
    expect(owner?.plan).toBe('yearly');
    expect(new Date(owner?.valid_until ?? 0).getTime()).toBe(demoValidUntil.getTime());
    expect(owner?.password).toMatch(/^\$argon2id\$/);
    const signIn = await new TestClient(t.app).post('/api/auth/signin/credentials', {
      email: demoEmail,
      password: 'demo',
    });
    expect(signIn.status).toBeGreaterThanOrEqual(400);
  });

  it('answers its share link at GET /api/demo, and visitors see it with the living persons private', async () => {
    const tree = await demoTree();
    const anonymous = new TestClient(t.app);
    const answer = await anonymous.get<DemoAnswer>('/api/demo');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ path: `/share/${tree.share_token}` });

    const opened = await anonymous.get<SharedTree>(`/api/share/${tree.share_token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ treeId: tree.id, name: 'Familjen Lindqvist från Värmland' });
    const share = { 'x-anor-share': tree.share_token };
    const root = await anonymous.request<Person>('GET', `/api/${tree.id}/person/${tree.root_id}`, undefined, share);
    expect(root.status).toBe(200);
    expect(root.body).toMatchObject({ fName: 'Karl-Erik', lName: 'Lindqvist' });
    const [anna] = await rows<{ id: string }>(
      sql`select id from person where tree_id = ${tree.id} and f_name = 'Anna'`,
    );
    const living = await anonymous.request('GET', `/api/${tree.id}/person/${anna?.id}`, undefined, share);
    expect(living.status).toBe(200);
    expect(JSON.stringify(living.body)).not.toContain('Anna');
    expect(JSON.stringify(living.body)).not.toContain('1981-04-10');
  });

  it('is created once: a second start, and starts racing each other, leave one demo', async () => {
    const before = await demoTree();
    const again = await buildApp({ config: t.app.anor.config, database: t.database, logger: false });
    await again.close();
    expect(await ensureDemoTree(t.database.db)).toEqual({
      treeId: before.id,
      token: before.share_token,
      created: false,
    });
    const after = await demoTree();
    expect(after).toEqual(before);

    const fresh = await openTestDatabase();
    try {
      const results = await Promise.all([ensureDemoTree(fresh.db), ensureDemoTree(fresh.db), ensureDemoTree(fresh.db)]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.token)).size).toBe(1);
      const counted = await fresh.db.execute(
        sql`select count(*)::int as trees from tree t join "user" u on u.id = t.owner_id where u.email = ${demoEmail}`,
      );
      expect((counted as unknown as { rows: { trees: number }[] }).rows[0]?.trees).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('answers 404 when the operator turned it off, and is not created then', async () => {
    const off = await createTestApp();
    try {
      const answer = await new TestClient(off.app).get<ErrorBody>('/api/demo');
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('common.error.notFound');
      const counted = await off.database.db.execute(sql`select count(*)::int as users from "user"`);
      expect((counted as unknown as { rows: { users: number }[] }).rows[0]?.users).toBe(0);
      // Someone who took the demo's address while it was off is never made its owner (nor given its plan).
      const squatter = await signUp(off.app, { email: demoEmail });
      await expect(ensureDemoTree(off.database.db)).rejects.toThrow(/not the demonstration tree's owner/);
      expect(await findSubscription(off.database.db, squatter.user.id)).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it('builds rows that pass the event rules and name every person, place and citation it uses', () => {
    const { rows: planned, plan, rootId } = buildDemoPlan();
    expect(planned.persons.map((p) => p.id)).toContain(rootId);
    expect(plan.parentLinks.length).toBeGreaterThanOrEqual(20);
    expect(plan.partnerLinks.every((link) => link.personA < link.personB)).toBe(true);
  });
});

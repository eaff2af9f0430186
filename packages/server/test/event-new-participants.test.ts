import type { Citation, Event, Person, TreeInfo } from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/*
 * Issue 19 items 1 and 3: an event's participants who are not in the tree yet (SPEC §3 `isNew`)
 * are created with the event in one transaction, and nobody is created when the event is refused;
 * an empty citation is refused on update as on create.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Created {
  event: Event;
}

async function newOwner() {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Nya deltagare');
  const family = new FamilyBuilder(a.client, tree.id);
  const api = `/api/${tree.id}`;
  const info = async () => (await a.client.get<TreeInfo>(`${api}/tree`)).body;
  /** Every person row of the tree (not only the counter), by first name. */
  const personNames = async () => {
    const result = await t.database.db.execute(
      sql`select f_name from person where tree_id = ${tree.id} order by f_name`,
    );
    return (result as unknown as { rows: { f_name: string | null }[] }).rows.map((row) => row.f_name);
  };
  return { ...a, tree, family, api, info, personNames };
}

function codeOf(response: { body: unknown }): string {
  return (response.body as ErrorBody).error.code;
}

const newPerson = (fName: string, lName: string, role: string, gender = 'female') => ({
  isNew: true,
  fName,
  lName,
  gender,
  role,
});

describe('new participants (isNew)', () => {
  it('creates the new person with the event, named and gendered as sent, and counts them', async () => {
    const o = await newOwner();
    const erik = await o.family.create({ fName: 'Erik', lName: 'Rud', gender: 'male' });
    const before = await o.info();
    const response = await o.client.post<Created>(`${o.api}/event`, {
      type: 'marriage',
      startDate: '1872-06-14',
      participants: [
        { personId: erik.id, role: 'primary' },
        newPerson('Maja', 'Lind', 'primary'),
        newPerson('Per', 'Lind', 'Vittne', 'male'),
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { event } = response.body;
    const maja = event.participants.find((p) => p.fName === 'Maja');
    const per = event.participants.find((p) => p.fName === 'Per');
    expect(maja).toMatchObject({ lName: 'Lind', gender: 'female', role: 'primary' });
    expect(per).toMatchObject({ lName: 'Lind', gender: 'male', role: 'witness' });
    const stored = await o.client.get<Person>(`${o.api}/person/${maja?.personId}`);
    expect(stored.body).toMatchObject({ fName: 'Maja', lName: 'Lind', gender: 'female', rootRelation: 'none' });
    expect((await o.info()).personsAmount).toBe(before.personsAmount + 2);
    // Found by search like any person.
    const found = await o.client.get<{ items: { id: string }[] }>(`${o.api}/person?q=maja`);
    expect(found.body.items.map((item) => item.id)).toContain(maja?.personId);
  });

  it('creates nobody when the event is refused, by a rule or by the schema', async () => {
    const o = await newOwner();
    const erik = await o.family.create({ fName: 'Erik', lName: 'Rud', gender: 'male' });
    const names = await o.personNames();
    const refusals: [Record<string, unknown>, string][] = [
      // A rule of the event: a birth takes one main person.
      [
        {
          type: 'birth',
          participants: [{ personId: erik.id, role: 'primary' }, newPerson('Anna', 'Rud', 'primary')],
        },
        'events.validation.roleNotAvailable',
      ],
      // A participant who does not exist, beside a new one.
      [
        {
          type: 'baptism',
          participants: [
            newPerson('Anna', 'Rud', 'primary'),
            { personId: '0190a5a0-0000-7000-8000-00000000beef', role: 'godparent' },
          ],
        },
        'person.error.notFound',
      ],
      // A bad date.
      [
        { type: 'birth', startDate: '1821-02-29', participants: [newPerson('Anna', 'Rud', 'primary')] },
        'events.validation.invalidDate',
      ],
      // The new person's names follow the person rules.
      [
        { type: 'birth', participants: [{ ...newPerson('Anna', '', 'primary') }] },
        'person.validation.lastNameRequired',
      ],
      // A new participant carries no id, and an existing one no names.
      [
        { type: 'birth', participants: [{ ...newPerson('Anna', 'Rud', 'primary'), personId: erik.id }] },
        'common.error.validation',
      ],
    ];
    for (const [body, code] of refusals) {
      const response = await o.client.post(`${o.api}/event`, body);
      expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      if (code !== 'common.error.validation') expect(codeOf(response)).toBe(code);
      expect(await o.personNames()).toEqual(names);
    }
    expect((await o.info()).eventsAmount).toBe(0);
  });

  it('adds a new person to a saved event on update, and a refused update creates nobody', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Rud', gender: 'female' });
    const created = await o.client.post<Created>(`${o.api}/event`, {
      type: 'baptism',
      startDate: '1850-03-17',
      participants: [{ personId: anna.id, role: 'primary' }],
    });
    const event = created.body.event;
    const names = await o.personNames();
    const participants = [{ personId: anna.id, role: 'primary' }, newPerson('Karin', 'Berg', 'godparent')];
    // A stale revision: refused, nothing created.
    const stale = await o.client.put(`${o.api}/event/${event.id}`, {
      oldEvent: { id: event.id, revision: event.revision + 5 },
      newEvent: { type: 'baptism', startDate: '1850-03-17', participants },
    });
    expect([stale.status, codeOf(stale)]).toEqual([409, 'events.error.conflict']);
    expect(await o.personNames()).toEqual(names);

    const updated = await o.client.put<{ event: Event }>(`${o.api}/event/${event.id}`, {
      oldEvent: { id: event.id, revision: event.revision },
      newEvent: { type: 'baptism', startDate: '1850-03-17', participants },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.event.participants).toEqual([
      expect.objectContaining({ personId: anna.id, role: 'primary' }),
      expect.objectContaining({ fName: 'Karin', lName: 'Berg', role: 'godparent' }),
    ]);
    expect(await o.personNames()).toEqual([...names, 'Karin'].sort());
  });

  it('keeps to the person limit: over it, neither the person nor the event is created', async () => {
    const o = await newOwner();
    // The free tier's 20 persons: the tree's counter as 19 more persons would leave it.
    await t.database.db.execute(sql`update tree set persons_count = 20 where id = ${o.tree.id}`);
    const names = await o.personNames();
    const response = await o.client.post(`${o.api}/event`, {
      type: 'birth',
      participants: [newPerson('Tjugoett', 'Gräns', 'primary')],
    });
    expect([response.status, codeOf(response)]).toEqual([403, 'limit.persons']);
    expect(await o.personNames()).toEqual(names);
    expect((await o.info()).eventsAmount).toBe(0);
  });
});

describe('the citation-required rule on update', () => {
  it('refuses to empty a stored citation and keeps it as it was', async () => {
    const o = await newOwner();
    const created = await o.client.post<Citation>(`${o.api}/source/citation`, {
      citation: { whereWithinSourceText: 'Sida 12' },
    });
    expect(created.status).toBe(201);
    const emptied = await o.client.put(`${o.api}/source/citation/${created.body.id}`, {
      citation: { whereWithinSourceText: '  ', whereWithinSourceURL: '', textFromSource: '<p>Född</p>' },
    });
    expect([emptied.status, codeOf(emptied)]).toEqual([400, 'source.validation.citationRequired']);
    const stored = await o.client.get<Citation>(`${o.api}/source/citation/${created.body.id}`);
    expect(stored.body.whereWithinSourceText).toBe('Sida 12');
  });
});

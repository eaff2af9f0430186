import type { ChangeSet, CreatedLocationAnswer, Event, Location, ObjectHistoryAnswer, ObjectLabels } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/client.ts';
import { newHistoryOwner } from './support/history.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The history's labels (issue 21): every answer of the history names the objects it mentions (a
 * person by name and life years, an event by type and date, a place by name), as they are now or,
 * once deleted, as they were; read set-wise. Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newOwner() {
  const o = await newHistoryOwner(t, 'Etiketter');
  const { client, api, recent } = o;
  const latest = async () => {
    const answer = await recent('?limit=1');
    return { set: answer.changeSets[0] as ChangeSet, labels: answer.labels };
  };
  const changesOf = async (changeSetId: number) => {
    const response = await client.get<{ labels: ObjectLabels }>(`${api}/history/changes?changeSetId=${changeSetId}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const historyOf = async (path: string, id: string) => {
    const response = await client.get<ObjectHistoryAnswer>(`${api}/${path}/${id}/history`);
    expect(response.status).toBe(200);
    return response.body;
  };
  return { ...o, latest, changesOf, historyOf };
}

describe('labels of the objects a history answer mentions', () => {
  it('names a person with life years when created and updated, and as they were once deleted', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    const created = await o.latest();
    expect(created.set.objectId).toBe(anna.id);
    expect(created.labels[anna.id]).toMatchObject({ kind: 'person', deleted: false, fName: 'Anna', lName: 'Berg' });

    const birth = await o.client.post(`${o.api}/event`, {
      type: 'birth',
      startDate: '1850',
      participants: [{ personId: anna.id, role: 'primary' }],
    });
    expect(birth.status).toBe(201);
    await o.client.put(`${o.api}/person/${anna.id}/name`, { fName: 'Annika', pName: null, lName: 'Berg' });
    const renamed = await o.latest();
    expect(renamed.set.kind).toBe('update');
    // The name as it is now, with the year of birth.
    expect(renamed.labels[anna.id]).toMatchObject({
      kind: 'person',
      fName: 'Annika',
      born: { year: 1850, type: 'exact' },
      died: null,
    });
    const own = await o.historyOf('person', anna.id);
    expect(own.labels[anna.id]).toMatchObject({ kind: 'person', fName: 'Annika' });

    expect((await o.client.delete(`${o.api}/person/${anna.id}`)).status).toBe(200);
    const deleted = await o.latest();
    expect(deleted.set.kind).toBe('delete');
    // Her birth event went with her: the delete's rows name both as they were.
    const gone = await o.changesOf(deleted.set.id);
    expect(gone.labels[anna.id]).toMatchObject({ kind: 'person', deleted: true, fName: 'Annika', lName: 'Berg' });
    expect(deleted.labels[deleted.set.objectId ?? '']).toMatchObject({ deleted: true });
    // The creation's rows name her too, now from the row her delete removed.
    expect((await o.changesOf(created.set.id)).labels[anna.id]).toMatchObject({ deleted: true, fName: 'Annika' });
  });

  it('names an event by its type and date, and its participant, when created, updated and deleted', async () => {
    const o = await newOwner();
    const erik = await o.family.create({ fName: 'Erik', lName: 'Ek' });
    const made = await o.client.post<{ event: Event }>(`${o.api}/event`, {
      type: 'baptism',
      startDate: '1850-03-17',
      participants: [{ personId: erik.id, role: 'primary' }],
    });
    expect(made.status).toBe(201);
    const event = made.body.event;
    const created = await o.latest();
    expect(created.labels[event.id]).toMatchObject({
      kind: 'event',
      deleted: false,
      type: 'baptism',
      startDate: '1850-03-17',
    });
    // The creation's rows: the event and its participant, named by the person's name.
    const rows = await o.changesOf(created.set.id);
    expect(rows.labels[event.id]).toMatchObject({ kind: 'event', type: 'baptism' });
    expect(rows.labels[erik.id]).toMatchObject({ kind: 'person', fName: 'Erik', lName: 'Ek' });

    const updated = await o.client.put(`${o.api}/event/${event.id}`, {
      oldEvent: event,
      newEvent: { type: 'baptism', startDate: '1850-03-24', participants: [{ personId: erik.id, role: 'primary' }] },
    });
    expect(updated.status).toBe(200);
    const update = await o.latest();
    expect(update.set.kind).toBe('update');
    expect(update.labels[event.id]).toMatchObject({ kind: 'event', startDate: '1850-03-24' });
    expect((await o.historyOf('event', event.id)).labels[event.id]).toMatchObject({ startDate: '1850-03-24' });

    expect((await o.client.delete(`${o.api}/event/${event.id}`)).status).toBe(200);
    const deleted = await o.latest();
    expect(deleted.set.kind).toBe('delete');
    expect(deleted.labels[event.id]).toMatchObject({
      kind: 'event',
      deleted: true,
      type: 'baptism',
      startDate: '1850-03-24',
    });
  });

  it('names a place by its name when created, renamed and deleted', async () => {
    const o = await newOwner();
    const base = `${o.api}/location`;
    const made = await o.client.post<CreatedLocationAnswer>(base, { location: { name: 'Sunne' } });
    expect(made.status).toBe(201);
    const id = made.body.location.id;
    expect((await o.latest()).labels[id]).toEqual({ kind: 'place', deleted: false, title: 'Sunne' });
    const renamed = await o.client.put<Location>(`${base}/${id}`, {
      updatedLocation: { name: 'Sunne socken', parentId: null, coordinates: null },
    });
    expect(renamed.status).toBe(200);
    const update = await o.latest();
    expect(update.set.kind).toBe('update');
    expect(update.labels[id]).toEqual({ kind: 'place', deleted: false, title: 'Sunne socken' });
    expect((await o.historyOf('location', id)).labels[id]).toMatchObject({ title: 'Sunne socken' });
    expect((await o.client.delete(`${base}/${id}`)).status).toBe(200);
    expect((await o.latest()).labels[id]).toEqual({ kind: 'place', deleted: true, title: 'Sunne socken' });
  });

  it('reads the labels of a page in a fixed number of statements, however long the page', async () => {
    const o = await newOwner();
    for (let index = 0; index < 12; index++) await o.family.create({ fName: `Person${index}` });
    // The statements the answer runs (raw SQL goes through `execute`), counted for a long and a short page.
    const statements = async (limit: number) => {
      let count = 0;
      const execute = t.database.db.execute.bind(t.database.db);
      t.database.db.execute = ((query: Parameters<typeof execute>[0]) => {
        count++;
        return execute(query);
      }) as typeof execute;
      try {
        const answer = await o.recent(`?limit=${limit}`);
        expect(Object.keys(answer.labels)).toHaveLength(answer.changeSets.length);
      } finally {
        t.database.db.execute = execute;
      }
      return count;
    };
    expect(await statements(12)).toBe(await statements(2));
  });

  it('is refused to anyone but the owner, labels and all', async () => {
    const o = await newOwner();
    await o.family.create({ fName: 'Hemlig' });
    const other = await signUp(t.app);
    const refused = await other.client.get(`${o.api}/history`);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('Hemlig');
  });
});

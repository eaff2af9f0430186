import type {
  ChangeSet,
  GedcomImportAnswer,
  HistoryAnswer,
  ObjectHistoryAnswer,
  Person,
  TreeInfo,
  UndoAnswer,
} from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, signUp, TestClient } from './support/client.ts';
import { newHistoryOwner, treeContent } from './support/history.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Change history (issue 21): every write is one change set with who, when and the fields before and
 * after; undo puts a change set's rows back in one transaction, and refuses when a later one depends
 * on it. Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newOwner() {
  const o = await newHistoryOwner(t, 'Historia');
  const latest = async (): Promise<ChangeSet> => (await o.recent('?limit=1')).changeSets[0] as ChangeSet;
  const undo = (id: number) => o.client.post<UndoAnswer>(`${o.api}/history/${id}/undo`, {});
  const content = () => treeContent(t, o.tree.id);
  const info = async () => (await o.client.get<TreeInfo>(`${o.api}/tree`)).body;
  return { ...o, latest, undo, content, info };
}

const codeOf = (response: { body: unknown }) => (response.body as ErrorBody).error?.code;

describe('recording', () => {
  it('records a new person as one change set: who, when, which object, its fields', async () => {
    const o = await newOwner();
    const before = Date.now();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg', occupation: 'Piga' });
    const set = await o.latest();
    expect(set).toMatchObject({ kind: 'create', userId: o.user.id, objectKind: 'person', objectId: anna.id });
    expect(Date.parse(set.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const changes = await o.client.get<{ changes: { op: string; objectKind: string; after: unknown }[] }>(
      `${o.api}/history/changes?changeSetId=${set.id}`,
    );
    expect(changes.body.changes).toEqual([
      expect.objectContaining({
        op: 'create',
        objectKind: 'person',
        after: expect.objectContaining({ f_name: 'Anna', l_name: 'Berg', occupation: 'Piga' }),
      }),
    ]);
    // Derived columns are not history.
    expect(JSON.stringify(changes.body)).not.toContain('search_text');
  });

  it('records an update with only the changed fields, before and after, and forgets a save that changed nothing', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    const renamed = await o.client.put<Person>(`${o.api}/person/${anna.id}/name`, {
      fName: 'Annika',
      pName: null,
      lName: 'Berg',
    });
    expect(renamed.status).toBe(200);
    const set = await o.latest();
    expect(set.kind).toBe('update');
    const history = await o.client.get<ObjectHistoryAnswer>(`${o.api}/person/${anna.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.changes[0]).toMatchObject({
      op: 'update',
      before: { f_name: 'Anna' },
      after: { f_name: 'Annika' },
      changeSet: { id: set.id, kind: 'update', userId: o.user.id },
    });
    expect(history.body.changes.map((change) => change.op)).toEqual(['update', 'create']);
    // The same name again: no change, no change set.
    await o.client.put(`${o.api}/person/${anna.id}/name`, { fName: 'Annika', pName: null, lName: 'Berg' });
    expect((await o.latest()).id).toBe(set.id);
  });

  it('names relate and unrelate, and a person’s history shows their relations', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna' });
    const erik = await o.family.create({ fName: 'Erik' });
    const related = await o.client.post(`${o.api}/relationship`, { type: 'parent', startId: anna.id, endId: erik.id });
    expect(related.status).toBe(200);
    const relate = await o.latest();
    expect(relate).toMatchObject({ kind: 'relate', objectKind: 'parentChild' });
    const removed = await o.client.delete(`${o.api}/relationship`, { startId: anna.id, endId: erik.id });
    expect(removed.status).toBe(200);
    expect((await o.latest()).kind).toBe('unrelate');
    const history = await o.client.get<ObjectHistoryAnswer>(`${o.api}/person/${anna.id}/history`);
    expect(history.body.changes.map((change) => [change.op, change.objectKind])).toEqual([
      ['delete', 'parentChild'],
      ['create', 'parentChild'],
      ['create', 'person'],
    ]);
  });

  it('filters the recent changes by kind, person and date, and pages them on the server', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna' });
    const erik = await o.family.create({ fName: 'Erik' });
    await o.client.put(`${o.api}/person/${erik.id}/name`, { fName: 'Eric', pName: null, lName: 'Ek' });
    const all = await o.recent();
    // The tree's creation (its root person), two persons, one rename.
    expect(all.changeSets.map((set) => set.kind)).toEqual(['update', 'create', 'create', 'create']);
    expect(all.next).toBeNull();
    const creates = await o.recent('?kind=create');
    expect(creates.changeSets).toHaveLength(3);
    const ofErik = await o.recent(`?personId=${erik.id}`);
    expect(ofErik.changeSets.map((set) => set.kind)).toEqual(['update', 'create']);
    const ofAnna = await o.recent(`?personId=${anna.id}`);
    expect(ofAnna.changeSets).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await o.recent(`?from=${today}`)).changeSets).toHaveLength(4);
    expect((await o.recent('?to=2000-01-01')).changeSets).toHaveLength(0);
    // Pages of two, by the last id seen.
    const first = await o.recent('?limit=2');
    expect(first.changeSets).toHaveLength(2);
    expect(first.next).toBe(first.changeSets[1]?.id);
    const second = await o.recent(`?limit=2&before=${first.next}`);
    expect([...first.changeSets, ...second.changeSets].map((set) => set.id)).toEqual(
      all.changeSets.map((set) => set.id),
    );
    expect(second.next).toBeNull();
  });

  it('shows no history to a visitor or another user', async () => {
    const o = await newOwner();
    const other = await signUp(t.app);
    expect((await other.client.get(`${o.api}/history`)).status).toBe(404);
    expect((await new TestClient(t.app).get(`${o.api}/history`)).status).toBe(401);
    const set = await o.latest();
    expect((await other.client.post(`${o.api}/history/${set.id}/undo`, {})).status).toBe(404);
  });
});

describe('undo', () => {
  it('undoes a new person: gone, and the tree counts as before', async () => {
    const o = await newOwner();
    const before = await o.content();
    const anna = await o.family.create({ fName: 'Anna' });
    const set = await o.latest();
    const undone = await o.undo(set.id);
    expect(undone.status).toBe(200);
    expect(undone.body.undone).toBe(set.id);
    expect((await o.client.get(`${o.api}/person/${anna.id}`)).status).toBe(404);
    expect(await o.content()).toEqual(before);
    const sets = (await o.recent()).changeSets;
    expect(sets[0]).toMatchObject({ kind: 'undo', undoes: set.id, userId: o.user.id });
    expect(sets.find((each) => each.id === set.id)?.undoneBy).toBe(undone.body.changeSet);
  });

  it('undoes an update: the fields as they were, with a new revision', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', occupation: 'Piga' });
    const before = await o.content();
    await o.client.put(`${o.api}/person/${anna.id}/name`, { fName: 'Annika', pName: null, lName: 'Lund' });
    await o.client.put(`${o.api}/person/${anna.id}/occ`, { occupation: 'Torpare' });
    // Two change sets: the later one is undone first.
    const occupation = await o.latest();
    const refused = await o.undo(occupation.id - 1);
    expect(refused.status).toBe(409);
    expect(codeOf(refused)).toBe('history.error.dependentChange');
    expect(refused.body).toMatchObject({ error: { details: { changeSet: occupation.id } } });
    expect((await o.undo(occupation.id)).status).toBe(200);
    const rename = (await o.recent('?kind=update')).changeSets.find((set) => set.undoneBy === null) as ChangeSet;
    expect(rename.id).toBeLessThan(occupation.id);
    expect((await o.undo(rename.id)).status).toBe(200);
    const restored = await o.family.get(anna.id);
    expect(restored).toMatchObject({ fName: 'Anna', lName: 'Ek', occupation: 'Piga' });
    expect(restored.revision).toBeGreaterThan(anna.revision);
    // Search finds her by her old name again (the derived search text went back too).
    expect(stripVolatile(await o.content())).toEqual(stripVolatile(before));
  });

  it('undoes a delete: the person comes back with their relations and events', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna' });
    const erik = await o.family.childOf(anna.id, { fName: 'Erik' });
    const birth = await o.client.post<{ event: { id: string } }>(`${o.api}/event`, {
      type: 'birth',
      startDate: '1850',
      location: 'Sunne, Värmland',
      participants: [{ personId: erik.id, role: 'primary' }],
    });
    expect(birth.status).toBe(201);
    const note = await o.client.post(`${o.api}/note`, {
      note: { text: '<p>Bodde i Sunne</p>' },
      connectedNodeIds: [erik.id],
    });
    expect(note.status).toBe(201);
    const before = await o.content();
    const deleted = await o.client.delete(`${o.api}/person/${erik.id}`);
    expect(deleted.status).toBe(200);
    const set = await o.latest();
    expect(set.kind).toBe('delete');
    expect(await o.content()).not.toEqual(before);
    expect((await o.undo(set.id)).status).toBe(200);
    expect(stripVolatile(await o.content())).toEqual(stripVolatile(before));
    const family = await o.client.get<{ parents?: unknown[] }>(`${o.api}/person/${erik.id}/family`);
    expect(family.status).toBe(200);
    expect(JSON.stringify(family.body)).toContain(anna.id);
  });

  it('undoes relate and unrelate', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna' });
    const erik = await o.family.create({ fName: 'Erik' });
    const unrelated = await o.content();
    await o.client.post(`${o.api}/relationship`, { type: 'partner', startId: anna.id, endId: erik.id });
    const related = await o.content();
    const relate = await o.latest();
    expect(relate.kind).toBe('relate');
    await o.client.delete(`${o.api}/relationship`, { startId: anna.id, endId: erik.id });
    const unrelate = await o.latest();
    expect(unrelate.kind).toBe('unrelate');
    expect((await o.undo(unrelate.id)).status).toBe(200);
    expect(await o.content()).toEqual(related);
    // The unrelate and its undo cancel out: the relate can be undone next.
    expect((await o.undo(relate.id)).status).toBe(200);
    expect(await o.content()).toEqual(unrelated);
    // The unrelate cannot be undone twice, and its undo waits for the undo of the relate.
    expect(codeOf(await o.undo(unrelate.id))).toBe('history.error.dependentChange');
    const undoOfUnrelate = (await o.recent('?kind=undo')).changeSets.find((set) => set.undoes === unrelate.id);
    const refused = await o.undo(undoOfUnrelate?.id ?? 0);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { details: { changeSet: (await o.latest()).id } } });
    // Redo: the undo of the relate undone puts the partners back.
    expect((await o.undo((await o.latest()).id)).status).toBe(200);
    expect(await o.content()).toEqual(related);
  });

  it('undoes an event with the places it created, and refuses to when a later event uses the place', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna' });
    const before = await o.content();
    const made = await o.client.post<{ event: { id: string; location: { id: string } } }>(`${o.api}/event`, {
      type: 'birth',
      startDate: '1850',
      location: 'Västra Fors, Sunne',
      participants: [{ personId: anna.id, role: 'primary' }],
    });
    expect(made.status).toBe(201);
    const birth = await o.latest();
    const later = await o.client.post(`${o.api}/event`, {
      type: 'death',
      startDate: '1900',
      locationId: made.body.event.location.id,
      participants: [{ personId: anna.id, role: 'primary' }],
    });
    expect(later.status).toBe(201);
    const death = await o.latest();
    const withBoth = await o.content();
    const refused = await o.undo(birth.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: { code: 'history.error.dependentChange', details: { changeSet: death.id } },
    });
    expect(await o.content()).toEqual(withBoth);
    expect((await o.undo(death.id)).status).toBe(200);
    // The death and its undo cancel out: the birth can be undone now, with its places.
    expect((await o.undo(birth.id)).status).toBe(200);
    expect(await o.content()).toEqual(before);
  });

  it('undoes an event with the places it created', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna' });
    const before = await o.content();
    const made = await o.client.post(`${o.api}/event`, {
      type: 'birth',
      startDate: '1850',
      location: 'Västra Fors, Sunne',
      participants: [{ personId: anna.id, role: 'primary' }],
    });
    expect(made.status).toBe(201);
    expect((await o.undo((await o.latest()).id)).status).toBe(200);
    expect(await o.content()).toEqual(before);
  });

  it('undoes a rename of the tree', async () => {
    const o = await newOwner();
    const renamed = await o.client.put(`${o.api}/tree/name`, { name: 'Nytt namn' });
    expect(renamed.status).toBe(200);
    const set = await o.latest();
    expect(set).toMatchObject({ kind: 'update', objectKind: 'tree' });
    expect((await o.undo(set.id)).status).toBe(200);
    expect((await o.info()).name).toBe('Historia');
  });

  it('undoes an import: exactly what it added goes, as one change set', async () => {
    const a = await signUp(t.app);
    const text = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Johan /Andersson/',
      '1 BIRT',
      '2 DATE 1850',
      '2 PLAC Stenbrohult, Kronoberg',
      '2 SOUR @S1@',
      '3 PAGE s. 12',
      '0 @I2@ INDI',
      '1 NAME Maja /Persdotter/',
      '1 NOTE Bodde på torpet',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '0 @S1@ SOUR',
      '1 TITL Stenbrohult C:5',
      '0 TRLR',
      '',
    ].join('\n');
    const imported = await a.client.post<GedcomImportAnswer>(`/api/user/${a.user.id}/tree/gedcom`, {
      gedcomString: text,
      treeName: 'Importen',
    });
    expect(imported.status).toBe(201);
    const treeId = imported.body.tree.id;
    const api = `/api/${treeId}`;
    const sets = await a.client.get<HistoryAnswer>(`${api}/history`);
    expect(sets.body.changeSets).toHaveLength(1);
    const set = sets.body.changeSets[0] as ChangeSet;
    expect(set).toMatchObject({ kind: 'import', userId: a.user.id });
    const content = await treeContent(t, treeId);
    expect(set.changes).toBe(Object.values(content.rows).reduce((sum, n) => sum + n, 0));
    const undone = await a.client.post(`${api}/history/${set.id}/undo`, {});
    expect(undone.status).toBe(200);
    const after = await treeContent(t, treeId);
    expect(Object.values(after.rows).every((n) => n === 0)).toBe(true);
    expect(after.counts).toEqual({ persons: 0, locations: 0, events: 0, sources: 0 });
    // Undone again: the undo is the later change.
    expect((await a.client.post(`${api}/history/${set.id}/undo`, {})).status).toBe(409);
  });

  it('answers 404 for a change set of another tree, and changes nothing', async () => {
    const o = await newOwner();
    const other = await newOwner();
    await other.family.create({ fName: 'Berit' });
    const theirs = await other.latest();
    const before = await other.content();
    const response = await o.undo(theirs.id);
    expect(response.status).toBe(404);
    expect(codeOf(response)).toBe('history.error.notFound');
    expect(await other.content()).toEqual(before);
  });
});

/** Content without timestamps (an undo writes `updated_at`). */
function stripVolatile(content: Awaited<ReturnType<typeof treeContent>>) {
  return JSON.parse(JSON.stringify(content).replace(/"(updated_at|revision)":("[^"]*"|\d+)/g, '"$1":0'));
}

import type { CreatedLocationAnswer, Event, MergeAnswer, PersonMergePreview } from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { createTree, type ErrorBody, signUp, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { treeContent } from './support/history.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 21: merging two persons joins their names, events, relatives, notes and citations into the
 * survivor as one change set; what cannot be joined is listed first; undo restores both exactly.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;
const strip = (content: unknown) => JSON.stringify(content).replace(/"(updated_at|revision)":("[^"]*"|\d+)/g, '"$1":0');

async function newOwner() {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Personer');
  const api = `/api/${tree.id}`;
  const family = new FamilyBuilder(a.client, tree.id);
  async function created<T>(url: string, body: unknown): Promise<T> {
    const response = await a.client.post<T>(`${api}/${url}`, body);
    if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }
  const place = async (name: string) =>
    (await created<CreatedLocationAnswer>('location', { location: { name } })).location;
  const event = async (personId: string, type: string, startDate: string, extra: Record<string, unknown> = {}) =>
    (
      await created<{ event: Event }>('event', {
        type,
        startDate,
        participants: [{ personId, role: 'primary' }],
        ...extra,
      })
    ).event;
  const preview = (id: string, otherId: string, takeFromOther: string[] = []) =>
    a.client.post<PersonMergePreview>(`${api}/person/${id}/merge/preview`, { otherId, takeFromOther });
  const merge = async (id: string, otherId: string, takeFromOther: string[] = [], revisions?: [number, number]) => {
    const [revision, otherRevision] = revisions ?? [
      (await family.get(id)).revision,
      (await family.get(otherId)).revision,
    ];
    return a.client.post<MergeAnswer>(`${api}/person/${id}/merge`, {
      otherId,
      takeFromOther,
      revision,
      otherRevision,
    });
  };
  const getEvent = (id: string) => a.client.get<Event>(`${api}/event/${id}`);
  return { ...a, tree, api, family, created, place, event, preview, merge, getEvent };
}

describe('merging persons', () => {
  it('joins names, events and relatives: two births become a birth and an alternative; undo restores exactly', async () => {
    const o = await newOwner();
    const stenbrohult = await o.place('Stenbrohult');
    const johan = await o.family.create({ fName: 'Johan', lName: 'Andersson', occupation: 'Bonde' }, undefined, true);
    const anders = await o.family.parentOf(johan.id, { fName: 'Anders', lName: 'Persson', gender: 'male' });
    const karl = await o.family.childOf(johan.id, { fName: 'Karl', lName: 'Johansson' });
    const jon = await o.family.create({
      fName: 'Jon',
      lName: 'Andersson',
      description: 'Från husförhören',
      names: [{ type: 'aka', fName: 'Johannes', lName: 'Andersson' }],
    });
    const linked = await o.client.put(`${o.api}/person/${jon.id}/parent`, { parentId: anders.id });
    expect(linked.status).toBe(200);
    const maria = await o.family.parentOf(jon.id, { fName: 'Maria', lName: 'Nilsdotter', gender: 'female' });
    const stina = await o.family.partnerOf(jon.id, { fName: 'Stina', lName: 'Olsdotter' });
    const keptBirth = await o.event(johan.id, 'birth', '1850', { locationId: stenbrohult.id });
    const otherBirth = await o.event(jon.id, 'birth', '1851');
    const death = await o.event(jon.id, 'death', '1910');
    await o.created('note', { note: { text: '<p>Soldat</p>' }, connectedNodeIds: [jon.id] });
    const before = await treeContent(t, o.tree.id);

    const preview = await o.preview(johan.id, jon.id);
    expect(preview.status).toBe(200);
    const p = preview.body;
    expect(p.refusal).toBeNull();
    expect(p.person).toMatchObject({ id: johan.id, label: 'Johan Andersson', isRoot: true, born: '1850, Stenbrohult' });
    expect(p.fields).toContainEqual({ field: 'name', value: 'Johan Andersson', otherValue: 'Jon Andersson' });
    expect(p.fields).toContainEqual({ field: 'birth', value: '1850, Stenbrohult', otherValue: '1851' });
    expect(p.fields).toContainEqual({ field: 'description', value: null, otherValue: 'Från husförhören' });
    const outcome = (list: { id: string; outcome: string }[], id: string) => list.find((i) => i.id === id)?.outcome;
    expect(outcome(p.events, keptBirth.id)).toBe('kept');
    expect(outcome(p.events, otherBirth.id)).toBe('alternative');
    expect(outcome(p.events, death.id)).toBe('moved');
    expect(p.relatives.find((r) => r.id === anders.id)).toMatchObject({
      relation: 'parent',
      side: 'both',
      outcome: 'joined',
    });
    expect(outcome(p.relatives, maria.id)).toBe('moved');
    expect(outcome(p.relatives, stina.id)).toBe('moved');
    expect(outcome(p.relatives, karl.id)).toBe('kept');
    expect(p.names.map((n) => [n.label, n.outcome])).toEqual([
      ['Johan Andersson', 'kept'],
      ['Jon Andersson', 'added'],
      ['Johannes Andersson', 'moved'],
    ]);
    expect(p.attachments).toMatchObject([{ kind: 'note', side: 'other', outcome: 'moved' }]);
    expect(p.problems).toEqual([
      { code: 'alternativeEvent', refuses: false, items: [{ id: otherBirth.id, label: 'birth 1851' }] },
    ]);
    // The other birth counts instead: the survivor's becomes the alternative.
    const flipped = (await o.preview(johan.id, jon.id, ['birth'])).body;
    expect(outcome(flipped.events, keptBirth.id)).toBe('alternative');
    expect(outcome(flipped.events, otherBirth.id)).toBe('moved');
    expect(await treeContent(t, o.tree.id)).toEqual(before);

    const merged = await o.merge(johan.id, jon.id, ['description']);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: johan.id, mergedId: jon.id });
    const survivor = await o.family.get(johan.id);
    expect(survivor).toMatchObject({
      fName: 'Johan',
      lName: 'Andersson',
      occupation: 'Bonde',
      description: 'Från husförhören',
      isRoot: true,
    });
    expect(survivor.parentIds.sort()).toEqual([anders.id, maria.id].sort());
    expect(survivor.partnerIds).toEqual([stina.id]);
    expect(survivor.childIds).toEqual([karl.id]);
    expect(survivor.names.map((n) => [n.type, n.fName])).toEqual([
      ['aka', 'Johannes'],
      ['variant', 'Jon'],
    ]);
    expect((await o.client.get(`${o.api}/person/${jon.id}`)).status).toBe(404);
    expect((await o.getEvent(otherBirth.id)).body.subtype).toBe('alternativeBirth');
    expect((await o.getEvent(keptBirth.id)).body.subtype ?? null).toBeNull();
    const deathNow = (await o.getEvent(death.id)).body;
    expect(deathNow.participants.map((x) => x.personId)).toEqual([johan.id]);
    // Anders has one child link to Johan, not two.
    expect((await o.family.get(anders.id)).childIds).toEqual([johan.id]);
    const [set] = await queryRows<{ kind: string; user_id: string }>(
      t.database.db,
      sql`select kind, user_id from history_change_set where id = ${merged.body.changeSetId}`,
    );
    expect(set).toEqual({ kind: 'merge', user_id: o.user.id });

    const undo = await o.client.post(`${o.api}/history/${merged.body.changeSetId}/undo`, {});
    expect(undo.status).toBe(200);
    expect(strip(await treeContent(t, o.tree.id))).toBe(strip(before));
    expect((await o.family.get(jon.id)).fName).toBe('Jon');
  });

  it('joins two births that agree into one, the kept birth taking the place it lacked; parents from both sides become a couple', async () => {
    const o = await newOwner();
    const rashult = await o.place('Råshult');
    const a = await o.family.create({ fName: 'Carl', lName: 'Linnaeus' });
    const b = await o.family.create({ fName: 'Carl', lName: 'Linnæus' });
    const father = await o.family.parentOf(a.id, { fName: 'Nils', gender: 'male' });
    const mother = await o.family.parentOf(b.id, { fName: 'Christina', gender: 'female' });
    const birthA = await o.event(a.id, 'birth', '1707-05-23');
    const birthB = await o.event(b.id, 'birth', '1707-05-23', { locationId: rashult.id });
    const preview = (await o.preview(a.id, b.id)).body;
    expect(preview.events.find((e) => e.id === birthB.id)).toMatchObject({ outcome: 'joined', intoId: birthA.id });
    expect(preview.problems).toEqual([]);
    const merged = await o.merge(a.id, b.id, ['name']);
    expect(merged.status).toBe(200);
    expect((await o.getEvent(birthB.id)).status).toBe(404);
    const birth = (await o.getEvent(birthA.id)).body;
    expect(birth.location?.id).toBe(rashult.id);
    expect(birth.subtype ?? null).toBeNull();
    const survivor = await o.family.get(a.id);
    expect(survivor.lName).toBe('Linnæus');
    expect(survivor.names.map((n) => [n.type, n.lName])).toEqual([['variant', 'Linnaeus']]);
    // A father from one side and a mother from the other: the survivor's parents, and a couple.
    expect(survivor.parentIds.sort()).toEqual([father.id, mother.id].sort());
    expect((await o.family.get(father.id)).partnerIds).toEqual([mother.id]);
  });

  it('moves the other\'s "not a duplicate" marks to the survivor; undoing the merge brings them back as they were', async () => {
    const o = await newOwner();
    const [a, b, c, d] = await Promise.all(
      ['Johan', 'Johan', 'Johan', 'Jon'].map((fName) => o.family.create({ fName, lName: 'Andersson' })),
    );
    if (!a || !b || !c || !d) throw new Error('persons not created');
    const mark = async (x: string, y: string) =>
      expect((await o.client.post(`${o.api}/duplicate/not-duplicate`, { personId: x, otherPersonId: y })).status).toBe(
        200,
      );
    // B is not C nor D; A is not D (a mark the survivor has already) nor B (a mark between the two).
    await mark(b.id, c.id);
    await mark(b.id, d.id);
    await mark(a.id, d.id);
    await mark(a.id, b.id);
    const marks = async () =>
      (
        await queryRows<{ a: string; b: string }>(
          t.database.db,
          sql`select person_a as a, person_b as b from person_not_duplicate where tree_id = ${o.tree.id} order by 1, 2`,
        )
      ).map((row) => [row.a, row.b].join(' '));
    const pair = (x: string, y: string) => [x, y].sort().join(' ');
    const marked = await marks();
    expect(marked).toHaveLength(4);
    const before = await treeContent(t, o.tree.id);

    const merged = await o.merge(a.id, b.id);
    expect(merged.status).toBe(200);
    // B's marks are A's now (A is B): A is not C, and not D (once); the mark between A and B is gone.
    expect(await marks()).toEqual([pair(a.id, c.id), pair(a.id, d.id)].sort());

    const undo = await o.client.post(`${o.api}/history/${merged.body.changeSetId}/undo`, {});
    expect(undo.status).toBe(200);
    expect(await marks()).toEqual(marked);
    expect(strip(await treeContent(t, o.tree.id))).toBe(strip(before));
  });

  it('lists a link between the two and drops it; more than two parents or an ancestor refuse', async () => {
    const o = await newOwner();
    const a = await o.family.create({ fName: 'Per' });
    const b = await o.family.partnerOf(a.id, { fName: 'Pehr' });
    const linked = (await o.preview(a.id, b.id)).body;
    expect(linked.problems).toEqual([{ code: 'linkBetween', refuses: false, items: [{ id: b.id, label: 'Pehr Ek' }] }]);
    expect(linked.relatives).toEqual([]);
    expect((await o.merge(a.id, b.id)).status).toBe(200);
    expect((await o.family.get(a.id)).partnerIds).toEqual([]);

    const c = await o.family.create({ fName: 'Lars' });
    await o.family.parentOf(c.id, { fName: 'Far' });
    await o.family.parentOf(c.id, { fName: 'Mor' });
    const d = await o.family.create({ fName: 'Lasse' });
    await o.family.parentOf(d.id, { fName: 'Annan far' });
    const grandchild = await o.family.childOf(c.id, { fName: 'Barn' });
    const before = await databaseFingerprint(t);
    const three = (await o.preview(c.id, d.id)).body;
    expect(three.refusal).toBe('personMerge.error.tooManyParents');
    expect(three.problems[0]).toMatchObject({ code: 'tooManyParents', refuses: true });
    expect(three.problems[0]?.items.map((i) => i.label).sort()).toEqual(['Annan far Ek', 'Far Ek', 'Mor Ek']);
    const refused = await o.merge(c.id, d.id);
    expect([refused.status, codeOf(refused)]).toEqual([409, 'personMerge.error.tooManyParents']);
    const related = await o.merge(c.id, grandchild.id);
    expect([related.status, codeOf(related)]).toEqual([409, 'personMerge.error.related']);
    expect((await o.preview(grandchild.id, c.id)).body.refusal).toBe('personMerge.error.related');
    expect(await databaseFingerprint(t)).toBe(before);
  });

  it('refuses bad input and a stale revision with 4xx, changing nothing', async () => {
    const o = await newOwner();
    const stranger = await newOwner();
    const a = await o.family.create({ fName: 'Anna' });
    const b = await o.family.create({ fName: 'Ana' });
    const foreign = await stranger.family.create({ fName: 'Främling' });
    const unknown = '01900000-0000-7000-8000-000000000000';
    const revisions: [number, number] = [a.revision, b.revision];
    const saved = await o.client.put(`${o.api}/person/${b.id}`, { fName: 'Anna', revision: b.revision });
    expect(saved.status).toBe(200);
    const before = await databaseFingerprint(t);
    const cases: [TestResponse, number, string][] = [
      [await o.merge(a.id, b.id, [], revisions), 409, 'person.error.conflict'],
      [await o.merge(a.id, a.id), 400, 'personMerge.error.same'],
      [await o.merge(a.id, foreign.id, [], [1, 1]), 404, 'person.error.notFound'],
      [await o.merge(a.id, unknown, [], [1, 1]), 404, 'person.error.notFound'],
      [await o.merge(unknown, a.id, [], [1, 1]), 404, 'person.error.notFound'],
      [await o.merge(a.id, b.id, ['nonsense']), 400, 'common.error.validation'],
      [
        await o.client.post(`${o.api}/person/${a.id}/merge`, { otherId: b.id, revision: 1 }),
        400,
        'common.error.validation',
      ],
      [
        await stranger.client.post(`${o.api}/person/${a.id}/merge`, { otherId: b.id, revision: 1, otherRevision: 1 }),
        404,
        'tree.error.notFound',
      ],
      [await o.preview(a.id, a.id), 400, 'personMerge.error.same'],
      [await o.preview(a.id, foreign.id), 404, 'person.error.notFound'],
      [
        await stranger.client.post(`${o.api}/person/${a.id}/merge/preview`, { otherId: b.id }),
        404,
        'tree.error.notFound',
      ],
    ];
    for (const [response, status, code] of cases) expect([response.status, codeOf(response)]).toEqual([status, code]);
    expect(await databaseFingerprint(t)).toBe(before);
  });
});

import type { Citation, CreatedLocationAnswer, Event, Location, MergeAnswer, MergePreview, TreeInfo } from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { createTree, type ErrorBody, signUp, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { treeContent } from './support/history.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Issue 21: merging two places moves events, child places and links to the one kept; one change set, undoable. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;

async function newOwner() {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Sammanslagning');
  const api = `/api/${tree.id}`;
  const family = new FamilyBuilder(a.client, tree.id);
  async function created<T>(url: string, body: unknown): Promise<T> {
    const response = await a.client.post<T>(`${api}/${url}`, body);
    if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }
  const place = async (name: string, extra: Record<string, unknown> = {}, ancestorId?: string) =>
    (await created<CreatedLocationAnswer>('location', { location: { name, ...extra }, ancestorId })).location;
  const citation = (whereWithinSourceText: string) =>
    created<Citation>('source/citation', { citation: { whereWithinSourceText } });
  const preview = (id: string, otherId: string) =>
    a.client.post<MergePreview>(`${api}/location/${id}/merge/preview`, { otherId });
  const merge = (id: string, otherId: string, takeFromOther: string[] = []) =>
    a.client.post<MergeAnswer>(`${api}/location/${id}/merge`, { otherId, takeFromOther });
  const get = (id: string) => a.client.get<Location>(`${api}/location/${id}`);
  const info = async () => (await a.client.get<TreeInfo>(`${api}/tree`)).body;
  return { ...a, tree, api, family, created, place, citation, preview, merge, get, info };
}

describe('merging places', () => {
  it('moves events, child places, sources and notes to the kept place, lists what cannot be joined, and undo restores exactly', async () => {
    const o = await newOwner();
    const sverige = await o.place('Sverige');
    const kept = await o.place('Stenbrohult', { type: 'Socken' }, sverige.id);
    const other = await o.place('Stenbrohults socken', {
      coordinates: { lat: 56.6, lng: 14.2 },
      description: 'Från importen',
    });
    const ratt = await o.place('Råshult', {}, kept.id);
    const rashult = await o.place('Råshult', {}, other.id);
    const nygard = await o.place('Nygård', {}, other.id);
    const shared = await o.citation('s. 1');
    const own = await o.citation('s. 2');
    await o.client.put(`${o.api}/location/${kept.id}`, {
      updatedLocation: { name: kept.name, type: 'Socken', parentId: sverige.id, sourceIds: [shared.id] },
    });
    await o.client.put(`${o.api}/location/${other.id}`, {
      updatedLocation: {
        name: other.name,
        coordinates: { lat: 56.6, lng: 14.2 },
        description: 'Från importen',
        parentId: null,
        sourceIds: [shared.id, own.id],
      },
    });
    await o.created('note', { note: { text: '<p>Kyrkan brann 1800</p>' }, connectedNodeIds: [other.id] });
    const carl = await o.family.create({ fName: 'Carl' });
    const birth = (
      await o.created<{ event: Event }>('event', {
        type: 'birth',
        startDate: '1707',
        locationId: other.id,
        participants: [{ personId: carl.id, role: 'primary' }],
      })
    ).event;
    const before = await treeContent(t, o.tree.id);

    const preview = await o.preview(kept.id, other.id);
    expect(preview.status).toBe(200);
    expect(preview.body.refusal).toBeNull();
    expect(preview.body.label).toBe('Stenbrohult, Sverige');
    expect(preview.body.fields).toContainEqual({ field: 'coordinates', value: null, otherValue: '56.6, 14.2' });
    expect(preview.body.fields).toContainEqual({ field: 'parent', value: 'Sverige', otherValue: null });
    const group = (kind: string, list = preview.body.moves) => list.find((each) => each.kind === kind);
    expect(group('event')).toMatchObject({ total: 1, items: [{ id: birth.id, eventType: 'birth', date: '1707' }] });
    expect(group('place')?.items.map((item) => item.label)).toEqual(['Nygård', 'Råshult']);
    expect(group('source')).toMatchObject({ total: 1, items: [{ id: own.id }] });
    expect(group('note')?.total).toBe(1);
    expect(group('source', preview.body.joins)).toMatchObject({ total: 1, items: [{ id: shared.id }] });
    expect(preview.body.notices).toEqual([
      { code: 'nodeMerge.notice.sameNamedChildren', items: [{ id: rashult.id, label: 'Råshult' }] },
    ]);
    // A preview writes nothing.
    expect(await treeContent(t, o.tree.id)).toEqual(before);

    const merged = await o.merge(kept.id, other.id, ['coordinates', 'description']);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: kept.id, mergedId: other.id });
    const place = (await o.get(kept.id)).body;
    expect(place).toMatchObject({
      name: 'Stenbrohult',
      type: 'Socken',
      description: 'Från importen',
      coordinates: { lat: 56.6, lng: 14.2 },
      parentId: sverige.id,
    });
    expect(place.sources.map((s) => s.id)).toEqual([shared.id, own.id]);
    expect(place.notes).toHaveLength(1);
    expect(place.childrenCount).toBe(3);
    expect((await o.get(other.id)).status).toBe(404);
    expect((await o.get(rashult.id)).body.parentId).toBe(kept.id);
    expect((await o.get(nygard.id)).body.parentId).toBe(kept.id);
    expect((await o.get(ratt.id)).body.parentId).toBe(kept.id);
    const moved = await o.client.get<Event>(`${o.api}/event/${birth.id}`);
    expect(moved.body.location?.id).toBe(kept.id);
    expect((await o.info()).locationsAmount).toBe(5);
    const [set] = await queryRows<{ kind: string; user_id: string }>(
      t.database.db,
      sql`select kind, user_id from history_change_set where id = ${merged.body.changeSetId}`,
    );
    expect(set).toEqual({ kind: 'merge', user_id: o.user.id });

    const undo = await o.client.post(`${o.api}/history/${merged.body.changeSetId}/undo`, {});
    expect(undo.status).toBe(200);
    const strip = (content: unknown) =>
      JSON.stringify(content).replace(/"(updated_at|revision)":("[^"]*"|\d+)/g, '"$1":0');
    expect(strip(await treeContent(t, o.tree.id))).toBe(strip(before));
  });

  it('takes the name and parent from the other place, with the keys that find it', async () => {
    const o = await newOwner();
    const lan = await o.place('Kronobergs län');
    const kept = await o.place('Almundsryd');
    const other = await o.place('Almundsryds socken', {}, lan.id);
    const merged = await o.merge(kept.id, other.id, ['name', 'parent']);
    expect(merged.body).toMatchObject({ id: kept.id });
    const place = (await o.get(kept.id)).body;
    expect(place).toMatchObject({ name: 'Almundsryds socken', parentId: lan.id });
    const found = await o.client.post<CreatedLocationAnswer>(`${o.api}/location/match`, {
      text: 'almundsryds socken, kronobergs lan',
    });
    expect(found.body).toMatchObject({ amountCreated: 0, location: { id: kept.id } });
  });

  it('merges a place into the place it lies within, its children moving up', async () => {
    const o = await newOwner();
    const kept = await o.place('Sunne');
    const inner = await o.place('Sunne', {}, kept.id);
    const fors = await o.place('Västra Fors', {}, inner.id);
    const preview = await o.preview(kept.id, inner.id);
    expect(preview.body.notices.map((n) => n.code)).toContain('nodeMerge.notice.withinThis');
    expect(preview.body.refusal).toBeNull();
    // The inner place's parent (the kept place itself) cannot be chosen.
    const cycle = await o.merge(kept.id, inner.id, ['parent']);
    expect(cycle.status).toBe(409);
    expect(codeOf(cycle)).toBe('location.error.cycle');
    const merged = await o.merge(kept.id, inner.id);
    expect(merged.status).toBe(200);
    expect((await o.get(fors.id)).body.parentId).toBe(kept.id);
  });

  it('refuses bad merges with 4xx and changes nothing', async () => {
    const o = await newOwner();
    const stranger = await newOwner();
    const top = await o.place('Småland');
    const below = await o.place('Växjö', {}, top.id);
    const deep = await o.place('Teleborg', {}, below.id);
    const foreign = await stranger.place('Skåne');
    const citations = await Promise.all(['a', 'b', 'c', 'd'].map((page) => o.citation(page)));
    const three = await o.place('Tre källor', { sourceIds: citations.slice(0, 3).map((c) => c.id) });
    const two = await o.place('Två källor', { sourceIds: citations.slice(2).map((c) => c.id) });
    const before = await databaseFingerprint(t);
    const cases: [TestResponse, number, string][] = [
      [await o.merge(top.id, top.id), 400, 'nodeMerge.error.same'],
      [await o.merge(deep.id, top.id), 409, 'nodeMerge.error.intoDescendant'],
      [await o.merge(below.id, top.id), 409, 'nodeMerge.error.intoDescendant'],
      [await o.merge(top.id, foreign.id), 404, 'location.error.notFound'],
      [await o.merge(foreign.id, top.id), 404, 'location.error.notFound'],
      [await o.merge(top.id, below.id, ['parent', 'nonsense']), 400, 'common.error.validation'],
      [await o.merge(three.id, two.id), 403, 'limit.sourcesPerNode'],
      [
        await stranger.client.post(`${o.api}/location/${top.id}/merge`, { otherId: below.id }),
        404,
        'tree.error.notFound',
      ],
      [await o.preview(top.id, top.id), 400, 'nodeMerge.error.same'],
      [await o.preview(top.id, foreign.id), 404, 'location.error.notFound'],
    ];
    for (const [response, status, code] of cases) expect([response.status, codeOf(response)]).toEqual([status, code]);
    expect((await o.preview(deep.id, top.id)).body.refusal).toBe('nodeMerge.error.intoDescendant');
    expect((await o.preview(three.id, two.id)).body.refusal).toBe('limit.sourcesPerNode');
    expect(await databaseFingerprint(t)).toBe(before);
  });
});

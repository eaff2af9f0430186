import type {
  Citation,
  CreatedLocationAnswer,
  Event,
  Location,
  MergeAnswer,
  MergePreview,
  Repository,
  SourceRecord,
  TreeInfo,
} from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { createTree, type ErrorBody, signUp, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { treeContent } from './support/history.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Issue 21: merging two source records or two archives moves citations and records; one change set, undoable. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;
const strip = (content: unknown) => JSON.stringify(content).replace(/"(updated_at|revision)":("[^"]*"|\d+)/g, '"$1":0');

async function newOwner() {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Källor');
  const api = `/api/${tree.id}`;
  const family = new FamilyBuilder(a.client, tree.id);
  async function created<T>(url: string, body: unknown): Promise<T> {
    const response = await a.client.post<T>(`${api}/${url}`, body);
    if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }
  const repository = (title: string, extra: Record<string, unknown> = {}) =>
    created<Repository>('source/repository', { repository: { title, ...extra } });
  const record = (title: string, repositoryId?: string, extra: Record<string, unknown> = {}) =>
    created<SourceRecord>('source/record', { record: { title, repositoryId, ...extra } });
  const citation = (sourceRecordId: string, whereWithinSourceText: string, nodeId?: string) =>
    created<Citation>('source/citation', { citation: { sourceRecordId, whereWithinSourceText }, nodeId });
  const merge = (kind: 'record' | 'repository', id: string, otherId: string, takeFromOther: string[] = []) =>
    a.client.post<MergeAnswer>(`${api}/source/${kind}/${id}/merge`, { otherId, takeFromOther });
  const preview = (kind: 'record' | 'repository', id: string, otherId: string) =>
    a.client.post<MergePreview>(`${api}/source/${kind}/${id}/merge/preview`, { otherId });
  const info = async () => (await a.client.get<TreeInfo>(`${api}/tree`)).body;
  return { ...a, tree, api, family, created, repository, record, citation, merge, preview, info };
}

async function changeSetKind(id: number | null) {
  const [row] = await queryRows<{ kind: string }>(
    t.database.db,
    sql`select kind from history_change_set where id = ${id}`,
  );
  return row?.kind;
}

describe('merging source records', () => {
  it('moves the citations, joins those that say the same, and undo restores exactly', async () => {
    const o = await newOwner();
    const riksarkivet = await o.repository('Riksarkivet');
    const vadstena = await o.repository('Vadstena landsarkiv');
    const kept = await o.record('Stenbrohult C:1', riksarkivet.id);
    const other = await o.record('Stenbrohult C:1 (kopia)', vadstena.id, { originator: 'Kyrkoherden' });
    const carl = await o.family.create({ fName: 'Carl' });
    const keptPage = await o.citation(kept.id, 's. 12');
    await o.citation(kept.id, 's. 13');
    const samePage = await o.citation(other.id, 's. 12');
    const ownPage = await o.citation(other.id, 's. 40');
    const birth = (
      await o.created<{ event: Event }>('event', {
        type: 'birth',
        sourceIds: [samePage.id],
        participants: [{ personId: carl.id, role: 'primary' }],
      })
    ).event;
    const place = (
      await o.created<CreatedLocationAnswer>('location', {
        location: { name: 'Råshult', sourceIds: [ownPage.id, samePage.id] },
      })
    ).location;
    await o.created('note', { note: { text: '<p>Svårläst</p>' }, connectedNodeIds: [samePage.id] });
    await o.created('note', { note: { text: '<p>Avskrift</p>' }, connectedNodeIds: [other.id] });
    const before = await treeContent(t, o.tree.id);
    const sourcesBefore = (await o.info()).sourcesAmount;

    const preview = await o.preview('record', kept.id, other.id);
    expect(preview.status).toBe(200);
    expect(preview.body.fields).toContainEqual({
      field: 'repository',
      value: 'Riksarkivet',
      otherValue: 'Vadstena landsarkiv',
    });
    expect(preview.body.fields).toContainEqual({ field: 'originator', value: null, otherValue: 'Kyrkoherden' });
    expect(preview.body.moves).toContainEqual({
      kind: 'citation',
      total: 1,
      items: [{ id: ownPage.id, label: 's. 40' }],
    });
    expect(preview.body.moves.find((group) => group.kind === 'note')?.total).toBe(1);
    expect(preview.body.joins).toContainEqual({
      kind: 'citation',
      total: 1,
      items: [{ id: samePage.id, label: 's. 12' }],
    });
    expect(preview.body.notices.map((notice) => notice.code)).toEqual(['nodeMerge.notice.identicalCitations']);
    expect(await treeContent(t, o.tree.id)).toEqual(before);

    const merged = await o.merge('record', kept.id, other.id, ['originator']);
    expect(merged.status).toBe(200);
    expect(await changeSetKind(merged.body.changeSetId)).toBe('merge');
    const record = (await o.client.get<SourceRecord>(`${o.api}/source/record/${kept.id}`)).body;
    expect(record).toMatchObject({ title: 'Stenbrohult C:1', originator: 'Kyrkoherden', repositoryId: riksarkivet.id });
    expect(record.citations.map((c) => c.whereWithinSourceText).sort()).toEqual(['s. 12', 's. 13', 's. 40']);
    expect(record.notes).toHaveLength(1);
    expect((await o.client.get(`${o.api}/source/record/${other.id}`)).status).toBe(404);
    expect((await o.client.get(`${o.api}/source/citation/${samePage.id}`)).status).toBe(404);
    const event = (await o.client.get<Event>(`${o.api}/event/${birth.id}`)).body;
    expect(event.sources.map((s) => s.id)).toEqual([keptPage.id]);
    const placeAfter = (await o.client.get<Location>(`${o.api}/location/${place.id}`)).body;
    expect(placeAfter.sources.map((s) => s.id)).toEqual([ownPage.id, keptPage.id]);
    const keptCitation = (await o.client.get<Citation>(`${o.api}/source/citation/${keptPage.id}`)).body;
    expect(keptCitation.notes.map((n) => n.text)).toEqual(['<p>Svårläst</p>']);
    expect((await o.info()).sourcesAmount).toBe(sourcesBefore - 2);

    expect((await o.client.post(`${o.api}/history/${merged.body.changeSetId}/undo`, {})).status).toBe(200);
    expect(strip(await treeContent(t, o.tree.id))).toBe(strip(before));
  });

  it('refuses bad merges with 4xx and changes nothing', async () => {
    const o = await newOwner();
    const stranger = await newOwner();
    const first = await o.record('Husförhör 1');
    const second = await o.record('Husförhör 2');
    const archive = await o.repository('Riksarkivet');
    const foreign = await stranger.record('Annan bok');
    const before = await databaseFingerprint(t);
    const cases: [TestResponse, number, string][] = [
      [await o.merge('record', first.id, first.id), 400, 'nodeMerge.error.same'],
      [await o.merge('record', first.id, foreign.id), 404, 'source.error.recordNotFound'],
      [await o.merge('record', first.id, archive.id), 404, 'source.error.recordNotFound'],
      [await o.merge('record', first.id, second.id, ['city']), 400, 'common.error.validation'],
      [await o.merge('repository', archive.id, first.id), 404, 'source.error.repositoryNotFound'],
      [await o.preview('record', first.id, first.id), 400, 'nodeMerge.error.same'],
      [
        await stranger.client.post(`${o.api}/source/record/${first.id}/merge`, { otherId: second.id }),
        404,
        'tree.error.notFound',
      ],
    ];
    for (const [response, status, code] of cases) expect([response.status, codeOf(response)]).toEqual([status, code]);
    expect(await databaseFingerprint(t)).toBe(before);
  });
});

describe('merging archives', () => {
  it('moves the records and notes to the kept archive, and undo restores exactly', async () => {
    const o = await newOwner();
    const kept = await o.repository('Riksarkivet', { city: 'Stockholm' });
    const other = await o.repository('Riksarkivet (RA)', { city: 'Stockholm', www: 'https://riksarkivet.se' });
    const book = await o.record('Sunne C:5', other.id);
    await o.record('Sunne C:6', kept.id);
    await o.created('note', { note: { text: '<p>Öppet tisdagar</p>' }, connectedNodeIds: [other.id] });
    const before = await treeContent(t, o.tree.id);
    const preview = await o.preview('repository', kept.id, other.id);
    expect(preview.body.moves).toContainEqual({
      kind: 'record',
      total: 1,
      items: [{ id: book.id, label: 'Sunne C:5' }],
    });
    expect(preview.body.fields).toContainEqual({ field: 'www', value: null, otherValue: 'https://riksarkivet.se' });

    const merged = await o.merge('repository', kept.id, other.id, ['www']);
    expect(merged.status).toBe(200);
    expect(await changeSetKind(merged.body.changeSetId)).toBe('merge');
    const archive = (await o.client.get<Repository>(`${o.api}/source/repository/${kept.id}`)).body;
    expect(archive).toMatchObject({ title: 'Riksarkivet', www: 'https://riksarkivet.se' });
    expect(archive.records.map((r) => r.title)).toEqual(['Sunne C:5', 'Sunne C:6']);
    expect(archive.notes).toHaveLength(1);
    expect((await o.client.get(`${o.api}/source/repository/${other.id}`)).status).toBe(404);

    expect((await o.client.post(`${o.api}/history/${merged.body.changeSetId}/undo`, {})).status).toBe(200);
    expect(strip(await treeContent(t, o.tree.id))).toBe(strip(before));
  });
});

import type {
  Citation,
  CreatedLocationAnswer,
  Location,
  Media,
  MediaUploadAnswer,
  Note,
  ProposalMade,
  Repository,
  SourceRecord,
  TrashAnswer,
} from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, TestClient, type TestResponse } from './support/client.ts';
import { jpeg, upload } from './support/media.ts';
import { addMember } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Concurrent editors (issue 26): places, repositories, records, citations, notes and media carry a
 * revision as persons and events do. An update names the revision it loaded; a stale one is refused
 * with 409 and the stored object, and nothing changes. Every change raises it, also the writes that
 * change these objects from elsewhere (deletes of a parent, merges, undo, restores, proposals).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const year = 365 * 24 * 60 * 60 * 1000;

async function newOwner() {
  const a = await signUp(t.app, { fName: 'Ägare' });
  const tree = await createTree(a.client, a.user.id, 'Revisioner');
  const api = `/api/${tree.id}`;
  const created = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await a.client.post<T>(`${api}/${path}`, body);
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const place = async (name: string, extra: Record<string, unknown> = {}) =>
    (await created<CreatedLocationAnswer>('location', { location: { name }, ...extra })).location;
  const citation = (page: string, extra: Record<string, unknown> = {}, nodeId?: string) =>
    created<Citation>('source/citation', { citation: { whereWithinSourceText: page, ...extra }, nodeId });
  const record = (title: string, repositoryId: string | null = null) =>
    created<SourceRecord>('source/record', { record: { title, repositoryId } });
  const note = (title: string, connectedNodeIds: string[] = []) =>
    created<Note>('note', { note: { title, text: `<p>${title}</p>` }, connectedNodeIds });
  const get = async <T>(path: string) => (await a.client.get<T>(`${api}/${path}`)).body;
  return { ...a, tree, api, created, place, citation, record, note, get };
}

type Owner = Awaited<ReturnType<typeof newOwner>>;

/** The same account signed in a second time: another tab or device. */
async function secondSession(o: Owner): Promise<TestClient> {
  const client = new TestClient(t.app);
  const signIn = await client.post('/api/auth/signin/credentials', { email: o.email, password: o.password });
  expect(signIn.status).toBe(200);
  return client;
}

const errorOf = (response: TestResponse) => (response.body as ErrorBody).error;

/** One kind of object: how to make one, how its edit is sent, and the field the test changes. */
interface Kind {
  name: string;
  code: string;
  field: string;
  make: (o: Owner) => Promise<{ id: string; revision: number }>;
  path: (id: string) => string;
  body: (value: string, revision?: number) => Record<string, unknown>;
}

const withRevision = (revision?: number) => (revision === undefined ? {} : { revision });
const fieldsOf = (answer: unknown) => answer as Record<string, unknown>;

const kinds: Kind[] = [
  {
    name: 'place',
    code: 'location.error.conflict',
    field: 'name',
    make: (o) => o.place('Sunne'),
    path: (id) => `location/${id}`,
    body: (name, revision) => ({ updatedLocation: { name }, ...withRevision(revision) }),
  },
  {
    name: 'repository',
    code: 'source.error.repositoryConflict',
    field: 'title',
    make: (o) => o.created<Repository>('source/repository', { repository: { title: 'Riksarkivet' } }),
    path: (id) => `source/repository/${id}`,
    body: (title, revision) => ({ repository: { title }, ...withRevision(revision) }),
  },
  {
    name: 'record',
    code: 'source.error.recordConflict',
    field: 'title',
    make: (o) => o.record('Sunne C:7'),
    path: (id) => `source/record/${id}`,
    body: (title, revision) => ({ record: { title }, ...withRevision(revision) }),
  },
  {
    name: 'citation',
    code: 'source.error.citationConflict',
    field: 'whereWithinSourceText',
    make: (o) => o.citation('Sida 12'),
    path: (id) => `source/citation/${id}`,
    body: (page, revision) => ({ citation: { whereWithinSourceText: page }, ...withRevision(revision) }),
  },
  {
    name: 'note',
    code: 'note.error.conflict',
    field: 'title',
    make: (o) => o.note('Gården'),
    path: (id) => `note/${id}`,
    body: (title, revision) => ({ note: { title, text: '<p>Text</p>' }, ...withRevision(revision) }),
  },
  {
    name: 'media object',
    code: 'media.error.conflict',
    field: 'title',
    make: async (o) => {
      const uploaded = await upload<MediaUploadAnswer>(o.client, o.tree.id, {
        name: 'gard.jpg',
        type: 'image/jpeg',
        bytes: await jpeg(),
      });
      expect(uploaded.status).toBe(201);
      return uploaded.body.media;
    },
    path: (id) => `media/${id}`,
    body: (title, revision) => ({ title, ...withRevision(revision) }),
  },
];

describe.each(kinds)('concurrent edits of a $name', (kind) => {
  it('saves from the current revision and raises it; refuses a stale one with the stored value and changes nothing', async () => {
    const o = await newOwner();
    const other = await secondSession(o);
    const loaded = await kind.make(o);
    expect(loaded.revision).toBe(1);
    const path = `${o.api}/${kind.path(loaded.id)}`;

    const first = await o.client.put(path, kind.body('Första fliken', 1));
    expect(first.status).toBe(200);
    expect(fieldsOf(first.body)).toMatchObject({ [kind.field]: 'Första fliken', revision: 2 });

    // The second session still holds revision 1.
    const stale = await other.put(path, kind.body('Andra fliken', 1));
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toMatchObject({
      code: kind.code,
      message: expect.stringContaining('changed elsewhere'),
      details: { current: { id: loaded.id, [kind.field]: 'Första fliken', revision: 2 } },
    });
    const stored = fieldsOf((await o.client.get(path)).body);
    expect(stored).toMatchObject({ [kind.field]: 'Första fliken', revision: 2 });
    expect(stored.updatedAt ?? null).toEqual(fieldsOf(first.body).updatedAt ?? null);

    // From the stored revision the second session's save goes through.
    const again = await other.put(path, kind.body('Andra fliken', 2));
    expect(again.status).toBe(200);
    expect(fieldsOf(again.body)).toMatchObject({ [kind.field]: 'Andra fliken', revision: 3 });
  });

  it('takes an update without a revision (older clients), and writes nothing when nothing changed', async () => {
    const o = await newOwner();
    const loaded = await kind.make(o);
    const path = `${o.api}/${kind.path(loaded.id)}`;
    const saved = await o.client.put(path, kind.body('Utan revision'));
    expect(saved.status).toBe(200);
    expect(fieldsOf(saved.body)).toMatchObject({ [kind.field]: 'Utan revision', revision: 2 });
    const same = await o.client.put(path, kind.body('Utan revision', 2));
    expect(same.status).toBe(200);
    expect(fieldsOf(same.body)).toMatchObject({ revision: 2 });
    // A revision the object never had is refused like a stale one.
    expect((await o.client.put(path, kind.body('Framtid', 7))).status).toBe(409);
    expect((await o.client.put(path, kind.body('Ogiltig', 0))).status).toBe(400);
  });
});

describe('writes that change these objects from elsewhere raise their revision', () => {
  it('a place: its sources alone, a citation cited on it, its parent deleted, a merge into it', async () => {
    const o = await newOwner();
    const parish = await o.place('Sunne');
    const farm = await o.place('Västra Fors', { ancestorId: parish.id });
    const cited = await o.citation('Karta 1850');
    const path = `${o.api}/location/${farm.id}`;

    const sourced = await o.client.put<Location>(path, {
      updatedLocation: { name: 'Västra Fors', parentId: parish.id, sourceIds: [cited.id] },
      revision: 1,
    });
    expect(sourced.body).toMatchObject({ revision: 2, sources: [{ id: cited.id }] });

    await o.citation('Husförhör', {}, farm.id);
    const withCitation = await o.get<Location>(`location/${farm.id}`);
    expect(withCitation).toMatchObject({ revision: 3 });
    expect(withCitation.sources).toHaveLength(2);

    expect((await o.client.delete(`${o.api}/location/${parish.id}`)).status).toBe(200);
    expect(await o.get<Location>(`location/${farm.id}`)).toMatchObject({ parentId: null, revision: 4 });

    const other = await o.place('V. Fors');
    const merged = await o.client.post(`${path}/merge`, { otherId: other.id });
    expect(merged.status).toBe(200);
    expect(await o.get<Location>(`location/${farm.id}`)).toMatchObject({ name: 'Västra Fors', revision: 5 });
    // A form loaded before the merge gets its conflict instead of dropping what the merge brought.
    expect((await o.client.put(path, { updatedLocation: { name: 'Fors' }, revision: 4 })).status).toBe(409);
  });

  it('records and citations left by their repository or record, and a record merge', async () => {
    const o = await newOwner();
    const archive = await o.created<Repository>('source/repository', { repository: { title: 'Arkivet' } });
    const book = await o.record('Dopbok', archive.id);
    const page = await o.citation('Sida 1', { sourceRecordId: book.id });
    const note = await o.note('Anteckning');
    await o.citation('Sida 2', {}, note.id);
    expect(await o.get<Note>(`note/${note.id}`)).toMatchObject({ revision: 2 });

    expect((await o.client.delete(`${o.api}/source/repository/${archive.id}`)).status).toBe(200);
    expect(await o.get<SourceRecord>(`source/record/${book.id}`)).toMatchObject({ repositoryId: null, revision: 2 });

    const copy = await o.record('Dopbok (kopia)');
    const moved = await o.citation('Sida 9', { sourceRecordId: copy.id });
    expect((await o.client.post(`${o.api}/source/record/${book.id}/merge`, { otherId: copy.id })).status).toBe(200);
    expect(await o.get<Citation>(`source/citation/${moved.id}`)).toMatchObject({
      sourceRecordId: book.id,
      revision: 2,
    });

    expect((await o.client.delete(`${o.api}/source/record/${book.id}`)).status).toBe(200);
    expect(await o.get<Citation>(`source/citation/${page.id}`)).toMatchObject({ sourceRecordId: null, revision: 2 });
  });

  it('an undo, and a restore from the trash of a place deleted before revisions were recorded', async () => {
    const o = await newOwner();
    const place = await o.place('Rottneros');
    const renamed = await o.client.put<Location>(`${o.api}/location/${place.id}`, {
      updatedLocation: { name: 'Rottnerosbruk' },
      revision: 1,
    });
    const changeSet = Number(renamed.headers['anor-change-set']);
    expect((await o.client.post(`${o.api}/history/${changeSet}/undo`, {})).status).toBe(200);
    expect(await o.get<Location>(`location/${place.id}`)).toMatchObject({ name: 'Rottneros', revision: 3 });

    expect((await o.client.delete(`${o.api}/location/${place.id}`)).status).toBe(200);
    // As a delete recorded before migration 0035 holds it: the row without its revision.
    await t.database.db.execute(
      sql`update history_change set old = old - 'revision' where tree_id = ${o.tree.id} and tbl = 'location' and op = 'D'`,
    );
    const [item] = (await o.get<TrashAnswer>('trash')).items;
    const restored = await o.client.post(`${o.api}/trash/${item?.changeSetId}/restore`, {});
    expect(restored.status).toBe(200);
    expect(await o.get<Location>(`location/${place.id}`)).toMatchObject({ name: 'Rottneros', revision: 1 });
  });

  it('an accepted proposal, and a contributor’s stale edit is refused as an editor’s is', async () => {
    const o = await newOwner();
    await upsertSubscription(t.database.db, o.user.id, 'yearly', new Date(Date.now() + year));
    const contributor = await signUp(t.app, { fName: 'Kusin' });
    await addMember(o.client, o.tree.id, contributor, 'contributor');
    const note = await o.note('Förslag');
    const path = `${o.api}/note/${note.id}`;

    const proposed = await contributor.client.put<ProposalMade>(path, {
      note: { title: 'Föreslagen', text: '<p>Ny</p>' },
      revision: 1,
    });
    expect(proposed.status).toBe(202);
    expect(await o.get<Note>(`note/${note.id}`)).toMatchObject({ title: 'Förslag', revision: 1 });
    const accepted = await o.client.post(`${o.api}/proposal/${proposed.body.proposal.id}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(await o.get<Note>(`note/${note.id}`)).toMatchObject({ title: 'Föreslagen', revision: 2 });

    // The owner's form, loaded before the acceptance, gets its conflict; so does the contributor's next stale edit.
    expect(errorOf(await o.client.put(path, { note: { title: 'Ägarens', text: '<p>x</p>' }, revision: 1 })).code).toBe(
      'note.error.conflict',
    );
    const staleProposal = await contributor.client.put(path, {
      note: { title: 'Igen', text: '<p>y</p>' },
      revision: 1,
    });
    expect(staleProposal.status).toBe(409);
  });

  it('a media object filled in by an upload of the file its reference names', async () => {
    const o = await newOwner();
    const reference = await o.created<{ id: string }>('source/object', {
      object: { fileReference: 'bilder/gard.jpg' },
    });
    expect(await o.get<Media>(`media/${reference.id}`)).toMatchObject({ hasFile: false, revision: 1 });
    const uploaded = await upload<MediaUploadAnswer>(o.client, o.tree.id, {
      name: 'gard.jpg',
      type: 'image/jpeg',
      bytes: await jpeg(),
    });
    expect(uploaded.body.filled).toEqual([reference.id]);
    expect(await o.get<Media>(`media/${reference.id}`)).toMatchObject({ hasFile: true, revision: 2 });
  });
});

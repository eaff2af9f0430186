import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Event, Media, MediaSummary, Person, ShareState, TreeInfo } from '@anor/core';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { collectMediaGarbage } from '../src/modules/media/media.gc.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, TestClient, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { jpeg, pdf, pdfPage, png, upload } from './support/media.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Photos and scanned documents (issue 22): upload, versions, links, gallery, portrait, and who may
 * read the files: the owner; a share-link visitor only media linked to no living person; other users
 * and the anonymous not at all.
 */
let t: TestApp;
const year = 365 * 86_400_000;
let owner: Awaited<ReturnType<typeof signUp>>;
let treeId: string;
let api: string;
let token: string;
let dead: Person;
let living: Person;

const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;

async function uploaded(response: TestResponse<{ media: Media }>): Promise<Media> {
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body.media;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, 'Bildträd');
  treeId = tree.id;
  api = `/api/${treeId}`;
  const family = new FamilyBuilder(owner.client, treeId);
  dead = await family.create({ fName: 'Gustav', lName: 'Gammal' });
  living = await family.create({ fName: 'Livia', lName: 'Levande' });
  const death = await owner.client.post<{ event: Event }>(`${api}/event`, {
    type: 'death',
    startDate: '1920',
    participants: [{ personId: dead.id, role: 'primary' }],
  });
  expect(death.status).toBe(201);
  const share = await owner.client.put<ShareState>(`${api}/share`, { enabled: true });
  token = share.body.token as string;
}, 120_000);
afterAll(() => t.close());

describe('upload', () => {
  it('stores a JPEG with its versions, oriented by EXIF, and links it at once', async () => {
    // 64×48 stored with orientation 6 (rotate 90°): shown 48 wide and 64 high.
    const bytes = await jpeg(64, 48, 6);
    const media = await uploaded(
      await upload(
        owner.client,
        treeId,
        { name: 'gustav.jpg', type: 'image/jpeg', bytes },
        {
          title: 'Gustav på gården',
          date: 'omkr. 1910',
          description: 'Fotograf okänd',
          nodeId: dead.id,
          nodeKind: 'person',
        },
      ),
    );
    expect(media).toMatchObject({
      title: 'Gustav på gården',
      date: 'omkr. 1910',
      description: 'Fotograf okänd',
      fileName: 'gustav.jpg',
      mimeType: 'image/jpeg',
      kind: 'image',
      size: bytes.length,
      width: 48,
      height: 64,
      hasFile: true,
      hasPreview: true,
      links: [{ nodeId: dead.id, nodeKind: 'person' }],
    });
    // A cache-busting `v` is taken (and ignored); any other unknown parameter is still refused.
    const thumb = await owner.client.get<string>(`${api}/media/${media.id}/file/thumb?v=2`);
    expect(thumb.status).toBe(200);
    expect((await owner.client.get(`${api}/media/${media.id}/file/thumb?w=100`)).status).toBe(400);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toMatch(/^private/);
    const screen = await t.app.inject({
      url: `${api}/media/${media.id}/file/screen`,
      headers: { cookie: (await cookieOf(owner.client)) ?? '' },
    });
    const meta = await sharp(screen.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([48, 64]);
    // No metadata (EXIF, so no GPS position) in the versions made.
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const original = await t.app.inject({
      url: `${api}/media/${media.id}/file/original`,
      headers: { cookie: (await cookieOf(owner.client)) ?? '' },
    });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(original.rawPayload, bytes)).toBe(0);
  });

  it('keeps a PDF as uploaded, served inline as application/pdf; one with no page to draw has no preview', async () => {
    const media = await uploaded(await upload(owner.client, treeId, { name: 'husförhör.pdf', bytes: pdf }));
    expect(media).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf', width: null, hasFile: true });
    const original = await owner.client.get(`${api}/media/${media.id}/file/original`);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('application/pdf');
    expect(original.headers['content-disposition']).toMatch(/^inline/);
    const thumb = await owner.client.get(`${api}/media/${media.id}/file/thumb`);
    expect(thumb.status).toBe(404);
    expect(codeOf(thumb)).toBe('media.error.noPreview');
  });

  it("makes a PDF's thumbnail and screen version from its first page, however large the page", async () => {
    const media = await uploaded(await upload(owner.client, treeId, { name: 'karta.pdf', bytes: pdfPage(300, 400) }));
    expect(media).toMatchObject({ kind: 'pdf', hasFile: true, hasPreview: true });
    const screen = await t.app.inject({
      url: `${api}/media/${media.id}/file/screen`,
      headers: { cookie: (await cookieOf(owner.client)) ?? '' },
    });
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['content-type']).toBe('image/webp');
    const page = await sharp(screen.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([page.info.width, page.info.height]).toEqual([1200, 1600]);
    // The rectangle drawn in the middle is red, the page around it white.
    const at = (x: number, y: number) => [
      ...page.data.subarray((y * page.info.width + x) * page.info.channels).subarray(0, 3),
    ];
    expect(at(600, 800)[0]).toBeGreaterThan(150);
    expect(at(600, 800)[1]).toBeLessThan(80);
    expect(at(5, 5)).toEqual([255, 255, 255]);
    // A page of 14,400 points square (the largest PDF allows) is drawn at 1600 pixels, not at its size.
    const huge = await uploaded(
      await upload(owner.client, treeId, { name: 'stor.pdf', bytes: pdfPage(14_400, 14_400) }),
    );
    const hugeScreen = await t.app.inject({
      url: `${api}/media/${huge.id}/file/screen`,
      headers: { cookie: (await cookieOf(owner.client)) ?? '' },
    });
    expect((await sharp(hugeScreen.rawPayload).metadata()).width).toBe(1600);
  });

  it('stores the same bytes once, and counts them in the tree answer', async () => {
    const before = await filesUnder(path.join(t.dataDir, 'media'));
    const bytes = await png(33, 21);
    await uploaded(await upload(owner.client, treeId, { name: 'a.png', bytes }));
    const afterFirst = await filesUnder(path.join(t.dataDir, 'media'));
    await uploaded(await upload(owner.client, treeId, { name: 'b.png', bytes }));
    expect((await filesUnder(path.join(t.dataDir, 'media'))).length).toBe(afterFirst.length);
    expect(afterFirst.length).toBe(before.length + 3);
    const tree = await owner.client.get<TreeInfo>(`${api}/tree`);
    expect(tree.body.mediaBytes).toBeGreaterThan(2 * bytes.length);
    // Nothing stays in the spool.
    expect(await filesUnder(path.join(t.dataDir, 'spool'))).toEqual([]);
  });
});

describe('GEDCOM references', () => {
  it("an upload whose name is a reference's file name fills that reference in, keeping its links", async () => {
    const reference = await owner.client.post<{ id: string }>(`${api}/source/object`, {
      object: { fileReference: 'C:\\Bilder\\Gustav Konfirmation.JPG', title: 'Konfirmationen' },
    });
    expect(reference.status).toBe(201);
    await owner.client.put(`${api}/media/${reference.body.id}/link`, { nodeId: dead.id, nodeKind: 'person' });
    const before = await owner.client.get<Media>(`${api}/media/${reference.body.id}`);
    expect(before.body).toMatchObject({ kind: 'reference', hasFile: false, hasPreview: false });
    const media = await uploaded(
      await upload(owner.client, treeId, { name: 'gustav konfirmation.jpg', bytes: await jpeg(50, 40) }),
    );
    expect(media).toMatchObject({
      id: reference.body.id,
      title: 'Konfirmationen',
      kind: 'image',
      hasFile: true,
      width: 50,
      links: [{ nodeId: dead.id, nodeKind: 'person' }],
    });
    expect((await owner.client.get(`${api}/media/${media.id}/file/thumb`)).status).toBe(200);
  });
});

describe('links, lists and edits', () => {
  let media: Media;
  beforeAll(async () => {
    media = await uploaded(
      await upload(owner.client, treeId, { name: 'gård.png', bytes: await png() }, { title: 'Gården' }),
    );
  });

  it('links to several nodes (idempotent), shows in their galleries, and unlinks', async () => {
    const first = await owner.client.put<Media>(`${api}/media/${media.id}/link`, {
      nodeId: dead.id,
      nodeKind: 'person',
    });
    expect(first.status).toBe(200);
    const again = await owner.client.put<Media>(`${api}/media/${media.id}/link`, {
      nodeId: dead.id,
      nodeKind: 'person',
    });
    expect(again.body.links).toEqual([{ nodeId: dead.id, nodeKind: 'person' }]);
    const gallery = await owner.client.get<{ media: MediaSummary[] }>(`${api}/media/node/${dead.id}`);
    expect(gallery.body.media.map((m) => m.id)).toContain(media.id);
    const unlinked = await owner.client.delete<Media>(`${api}/media/${media.id}/link/${dead.id}`);
    expect(unlinked.body.links).toEqual([]);
    const after = await owner.client.get<{ media: MediaSummary[] }>(`${api}/media/node/${dead.id}`);
    expect(after.body.media.map((m) => m.id)).not.toContain(media.id);
  });

  it('refuses a link to a node of another kind or tree', async () => {
    const wrongKind = await owner.client.put(`${api}/media/${media.id}/link`, { nodeId: dead.id, nodeKind: 'event' });
    expect(wrongKind.status).toBe(404);
  });

  it('lists the tree media newest first, page by page', async () => {
    const page = await owner.client.get<{ media: MediaSummary[]; nextCursor: string | null }>(`${api}/media?limit=2`);
    expect(page.body.media).toHaveLength(2);
    expect(page.body.media[0]?.id).toBe(media.id);
    const next = await owner.client.get<{ media: MediaSummary[] }>(
      `${api}/media?limit=50&cursor=${page.body.nextCursor}`,
    );
    expect(next.body.media.map((m) => m.id)).not.toContain(media.id);
  });

  it('edits title, date and description; refuses too long a title', async () => {
    const edited = await owner.client.put<Media>(`${api}/media/${media.id}`, {
      title: 'Gården i Sunne',
      date: '1905',
      description: 'Från norr',
    });
    expect(edited.body).toMatchObject({ title: 'Gården i Sunne', date: '1905', description: 'Från norr' });
    const tooLong = await owner.client.put(`${api}/media/${media.id}`, { title: 'x'.repeat(501) });
    expect(codeOf(tooLong)).toBe('media.validation.titleTooLong');
  });

  it('deletes to the trash and the history can restore it', async () => {
    const doomed = await uploaded(await upload(owner.client, treeId, { name: 'x.png', bytes: await png(5, 5) }));
    expect((await owner.client.delete(`${api}/media/${doomed.id}`)).status).toBe(204);
    expect((await owner.client.get(`${api}/media/${doomed.id}`)).status).toBe(404);
    expect((await owner.client.get(`${api}/media/${doomed.id}/file/thumb`)).status).toBe(404);
  });
});

describe('portrait', () => {
  it('sets a crop of an image as the portrait, shows it on the person and serves it cropped', async () => {
    const media = await uploaded(await upload(owner.client, treeId, { name: 'p.jpg', bytes: await jpeg(400, 300) }));
    const crop = { x: 0.25, y: 0.1, width: 0.5, height: 0.8 };
    const set = await owner.client.put(`${api}/person/${dead.id}/portrait`, { mediaId: media.id, crop });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ portrait: { mediaId: media.id, crop } });
    const person = await owner.client.get<Person>(`${api}/person/${dead.id}`);
    expect(person.body.portrait).toEqual({ mediaId: media.id, crop });
    const file = await t.app.inject({
      url: `${api}/person/${dead.id}/portrait/file`,
      headers: { cookie: (await cookieOf(owner.client)) ?? '' },
    });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 240]);
    expect((await owner.client.delete(`${api}/person/${dead.id}/portrait`)).status).toBe(204);
    expect((await owner.client.get<Person>(`${api}/person/${dead.id}`)).body.portrait).toBeNull();
    expect((await owner.client.get(`${api}/person/${dead.id}/portrait/file`)).status).toBe(404);
  });

  it('refuses a PDF as a portrait', async () => {
    const media = await uploaded(await upload(owner.client, treeId, { name: 'doc.pdf', bytes: pdf }));
    const set = await owner.client.put(`${api}/person/${dead.id}/portrait`, {
      mediaId: media.id,
      crop: { x: 0, y: 0, width: 1, height: 1 },
    });
    expect(codeOf(set)).toBe('media.error.notImage');
  });
});

describe('history and merge', () => {
  it('undoing the delete of a media object brings back its links, its portrait and its files', async () => {
    const family = new FamilyBuilder(owner.client, treeId);
    const person = await family.create({ fName: 'Ulla', lName: 'Ångra' });
    const media = await uploaded(
      await upload(
        owner.client,
        treeId,
        { name: 'u.jpg', bytes: await jpeg(30, 30) },
        {
          nodeId: person.id,
          nodeKind: 'person',
        },
      ),
    );
    const crop = { x: 0, y: 0, width: 1, height: 1 };
    await owner.client.put(`${api}/person/${person.id}/portrait`, { mediaId: media.id, crop });
    const removed = await owner.client.delete(`${api}/media/${media.id}`);
    expect(removed.status).toBe(204);
    expect((await owner.client.get<Person>(`${api}/person/${person.id}`)).body.portrait).toBeNull();
    const changeSet = String(removed.headers['anor-change-set']).split(',')[0];
    const undo = await owner.client.post(`${api}/history/${changeSet}/undo`, {});
    expect(undo.status, JSON.stringify(undo.body)).toBeLessThan(300);
    const back = await owner.client.get<Media>(`${api}/media/${media.id}`);
    expect(back.body.links).toEqual([{ nodeId: person.id, nodeKind: 'person' }]);
    expect((await owner.client.get<Person>(`${api}/person/${person.id}`)).body.portrait).toEqual({
      mediaId: media.id,
      crop,
    });
    expect((await owner.client.get(`${api}/media/${media.id}/file/thumb`)).status).toBe(200);
  });

  it("a person merge moves the other's media and gives the kept person the other's portrait", async () => {
    const family = new FamilyBuilder(owner.client, treeId);
    const kept = await family.create({ fName: 'Nils', lName: 'Sammanfogad' });
    const other = await family.create({ fName: 'Nils', lName: 'Sammanfogad' });
    const media = await uploaded(
      await upload(
        owner.client,
        treeId,
        { name: 'n.jpg', bytes: await jpeg(31, 30) },
        {
          nodeId: other.id,
          nodeKind: 'person',
        },
      ),
    );
    const crop = { x: 0.1, y: 0.2, width: 0.5, height: 0.5 };
    await owner.client.put(`${api}/person/${other.id}/portrait`, { mediaId: media.id, crop });
    const revision = async (id: string) => (await owner.client.get<Person>(`${api}/person/${id}`)).body.revision;
    const merged = await owner.client.post(`${api}/person/${kept.id}/merge`, {
      otherId: other.id,
      revision: await revision(kept.id),
      otherRevision: await revision(other.id),
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect((await owner.client.get<Person>(`${api}/person/${kept.id}`)).body.portrait).toEqual({
      mediaId: media.id,
      crop,
    });
    const gallery = await owner.client.get<{ media: MediaSummary[] }>(`${api}/media/node/${kept.id}`);
    expect(gallery.body.media.map((m) => m.id)).toEqual([media.id]);
  });
});

describe('collecting files no row names', () => {
  it('removes old files no media row or history names, keeps the rest', async () => {
    const storage = t.app.anor.mediaStorage;
    const stray = 'a'.repeat(64);
    const fresh = 'b'.repeat(64);
    await storage.put(stray, Buffer.from('stray'));
    await storage.put(`${stray}.thumb`, Buffer.from('stray thumb'));
    await storage.put(fresh, Buffer.from('fresh'));
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    for (const key of [stray, `${stray}.thumb`]) {
      await utimes(path.join(t.dataDir, 'media', key.slice(0, 2), key.slice(2, 4), key), old, old);
    }
    // A deleted media object's file stays while the history can undo the delete.
    const deleted = await uploaded(await upload(owner.client, treeId, { name: 'gc.jpg', bytes: await jpeg(23, 23) }));
    await owner.client.delete(`${api}/media/${deleted.id}`);
    const { deleted: removed } = await collectMediaGarbage(t.database.db, storage, 0);
    expect(await storage.has(stray)).toBe(false);
    expect(await storage.has(`${stray}.thumb`)).toBe(false);
    expect(removed).toBeGreaterThanOrEqual(2);
    // Every file a row or the history names is still there (with minAge 0 the fresh stray goes too).
    expect(await storage.has(fresh)).toBe(false);
    const [row] = await queryRows<{ hash: string }>(
      t.database.db,
      sql`select old->>'content_hash' as hash from history_change where tbl = 'media_object' and op = 'D'
          and node_id = ${deleted.id}`,
    );
    expect(await storage.has(row?.hash as string)).toBe(true);
    const list = await owner.client.get<{ media: MediaSummary[] }>(`${api}/media?limit=200`);
    for (const media of list.body.media.filter((m) => m.hasFile)) {
      expect((await owner.client.get(`${api}/media/${media.id}/file/original`)).status).toBe(200);
    }
  });

  it('keeps files younger than the minimum age (an upload stores them before its row is committed)', async () => {
    const storage = t.app.anor.mediaStorage;
    const young = 'c'.repeat(64);
    await storage.put(young, Buffer.from('young'));
    await collectMediaGarbage(t.database.db, storage);
    expect(await storage.has(young)).toBe(true);
  });
});

describe('access', () => {
  let ofDead: Media;
  let ofLiving: Media;
  beforeAll(async () => {
    ofDead = await uploaded(
      await upload(
        owner.client,
        treeId,
        { name: 'död.jpg', bytes: await jpeg(20, 20) },
        { nodeId: dead.id, nodeKind: 'person' },
      ),
    );
    ofLiving = await uploaded(
      await upload(
        owner.client,
        treeId,
        { name: 'levande.jpg', bytes: await jpeg(21, 20) },
        {
          title: 'HEMLIG-BILD',
          nodeId: living.id,
          nodeKind: 'person',
        },
      ),
    );
    const crop = { x: 0, y: 0, width: 1, height: 1 };
    await owner.client.put(`${api}/person/${living.id}/portrait`, { mediaId: ofLiving.id, crop });
    await owner.client.put(`${api}/person/${dead.id}/portrait`, { mediaId: ofDead.id, crop });
  });

  const visitorHeaders = () => ({ 'x-anor-share': token });

  it('a visitor sees media linked to the dead, not to the living', async () => {
    const visitor = new TestClient(t.app);
    const get = (url: string) => visitor.request('GET', url, undefined, visitorHeaders());
    expect((await get(`${api}/media/${ofDead.id}`)).status).toBe(200);
    expect((await get(`${api}/media/${ofDead.id}/file/thumb`)).status).toBe(200);
    for (const variant of ['thumb', 'screen', 'original']) {
      const denied = await get(`${api}/media/${ofLiving.id}/file/${variant}`);
      expect(denied.status).toBe(404);
      expect(codeOf(denied)).toBe('media.error.notFound');
    }
    expect((await get(`${api}/media/${ofLiving.id}`)).status).toBe(404);
    const list = await get(`${api}/media?limit=200`);
    expect(JSON.stringify(list.body)).not.toContain(ofLiving.id);
    expect(JSON.stringify(list.body)).not.toContain('HEMLIG-BILD');
    expect(JSON.stringify(list.body)).toContain(ofDead.id);
    const gallery = await get(`${api}/media/node/${living.id}`);
    expect(gallery.body).toEqual({ media: [] });
  });

  it("a visitor gets no living person's portrait, and a dead person's", async () => {
    const visitor = new TestClient(t.app);
    const get = (url: string) => visitor.request<Person>('GET', url, undefined, visitorHeaders());
    expect((await get(`${api}/person/${living.id}`)).body.portrait).toBeNull();
    expect((await get(`${api}/person/${living.id}/portrait/file`)).status).toBe(404);
    expect((await get(`${api}/person/${dead.id}`)).body.portrait?.mediaId).toBe(ofDead.id);
    expect((await get(`${api}/person/${dead.id}/portrait/file`)).status).toBe(200);
  });

  it('a visitor may pass the token as ?share= on file routes (an <img> sends no header)', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get(`${api}/media/${ofDead.id}/file/thumb?share=${token}`)).status).toBe(200);
    expect((await visitor.get(`${api}/media/${ofLiving.id}/file/thumb?share=${token}`)).status).toBe(404);
    expect((await visitor.get(`${api}/media/${ofDead.id}/file/thumb?share=wrong`)).status).toBe(404);
  });

  it('a visitor cannot upload, edit, link or delete', async () => {
    const visitor = new TestClient(t.app);
    const refused = await upload(visitor, treeId, { name: 'v.png', bytes: await png() }, {}, visitorHeaders());
    expect([401, 403]).toContain(refused.status);
    const edit = await visitor.request('PUT', `${api}/media/${ofDead.id}`, { title: 'x' }, visitorHeaders());
    expect([401, 403]).toContain(edit.status);
    const remove = await visitor.request('DELETE', `${api}/media/${ofDead.id}`, undefined, visitorHeaders());
    expect([401, 403]).toContain(remove.status);
  });

  it('another user and the anonymous get nothing', async () => {
    const other = await signUp(t.app);
    for (const client of [other.client, new TestClient(t.app)]) {
      const expected = client.isSignedIn ? 404 : 401;
      expect((await client.get(`${api}/media/${ofDead.id}/file/original`)).status).toBe(expected);
      expect((await client.get(`${api}/media/${ofDead.id}`)).status).toBe(expected);
      expect((await client.get(`${api}/media`)).status).toBe(expected);
      expect((await client.get(`${api}/person/${dead.id}/portrait/file`)).status).toBe(expected);
      const refused = await upload(client, treeId, { name: 'o.png', bytes: await png() });
      expect(refused.status).toBe(expected);
    }
  });
});

async function cookieOf(client: TestClient): Promise<string | undefined> {
  // The client keeps its cookies private; a request through it with a probe reads them back.
  return (client as unknown as { cookies: Map<string, string> }).cookies
    ? [...(client as unknown as { cookies: Map<string, string> }).cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    : undefined;
}

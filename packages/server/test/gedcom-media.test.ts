import type { GedcomImportAnswer, Media, MediaReferencesAnswer, MediaUploadAnswer } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { signUp, TestClient } from './support/client.ts';
import { jpeg, pdf, upload } from './support/media.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * GEDCOM and media files (issue 22): the files an imported file's OBJE FILE lines name are listed
 * for the import report with how many of their objects have them; uploading a file of that name
 * fills in every object naming it; the export writes OBJE/FILE, and the 7.0 export as a GEDZIP
 * holds gedcom.ged and the files under the paths its FILE lines give.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let treeId: string;
const year = 365 * 86_400_000;

const gedcom = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Erik /Öberg/',
  '1 OBJE @M1@',
  '1 OBJE',
  '2 FILE foton/Erik Konfirmation.JPG',
  '3 FORM jpg',
  '2 TITL Konfirmationen (kopia)',
  '0 @I2@ INDI',
  '1 NAME Anna /Ärlig/',
  '1 OBJE @M2@',
  '0 @M1@ OBJE',
  '1 FILE C:\\Bilder\\erik konfirmation.jpg',
  '2 FORM jpg',
  '2 TITL Konfirmationen',
  '0 @M2@ OBJE',
  '1 FILE brev.pdf',
  '2 FORM pdf',
  '0 TRLR',
  '',
].join('\n');

/** The entries of a zip: name → bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function cookieOf(client: TestClient): string {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const imported = await owner.client.post<GedcomImportAnswer>(`/api/user/${owner.user.id}/tree/gedcom`, {
    gedcomString: gedcom,
    treeName: 'Med bilder',
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  treeId = imported.body.tree.id;
}, 120_000);
afterAll(() => t.close());

describe('the files a GEDCOM refers to', () => {
  let photo: Buffer;

  it('are listed by name without folders, case aside, none present yet', async () => {
    const answer = await owner.client.get<MediaReferencesAnswer>(`/api/${treeId}/media/references`);
    expect(answer.status).toBe(200);
    expect(answer.body.files).toEqual([
      { name: 'brev.pdf', objects: 1, present: 0 },
      { name: expect.stringMatching(/^erik konfirmation\.jpg$/i), objects: 2, present: 0 },
    ]);
    // Not for a visitor or another user: the list is a tool of the tree's editors.
    const other = await signUp(t.app);
    expect((await other.client.get(`/api/${treeId}/media/references`)).status).toBe(404);
    expect((await new TestClient(t.app).get(`/api/${treeId}/media/references`)).status).toBe(401);
  });

  it('an upload of that name fills in every object naming it, keeping their titles and links', async () => {
    photo = await jpeg(60, 40);
    const uploaded = await upload<MediaUploadAnswer>(owner.client, treeId, {
      name: 'ERIK KONFIRMATION.jpg',
      bytes: photo,
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.filled).toHaveLength(2);
    const titles: (string | null)[] = [];
    for (const id of uploaded.body.filled) {
      const media = await owner.client.get<Media>(`/api/${treeId}/media/${id}`);
      expect(media.body).toMatchObject({ kind: 'image', hasFile: true, hasPreview: true });
      expect(media.body.links).toHaveLength(1);
      titles.push(media.body.title);
    }
    expect(titles.sort()).toEqual(['Konfirmationen', 'Konfirmationen (kopia)']);
    const pdfUpload = await upload<MediaUploadAnswer>(owner.client, treeId, { name: 'brev.pdf', bytes: pdf });
    expect(pdfUpload.body.filled).toHaveLength(1);
    const answer = await owner.client.get<MediaReferencesAnswer>(`/api/${treeId}/media/references`);
    expect(answer.body.files.map((file) => [file.objects, file.present])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    // A file of another name is a new object, and no reference.
    const other = await upload<MediaUploadAnswer>(owner.client, treeId, { name: 'gården.jpg', bytes: await jpeg() });
    expect(other.body.filled).toEqual([]);
    expect((await owner.client.get<MediaReferencesAnswer>(`/api/${treeId}/media/references`)).body.files).toHaveLength(
      2,
    );
  });

  it('the export writes OBJE with FILE; the 7.0 GEDZIP holds gedcom.ged and the files its FILE lines name', async () => {
    const text = await owner.client.get<string>(`/api/${treeId}/gedcom?version=7.0`);
    expect(text.status).toBe(200);
    expect(String(text.body)).toMatch(/^1 FILE C:\\Bilder\\erik konfirmation\.jpg$/m);
    const response = await t.app.inject({
      url: `/api/${treeId}/gedcom?version=7.0&format=gedzip`,
      headers: { cookie: cookieOf(owner.client) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/\.gdz"/);
    const entries = await unzip(response.rawPayload);
    const ged = entries.get('gedcom.ged')?.toString('utf8') ?? '';
    expect(ged).toMatch(/^0 HEAD/);
    const files = [...ged.matchAll(/^\d FILE (.+)$/gm)].map((match) => match[1] as string);
    // Both objects of the photo name one file in the zip; every FILE line names an entry.
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) expect(entries.has(file), file).toBe(true);
    const photoPath = files.find((file) => /erik/i.test(file)) as string;
    expect(Buffer.compare(entries.get(photoPath) as Buffer, photo)).toBe(0);
    expect(Buffer.compare(entries.get('media/brev.pdf') as Buffer, pdf)).toBe(0);
    expect([...entries.keys()].sort()).toEqual(['gedcom.ged', ...new Set(files)].sort());
    // A GEDZIP is of GEDCOM 7.0 only: asked without a version it is 7.0, asked of 5.5.1 it is refused.
    const old = await owner.client.get(`/api/${treeId}/gedcom?version=5.5.1&format=gedzip`);
    expect(old.status).toBe(400);
    const plain = await owner.client.get(`/api/${treeId}/gedcom?format=gedzip`);
    expect([plain.status, plain.headers['content-type']]).toEqual([200, 'application/zip']);
  });
});

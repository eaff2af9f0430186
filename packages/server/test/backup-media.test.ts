import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Media } from '@anor/core';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError } from '../src/admin/admin.ts';
import { parseAdminArgs } from '../src/admin/args.ts';
import { backupDatabase } from '../src/admin/backup.ts';
import { readBackupHeader, verifyBackupFile } from '../src/admin/backup-file.ts';
import { restoreDatabase } from '../src/admin/restore.ts';
import { type App, buildApp } from '../src/app.ts';
import { readConfig, uniformRateLimits } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { createLocalStorage } from '../src/modules/media/storage/local.ts';
import { createS3Storage } from '../src/modules/media/storage/s3.ts';
import type { MediaStorage } from '../src/modules/media/storage/storage.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { jpeg, pdf, png, upload } from './support/media.ts';
import { createTestApp, openTestDatabase, type TestApp } from './support/test-app.ts';

/**
 * Backup and restore carry the media files (issue 22): a tree with photos, a PDF and a photo in the
 * trash is backed up with its files, restored into an empty database with an empty data directory,
 * and the restored server serves every version of every file with the same bytes. A damaged file
 * section is refused and nothing restored; the files go to S3 the same way.
 */

let t: TestApp;
let dir: string;
let file: string;
let owner: Awaited<ReturnType<typeof signUp>>;
let treeId: string;
const uploadedMedia: Media[] = [];
let trashed: Media;
let trashedBytes: Buffer;
let trashedChangeSet: string;
let backup: Awaited<ReturnType<typeof backupDatabase>>;
const year = 365 * 86_400_000;

async function bytesOf(app: App, cookie: string, url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await app.inject({ url, headers: { cookie } });
  return { status: response.statusCode, bytes: response.rawPayload };
}

function cookieOf(client: TestClient): string {
  return (client as unknown as { cookies: Map<string, string> }).cookies
    ? [...(client as unknown as { cookies: Map<string, string> }).cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    : '';
}

/** The server on a database and data directory of its own. */
async function appOn(database: Database, dataDir: string): Promise<App> {
  const app = await buildApp({
    config: {
      ...readConfig({}),
      publicUrl: 'http://localhost:3000',
      dataDir,
      authSecret: 'test-secret-that-is-long-enough-for-better-auth',
      webDistDir: null,
      rateLimits: uniformRateLimits({ max: 100_000, windowMs: 60_000 }),
      payment: { number: '123 456 78 90', recipient: 'Anor Test AB' },
      demoTree: false,
    },
    database,
    logger: false,
  });
  await app.ready();
  return app;
}

const sourceStorage = () => createLocalStorage(path.join(t.dataDir, 'media'));

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'anor-backup-media-'));
  file = path.join(dir, 'backup.jsonl.gz');
  owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, 'Bilder');
  treeId = tree.id;
  const person = await new FamilyBuilder(owner.client, treeId).create({ fName: 'Erik', lName: 'Öberg' });
  // A photo larger than one base64 line of the backup (768 KiB), so a file spans several lines.
  const large = await (await import('sharp'))
    .default({
      create: {
        width: 900,
        height: 700,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
    .png()
    .toBuffer();
  expect(large.length).toBeGreaterThan(768 * 1024);
  const files = [
    { name: 'erik.jpg', bytes: await jpeg(80, 60) },
    { name: 'husförhör.pdf', bytes: pdf },
    { name: 'brus.png', bytes: large },
  ];
  for (const each of files) {
    const response = await upload<{ media: Media }>(owner.client, treeId, each, {
      nodeId: person.id,
      nodeKind: 'person',
    });
    expect(response.status).toBe(201);
    uploadedMedia.push(response.body.media);
  }
  // A photo in the trash: its row is gone, the history can bring it back, so its files are kept.
  trashedBytes = await png(20, 20);
  const gone = await upload<{ media: Media }>(owner.client, treeId, { name: 'borta.png', bytes: trashedBytes });
  trashed = gone.body.media;
  const removed = await owner.client.delete(`/api/${treeId}/media/${trashed.id}`);
  expect(removed.status).toBe(204);
  trashedChangeSet = String(removed.headers['anor-change-set']).split(',')[0] as string;
  backup = await backupDatabase(t.database.db, file, { database: t.database.kind, storage: sourceStorage() });
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('backup with media', () => {
  it('holds every stored version of every file the rows and the history name', async () => {
    // Two images with their thumbnail and screen version, a PDF and the trashed image's three files.
    const pdfVersions = uploadedMedia[1]?.hasPreview ? 3 : 1;
    expect(backup.media).toMatchObject({ files: 3 + pdfVersions + 3 + 3, missing: [] });
    const [row] = await queryRows<{ bytes: number }>(
      t.database.db,
      sql`select sum(size + coalesce(derived_size, 0))::int as bytes from media_object where tree_id = ${treeId}`,
    );
    expect(backup.media.bytes).toBeGreaterThan(row?.bytes ?? 0);
    const header = await readBackupHeader(file);
    expect(header.version).toBe(2);
    await verifyBackupFile(file, header, backup.media.files);
    await expect(verifyBackupFile(file, header, backup.media.files - 1)).rejects.toThrow(/media files/);
  });

  it('a backup without a storage has no files (--no-media)', async () => {
    const target = path.join(dir, 'no-media.gz');
    const result = await backupDatabase(t.database.db, target, { storage: null });
    expect(result.media.files).toBe(0);
    expect(gunzipSync(await readFile(target)).toString('utf8')).not.toContain('{"file":');
    expect(parseAdminArgs(['backup', 'a.gz', '--no-media'])).toEqual({ kind: 'backup', file: 'a.gz', media: false });
    expect(() => parseAdminArgs(['restore', 'a.gz', '--no-media'])).toThrow(/does not belong/);
  });
});

describe('restore with media', () => {
  it('into an empty database and data directory: the restored server serves the same bytes', async () => {
    const database = await openTestDatabase();
    const dataDir = await mkdtemp(path.join(dir, 'restored-'));
    try {
      const result = await restoreDatabase(database.db, file, {
        storage: createLocalStorage(path.join(dataDir, 'media')),
      });
      expect(result.files).toEqual({ written: backup.media.files, present: 0 });
      const app = await appOn(database, dataDir);
      try {
        const client = new TestClient(app);
        const signIn = await client.post('/api/auth/signin/credentials', {
          email: owner.email,
          password: owner.password,
        });
        expect(signIn.status).toBe(200);
        const sourceCookie = cookieOf(owner.client);
        const restoredCookie = cookieOf(client);
        expect(restoredCookie).not.toBe('');
        let compared = 0;
        for (const media of uploadedMedia) {
          for (const variant of ['original', 'thumb', 'screen']) {
            const url = `/api/${treeId}/media/${media.id}/file/${variant}`;
            const before = await bytesOf(t.app, sourceCookie, url);
            const after = await bytesOf(app, restoredCookie, url);
            expect(after.status, url).toBe(before.status);
            if (before.status !== 200) continue;
            expect(Buffer.compare(after.bytes, before.bytes), url).toBe(0);
            compared += 1;
          }
        }
        expect(compared).toBeGreaterThanOrEqual(7);
        // The trashed photo comes back from the restored server's trash with its file.
        const undo = await client.post(`/api/${treeId}/history/${trashedChangeSet}/undo`, {});
        expect(undo.status, JSON.stringify(undo.body)).toBeLessThan(300);
        const back = await bytesOf(app, restoredCookie, `/api/${treeId}/media/${trashed.id}/file/original`);
        expect(back.status).toBe(200);
        expect(Buffer.compare(back.bytes, trashedBytes)).toBe(0);
      } finally {
        await app.close();
      }
      // Restoring again over the same files: they are there already, and left as they are.
      const again = await restoreDatabase(database.db, file, {
        force: true,
        storage: createLocalStorage(path.join(dataDir, 'media')),
      });
      expect(again.files).toEqual({ written: 0, present: backup.media.files });
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a damaged media file and restores nothing', async () => {
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const at = lines.findIndex((line) => line.startsWith('{"file":"') && /^\{"file":"[0-9a-f]{64}"/.test(line));
    const chunk = Buffer.from(lines[at + 1] as string, 'base64');
    const middle = chunk.length >> 1;
    chunk.writeUInt8(chunk.readUInt8(middle) ^ 0xff, middle);
    lines[at + 1] = chunk.toString('base64');
    const damaged = path.join(dir, 'damaged-media.gz');
    await writeFile(damaged, gzipSync(lines.join('\n')));
    await expect(verifyBackupFile(damaged, await readBackupHeader(damaged), backup.media.files)).rejects.toThrow(
      /is not the file it names/,
    );
    const database = await openTestDatabase();
    const dataDir = await mkdtemp(path.join(dir, 'damaged-'));
    try {
      const restored = restoreDatabase(database.db, damaged, {
        storage: createLocalStorage(path.join(dataDir, 'media')),
      });
      await expect(restored).rejects.toThrow(AdminError);
      await expect(restored).rejects.toThrow(/is not the file it names/);
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from media_object`);
      expect(row?.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('writes the files to an S3 bucket the same way', async () => {
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'anor-media', configs: [] }],
    });
    const { port } = await s3.run();
    const database = await openTestDatabase();
    try {
      const storage: MediaStorage = createS3Storage({
        bucket: 'anor-media',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'media/',
      });
      const result = await restoreDatabase(database.db, file, { storage });
      expect(result.files.written).toBe(backup.media.files);
      const [row] = await queryRows<{ hash: string }>(
        database.db,
        sql`select content_hash as hash from media_object where file_name = 'brus.png'`,
      );
      const stored = await storage.get(row?.hash as string);
      const chunks: Buffer[] = [];
      for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);
      const local = await sourceStorage().get(row?.hash as string);
      const original: Buffer[] = [];
      for await (const chunk of local?.stream ?? []) original.push(chunk as Buffer);
      expect(Buffer.compare(Buffer.concat(chunks), Buffer.concat(original))).toBe(0);
      // And a backup reads them back from S3.
      const fromS3 = await backupDatabase(database.db, path.join(dir, 'from-s3.gz'), { storage });
      expect(fromS3.media).toMatchObject({ files: backup.media.files, bytes: backup.media.bytes, missing: [] });
    } finally {
      await database.close();
      await s3.close();
    }
  }, 60_000);
});

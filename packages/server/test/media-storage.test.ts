import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/modules/media/storage/local.ts';
import { createS3Storage } from '../src/modules/media/storage/s3.ts';
import type { MediaStorage } from '../src/modules/media/storage/storage.ts';

/**
 * The media storage interface (issue 22), one suite for both implementations: the local directory,
 * and S3 against s3rver (an S3-compatible server from npm, started here on a free port).
 */
const keyOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let dir: string;
let s3: S3rver;
const storages: Record<string, () => MediaStorage> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'anor-media-storage-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'anor-media', configs: [] }],
  });
  const { port } = await s3.run();
  storages.local = () => createLocalStorage(path.join(dir, 'local'));
  storages.s3 = () =>
    createS3Storage({
      bucket: 'anor-media',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'media/',
    });
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s media storage', (kind) => {
  const storage = () => (storages[kind] as () => MediaStorage)();

  it('stores bytes under a key and gives them back', async () => {
    const bytes = Buffer.from(`photo bytes ${kind} ${Math.random()}`);
    const key = keyOf(bytes);
    const store = storage();
    expect(store.kind).toBe(kind);
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytes);
    expect(await store.has(key)).toBe(true);
    const got = await store.get(key);
    expect(got?.size).toBe(bytes.length);
    expect(Buffer.compare(await read(got?.stream as Readable), bytes)).toBe(0);
  });

  it('stores a stream, also of a few megabytes, and a version beside it', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const key = keyOf(bytes);
    const store = storage();
    await store.put(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), bytes.length);
    await store.put(`${key}.thumb`, Buffer.from('thumb'));
    expect(Buffer.compare(await read((await store.get(key))?.stream as Readable), bytes)).toBe(0);
    expect((await read((await store.get(`${key}.thumb`))?.stream as Readable)).toString()).toBe('thumb');
  });

  it('replaces with the same bytes, deletes, and deleting nothing is no error', async () => {
    const bytes = Buffer.from(`again ${kind}`);
    const key = keyOf(bytes);
    const store = storage();
    await store.put(key, bytes);
    await store.put(key, bytes);
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    await store.delete(key);
  });

  it('lists what it stores, with when it was written', async () => {
    const bytes = Buffer.from(`listed ${kind} ${Math.random()}`);
    const key = keyOf(bytes);
    const store = storage();
    await store.put(key, bytes);
    await store.put(`${key}.screen`, Buffer.from('screen'));
    const listed = new Map<string, Date>();
    for await (const entry of store.list()) listed.set(entry.key, entry.modified);
    expect(listed.has(key)).toBe(true);
    expect(listed.has(`${key}.screen`)).toBe(true);
    expect(Math.abs((listed.get(key)?.getTime() ?? 0) - Date.now())).toBeLessThan(120_000);
  });

  it('refuses a key that is not a hash (nothing else reaches a path or object name)', async () => {
    const store = storage();
    await expect(store.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow(/not a media storage key/);
    await expect(store.get(`${'a'.repeat(64)}/x`)).rejects.toThrow(/not a media storage key/);
  });
});

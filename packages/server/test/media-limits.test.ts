import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Media } from '@anor/core';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { queryRows } from '../src/db/rows.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, type TestResponse } from './support/client.ts';
import { jpeg, png, pngClaiming, svg, upload } from './support/media.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 22's limits and bad input: each refused upload answers a 4xx with its code and stores
 * nothing (no row, no file, nothing left in the spool); a 50-megapixel JPEG is accepted.
 */
const year = 365 * 86_400_000;
const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;

async function filesUnder(dir: string): Promise<number> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

/** Rows and files of media now, to compare after a refusal. */
async function stored(t: TestApp) {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from media_object`);
  return {
    rows: row?.n ?? 0,
    files: await filesUnder(path.join(t.dataDir, 'media')),
    spool: await filesUnder(path.join(t.dataDir, 'spool')),
  };
}

async function ownerWithTree(t: TestApp, paid: boolean) {
  const owner = await signUp(t.app);
  if (paid) await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, 'Gränsträd');
  return { owner, treeId: tree.id };
}

describe('bad input', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let treeId: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, treeId } = await ownerWithTree(t, true));
  }, 60_000);
  afterAll(() => t.close());

  async function refused(file: { name: string; bytes: Buffer } | null, status: number, code: string) {
    const before = await stored(t);
    const response = await upload(owner.client, treeId, file);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(codeOf(response)).toBe(code);
    expect(await stored(t)).toEqual({ ...before, spool: 0 });
  }

  it('refuses a file whose name lies about its type', async () => {
    await refused({ name: 'foto.jpg', bytes: await png() }, 422, 'media.error.corrupt');
    await refused(
      { name: 'foto.jpg', bytes: Buffer.from('just some text, not a photo') },
      415,
      'media.error.unsupportedType',
    );
  });

  it('refuses an SVG, whatever it is called', async () => {
    await refused({ name: 'bild.svg', bytes: svg }, 415, 'media.error.unsupportedType');
    await refused({ name: 'bild.png', bytes: svg }, 415, 'media.error.unsupportedType');
  });

  it('refuses a decompression bomb (a tiny PNG claiming 100,000 × 100,000 pixels)', async () => {
    const bomb = await pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    await refused({ name: 'bomb.png', bytes: bomb }, 422, 'media.error.tooManyPixels');
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 3,
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
        background: '#000',
      },
    })
      .jpeg()
      .toBuffer();
    await refused(
      { name: 'halv.jpg', bytes: whole.subarray(0, Math.floor(whole.length / 2)) },
      422,
      'media.error.corrupt',
    );
  });

  it('refuses a truncated PDF', async () => {
    await refused(
      { name: 'halv.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>') },
      422,
      'media.error.corrupt',
    );
  });

  it('refuses a zero-byte file and a form without a file', async () => {
    await refused({ name: 'tom.jpg', bytes: Buffer.alloc(0) }, 400, 'media.error.empty');
    await refused(null, 400, 'media.error.noFile');
  });

  it('refuses a link to a node that does not exist, storing nothing', async () => {
    const before = await stored(t);
    const response = await upload(
      owner.client,
      treeId,
      { name: 'a.jpg', bytes: await jpeg() },
      {
        nodeId: '01936f3e-0000-7000-8000-000000000000',
        nodeKind: 'person',
      },
    );
    expect(response.status).toBe(404);
    expect(await stored(t)).toEqual({ ...before, spool: 0 });
  });

  it('accepts PNG, WebP, GIF, TIFF and AVIF, each as the type its bytes are', async () => {
    const base = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#336699' } });
    const files: [string, Promise<Buffer>, string][] = [
      ['a.png', base().png().toBuffer(), 'image/png'],
      ['a.webp', base().webp().toBuffer(), 'image/webp'],
      ['a.gif', base().gif().toBuffer(), 'image/gif'],
      ['a.tiff', base().tiff().toBuffer(), 'image/tiff'],
      ['a.avif', base().avif().toBuffer(), 'image/avif'],
    ];
    for (const [name, bytes, type] of files) {
      const response = await upload<{ media: Media }>(owner.client, treeId, { name, bytes: await bytes });
      expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(201);
      expect(response.body.media).toMatchObject({ mimeType: type, kind: 'image', width: 24, height: 16 });
    }
  });

  it('accepts a 50-megapixel JPEG and makes its versions', async () => {
    const big = await sharp({
      create: { width: 8000, height: 6250, channels: 3, background: { r: 90, g: 120, b: 150 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const response = await upload<{ media: Media }>(owner.client, treeId, { name: 'stor.jpg', bytes: big });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.media).toMatchObject({ width: 8000, height: 6250, kind: 'image' });
    const screen = await t.app.inject({
      url: `/api/${treeId}/media/${response.body.media.id}/file/screen`,
      headers: { cookie: cookieHeader(owner.client) },
    });
    const meta = await sharp(screen.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1250]);
  }, 60_000);
});

describe('limits', () => {
  it("refuses a free tree's sixth image, storing nothing", async () => {
    const t = await createTestApp();
    try {
      const { owner, treeId } = await ownerWithTree(t, false);
      for (let n = 0; n < 5; n += 1) {
        expect((await upload(owner.client, treeId, { name: `${n}.png`, bytes: await png(10 + n, 10) })).status).toBe(
          201,
        );
      }
      const before = await stored(t);
      const sixth = await upload(owner.client, treeId, { name: '6.png', bytes: await png(20, 20) });
      expect(sixth.status).toBe(403);
      expect(codeOf(sixth)).toBe('limit.images');
      expect(await stored(t)).toEqual(before);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("refuses to restore a free tree's deleted image when five others took its place, changing nothing", async () => {
    const t = await createTestApp();
    try {
      const { owner, treeId } = await ownerWithTree(t, false);
      const first = await upload<{ media: Media }>(owner.client, treeId, { name: '0.png', bytes: await png(10, 10) });
      expect(first.status).toBe(201);
      expect((await owner.client.delete(`/api/${treeId}/media/${first.body.media.id}`)).status).toBe(204);
      for (let n = 1; n <= 5; n += 1) {
        expect((await upload(owner.client, treeId, { name: `${n}.png`, bytes: await png(10 + n, 10) })).status).toBe(
          201,
        );
      }
      const trash = await owner.client.get<{ items: { id: string; changeSetId: number }[] }>(`/api/${treeId}/trash`);
      const deleted = trash.body.items.find((item) => item.id === first.body.media.id);
      expect(deleted).toBeDefined();
      const before = await stored(t);
      const restored = await owner.client.post(`/api/${treeId}/trash/${deleted?.changeSetId}/restore`, {});
      expect([restored.status, codeOf(restored)]).toEqual([403, 'limit.images']);
      expect(await stored(t)).toEqual(before);
      expect((await owner.client.get(`/api/${treeId}/media/${first.body.media.id}`)).status).toBe(404);
      // With one of the five deleted, the first comes back.
      const [, second] = (await owner.client.get<{ media: Media[] }>(`/api/${treeId}/media`)).body.media;
      expect((await owner.client.delete(`/api/${treeId}/media/${second?.id}`)).status).toBe(204);
      expect((await owner.client.post(`/api/${treeId}/trash/${deleted?.changeSetId}/restore`, {})).status).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('refuses a file over the per-file limit, and a tree past its storage limit', async () => {
    const media = { ...readConfig({}).media, maxFileBytes: 20_000, storageLimitBytes: 40_000 };
    const t = await createTestApp({ media });
    try {
      const { owner, treeId } = await ownerWithTree(t, true);
      const noisy = (width: number) =>
        sharp({
          create: {
            width,
            height: width,
            channels: 3,
            noise: { type: 'gaussian', mean: 128, sigma: 60 },
            background: '#000',
          },
        })
          .png()
          .toBuffer();
      const large = await noisy(120);
      expect(large.length).toBeGreaterThan(20_000);
      const before = await stored(t);
      const tooLarge = await upload(owner.client, treeId, { name: 'stor.png', bytes: large });
      expect(tooLarge.status).toBe(413);
      expect(codeOf(tooLarge)).toBe('media.error.tooLarge');
      expect(await stored(t)).toEqual(before);
      // Files of some 12 KB (with their versions) until the 40 KB are taken.
      const statuses: number[] = [];
      for (let n = 0; n < 5; n += 1) {
        const bytes = await noisy(60 + n);
        const response = await upload(owner.client, treeId, { name: `${n}.png`, bytes });
        statuses.push(response.status);
        if (response.status !== 201) expect(codeOf(response)).toBe('limit.storage');
      }
      expect(statuses).toContain(201);
      expect(statuses.at(-1)).toBe(403);
    } finally {
      await t.close();
    }
  }, 60_000);
});

function cookieHeader(client: unknown): string {
  return [...(client as { cookies: Map<string, string> }).cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

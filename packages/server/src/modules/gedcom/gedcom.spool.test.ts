import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spoolBody, sweepSpool } from './gedcom.spool.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'anor-spool-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));
const tooLarge = (bytes: number) => new Error(`too large: ${bytes}`);

describe('the upload spool', () => {
  it('writes the body to a file of its own as it arrives', async () => {
    const spooled = await spoolBody(dir, chunks('0 HEAD\n', '0 TRLR\n'), 100, tooLarge);
    expect(spooled.bytes).toBe(14);
    expect(path.dirname(spooled.path)).toBe(dir);
    expect(await readFile(spooled.path, 'utf8')).toBe('0 HEAD\n0 TRLR\n');
  });

  it('stops at the limit while the body arrives, and leaves no file', async () => {
    await expect(spoolBody(dir, chunks('x'.repeat(60), 'y'.repeat(60), 'z'.repeat(60)), 100, tooLarge)).rejects.toThrow(
      'too large: 120',
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('sweeps files no active job names, but not one still arriving', async () => {
    const kept = path.join(dir, 'kept.ged');
    const old = path.join(dir, 'old.ged');
    const young = path.join(dir, 'young.ged');
    for (const file of [kept, old, young]) await writeFile(file, 'x');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(kept, hourAgo, hourAgo);
    await utimes(old, hourAgo, hourAgo);
    expect(await sweepSpool(dir, new Set([kept]), 60_000)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['kept.ged', 'young.ged']);
    // At the embedded database's start every file no active job names goes.
    expect(await sweepSpool(dir, new Set([kept]), 0)).toBe(1);
    expect(await readdir(dir)).toEqual(['kept.ged']);
  });
});

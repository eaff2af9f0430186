import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'anor-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Anor</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'app-123.js'), 'console.log("app")');
  t = await createTestApp({ webDistDir: dist });
});

afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every page address with index.html', async () => {
    const client = new TestClient(t.app);
    for (const url of ['/', '/trees', '/app/0192/person/0193', '/reset-password?token=abc']) {
      const response = await client.get<string>(url);
      expect(response.status, url).toBe(200);
      expect(String(response.headers['content-type'])).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves built files, and a missing file as 404 rather than the page', async () => {
    const client = new TestClient(t.app);
    const asset = await client.get<string>('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(String(asset.headers['content-type'])).toContain('javascript');
    const stale = await client.get('/assets/app-old.js');
    expect(stale.status).toBe(404);
    expect((await client.get('/favicon-missing.ico')).status).toBe(404);
  });

  it('keeps unknown API addresses as JSON errors', async () => {
    const response = await new TestClient(t.app).get<{ error: { code: string } }>('/api/unknown');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('common.error.notFound');
  });
});

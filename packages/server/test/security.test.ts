import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FindTreeAnswer } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits, repoRoot } from '../src/config.ts';
import { jsonBodyLimits } from '../src/http/body-limits.ts';
import { securityHeaders, tileSource } from '../src/http/security-headers.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, TestClient, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 9, security: the headers of every answer, the session cookie, body limits per route, rate
 * limits on the expensive routes, and what the account look-ups tell an anonymous caller.
 * Cross-site requests are in csrf.test.ts, malformed input in fuzz.test.ts.
 */
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  // A stand-in for the built web app: an index.html that loads its script from a file, and the file.
  webDir = await mkdtemp(path.join(tmpdir(), 'anor-security-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  await writeFile(path.join(webDir, 'assets/app.js'), 'console.log("app");');
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;

/** The directives of a Content-Security-Policy header, each with its sources. */
function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectSecurityHeaders(response: TestResponse, label: string) {
  const { headers } = response;
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  expect(csp.get('script-src'), label).toEqual(["'self'"]);
  expect(csp.get('style-src'), label).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('img-src'), label).toEqual(["'self'", 'data:', 'https://tile.openstreetmap.org']);
  expect(csp.get('connect-src'), label).toEqual(["'self'"]);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'self'"]);
  expect(csp.get('form-action'), label).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], label).toBe('DENY');
  // Helmet's own set, beyond what the app asks of it.
  expect(headers['origin-agent-cluster'], label).toBe('?1');
  expect(headers['x-permitted-cross-domain-policies'], label).toBe('none');
  expect(headers['x-xss-protection'], label).toBe('0');
  expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(headers['cross-origin-resource-policy'], label).toBe('same-origin');
  expect(headers['permissions-policy'], label).toContain('camera=()');
  expect(headers['x-powered-by'], label).toBeUndefined();
  // PUBLIC_URL is http here.
  expect(headers['strict-transport-security'], label).toBeUndefined();
}

describe('security headers', () => {
  it('are on every kind of answer: API, errors, refusals, the web app, its files and 404s', async () => {
    const a = await signUp(t.app);
    const anonymous = new TestClient(t.app);
    const answers: [string, TestResponse][] = [
      ['API answer', await anonymous.get('/api/config')],
      ['API answer of a signed-in user', await a.client.get(`/api/user/${a.user.id}`)],
      [
        '201 with a cookie',
        await new TestClient(t.app).post('/api/user', {
          fName: 'Hanna',
          email: `h${Date.now()}@example.com`,
          password: 'correct horse battery',
        }),
      ],
      ['401', await anonymous.get('/api/user/someone')],
      ['400', await a.client.post(`/api/user/${a.user.id}/tree`, { treeName: 42 })],
      ['API 404', await anonymous.get('/api/nothing/here')],
      ['undecodable URL', await anonymous.get('/api/%E0%A4%A')],
      [
        'refused origin',
        await a.client.request(
          'POST',
          `/api/user/${a.user.id}/tree`,
          { treeName: 'x' },
          { origin: 'https://evil.example' },
        ),
      ],
      ['413', await anonymous.post('/api/contact', { sender: 'a@example.com', text: 'x'.repeat(200_000) })],
      ['415', await anonymous.request('POST', '/api/contact', '<x/>', { 'content-type': 'application/xml' })],
      ['redirect', await anonymous.get('/api/auth/signout')],
      ['index.html at /', await anonymous.get('/')],
      ['index.html at a page of the app', await anonymous.get('/app/some/page')],
      ['a file of the app', await anonymous.get('/assets/app.js')],
      ['a missing file', await anonymous.get('/assets/gone.js')],
      ['OpenAPI document', await anonymous.get('/api/docs/openapi.json')],
    ];
    for (const [label, response] of answers) expectSecurityHeaders(response, `${label} (${response.status})`);
    const statuses = answers.map(([, response]) => response.status);
    expect(statuses).toEqual([200, 200, 201, 401, 400, 404, 404, 403, 413, 415, 302, 200, 200, 200, 404, 200]);
  });

  it('send Strict-Transport-Security only when PUBLIC_URL is https, and allow the configured tile host', async () => {
    const https = await createTestApp({
      publicUrl: 'https://anor.example',
      map: { tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: 'Tiles' },
    });
    try {
      const response = await new TestClient(https.app).get('/api/config');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(directives(response.headers['content-security-policy']).get('img-src')).toEqual([
        "'self'",
        'data:',
        'https://*.tiles.example.org',
      ]);
    } finally {
      await https.close();
    }
  });

  it('name the tile host of any Leaflet template that CSP can express', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
    // A placeholder deeper in the host cannot be a CSP wildcard: the scheme alone.
    expect(tileSource('https://tiles.{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    // Relative tiles come from the app itself.
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    const relative = securityHeaders({ publicUrl: 'http://localhost', mapTileUrl: '/tiles/{z}/{x}/{y}.png' });
    expect(directives(relative['content-security-policy']).get('img-src')).toEqual(["'self'", 'data:']);
    // No quote or separator of the operator's template can end up as a directive of its own.
    expect(tileSource("https://a.example; script-src 'unsafe-inline'/{z}")).toBe('https:');
  });

  it('have a web app whose page loads no inline script (so script-src needs no unsafe-inline)', async () => {
    const page = await readFile(path.join(repoRoot, 'packages/web/index.html'), 'utf8');
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(content?.trim()).toBe('');
    }
    expect(page).not.toMatch(/\son[a-z]+\s*=/i);
  });
});

describe('the session cookie', () => {
  function sessionCookie(response: TestResponse): string {
    const header = response.headers['set-cookie'];
    const cookies = Array.isArray(header) ? header : [String(header)];
    const found = cookies.find((cookie) => /session_token=/.test(cookie));
    if (!found) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
    return found;
  }

  it('is HttpOnly and SameSite=Lax, not Secure over http', async () => {
    const a = await signUp(t.app);
    const response = await new TestClient(t.app).post('/api/auth/signin/credentials', {
      email: a.email,
      password: a.password,
    });
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('is also Secure (and __Secure- prefixed) when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ publicUrl: 'https://anor.example' });
    try {
      const a = await signUp(https.app);
      const response = await new TestClient(https.app).post('/api/auth/signin/credentials', {
        email: a.email,
        password: a.password,
      });
      expect(response.status).toBe(200);
      const cookie = sessionCookie(response);
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await https.close();
    }
  });
});

describe('body limits', () => {
  it('refuse a body over the small limit on a route without rich text, reading and storing nothing', async () => {
    const a = await signUp(t.app);
    const before = await databaseFingerprint(t);
    const tooBig = 'x'.repeat(jsonBodyLimits.small);
    const cases: [string, string, unknown][] = [
      ['POST', `/api/user/${a.user.id}/tree`, { treeName: tooBig }],
      ['POST', '/api/contact', { sender: 'a@example.com', text: tooBig }],
      ['POST', '/api/user', { fName: tooBig, email: 'big@example.com', password: 'correct horse battery' }],
      ['POST', '/api/auth/signin/credentials', { email: 'big@example.com', password: tooBig }],
    ];
    for (const [method, url, body] of cases) {
      const response = await a.client.request(method as 'POST', url, body);
      expect([url, response.status, codeOf(response)]).toEqual([url, 413, 'common.error.payloadTooLarge']);
    }
    expect(await databaseFingerprint(t)).toBe(before);
  });

  it('take a full-length note and transcription in any script, and refuse more than the rich-text limit', async () => {
    const a = await signUp(t.app);
    const tree = await createTree(a.client, a.user.id, 'Långa texter');
    // 100,000 characters of HTML in a three-byte script: 300 KB of UTF-8, well over the small limit.
    const text = `<p>${'漢'.repeat(100_000 - 7)}</p>`;
    expect(text.length).toBe(100_000);
    const note = await a.client.post(`/api/${tree.id}/note`, { note: { text } });
    expect(note.status).toBe(201);
    const citation = await a.client.post(`/api/${tree.id}/source/citation`, {
      citation: { whereWithinSourceText: 'sida 4', textFromSource: text },
      newNotes: [{ text }, { text }],
    });
    expect(citation.status).toBe(201);
    // An update that sends the item as it was loaded, long notes and all, fits too.
    const place = await a.client.post<{ location: { id: string } }>(`/api/${tree.id}/location`, {
      location: { name: 'Sunne' },
    });
    const update = await a.client.put(`/api/${tree.id}/location/${place.body.location.id}`, {
      storedLocation: { id: place.body.location.id, name: 'Sunne', notes: [{ text }, { text }] },
      updatedLocation: { name: 'Sunne', description: 'Socken i Värmland' },
    });
    expect(update.status).toBe(200);
    const before = await databaseFingerprint(t);
    const huge = await a.client.post(`/api/${tree.id}/note`, {
      note: { text: 'x'.repeat(jsonBodyLimits.richText) },
    });
    expect([huge.status, codeOf(huge)]).toEqual([413, 'common.error.payloadTooLarge']);
    // A route of small bodies stays small inside a tree too.
    const name = await a.client.put(`/api/${tree.id}/tree/name`, { name: 'x'.repeat(jsonBodyLimits.small) });
    expect([name.status, codeOf(name)]).toEqual([413, 'common.error.payloadTooLarge']);
    expect(await databaseFingerprint(t)).toBe(before);
  });

  it('keep the GEDCOM import at its configured limit, with its own code', async () => {
    const small = await createTestApp({ gedcomMaxBytes: 200_000 });
    try {
      const a = await signUp(small.app);
      const file = new TextEncoder().encode(`0 HEAD\n${'1 NOTE x\n'.repeat(30_000)}0 TRLR\n`);
      expect(file.length).toBeGreaterThan(200_000);
      const response = await a.client.post(`/api/user/${a.user.id}/tree/gedcom`, file);
      expect([response.status, codeOf(response)]).toEqual([413, 'gedcom.error.tooLarge']);
      // A file over the JSON limits but within the GEDCOM limit is read (and then judged by its content).
      const fits = new TextEncoder().encode(`0 HEAD\n${'1 NOTE x\n'.repeat(15_000)}0 TRLR\n`);
      expect(fits.length).toBeGreaterThan(jsonBodyLimits.small);
      const read = await a.client.post(`/api/user/${a.user.id}/tree/gedcom`, fits);
      expect(read.status).not.toBe(413);
    } finally {
      await small.close();
    }
  });
});

describe('rate limits on expensive routes', () => {
  const tight = { max: 3, windowMs: 60_000 };

  it('are generous enough for typing: a request a second for a minute passes', () => {
    for (const rule of [defaultRateLimits.search, defaultRateLimits.suggestions]) {
      expect(rule.max / (rule.windowMs / 1000)).toBeGreaterThanOrEqual(1);
    }
    // The search page asks five lists at each pause.
    expect(defaultRateLimits.search.max / (defaultRateLimits.search.windowMs / 1000)).toBeGreaterThanOrEqual(5);
    expect(defaultRateLimits.gedcomImport.max).toBeGreaterThanOrEqual(10);
  });

  it('count searches (lists with q) and suggestions per user and answer 429 with Retry-After', async () => {
    const limited = await createTestApp({
      rateLimits: { ...t.app.anor.config.rateLimits, search: tight, suggestions: tight },
    });
    try {
      const a = await signUp(limited.app);
      const b = await signUp(limited.app);
      const tree = await createTree(a.client, a.user.id, 'Sökträd');
      const api = `/api/${tree.id}`;
      const searches = [`${api}/person?q=anna`, `${api}/event?q=anna`, `${api}/location?q=sunne`];
      for (const url of searches) expect((await a.client.get(url)).status, url).toBe(200);
      const blocked = await a.client.get(`${api}/source/false?q=kyrkbok`);
      expect([blocked.status, codeOf(blocked)]).toEqual([429, 'common.error.tooManyRequests']);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Browsing without a search term is not counted; another user has their own allowance.
      expect((await a.client.get(`${api}/person`)).status).toBe(200);
      expect((await a.client.get(`${api}/person?q=`)).status).toBe(200);
      const otherTree = await createTree(b.client, b.user.id, 'Annat träd');
      expect((await b.client.get(`/api/${otherTree.id}/person?q=anna`)).status).toBe(200);

      const suggestions: [string, unknown][] = [
        [`${api}/suggestions/location`, { searchString: 'Sun' }],
        [`${api}/source/suggested`, { stringToSuggestBy: 'Kyrk', type: 'record' }],
        [`${api}/location/match`, { text: 'Sunne, Värmland' }],
      ];
      for (const [url, body] of suggestions) expect((await a.client.post(url, body)).status, url).toBe(200);
      const tooMany = await a.client.post(`${api}/event/suggestedSources`, { type: 'birth', personIds: [] });
      expect([tooMany.status, codeOf(tooMany)]).toEqual([429, 'common.error.tooManyRequests']);
      expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
      // Anonymous callers are counted by address: the limit meets them before the tree is even looked up.
      const anonymous = new TestClient(limited.app);
      for (let i = 0; i < 3; i++) await anonymous.post(`${api}/suggestions/location`, { searchString: 'x' });
      expect(codeOf(await anonymous.post(`${api}/suggestions/location`, { searchString: 'x' }))).toBe(
        'common.error.tooManyRequests',
      );
    } finally {
      await limited.close();
    }
  });

  it('count reports (PDF and printable page) per user, not other reads of the tree', async () => {
    const limited = await createTestApp({
      rateLimits: { ...t.app.anor.config.rateLimits, report: { max: 2, windowMs: 60_000 } },
    });
    try {
      const a = await signUp(limited.app);
      const tree = await createTree(a.client, a.user.id, 'Rapportträd');
      const { id: personId } = await new FamilyBuilder(a.client, tree.id).create({ fName: 'Anna' });
      const url = `/api/${tree.id}/report/person/${personId}`;
      expect((await a.client.get(`${url}?format=json`)).status).toBe(200);
      expect((await a.client.get(url)).headers['content-type']).toContain('application/pdf');
      const blocked = await a.client.get(`${url}?format=json`);
      expect([blocked.status, codeOf(blocked)]).toEqual([429, 'common.error.tooManyRequests']);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Other reads of the tree are not counted.
      expect((await a.client.get(`/api/${tree.id}/person/${personId}`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('count GEDCOM imports before the file is read', async () => {
    const limited = await createTestApp({
      rateLimits: { ...t.app.anor.config.rateLimits, gedcomImport: { max: 2, windowMs: 60_000 } },
    });
    try {
      const a = await signUp(limited.app);
      const file = new TextEncoder().encode('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n1 NAME Anna /Berg/\n0 TRLR\n');
      const url = `/api/user/${a.user.id}/tree/gedcom?treeName=Import`;
      for (let i = 0; i < 2; i++) expect((await a.client.post(url, file)).status).not.toBe(429);
      const blocked = await a.client.post(url, file);
      expect([blocked.status, codeOf(blocked)]).toEqual([429, 'common.error.tooManyRequests']);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('account enumeration', () => {
  it('tells an anonymous caller whether an address exists and the shared trees’ names, nothing else', async () => {
    const owner = await signUp(t.app, { fName: 'Hemlighild' });
    await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + 86_400_000));
    const tree = await createTree(owner.client, owner.user.id, 'Släkten Öppen');
    const root = await owner.client.post<{ id: string }>(`/api/${tree.id}/person`, {
      person: { fName: 'Rotfrid', lName: 'Privatsson', gender: 'male' },
      asRoot: true,
    });
    expect(root.status).toBe(201);
    const share = await owner.client.put<{ token: string }>(`/api/${tree.id}/share`, { enabled: true });
    expect(share.status).toBe(200);
    await createTree(owner.client, owner.user.id, 'Släkten Stängd').catch(() => undefined);

    const anonymous = new TestClient(t.app);
    const email = encodeURIComponent(owner.email);
    const lookups: TestResponse[] = [
      await anonymous.get(`/api/user/email/${email}`),
      await anonymous.get('/api/user/email/nobody%40example.com'),
      await anonymous.post('/api/tree', { email: owner.email }),
      await anonymous.post('/api/tree', { email: 'nobody@example.com' }),
      await anonymous.post('/api/user/resetpassword', { email: owner.email }),
      await anonymous.post('/api/user/resetpassword', { email: 'nobody@example.com' }),
      await anonymous.request('PUT', '/api/user/resetpassword', { token: 'guessed', password: 'new password 123' }),
    ];
    expect(lookups[0]?.body).toEqual({ emailExists: true });
    expect(lookups[1]?.body).toEqual({ emailExists: false });
    const found = lookups[2]?.body as FindTreeAnswer;
    expect(found.trees).toEqual([
      { treeId: tree.id, name: 'Släkten Öppen', rootId: root.body.id, token: share.body.token },
    ]);
    // An unknown address and an owner without shared trees answer alike.
    expect(lookups[3]?.body).toEqual({ trees: [] });
    expect(lookups[4]?.body).toEqual({ ok: true });
    expect([lookups[5]?.status, codeOf(lookups[5] as TestResponse)]).toEqual([404, 'auth.error.noUserForEmail']);
    expect(lookups[6]?.status).toBe(400);
    for (const response of lookups) {
      const text = JSON.stringify(response.body);
      for (const secret of ['Hemlighild', owner.user.id, 'Rotfrid', 'Privatsson', 'Stängd']) {
        expect(text, `${text} holds ${secret}`).not.toContain(secret);
      }
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('rate-limits the e-mail look-ups (counted together) and the reset routes', async () => {
    const limited = await createTestApp({
      rateLimits: {
        ...t.app.anor.config.rateLimits,
        emailLookup: { max: 2, windowMs: 60_000 },
        passwordReset: { max: 2, windowMs: 60_000 },
      },
    });
    try {
      const anonymous = new TestClient(limited.app);
      expect((await anonymous.get('/api/user/email/a%40example.com')).status).toBe(200);
      expect((await anonymous.post('/api/tree', { email: 'a@example.com' })).status).toBe(200);
      for (const blocked of [
        await anonymous.get('/api/user/email/b%40example.com'),
        await anonymous.post('/api/tree', { email: 'b@example.com' }),
      ]) {
        expect([blocked.status, codeOf(blocked)]).toEqual([429, 'common.error.tooManyRequests']);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
      await anonymous.post('/api/user/resetpassword', { email: 'a@example.com' });
      await anonymous.request('PUT', '/api/user/resetpassword', { token: 'guessed', password: 'new password 123' });
      for (const blocked of [
        await anonymous.post('/api/user/resetpassword', { email: 'b@example.com' }),
        await anonymous.request('PUT', '/api/user/resetpassword', { token: 'guessed', password: 'new password 123' }),
      ]) {
        expect([blocked.status, codeOf(blocked)]).toEqual([429, 'common.error.tooManyRequests']);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('injection', () => {
  it('stores SQL in names and descriptions as text, and searches for it as text', async () => {
    const a = await signUp(t.app);
    const tree = await createTree(a.client, a.user.id, 'Bobby Tables');
    const api = `/api/${tree.id}`;
    const sql = "Robert'); DROP TABLE person; --";
    const person = await a.client.post<{ id: string }>(`${api}/person`, {
      person: { fName: sql, lName: "O'Brien", description: "1' OR '1'='1 <script>alert(1)</script>" },
    });
    expect(person.status).toBe(201);
    const stored = await a.client.get<{ fName: string; description: string }>(`${api}/person/${person.body.id}`);
    expect(stored.body).toMatchObject({ fName: sql, description: "1' OR '1'='1 <script>alert(1)</script>" });
    const found = await a.client.get<{ total: number }>(`${api}/person?q=${encodeURIComponent("'); DROP")}`);
    expect(found.body.total).toBe(1);
    // LIKE's own wildcards are searched for as characters, not as patterns.
    for (const term of ['%', '_', "%' OR '1'='1", '\\']) {
      const none = await a.client.get<{ total: number }>(`${api}/person?q=${encodeURIComponent(term)}`);
      expect([term, none.status, none.body.total]).toEqual([term, 200, 0]);
    }
  });

  it('refuses a NUL character anywhere (PostgreSQL text cannot hold one) with a code, not a 500', async () => {
    const a = await signUp(t.app);
    const tree = await createTree(a.client, a.user.id, 'Nollor');
    const api = `/api/${tree.id}`;
    const person = await a.client.post<{ id: string }>(`${api}/person`, { person: { fName: 'Nora' } });
    const before = await databaseFingerprint(t);
    const attempts: TestResponse[] = [
      await a.client.put(`${api}/node/${person.body.id}/description`, { description: 'a\u0000b' }),
      await a.client.post(`${api}/source/suggested`, { stringToSuggestBy: '\u0000', type: 'repository' }),
      await new TestClient(t.app).post('/api/tree', { email: 'a\u0000@example.com' }),
      await a.client.get(`${api}/person?q=%00`),
    ];
    for (const response of attempts) {
      expect([response.status, codeOf(response)]).toEqual([400, 'validation.invalidCharacters']);
    }
    expect((attempts[0] as TestResponse<ErrorBody>).body.error.details).toEqual({
      issues: [{ path: ['body', 'description'], code: 'validation.invalidCharacters' }],
    });
    expect(await databaseFingerprint(t)).toBe(before);
  });
});

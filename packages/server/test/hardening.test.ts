import { connect } from 'node:net';
import type { UserInfo } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits, readConfig } from '../src/config.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, TestClient, type TestResponse } from './support/client.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 18, items 8, 9, 10 and 13: rate limits that a forged X-Forwarded-For cannot dodge and that
 * also count per account, the e-mail change (password, limit, notice), uploads refused before their
 * body is read, and the smaller holes: the Origin check, invisible characters in names, month 00,
 * sign-out redirects and session tokens in the session list.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A different forged client address for each i. */
const forged = (i: number) => ({ 'x-forwarded-for': `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}` });

describe('forwarded addresses (TRUST_PROXY)', () => {
  it('are ignored by default, so rotating X-Forwarded-For does not escape any per-address limit', async () => {
    expect(readConfig({}).trustProxy).toBe(false);
    const limited = await createTestApp({ rateLimits: defaultRateLimits });
    try {
      const a = await signUp(limited.app);
      const anonymous = new TestClient(limited.app);
      const statuses = async (count: number, send: (i: number) => Promise<TestResponse>) => {
        const seen: number[] = [];
        for (let i = 0; i < count; i++) seen.push((await send(i)).status);
        return seen;
      };
      const signIns = await statuses(40, (i) =>
        anonymous.request(
          'POST',
          '/api/auth/signin/credentials',
          { email: a.email, password: `wrong ${i}` },
          forged(i),
        ),
      );
      expect(signIns.slice(0, defaultRateLimits.signIn.max)).toEqual(Array(defaultRateLimits.signIn.max).fill(401));
      expect(signIns.slice(defaultRateLimits.signIn.max)).toEqual(Array(40 - defaultRateLimits.signIn.max).fill(429));

      const lookups = await statuses(40, (i) =>
        anonymous.request('GET', `/api/user/email/probe${i}%40example.com`, undefined, forged(i)),
      );
      expect(lookups.filter((status) => status === 429)).toHaveLength(40 - defaultRateLimits.emailLookup.max);

      // Registration (which tells accountExists) already counted the sign-up above.
      const registrations = await statuses(12, (i) =>
        anonymous.request('POST', '/api/user', { fName: 'X', email: a.email, password: 'long password' }, forged(i)),
      );
      expect(registrations.slice(0, defaultRateLimits.register.max - 1).every((s) => s === 409)).toBe(true);
      expect(registrations.at(-1)).toBe(429);

      const resets = await statuses(8, (i) =>
        anonymous.request('POST', '/api/user/resetpassword', { email: `nobody${i}@example.com` }, forged(i)),
      );
      expect(resets.at(-1)).toBe(429);

      const contacts = await statuses(12, (i) =>
        anonymous.request('POST', '/api/contact', { sender: 'a@example.com', text: `hej ${i}` }, forged(i)),
      );
      expect(contacts.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('read TRUST_PROXY as off, a hop count, or a list of addresses and networks', () => {
    expect(readConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8 ,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(readConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    // Trusting every sender is what let a header choose the address: not offered.
    for (const wrong of ['true', 'all', '10.0.0.0/33', 'proxy.example', '-1']) {
      expect(() => readConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('are believed from a configured proxy: each forwarded client has its own allowance', async () => {
    const behindProxy = await createTestApp({
      trustProxy: ['127.0.0.1'],
      rateLimits: { ...defaultRateLimits, signIn: { max: 3, windowMs: 60_000 } },
    });
    try {
      const client = new TestClient(behindProxy.app);
      const attempt = (address: string) =>
        client.request(
          'POST',
          '/api/auth/signin/credentials',
          { email: 'x@example.com', password: 'nope' },
          { 'x-forwarded-for': address },
        );
      for (let i = 0; i < 3; i++) expect((await attempt('198.51.100.7')).status).toBe(401);
      expect((await attempt('198.51.100.7')).status).toBe(429);
      expect((await attempt('198.51.100.8')).status).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('sign-in failures per account', () => {
  it('stop a guess spread over many addresses, let a known address in, and expire with their window', async () => {
    // Long enough for eight sign-ins on a slow machine (each hashes a password).
    const window = 8000;
    const app = await createTestApp({
      trustProxy: ['127.0.0.1'],
      rateLimits: {
        ...defaultRateLimits,
        signIn: { max: 1000, windowMs: 60_000 },
        signInAccount: { max: 5, windowMs: window },
      },
    });
    try {
      const victim = await signUp(app.app);
      const other = await signUp(app.app);
      const client = new TestClient(app.app);
      const signIn = (email: string, password: string, address: string) =>
        client.request('POST', '/api/auth/signin/credentials', { email, password }, { 'x-forwarded-for': address });
      // The victim's own device signs in from home.
      expect((await signIn(victim.email, victim.password, '192.0.2.10')).status).toBe(200);
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await signIn(victim.email, `guess ${i}`, forged(i)['x-forwarded-for'])).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      // Even the right password from a new address waits out the window …
      const blocked = await signIn(victim.email, victim.password, '198.51.100.99');
      expect([blocked.status, codeOf(blocked)]).toEqual([429, 'common.error.tooManyRequests']);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // … but the address the victim already has a session from is let in, and other accounts are untouched.
      expect(Date.now() - started).toBeLessThan(window);
      expect((await signIn(victim.email, victim.password, '192.0.2.10')).status).toBe(200);
      expect((await signIn(other.email, other.password, '198.51.100.99')).status).toBe(200);
      // The lock is a window, not for ever.
      await sleep(window - (Date.now() - started) + 100);
      expect((await signIn(victim.email, victim.password, '198.51.100.99')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('count failures only: signing in again and again is not refused', async () => {
    const app = await createTestApp({ rateLimits: { ...defaultRateLimits, signIn: { max: 3, windowMs: 60_000 } } });
    try {
      const a = await signUp(app.app);
      for (let i = 0; i < 6; i++) {
        const response = await new TestClient(app.app).post('/api/auth/signin/credentials', {
          email: a.email,
          password: a.password,
        });
        expect(response.status).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('are forgotten when the password is reset, so the owner can get in at once', async () => {
    const app = await createTestApp({
      trustProxy: ['127.0.0.1'],
      rateLimits: { ...defaultRateLimits, signInAccount: { max: 3, windowMs: 600_000 } },
    });
    try {
      const a = await signUp(app.app);
      const client = new TestClient(app.app);
      for (let i = 0; i < 4; i++) {
        await client.request('POST', '/api/auth/signin/credentials', { email: a.email, password: 'x' }, forged(i));
      }
      await client.post('/api/user/resetpassword', { email: a.email });
      const link = (await app.outbox()).at(-1)?.links?.resetPassword ?? '';
      const token = new URL(link).searchParams.get('token') ?? '';
      expect((await client.put('/api/user/resetpassword', { token, password: 'a fresh password' })).status).toBe(200);
      const after = await client.request(
        'POST',
        '/api/auth/signin/credentials',
        { email: a.email, password: 'a fresh password' },
        forged(77),
      );
      expect(after.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('changing the e-mail address', () => {
  it('needs the current password, tells a taken address only to the holder, and notifies the old address', async () => {
    const a = await signUp(t.app, { fName: 'Gunhild' });
    const b = await signUp(t.app);
    const url = `/api/user/${a.user.id}/email`;
    const mailsBefore = (await t.outbox()).length;

    const missing = await a.client.put(url, { email: 'new@example.com' });
    expect([missing.status, codeOf(missing)]).toEqual([400, 'validation.passwordRequired']);
    // Without the password nobody learns whether an address is taken.
    const wrong = await a.client.put(url, { email: b.email, password: 'not my password' });
    expect([wrong.status, codeOf(wrong)]).toEqual([401, 'auth.error.wrongPassword']);
    const wrongFree = await a.client.put(url, { email: 'free@example.com', password: 'not my password' });
    expect([wrongFree.status, codeOf(wrongFree)]).toEqual([401, 'auth.error.wrongPassword']);
    expect((await a.client.get<UserInfo>(`/api/user/${a.user.id}`)).body.email).toBe(a.email);
    expect((await t.outbox()).length).toBe(mailsBefore);

    const taken = await a.client.put(url, { email: b.email, password: a.password });
    expect([taken.status, codeOf(taken)]).toEqual([409, 'auth.error.emailExists']);

    const changed = await a.client.request(
      'PUT',
      url,
      { email: 'Gunhild.Ny@example.com', password: a.password },
      {
        'accept-language': 'sv',
      },
    );
    expect(changed.status).toBe(200);
    expect((changed.body as UserInfo).email).toBe('gunhild.ny@example.com');
    const notices = (await t.outbox()).slice(mailsBefore);
    expect(notices.map((mail) => mail.to)).toEqual([a.email]);
    expect(notices[0]?.subject).toBe('Din e-postadress hos Anor har ändrats');
    expect(notices[0]?.text).toContain('Hej Gunhild');
    expect(notices[0]?.text).toContain('gunhild.ny@example.com');
    expect(notices[0]?.text).toContain(t.app.anor.config.supportEmail);
  });

  it('is rate-limited per user, wrong passwords included', async () => {
    const app = await createTestApp({
      rateLimits: { ...defaultRateLimits, accountChange: { max: 3, windowMs: 60_000 } },
    });
    try {
      const a = await signUp(app.app);
      const url = `/api/user/${a.user.id}/email`;
      for (let i = 0; i < 3; i++) {
        const response = await a.client.put(url, { email: `n${i}@example.com`, password: `guess ${i}` });
        expect(response.status).toBe(401);
      }
      const blocked = await a.client.put(url, { email: 'n9@example.com', password: a.password });
      expect([blocked.status, codeOf(blocked)]).toEqual([429, 'common.error.tooManyRequests']);
      // The other routes that take the current password count against the same allowance.
      const password = await a.client.put(`/api/user/${a.user.id}/password`, {
        oldPassword: 'guess',
        newPassword: 'another password',
      });
      expect(password.status).toBe(429);
      const deletion = await a.client.delete(`/api/user/${a.user.id}`, { password: 'guess' });
      expect(deletion.status).toBe(429);
      expect((await a.client.get<UserInfo>(`/api/user/${a.user.id}`)).body.email).toBe(a.email);
    } finally {
      await app.close();
    }
  });
});

/** Sends the head of a request and part of its body over a socket, and the answer's first line as soon as it comes. */
async function partialUpload(
  port: number,
  head: string,
  bodyPart: number,
): Promise<{ statusLine: string; body: string; sentBytes: number }> {
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let sentBytes = 0;
  const answer = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n') && /}\s*$/.test(text)) resolve(text);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(head);
  const chunk = Buffer.alloc(bodyPart, 0x41);
  socket.write(chunk);
  sentBytes += chunk.length;
  const timeout = sleep(3000).then(() => 'timeout');
  const text = await Promise.race([answer, timeout]);
  socket.destroy();
  const [statusLine = '', ...rest] = text.split('\r\n');
  return { statusLine, body: rest.join('\r\n').split('\r\n\r\n').slice(1).join('\r\n\r\n'), sentBytes };
}

describe('uploads', () => {
  let port: number;
  let listening: TestApp;
  beforeAll(async () => {
    listening = await createTestApp({ gedcomMaxBytes: 200 * 1024 * 1024 });
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
    const address = listening.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => listening.close());

  async function cookieOf(email: string, password: string): Promise<string> {
    const response = await listening.app.inject({
      method: 'POST',
      url: '/api/auth/signin/credentials',
      payload: { email, password },
    });
    const header = response.headers['set-cookie'];
    return (Array.isArray(header) ? header : [String(header)]).map((line) => line.split(';')[0]).join('; ');
  }

  const head = (userId: string, length: number, cookie?: string) =>
    `POST /api/user/${userId}/tree/gedcom?treeName=X HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `Content-Type: application/octet-stream\r\nContent-Length: ${length}\r\n` +
    `${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`;

  it('refuse an anonymous, a stranger’s and a free account’s oversized upload before reading the body', async () => {
    const owner = await signUp(listening.app);
    const stranger = await signUp(listening.app);
    const sixtyMegabytes = 60 * 1024 * 1024;
    const started = performance.now();

    const anonymous = await partialUpload(port, head(owner.user.id, sixtyMegabytes), 64 * 1024);
    expect(anonymous.statusLine).toMatch(/^HTTP\/1\.1 401 /);
    expect(JSON.parse(anonymous.body).error.code).toBe('auth.error.sessionRequired');

    const strangerCookie = await cookieOf(stranger.email, stranger.password);
    const other = await partialUpload(port, head(owner.user.id, sixtyMegabytes, strangerCookie), 64 * 1024);
    expect(other.statusLine).toMatch(/^HTTP\/1\.1 403 /);

    // A free account may import 5 MB: a larger announced body is refused unread.
    const ownerCookie = await cookieOf(owner.email, owner.password);
    const free = await partialUpload(port, head(owner.user.id, 6 * 1024 * 1024, ownerCookie), 64 * 1024);
    expect(free.statusLine).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(free.body).error.code).toBe('limit.gedcomSize');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('read a paid account’s large upload (it is not refused by the free limit)', async () => {
    const owner = await signUp(listening.app);
    await upsertSubscription(listening.database.db, owner.user.id, 'yearly', new Date(Date.now() + 86_400_000));
    const cookie = await cookieOf(owner.email, owner.password);
    // The server waits for the rest of the body instead of answering.
    const partial = await partialUpload(port, head(owner.user.id, 6 * 1024 * 1024, cookie), 64 * 1024);
    expect(partial.statusLine).toBe('timeout');
  }, 10_000);

  it('refuse a free account’s upload without Content-Length once it passes the free limit', async () => {
    const owner = await signUp(listening.app);
    const client = new TestClient(listening.app);
    await client.post('/api/auth/signin/credentials', { email: owner.email, password: owner.password });
    const { Readable } = await import('node:stream');
    const chunks = function* () {
      for (let i = 0; i < 100; i++) yield Buffer.alloc(100 * 1024, 0x41);
    };
    const response = await listening.app.inject({
      method: 'POST',
      url: `/api/user/${owner.user.id}/tree/gedcom`,
      headers: {
        'content-type': 'application/octet-stream',
        cookie: await cookieOf(owner.email, owner.password),
      },
      payload: Readable.from(chunks()),
    });
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(response.body).error.code).toBe('limit.gedcomSize');
  });
});

describe('the Origin check', () => {
  it('compares scheme, host and port: an https page may not post to an http server of the same host', async () => {
    const response = await new TestClient(t.app).request(
      'POST',
      '/api/contact',
      { sender: 'a@example.com', text: 'x' },
      { origin: 'https://localhost:3000', host: 'localhost:3000' },
    );
    expect([response.status, codeOf(response)]).toEqual([403, 'auth.error.invalidOrigin']);
    const other = await new TestClient(t.app).request(
      'POST',
      '/api/contact',
      { sender: 'a@example.com', text: 'x' },
      { origin: 'http://localhost:3001', host: 'localhost:3000' },
    );
    expect(other.status).toBe(403);
    const same = await new TestClient(t.app).request(
      'POST',
      '/api/contact',
      { sender: 'a@example.com', text: 'x' },
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
    );
    expect(same.status).toBe(201);
  });

  it('is not skipped by an absolute-form request line', async () => {
    const listening = await createTestApp();
    try {
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const address = listening.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const body = JSON.stringify({ sender: 'a@example.com', text: 'forged' });
      const before = await databaseFingerprint(listening);
      const { statusLine } = await partialUpload(
        port,
        `POST http://127.0.0.1:${port}/api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          `Origin: https://evil.example\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        0,
      );
      expect(statusLine).toMatch(/^HTTP\/1\.1 (403|404) /);
      expect(await databaseFingerprint(listening)).toBe(before);
    } finally {
      await listening.close();
    }
  });
});

describe('names and dates', () => {
  it('refuse bidirectional overrides and invisible characters in every kind of name, and keep ZWJ/ZWNJ', async () => {
    const a = await signUp(t.app);
    const tree = await createTree(a.client, a.user.id, 'Namnträd');
    const api = `/api/${tree.id}`;
    const before = await databaseFingerprint(t);
    // (A byte order mark or separator at either end is trimmed away like a space; inside, it is refused.)
    const tricks = ['Anna\u202Egreb', 'An\u200Bna', 'An\uFEFFna', 'Anna\u2066x\u2069', 'Anna\u2028Berg', 'Anna\u0085'];
    for (const name of tricks) {
      const attempts: TestResponse[] = [
        await a.client.post(`${api}/person`, { person: { fName: name, lName: 'Berg' } }),
        await a.client.post(`${api}/person`, { person: { fName: 'Anna', lName: name } }),
        await a.client.put(`${api}/tree/name`, { name }),
        await a.client.post(`${api}/location`, { location: { name } }),
        await a.client.post(`/api/user/${a.user.id}/tree`, { treeName: name }),
        await new TestClient(t.app).post('/api/user', {
          fName: name,
          email: 'zw@example.com',
          password: 'long enough',
        }),
      ];
      for (const response of attempts) {
        expect([JSON.stringify(name), response.status]).toEqual([JSON.stringify(name), 400]);
        expect(codeOf(response)).toMatch(/invalidCharacters|InvalidCharacters/);
      }
    }
    expect(await databaseFingerprint(t)).toBe(before);
    // Persian and Indic names need the zero-width joiner and non-joiner.
    for (const name of ['می\u200Cخواهم', 'क्\u200Dष']) {
      expect((await a.client.post(`${api}/person`, { person: { fName: name, lName: 'Berg' } })).status).toBe(201);
    }
  });

  it('refuse month 00 and day 00 in a date', async () => {
    const a = await signUp(t.app);
    const tree = await createTree(a.client, a.user.id, 'Datumträd');
    const api = `/api/${tree.id}`;
    const person = await a.client.post<{ id: string }>(`${api}/person`, { person: { fName: 'Rut', lName: 'Berg' } });
    const before = await databaseFingerprint(t);
    for (const startDate of ['2001-00', '2001-00-00', '2001-01-00', '2001-00-05']) {
      const response = await a.client.post(`${api}/event`, {
        type: 'birth',
        startDate,
        participants: [{ personId: person.body.id, role: 'primary' }],
      });
      expect([startDate, response.status, codeOf(response)]).toEqual([startDate, 400, 'events.validation.invalidDate']);
    }
    expect(await databaseFingerprint(t)).toBe(before);
  });
});

describe('the session routes', () => {
  it('never redirect a sign-out off the site, whatever the encoding of callbackUrl', async () => {
    const tricks = [
      '/%09/evil.example',
      '%2F%09%2Fevil.example',
      '/%0A/evil.example',
      '/%0D/evil.example',
      '//evil.example',
      '/%5Cevil.example',
      '/\\evil.example',
      '%2F%2Fevil.example',
      'https://evil.example',
      '/%20/evil.example',
      '/%E3%80%80/evil.example',
      'javascript:alert(1)',
    ];
    for (const trick of tricks) {
      const { client } = await signUp(t.app);
      const response = await client.request('POST', '/api/auth/signout', `callbackUrl=${trick}`, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      const location = response.headers.location;
      if (location !== undefined) {
        const target = String(location);
        // What a browser does with the header: drop tabs and newlines, read backslashes as slashes.
        const asBrowser = target.replace(/[\t\n\r]/g, '');
        expect([trick, new URL(asBrowser, 'http://localhost:3000').origin]).toEqual([trick, 'http://localhost:3000']);
        expect([trick, /^[\x21-\x7e]*$/.test(target)]).toEqual([trick, true]);
      }
      // The same text as the sign-in page's callback.
      const decoded = new URLSearchParams(`callbackUrl=${trick}`).get('callbackUrl') ?? '';
      const signin = await client.get(`/api/auth/signin?callbackUrl=${encodeURIComponent(decoded)}`);
      expect([trick, signin.headers.location]).toEqual([trick, '/login']);
    }
    // A plain local path is still followed.
    const { client } = await signUp(t.app);
    const local = await client.request('POST', '/api/auth/signout', 'callbackUrl=%2Ftrees%3Fa%3D1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(local.headers.location).toBe('/trees?a=1');
  });

  it('list the sessions without their tokens, and revoking the other sessions still works', async () => {
    const a = await signUp(t.app);
    const otherDevice = new TestClient(t.app);
    await otherDevice.post('/api/auth/signin/credentials', { email: a.email, password: a.password });
    const list = await a.client.get<Record<string, unknown>[]>('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    for (const session of list.body) {
      expect(session).toHaveProperty('id');
      expect(session).toHaveProperty('expiresAt');
      expect(session).not.toHaveProperty('token');
    }
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);
    const revoke = await a.client.post('/api/auth/revoke-other-sessions', {});
    expect(revoke.status).toBe(200);
    expect((await otherDevice.get<{ user: unknown }>('/api/auth/session')).body.user).toBeNull();
    expect((await a.client.get<{ user: unknown }>('/api/auth/session')).body.user).not.toBeNull();
  });
});

import { createHmac } from 'node:crypto';
import type { UserInfo } from '@anor/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../src/db/schema.ts';
import { signUp } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 25: the signed-in user is found by the app's own one-statement look-up
 * (http/session-lookup.ts) where better-auth would only read, and by better-auth where it would
 * also write (an expired session removed, a day-old one extended). Either way the answer is the
 * same as better-auth's: these pin it.
 */
let t: TestApp;
const secret = 'test-secret-that-is-long-enough-for-better-auth';
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

async function whoIs(cookie: string | null) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: cookie === null ? {} : { cookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { user: UserInfo | null }).user;
}

async function newSession() {
  const { user } = await signUp(t.app);
  const [row] = await t.database.db.select().from(session).where(eq(session.userId, user.id));
  if (!row) throw new Error('no session row after sign-up');
  return { user, token: row.token };
}

describe('the session look-up', () => {
  it('finds the user of a correctly signed session cookie, URL-encoded or not, among other cookies', async () => {
    const { user, token } = await newSession();
    expect((await whoIs(`better-auth.session_token=${sign(token)}`))?.id).toBe(user.id);
    expect((await whoIs(`a=1; better-auth.session_token=${encodeURIComponent(sign(token))}; b=2`))?.id).toBe(user.id);
    expect(await whoIs(null)).toBeNull();
  });

  it('refuses a cookie whose signature is wrong, missing or for another token', async () => {
    const { token } = await newSession();
    const other = await newSession();
    const signature = sign(token).slice(token.length + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const value of [
      token,
      `${token}.${flipped}`,
      `${token}.${sign(other.token).slice(other.token.length + 1)}`,
      `${token}x.${signature}`,
      `${token}.${signature.slice(0, -1)}`,
    ]) {
      expect(await whoIs(`better-auth.session_token=${encodeURIComponent(value)}`), value).toBeNull();
    }
  });

  it('does not know a session that was signed out, nor one of an unknown token', async () => {
    const { token } = await newSession();
    await t.database.db.delete(session).where(eq(session.token, token));
    expect(await whoIs(`better-auth.session_token=${sign(token)}`)).toBeNull();
    expect(await whoIs(`better-auth.session_token=${sign('no-such-token-at-all-0123456789')}`)).toBeNull();
  });

  it('leaves an expired session to better-auth, which answers no user and removes it', async () => {
    const { token } = await newSession();
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect(await whoIs(`better-auth.session_token=${sign(token)}`)).toBeNull();
    expect(await t.database.db.select().from(session).where(eq(session.token, token))).toEqual([]);
  });

  it('leaves a session due for its daily refresh to better-auth, which extends it', async () => {
    const { user, token } = await newSession();
    // Thirty days' sessions are extended once they are a day old: this one is two days old.
    const old = new Date(Date.now() + 28 * day);
    await t.database.db.update(session).set({ expiresAt: old }).where(eq(session.token, token));
    expect((await whoIs(`better-auth.session_token=${sign(token)}`))?.id).toBe(user.id);
    const [row] = await t.database.db.select().from(session).where(eq(session.token, token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(old.getTime() + day);
  });

  it('leaves a fresh session as it is', async () => {
    const { user, token } = await newSession();
    const [before] = await t.database.db.select().from(session).where(eq(session.token, token));
    expect((await whoIs(`better-auth.session_token=${sign(token)}`))?.id).toBe(user.id);
    const [after] = await t.database.db.select().from(session).where(eq(session.token, token));
    expect(after?.expiresAt).toEqual(before?.expiresAt);
  });
});

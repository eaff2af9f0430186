import type { UserInfo } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registration', () => {
  it('creates the account, signs in and answers the session', async () => {
    const client = new TestClient(t.app);
    const created = await client.post<UserInfo>('/api/user', {
      fName: 'Åsa',
      email: '  Asa.Lindqvist@Example.COM ',
      password: 'a long password',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      fName: 'Åsa',
      email: 'asa.lindqvist@example.com',
      treeIds: [],
      subscription: { plan: 'free', status: 'free', validUntil: null },
      subscriptionValid: false,
    });
    expect(created.body.id).toHaveLength(36);
    const cookie = String(created.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const session = await client.get<{ user: UserInfo | null }>('/api/auth/session');
    expect(session.body.user?.email).toBe('asa.lindqvist@example.com');
  });

  it('refuses an e-mail that already has an account, in any case', async () => {
    const { email } = await signUp(t.app);
    const again = await new TestClient(t.app).post<ErrorBody>('/api/user', {
      fName: 'Other',
      email: email.toUpperCase(),
      password: 'another password',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('auth.error.accountExists');
  });

  it.each([
    [{ fName: 'A', email: 'not-an-email', password: 'long enough' }, 'validation.emailInvalid'],
    [{ fName: 'A', email: 'a@b', password: 'long enough' }, 'validation.emailTooShort'],
    [{ fName: 'A', email: `${'x'.repeat(115)}@example.com`, password: 'long enough' }, 'validation.emailTooLong'],
    [{ fName: 'A', email: '', password: 'long enough' }, 'validation.emailRequired'],
    [{ fName: 'A', email: 'ok@example.com', password: 'short' }, 'validation.passwordTooShort'],
    [{ fName: '', email: 'ok@example.com', password: 'long enough' }, 'validation.nameRequired'],
    [{ fName: 'x'.repeat(51), email: 'ok@example.com', password: 'long enough' }, 'validation.nameTooLong'],
  ])('refuses %o with %s', async (body, code) => {
    const response = await new TestClient(t.app).post<ErrorBody>('/api/user', body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    const lookup = await new TestClient(t.app).get<{ emailExists: boolean }>('/api/user/email/ok%40example.com');
    expect(lookup.body.emailExists).toBe(false);
  });
});

describe('sign in and out', () => {
  it('signs in with the right password only', async () => {
    const { email, password } = await signUp(t.app);
    const wrong = await new TestClient(t.app).post<ErrorBody>('/api/auth/signin/credentials', {
      email,
      password: 'wrong password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('auth.error.invalidCredentials');

    const client = new TestClient(t.app);
    const right = await client.post<UserInfo>('/api/auth/signin/credentials', { email: email.toUpperCase(), password });
    expect(right.status).toBe(200);
    expect(right.body.email).toBe(email);
    expect(client.isSignedIn).toBe(true);

    const out = await client.post('/api/auth/signout');
    expect(out.status).toBe(200);
    const session = await client.get<{ user: unknown }>('/api/auth/session');
    expect(session.body.user).toBeNull();
  });

  it('answers a missing field with its code', async () => {
    const response = await new TestClient(t.app).post<ErrorBody>('/api/auth/signin/credentials', { email: 'a@b.se' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation.passwordRequired');
  });

  it('keeps the session-library paths working', async () => {
    const client = new TestClient(t.app);
    const signin = await client.get('/api/auth/signin?callbackUrl=%2Ftrees');
    expect(signin.status).toBe(302);
    expect(signin.headers.location).toBe('/login?callbackUrl=%2Ftrees');
    const offsite = await client.get('/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example');
    expect(offsite.headers.location).toBe('/login');
    const error = await client.get('/api/auth/error?error=SessionRequired');
    expect(error.headers.location).toBe('/login?error=SessionRequired');
    const signout = await client.get('/api/auth/signout');
    expect(signout.headers.location).toBe('/signout');
  });

  it('signs out from a form post and follows a local callback', async () => {
    const { client } = await signUp(t.app);
    const response = await client.request('POST', '/api/auth/signout', 'callbackUrl=%2F&csrfToken=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/');
    expect((await client.get<{ user: unknown }>('/api/auth/session')).body.user).toBeNull();
  });

  it('rate-limits sign-in attempts', async () => {
    const limited = await createTestApp({
      rateLimits: { ...t.app.anor.config.rateLimits, signIn: { max: 3, windowMs: 60_000 } },
    });
    try {
      const client = new TestClient(limited.app);
      const attempt = () =>
        client.post<ErrorBody>('/api/auth/signin/credentials', { email: 'x@example.com', password: 'nope' });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe('common.error.tooManyRequests');
    } finally {
      await limited.close();
    }
  });
});

describe('account settings', () => {
  it('changes the e-mail, refusing one that exists', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const taken = await a.client.put<ErrorBody>(`/api/user/${a.user.id}/email`, {
      email: b.email,
      password: a.password,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('auth.error.emailExists');

    const changed = await a.client.put<UserInfo>(`/api/user/${a.user.id}/email`, {
      email: 'New.Address@example.com',
      password: a.password,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe('new.address@example.com');
    const signIn = await new TestClient(t.app).post('/api/auth/signin/credentials', {
      email: 'new.address@example.com',
      password: a.password,
    });
    expect(signIn.status).toBe(200);
  });

  it("does not let one user see or change another's account", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await b.client.get<ErrorBody>(`/api/user/${a.user.id}`)).body.error.code).toBe('auth.error.forbidden');
    const change = await b.client.put<ErrorBody>(`/api/user/${a.user.id}/email`, {
      email: 'stolen@example.com',
      password: b.password,
    });
    expect(change.status).toBe(403);
    expect((await a.client.get<UserInfo>(`/api/user/${a.user.id}`)).body.email).toBe(a.email);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const a = await signUp(t.app);
    const otherDevice = new TestClient(t.app);
    await otherDevice.post('/api/auth/signin/credentials', { email: a.email, password: a.password });
    expect((await otherDevice.get<{ user: unknown }>('/api/auth/session')).body.user).not.toBeNull();

    const wrong = await a.client.put<ErrorBody>(`/api/user/${a.user.id}/password`, {
      oldPassword: 'not my password',
      newPassword: 'brand new password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('auth.error.incorrectPassword');

    const mismatch = await a.client.put<ErrorBody>(`/api/user/${a.user.id}/password`, {
      oldPassword: a.password,
      newPassword: 'brand new password',
      confirmPassword: 'something else',
    });
    expect(mismatch.body.error.code).toBe('auth.error.passwordMismatch');

    const ok = await a.client.put(`/api/user/${a.user.id}/password`, {
      oldPassword: a.password,
      newPassword: 'brand new password',
      confirmPassword: 'brand new password',
    });
    expect(ok.status).toBe(200);
    expect((await a.client.get<{ user: unknown }>('/api/auth/session')).body.user).not.toBeNull();
    expect((await otherDevice.get<{ user: unknown }>('/api/auth/session')).body.user).toBeNull();
    const old = await new TestClient(t.app).post('/api/auth/signin/credentials', {
      email: a.email,
      password: a.password,
    });
    expect(old.status).toBe(401);
  });

  it('deletes the account with its trees only with the password', async () => {
    const a = await signUp(t.app);
    const tree = await createTree(a.client, a.user.id, 'Släkten Ek');
    const wrong = await a.client.delete<ErrorBody>(`/api/user/${a.user.id}`, { password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('auth.error.wrongPassword');
    expect((await a.client.get(`/api/${tree.id}/tree`)).status).toBe(200);

    const deleted = await a.client.delete(`/api/user/${a.user.id}`, { password: a.password });
    expect(deleted.status).toBe(200);
    expect((await a.client.get<{ user: unknown }>('/api/auth/session')).body.user).toBeNull();
    const signIn = await new TestClient(t.app).post('/api/auth/signin/credentials', {
      email: a.email,
      password: a.password,
    });
    expect(signIn.status).toBe(401);
    const rows = await t.database.db.query.tree.findMany();
    expect(rows.find((row) => row.id === tree.id)).toBeUndefined();
    const persons = await t.database.db.query.person.findMany();
    expect(persons.filter((p) => p.treeId === tree.id)).toHaveLength(0);
  });
});

describe('password reset', () => {
  it('e-mails a link in the asked language, and the token sets a new password once', async () => {
    const a = await signUp(t.app, { fName: 'Björn' });
    const other = new TestClient(t.app, 'sv');
    const request = await other.post('/api/user/resetpassword', { email: a.email });
    expect(request.status).toBe(200);

    const mail = (await t.outbox()).filter((m) => m.to === a.email).at(-1);
    expect(mail?.subject).toBe('Återställ ditt lösenord till Anor');
    expect(mail?.text).toContain('Hej Björn');
    const link = mail?.links?.resetPassword ?? '';
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const token = new URL(link).searchParams.get('token') ?? '';

    const reset = await other.put('/api/user/resetpassword', { token, password: 'my new password' });
    expect(reset.status).toBe(200);
    // Resetting ends every session, including the one that registered.
    expect((await a.client.get<{ user: unknown }>('/api/auth/session')).body.user).toBeNull();
    const again = await other.put<ErrorBody>('/api/user/resetpassword', { token, password: 'yet another one' });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('auth.error.invalidToken');

    const signIn = await new TestClient(t.app).post('/api/auth/signin/credentials', {
      email: a.email,
      password: 'my new password',
    });
    expect(signIn.status).toBe(200);
  });

  it('tells that no user has an unknown address and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const response = await new TestClient(t.app).post<ErrorBody>('/api/user/resetpassword', {
      email: 'nobody@example.com',
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('auth.error.noUserForEmail');
    expect((await t.outbox()).length).toBe(before);
  });

  it('refuses a made-up token', async () => {
    const response = await new TestClient(t.app).put<ErrorBody>('/api/user/resetpassword', {
      token: 'made-up',
      password: 'whatever password',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('auth.error.invalidToken');
  });
});

describe('e-mail lookup', () => {
  it('tells whether an address exists and nothing more', async () => {
    const a = await signUp(t.app, { fName: 'Secret Name' });
    const found = await new TestClient(t.app).get(`/api/user/email/${encodeURIComponent(a.email)}`);
    expect(found.body).toEqual({ emailExists: true });
    const missing = await new TestClient(t.app).get('/api/user/email/missing%40example.com');
    expect(missing.body).toEqual({ emailExists: false });
  });
});

describe("better-auth's own endpoints", () => {
  it('answers the session and signs out, in our error shape', async () => {
    const a = await signUp(t.app);
    const session = await a.client.get<{ user: { email: string } }>('/api/auth/get-session');
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(a.email);
    const out = await a.client.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect((await a.client.get<{ user: unknown }>('/api/auth/session')).body.user).toBeNull();
  });

  it('keeps closed the endpoints that would bypass our validation and rate limits', async () => {
    const client = new TestClient(t.app);
    const signUpDirect = await client.post<ErrorBody>('/api/auth/sign-up/email', {
      name: '<script>',
      email: 'direct@example.com',
      password: 'long enough password',
    });
    expect(signUpDirect.status).toBe(404);
    expect(signUpDirect.body.error.code).toBe('common.error.notFound');
    const lookup = await client.get<{ emailExists: boolean }>('/api/user/email/direct%40example.com');
    expect(lookup.body.emailExists).toBe(false);
    expect((await client.post('/api/auth/sign-in/email', { email: 'x@example.com', password: 'x' })).status).toBe(404);
  });
});

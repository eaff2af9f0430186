import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Auth, databaseOf } from '../auth/auth.ts';
import { findSessionUser } from '../modules/session/session.repository.ts';

export interface FoundUser {
  id: string;
  name: string;
  email: string;
}

/**
 * The signed-in user of a request's cookies, as better-auth's `getSession` would answer it, in one
 * statement (the session joined to its user) and without building an endpoint context: this runs
 * before every signed-in request, and better-auth's way cost two statements and about as much CPU
 * again as the rest of a small read (the soak's profile, docs/architecture.md "Load").
 *
 * Answers `undefined` where better-auth has work to do besides answering: a session past its
 * expiry (which it deletes) or due for its daily refresh (which it extends). The caller then asks
 * better-auth itself. The cookie's signature is checked as better-auth's own cookie reader does
 * (HMAC-SHA-256 of the token with the auth secret, base64), and a cookie without a valid one is no
 * session, as there.
 */
export async function lookUpSession(auth: Auth, cookieHeader: string): Promise<FoundUser | null | undefined> {
  const context = await auth.$context;
  const raw = cookieValue(cookieHeader, context.authCookies.sessionToken.name);
  if (raw === null) return null;
  const token = verifiedToken(raw, context.secret);
  if (token === null) return null;
  const row = await findSessionUser(databaseOf(auth), token);
  if (!row) return null;
  const now = Date.now();
  const { expiresIn, updateAge } = context.sessionConfig;
  const expires = row.expiresAt.getTime();
  if (expires < now || expires - expiresIn * 1000 + updateAge * 1000 <= now) return undefined;
  return { id: row.userId, name: row.name, email: row.email };
}

/** The first cookie of this name, unquoted and URL-decoded (as better-call's parseCookies reads it). */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The token of a signed cookie value (`token.base64(HMAC-SHA-256(token))`), or null when the signature is wrong. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

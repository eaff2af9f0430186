import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { AppError } from './errors.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The headers better-auth needs to find a session: the cookie, nothing else of the request. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  if (request.headers['user-agent']) headers.set('user-agent', request.headers['user-agent']);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** The signed-in user of this request, looked up once per request. */
export function currentUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = request.headers.cookie
      ? auth.api
          .getSession({ headers: authHeaders(request) })
          .then((found) => (found ? { id: found.user.id, name: found.user.name, email: found.user.email } : null))
      : Promise.resolve(null);
    cache.set(request, pending);
  }
  return pending;
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const found = await currentUser(auth, request);
  if (!found) throw new AppError('auth.error.sessionRequired');
  return found;
}

/** Passes better-auth's Set-Cookie headers (session started, refreshed or ended) on to the answer. */
export function forwardCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

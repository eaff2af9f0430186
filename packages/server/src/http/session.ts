import type { TreeRole } from '@anor/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { AppError } from './errors.ts';
import { lookUpSession } from './session-lookup.ts';

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

/**
 * The signed-in user of this request, looked up once per request: in one statement by the app's own
 * look-up (http/session-lookup.ts), or by better-auth when the session is to be refreshed or removed.
 */
export function currentUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    const cookie = request.headers.cookie;
    pending = cookie
      ? lookUpSession(auth, cookie).then((found) =>
          found !== undefined
            ? found
            : auth.api
                .getSession({ headers: authHeaders(request) })
                .then((session) =>
                  session ? { id: session.user.id, name: session.user.name, email: session.user.email } : null,
                ),
        )
      : Promise.resolve(null);
    cache.set(request, pending);
  }
  return pending;
}

/** The header a visitor's requests carry: the token of the share link they came by. */
export const SHARE_TOKEN_HEADER = 'x-anor-share';
/** With the value `visitor`, the owner sees their tree as a visitor would (it only takes rights away). */
export const PREVIEW_HEADER = 'x-anor-preview';

/**
 * Who asks about a tree: the signed-in user, if any, and the token of the share link the request
 * came by, if any. The tree gate (`tree.access.ts`) turns the two into a role.
 */
export interface Viewer {
  user: SessionUser | null;
  shareToken: string | null;
  /** The owner asks to see the tree as a visitor would: read-only, living persons private. */
  previewAsVisitor: boolean;
  /**
   * The role the tree gate gave this viewer in each tree it checked during the request. The
   * privacy layer (`modules/privacy/`) reads it: an answer about a tree is shown unredacted only
   * where the gate said the viewer sees the living (the owner or a member, never a visitor).
   */
  readonly roles: Map<string, TreeRole>;
}

const viewers = new WeakMap<FastifyRequest, Promise<Viewer>>();

/** The viewer of this request (signed-in user, share link, preview flag), made once per request. */
export function currentViewer(auth: Auth, request: FastifyRequest): Promise<Viewer> {
  let pending = viewers.get(request);
  if (!pending) {
    const header = request.headers[SHARE_TOKEN_HEADER];
    const token = typeof header === 'string' && header.length > 0 && header.length <= 64 ? header : null;
    pending = currentUser(auth, request).then((user) => ({
      user,
      shareToken: token,
      previewAsVisitor: request.headers[PREVIEW_HEADER] === 'visitor',
      roles: new Map(),
    }));
    viewers.set(request, pending);
  }
  return pending;
}

/** The viewer made for this request, if a route asked for one (the privacy layer reads its roles). */
export function viewerOfRequest(request: FastifyRequest): Promise<Viewer> | undefined {
  return viewers.get(request);
}

/** A viewer with no share link: the signed-in user alone (the tree list, imports, own trees). */
export function asViewer(user: SessionUser | null): Viewer {
  return { user, shareToken: null, previewAsVisitor: false, roles: new Map() };
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

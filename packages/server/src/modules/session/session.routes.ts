import { normalizeEmail, okAnswerSchema, signInBodySchema, userInfoSchema } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueCodeOf } from '../../auth/auth-errors.ts';
import type { AppContext } from '../../context.ts';
import { AppError, sendError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { clientKey, signInAccountKey } from '../../http/rate-limit.ts';
import { authHeaders, currentUser, forwardCookies } from '../../http/session.ts';

const tags = ['session'];

/**
 * The session library's paths of SPEC §2 and §7 (/api/auth/session, signin, signout, error), kept
 * working for links and bookmarks, and better-auth's own endpoints under /api/auth/* for the rest.
 */
export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { auth, users, limiters, knownAddresses } = ctx;

  routes.get(
    '/api/auth/session',
    {
      schema: {
        tags,
        summary: 'The current session: the user, or null when signed out',
        response: { 200: z.object({ user: userInfoSchema.nullable() }) },
      },
    },
    async (request) => {
      const found = await currentUser(auth, request);
      return { user: found ? await users.userInfo(found.id) : null };
    },
  );

  routes.post(
    '/api/auth/signin/credentials',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: signInBodySchema,
        response: { 200: userInfoSchema },
      },
    },
    async (request, reply) => {
      // Failed attempts are counted per client address and per account; a success takes its count
      // back. Counting before the password is checked keeps parallel guesses from all passing.
      const address = clientKey(request);
      const email = normalizeEmail(request.body.email);
      const addressKey = `address ${address}`;
      const accountKey = signInAccountKey(email);
      await limiters.signIn.consume(addressKey);
      try {
        await limiters.signInAccount.consume(accountKey);
      } catch (error) {
        // A guess spread over many addresses has used up the account's allowance: only an address
        // the account signed in from before is still let in, until the window ends.
        if (!(await knownAddresses.isKnown(email, address))) {
          await limiters.signIn.refund(addressKey);
          throw error;
        }
      }
      try {
        const { value, headers } = await users.signIn(request.body, authHeaders(request), requestLanguage(request));
        await limiters.signIn.refund(addressKey);
        await limiters.signInAccount.refund(accountKey);
        await knownAddresses.remember(email, address);
        forwardCookies(reply, headers);
        return value;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'auth.error.invalidCredentials')) {
          await limiters.signIn.refund(addressKey);
          await limiters.signInAccount.refund(accountKey);
        }
        throw error;
      }
    },
  );

  routes.get(
    '/api/auth/signin',
    {
      schema: {
        tags,
        summary: 'Redirects to the sign-in page',
        querystring: z.object({ callbackUrl: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const callback = safeCallback(request.query.callbackUrl);
      return reply.redirect(callback ? `/login?callbackUrl=${encodeURIComponent(callback)}` : '/login');
    },
  );

  routes.get(
    '/api/auth/error',
    {
      schema: {
        tags,
        summary: 'Redirects to the sign-in page with an error',
        querystring: z.object({ error: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const error = request.query.error && /^[A-Za-z_]+$/.test(request.query.error) ? request.query.error : 'Default';
      return reply.redirect(`/login?error=${encodeURIComponent(error)}`);
    },
  );

  routes.get(
    '/api/auth/signout',
    { schema: { tags, summary: 'Redirects to the sign-out confirmation page' } },
    async (_request, reply) => reply.redirect('/signout'),
  );

  routes.post(
    '/api/auth/signout',
    {
      schema: {
        tags,
        summary: 'Sign out (JSON, or a form with callbackUrl)',
        body: z
          .object({
            callbackUrl: z.string().max(2000).optional(),
            csrfToken: z.string().max(500).optional(),
            json: z.string().max(10).optional(),
          })
          .nullish(),
        response: { 200: okAnswerSchema },
      },
    },
    async (request, reply) => {
      if (await currentUser(auth, request)) forwardCookies(reply, await users.signOut(authHeaders(request)));
      const callback = safeCallback(request.body?.callbackUrl);
      if (callback && request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return reply.redirect(callback);
      }
      return { ok: true as const };
    },
  );

  // better-auth's own endpoints, with their errors in our shape. Only those that bypass none of
  // our rules are open: sign-up, sign-in, password and e-mail changes go through the routes above
  // and in user.routes.ts, which validate with the shared schemas and count attempts.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, ctx.config.publicUrl);
      if (!openBetterAuthEndpoints.has(`${request.method} ${url.pathname}`)) {
        return sendError(request, reply, 'common.error.notFound');
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      }
      // The client address as TRUST_PROXY decides it, not as the client wrote it.
      headers.set('x-forwarded-for', request.ip);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: request.method === 'GET' || request.body === undefined ? undefined : JSON.stringify(request.body),
        }),
      );
      if (response.status >= 400) {
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        return sendError(request, reply, catalogueCodeOf(body.code, response.status));
      }
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      forwardCookies(reply, response.headers);
      if (url.pathname === '/api/auth/list-sessions') {
        // A session's token is its cookie: whoever reads the list (a script injected into a page,
        // a shared screen, a log) could take over every other session of the user with it.
        const sessions = (await response.json()) as Record<string, unknown>[];
        return reply.send(sessions.map(({ token: _token, ...rest }) => rest));
      }
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

const openBetterAuthEndpoints = new Set([
  'GET /api/auth/get-session',
  'POST /api/auth/sign-out',
  'GET /api/auth/ok',
  'GET /api/auth/list-sessions',
  'POST /api/auth/revoke-other-sessions',
]);

const callbackBase = 'http://anor.invalid';

/**
 * Only same-site paths are followed after sign-in or sign-out, so the redirect cannot be abused:
 * printable ASCII only (a browser drops tabs and newlines from a URL, so "/\t/evil.example" would
 * become "//evil.example"), no backslash (read as a slash), one leading slash, and a path that
 * still resolves to this site. The answer is the path as the URL parser wrote it.
 */
function safeCallback(callback: string | undefined): string | null {
  if (!callback || !/^\/[\x21-\x7e]*$/.test(callback) || callback.includes('\\') || callback.startsWith('//')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(callback, callbackBase);
  } catch {
    return null;
  }
  if (url.origin !== callbackBase) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
}

import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  emailLookupAnswerSchema,
  emailSchema,
  forgotPasswordBodySchema,
  notificationsBodySchema,
  okAnswerSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  userInfoSchema,
} from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requestLanguage } from '../../http/language.ts';
import { clientKey, signInAccountKey } from '../../http/rate-limit.ts';
import { authHeaders, forwardCookies, requireUser } from '../../http/session.ts';

const userParams = z.strictObject({ userId: z.string().min(1).max(64) });
const tags = ['account'];

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { users, auth, limiters } = ctx;

  routes.post(
    '/api/user',
    { schema: { tags, summary: 'Register and sign in', body: registerBodySchema, response: { 201: userInfoSchema } } },
    async (request, reply) => {
      await limiters.register.consume(clientKey(request));
      const { value, headers } = await users.register(request.body, authHeaders(request), requestLanguage(request));
      forwardCookies(reply, headers);
      return reply.status(201).send(value);
    },
  );

  routes.get(
    '/api/user/:userId',
    { schema: { tags, summary: 'The signed-in user', params: userParams, response: { 200: userInfoSchema } } },
    async (request) => {
      const current = await requireUser(auth, request);
      users.assertSelf(current.id, request.params.userId);
      return users.userInfo(current.id);
    },
  );

  routes.put(
    '/api/user/:userId/email',
    {
      schema: {
        tags,
        summary: 'Change e-mail (with the current password; the old address is told)',
        params: userParams,
        body: changeEmailBodySchema,
        response: { 200: userInfoSchema },
      },
    },
    async (request) => {
      const current = await requireUser(auth, request);
      users.assertSelf(current.id, request.params.userId);
      await limiters.accountChange.consume(`user ${current.id}`);
      const { user, notice } = await users.changeEmail(current.id, request.body, requestLanguage(request));
      // The change is made; a notice that cannot be sent is logged, not answered as a failure.
      await notice.catch((error: unknown) => request.log.error({ err: error }, 'the e-mail change notice failed'));
      return user;
    },
  );

  routes.put(
    '/api/user/:userId/notifications',
    {
      schema: {
        tags,
        summary: 'Turn e-mails about proposed changes on or off',
        params: userParams,
        body: notificationsBodySchema,
        response: { 200: userInfoSchema },
      },
    },
    async (request) => {
      const current = await requireUser(auth, request);
      users.assertSelf(current.id, request.params.userId);
      return users.setNotifications(current.id, request.body);
    },
  );

  routes.put(
    '/api/user/:userId/password',
    {
      schema: {
        tags,
        summary: "Change password (ends the user's other sessions)",
        params: userParams,
        body: changePasswordBodySchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request, reply) => {
      const current = await requireUser(auth, request);
      users.assertSelf(current.id, request.params.userId);
      await limiters.accountChange.consume(`user ${current.id}`);
      forwardCookies(reply, await users.changePassword(request.body, authHeaders(request)));
      return { ok: true as const };
    },
  );

  routes.delete(
    '/api/user/:userId',
    {
      schema: {
        tags,
        summary: 'Delete the account with all its trees',
        params: userParams,
        body: deleteAccountBodySchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request, reply) => {
      const current = await requireUser(auth, request);
      users.assertSelf(current.id, request.params.userId);
      await limiters.accountChange.consume(`user ${current.id}`);
      await users.deleteAccount(current.id, request.body.password);
      // The sessions went with the user; tell the browser to drop its cookie too.
      reply.header('set-cookie', expiredSessionCookies(ctx.config.publicUrl));
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/user/resetpassword',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        body: forgotPasswordBodySchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      await limiters.passwordReset.consume(clientKey(request));
      await users.requestPasswordReset(request.body.email, requestLanguage(request));
      return { ok: true as const };
    },
  );

  routes.put(
    '/api/user/resetpassword',
    {
      schema: {
        tags,
        summary: 'Set a new password from a reset link',
        body: resetPasswordBodySchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      await limiters.passwordReset.consume(clientKey(request));
      const email = await users.resetPassword(request.body.token, request.body.password);
      // The owner proved who they are: a guess that locked their sign-in no longer does.
      if (email) await limiters.signInAccount.reset(signInAccountKey(email));
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/user/email/:email',
    {
      schema: {
        tags,
        summary: 'Whether an account has this e-mail (nothing else is told)',
        params: z.strictObject({ email: emailSchema }),
        response: { 200: emailLookupAnswerSchema },
      },
    },
    async (request) => {
      await limiters.emailLookup.consume(clientKey(request));
      return { emailExists: await users.emailExists(request.params.email) };
    },
  );
}

function expiredSessionCookies(publicUrl: string): string[] {
  const secure = publicUrl.startsWith('https://');
  const prefix = secure ? '__Secure-' : '';
  const attributes = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${prefix}better-auth.session_token=; ${attributes}`, `${prefix}better-auth.session_data=; ${attributes}`];
}

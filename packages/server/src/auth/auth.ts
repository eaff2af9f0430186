import { AsyncLocalStorage } from 'node:async_hooks';
import { type Language, uuidv7 } from '@anor/core';
import { translate } from '@anor/core/i18n';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashPassword, verifyPassword } from './password.ts';

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
}

/** Who an e-mail sent from inside better-auth's callbacks is for: set around the call by our routes. */
export const mailContext = new AsyncLocalStorage<{ language: Language }>();

/** Whose password a reset link set: filled in by better-auth's callback during the call (user.service.ts). */
export const passwordResetContext = new AsyncLocalStorage<{ email?: string }>();

/** The database each auth instance was made on: the app's own session look-up reads it (http/session-lookup.ts). */
const databases = new WeakMap<object, Db>();

export function databaseOf(auth: Auth): Db {
  const db = databases.get(auth);
  if (!db) throw new Error('an auth instance not made by createAuth');
  return db;
}

export function createAuth({ db, secret, publicUrl, mailer }: AuthOptions) {
  const auth = betterAuth({
    appName: 'Anor',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user: owner }) => {
        const store = passwordResetContext.getStore();
        if (store) store.email = owner.email;
      },
      sendResetPassword: async ({ user: recipient, token }) => {
        const language = mailContext.getStore()?.language ?? 'sv';
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const t = (key: string) => translate(language, `email.resetPassword.${key}`, { name: recipient.name });
        await mailer.send({
          to: recipient.email,
          subject: t('subject'),
          text: `${t('greeting')}\n\n${t('body')}\n${link}\n\n${t('expiry')}\n`,
          links: { resetPassword: link },
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Our own routes count attempts (http/rate-limit.ts); better-auth's limiter would count twice.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => uuidv7() },
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
  });
  databases.set(auth, db);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

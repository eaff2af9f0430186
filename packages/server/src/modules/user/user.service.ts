import {
  type ChangeEmailBody,
  type ChangePasswordBody,
  type Language,
  type RegisterBody,
  type SignInBody,
  type SubscriptionInfo,
  subscriptionStatus,
  type UserInfo,
} from '@anor/core';
import { type Auth, mailContext } from '../../auth/auth.ts';
import { callAuth } from '../../auth/auth-errors.ts';
import { verifyPassword } from '../../auth/password.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import * as users from './user.repository.ts';

export interface UserServiceDeps {
  db: Db;
  auth: Auth;
}

/** An answer together with the Set-Cookie headers better-auth produced for it. */
export interface WithCookies<T> {
  value: T;
  headers: Headers;
}

export function createUserService({ db, auth }: UserServiceDeps) {
  async function userInfo(userId: string): Promise<UserInfo> {
    const found = await users.findUserById(db, userId);
    if (!found) throw new AppError('auth.error.sessionRequired');
    const [row, treeIds] = await Promise.all([
      users.findSubscription(db, userId),
      users.listTreeIdsOfOwner(db, userId),
    ]);
    const subscription: SubscriptionInfo = {
      plan: row?.plan ?? 'free',
      validUntil: row?.validUntil?.toISOString() ?? null,
      status: 'free',
    };
    subscription.status = subscriptionStatus(subscription);
    return {
      id: found.id,
      fName: found.name,
      email: found.email,
      treeIds,
      subscription,
      subscriptionValid: subscription.status === 'paid',
    };
  }

  /** Only the signed-in user may see or change their own account. */
  function assertSelf(sessionUserId: string, userId: string) {
    if (sessionUserId !== userId) throw new AppError('auth.error.forbidden');
  }

  async function assertPassword(userId: string, password: string) {
    const hash = await users.findPasswordHash(db, userId);
    if (!hash || !(await verifyPassword(hash, password))) throw new AppError('auth.error.incorrectPassword');
  }

  return {
    userInfo,
    assertSelf,
    assertPassword,

    async register(body: RegisterBody, headers: Headers): Promise<WithCookies<UserInfo>> {
      if (await users.findUserByEmail(db, body.email)) throw new AppError('auth.error.accountExists');
      const result = await callAuth(() =>
        auth.api.signUpEmail({
          body: { name: body.fName, email: body.email, password: body.password },
          headers,
          returnHeaders: true,
        }),
      );
      return { value: await userInfo(result.response.user.id), headers: result.headers };
    },

    async signIn(body: SignInBody, headers: Headers): Promise<WithCookies<UserInfo>> {
      const result = await callAuth(() =>
        auth.api.signInEmail({
          body: { email: body.email.toLowerCase(), password: body.password },
          headers,
          returnHeaders: true,
        }),
      );
      return { value: await userInfo(result.response.user.id), headers: result.headers };
    },

    async signOut(headers: Headers): Promise<Headers> {
      const result = await callAuth(() => auth.api.signOut({ headers, returnHeaders: true }));
      return result.headers;
    },

    async changeEmail(userId: string, body: ChangeEmailBody): Promise<UserInfo> {
      if (await users.isEmailTakenByOther(db, body.email, userId)) throw new AppError('auth.error.emailExists');
      try {
        await users.updateUserEmail(db, userId, body.email);
      } catch (error) {
        // Two users racing for one address: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('auth.error.emailExists');
        throw error;
      }
      return userInfo(userId);
    },

    /** Changes the password and ends every other session of the user; this one gets a fresh cookie. */
    async changePassword(body: ChangePasswordBody, headers: Headers): Promise<Headers> {
      const result = await callAuth(() =>
        auth.api.changePassword({
          body: { currentPassword: body.oldPassword, newPassword: body.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        }),
      );
      return result.headers;
    },

    /** Deletes the account and all its trees; the password proves it is the owner asking. */
    async deleteAccount(userId: string, password: string): Promise<void> {
      await assertPassword(userId, password);
      await users.deleteUser(db, userId);
    },

    /** E-mails a reset link. Unknown addresses are told so (SPEC §5); the route is rate-limited. */
    async requestPasswordReset(email: string, language: Language): Promise<void> {
      if (!(await users.findUserByEmail(db, email))) throw new AppError('auth.error.noUserForEmail');
      await mailContext.run({ language }, () =>
        callAuth(() => auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } })),
      );
    },

    /** Sets the new password from a reset link and ends every session of that user. */
    async resetPassword(token: string, password: string): Promise<void> {
      await callAuth(() => auth.api.resetPassword({ body: { token, newPassword: password } }));
    },

    async emailExists(email: string): Promise<boolean> {
      return (await users.findUserByEmail(db, email)) !== undefined;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

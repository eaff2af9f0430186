import {
  type ChangeEmailBody,
  type ChangePasswordBody,
  type Language,
  type NotificationsBody,
  type RegisterBody,
  type SignInBody,
  type SubscriptionInfo,
  subscriptionStatus,
  type UserInfo,
} from '@anor/core';
import { translate } from '@anor/core/i18n';
import { type Auth, mailContext, passwordResetContext } from '../../auth/auth.ts';
import { callAuth } from '../../auth/auth-errors.ts';
import { verifyPassword } from '../../auth/password.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import * as users from './user.repository.ts';

export interface UserServiceDeps {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  /** Named in the notice of an e-mail change, for an owner who did not make it. */
  supportEmail: string;
}

/** An answer together with the Set-Cookie headers better-auth produced for it. */
export interface WithCookies<T> {
  value: T;
  headers: Headers;
}

export function createUserService({ db, auth, mailer, supportEmail }: UserServiceDeps) {
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
      notifyByEmail: found.notifyByEmail,
    };
  }

  /** Only the signed-in user may see or change their own account. */
  function assertSelf(sessionUserId: string, userId: string) {
    if (sessionUserId !== userId) throw new AppError('auth.error.forbidden');
  }

  async function assertPassword(userId: string, password: string) {
    const hash = await users.findPasswordHash(db, userId);
    if (!hash || !(await verifyPassword(hash, password))) throw new AppError('auth.error.wrongPassword');
  }

  return {
    userInfo,

    /** Turns e-mails about proposed changes on or off (issue 26). */
    async setNotifications(userId: string, body: NotificationsBody): Promise<UserInfo> {
      await users.setNotifyByEmail(db, userId, body.notifyByEmail);
      return userInfo(userId);
    },
    assertSelf,
    assertPassword,

    async register(body: RegisterBody, headers: Headers, language?: Language): Promise<WithCookies<UserInfo>> {
      if (await users.findUserByEmail(db, body.email)) throw new AppError('auth.error.accountExists');
      const result = await callAuth(() =>
        auth.api.signUpEmail({
          body: { name: body.fName, email: body.email, password: body.password },
          headers,
          returnHeaders: true,
        }),
      );
      if (language) await users.setUserLanguage(db, result.response.user.id, language);
      return { value: await userInfo(result.response.user.id), headers: result.headers };
    },

    async signIn(body: SignInBody, headers: Headers, language?: Language): Promise<WithCookies<UserInfo>> {
      const result = await callAuth(() =>
        auth.api.signInEmail({
          body: { email: body.email.toLowerCase(), password: body.password },
          headers,
          returnHeaders: true,
        }),
      );
      if (language) await users.setUserLanguage(db, result.response.user.id, language);
      return { value: await userInfo(result.response.user.id), headers: result.headers };
    },

    async signOut(headers: Headers): Promise<Headers> {
      const result = await callAuth(() => auth.api.signOut({ headers, returnHeaders: true }));
      return result.headers;
    },

    /**
     * Changes the e-mail address. The current password comes first, so only the account's holder
     * learns whether the new address is taken (the route counts the attempts); a stolen session
     * alone cannot move the account to another address. The old address is told afterwards.
     */
    async changeEmail(
      userId: string,
      body: ChangeEmailBody,
      language: Language,
    ): Promise<{ user: UserInfo; notice: Promise<void> }> {
      await assertPassword(userId, body.password);
      const before = await users.findUserById(db, userId);
      if (!before) throw new AppError('auth.error.sessionRequired');
      if (await users.isEmailTakenByOther(db, body.email, userId)) throw new AppError('auth.error.emailExists');
      try {
        await users.updateUserEmail(db, userId, body.email);
      } catch (error) {
        // Two users racing for one address: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('auth.error.emailExists');
        throw error;
      }
      const user = await userInfo(userId);
      if (before.email === user.email) return { user, notice: Promise.resolve() };
      const t = (key: string) =>
        translate(language, `email.emailChanged.${key}`, {
          name: before.name,
          oldEmail: before.email,
          newEmail: user.email,
          supportEmail,
        });
      const notice = mailer.send({
        to: before.email,
        subject: t('subject'),
        text: `${t('greeting')}\n\n${t('body')}\n\n${t('ifNotYou')}\n`,
      });
      return { user, notice };
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

    /**
     * Sets the new password from a reset link and ends every session of that user; answers the
     * user's e-mail address (their failed sign-ins are forgotten: they proved who they are).
     */
    async resetPassword(token: string, password: string): Promise<string | null> {
      const store: { email?: string } = {};
      await passwordResetContext.run(store, () =>
        callAuth(() => auth.api.resetPassword({ body: { token, newPassword: password } })),
      );
      return store.email ?? null;
    },

    async emailExists(email: string): Promise<boolean> {
      return (await users.findUserByEmail(db, email)) !== undefined;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

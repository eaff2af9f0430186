/** The account tables: better-auth's user, session, account and verification, plus subscription and contact_message. See ../schema.ts. */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

// ---- Accounts (better-auth) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  /** The user's first name (SPEC: fName). */
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** The interface language the user last registered or signed in with (sv, en, da, no, fi): e-mails sent without a request use it. */
  language: text('language'),
  /** Whether proposed changes are told by e-mail (issue 26): one waiting for review, a decision on one's own. */
  notifyByEmail: boolean('notify_by_email').notNull().default(true),
  ...timestamps,
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** argon2id hash (PHC string) for the e-mail-and-password provider. */
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** A user without a row here is on the free tier. */
export const subscription = pgTable('subscription', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: ['free', 'monthly', 'yearly'] }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  ...timestamps,
});

export const contactMessage = pgTable('contact_message', {
  id: uuid('id').primaryKey(),
  sender: text('sender').notNull(),
  text: text('text').notNull(),
  /** The signed-in user who wrote it, if any. Kept when the account goes. */
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

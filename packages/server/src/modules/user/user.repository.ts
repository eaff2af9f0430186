import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, subscription, tree, user } from '../../db/schema.ts';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  notifyByEmail: boolean;
}

const userColumns = { id: user.id, name: user.name, email: user.email, notifyByEmail: user.notifyByEmail };

/** Whether proposed changes are told to the user by e-mail (issue 26). */
export async function setNotifyByEmail(db: Db, userId: string, notifyByEmail: boolean): Promise<void> {
  await db.update(user).set({ notifyByEmail }).where(eq(user.id, userId));
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(user).where(eq(user.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(user).where(eq(user.email, email));
  return row;
}

/** Remembers the interface language the user last came with (e-mails sent without a request use it). */
export async function setUserLanguage(db: Db, userId: string, language: string): Promise<void> {
  await db.update(user).set({ language }).where(eq(user.id, userId));
}

/** The language the user last came with, or null before the first sign-in that told it. */
export async function findUserLanguage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ language: user.language }).from(user).where(eq(user.id, userId));
  return row?.language ?? null;
}

export async function isEmailTakenByOther(db: Db, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email), ne(user.id, userId)));
  return row !== undefined;
}

export async function updateUserEmail(db: Db, id: string, email: string): Promise<void> {
  await db.update(user).set({ email, emailVerified: false, updatedAt: new Date() }).where(eq(user.id, id));
}

/** The argon2id hash of the user's e-mail-and-password account. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row?.password ?? null;
}

export async function findSubscription(db: Db, userId: string) {
  const [row] = await db
    .select({ plan: subscription.plan, validUntil: subscription.validUntil })
    .from(subscription)
    .where(eq(subscription.userId, userId));
  return row;
}

export async function listTreeIdsOfOwner(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: tree.id })
    .from(tree)
    // Not a tree an import job is still writing (hidden until the job is done), nor a deleted one.
    .where(and(eq(tree.ownerId, userId), isNull(tree.importJob), isNull(tree.deletedAt)))
    .orderBy(tree.createdAt, tree.id);
  return rows.map((row) => row.id);
}

/** Deletes the user; sessions, accounts, the subscription and every tree (with all it holds) cascade. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(user).where(eq(user.id, id));
}

/** Records a paid plan (or changes it); the payment handling that calls this is not built yet. */
export async function upsertSubscription(
  db: Db,
  userId: string,
  plan: 'free' | 'monthly' | 'yearly',
  validUntil: Date | null,
): Promise<void> {
  await db
    .insert(subscription)
    .values({ userId, plan, validUntil })
    .onConflictDoUpdate({ target: subscription.userId, set: { plan, validUntil, updatedAt: new Date() } });
}

import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, tree, user } from '../../db/schema.ts';

/** All SQL of the demonstration tree (src/demo/): its owner, its tree and its share link. */

/** Any constant: the advisory lock that lets one of several starting instances create the demo. */
const demoLockKey = 42_062_025;

/** Serialises demo creation across instances, until the transaction ends. */
export async function lockDemo(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${demoLockKey})`);
}

export interface DemoRow {
  userId: string;
  treeId: string | null;
  shareToken: string | null;
}

/** The demo owner and their (first) tree, if the demo was created. */
export async function findDemo(db: Db, email: string): Promise<DemoRow | undefined> {
  const [row] = await db
    .select({ userId: user.id, treeId: tree.id, shareToken: tree.shareToken })
    .from(user)
    .leftJoin(tree, eq(tree.ownerId, user.id))
    .where(eq(user.email, email))
    .orderBy(asc(tree.createdAt), asc(tree.id))
    .limit(1);
  return row;
}

/** The demo owner: a user with an e-mail-and-password account whose password nobody knows. */
export async function insertDemoUser(
  tx: Db,
  values: { id: string; accountId: string; name: string; email: string; passwordHash: string },
): Promise<void> {
  await tx.insert(user).values({ id: values.id, name: values.name, email: values.email, emailVerified: true });
  await tx.insert(account).values({
    id: values.accountId,
    accountId: values.id,
    providerId: 'credential',
    userId: values.id,
    password: values.passwordHash,
  });
}

export async function setShareToken(tx: Db, treeId: string, token: string): Promise<void> {
  await tx.update(tree).set({ shareToken: token }).where(eq(tree.id, treeId));
}

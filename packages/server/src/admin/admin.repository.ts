import { and, asc, count, eq, ilike, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { subscription, tree, user } from '../db/schema.ts';

/** The operator's view of the accounts (`npm run admin -- users`): every user with plan and number of trees. */
export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  plan: 'free' | 'monthly' | 'yearly' | null;
  validUntil: Date | null;
  trees: number;
  createdAt: Date;
}

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Users, oldest first; with `emailPart`, only those whose e-mail contains it (case-insensitively);
 * with `userId`, only that user.
 */
export async function listUsersWithPlans(
  db: Db,
  filter: { emailPart?: string | null; userId?: string } = {},
): Promise<AdminUserRow[]> {
  return (
    db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        plan: subscription.plan,
        validUntil: subscription.validUntil,
        trees: count(tree.id),
        createdAt: user.createdAt,
      })
      .from(user)
      .leftJoin(subscription, eq(subscription.userId, user.id))
      // A tree in its owner's trash (issue 21) is not counted; backups keep it all the same.
      .leftJoin(tree, and(eq(tree.ownerId, user.id), isNull(tree.deletedAt)))
      .where(
        and(
          filter.emailPart ? ilike(user.email, likePattern(filter.emailPart)) : undefined,
          filter.userId ? eq(user.id, filter.userId) : undefined,
        ),
      )
      .groupBy(user.id, subscription.plan, subscription.validUntil)
      .orderBy(asc(user.createdAt), asc(user.id))
  );
}

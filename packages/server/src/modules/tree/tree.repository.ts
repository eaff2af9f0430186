import { personSortKey } from '@anor/core';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MemberRole, person, subscription, tree, treeMember, user } from '../../db/schema.ts';

/** What access checks need: who owns the tree and on which plan. No counting. */
export interface TreeAccessRow {
  id: string;
  name: string;
  rootId: string | null;
  ownerId: string;
  /** The current share link's secret; null while the tree is not shared. */
  shareToken: string | null;
  ownerPlan: 'free' | 'monthly' | 'yearly' | null;
  ownerValidUntil: Date | null;
  /**
   * The membership of the user the row was read for (findTreeAccess's `userId`), with that user's
   * id, so that a row read for one user never grants another (tree.access.ts roleInTree).
   */
  memberRole?: MemberRole | null;
  memberUserId?: string | null;
}

export interface TreeRow extends TreeAccessRow {
  createdAt: Date;
  updatedAt: Date;
  personsAmount: number;
  locationsAmount: number;
  eventsAmount: number;
  sourcesAmount: number;
  /** Bytes the tree's media files take (issue 22: originals with their versions). */
  mediaBytes: number;
}

/**
 * The tree with its counts and its owner's subscription, in one statement. Counts are kept on the
 * tree row by triggers (migration 0003); places, events and sources get theirs with their tables.
 */
const treeFields = {
  id: tree.id,
  name: tree.name,
  rootId: tree.rootId,
  ownerId: tree.ownerId,
  shareToken: tree.shareToken,
  createdAt: tree.createdAt,
  updatedAt: tree.updatedAt,
  personsAmount: tree.personsCount,
  locationsAmount: tree.locationsCount,
  eventsAmount: tree.eventsCount,
  sourcesAmount: tree.sourcesCount,
  mediaBytes: sql<number>`(select coalesce(sum(coalesce(m.size, 0) + coalesce(m.derived_size, 0)), 0)::bigint
    from media_object m where m.tree_id = ${tree.id})`.mapWith(Number),
  ownerPlan: subscription.plan,
  ownerValidUntil: subscription.validUntil,
};

/** The tree with its counts, and `userId`'s membership joined as in selectAccess. */
function selectTrees(db: Db, userId: string | null) {
  if (userId === null) {
    return db
      .select({ ...treeFields, memberRole: sql<MemberRole | null>`null`, memberUserId: sql<string | null>`null` })
      .from(tree)
      .leftJoin(subscription, eq(subscription.userId, tree.ownerId))
      .$dynamic();
  }
  return db
    .select({ ...treeFields, memberRole: treeMember.role, memberUserId: treeMember.userId })
    .from(tree)
    .leftJoin(subscription, eq(subscription.userId, tree.ownerId))
    .leftJoin(treeMember, membershipOf(userId))
    .$dynamic();
}

const accessFields = {
  id: tree.id,
  name: tree.name,
  rootId: tree.rootId,
  ownerId: tree.ownerId,
  shareToken: tree.shareToken,
  ownerPlan: subscription.plan,
  ownerValidUntil: subscription.validUntil,
};

/** The membership of `userId` in the tree of the row, joined on the tree's own key. */
const membershipOf = (userId: string) => and(eq(treeMember.treeId, tree.id), eq(treeMember.userId, userId));

/**
 * Who owns the tree and on which plan, with its share secret and (for a signed-in viewer) their
 * membership: what every access check needs, in one statement.
 */
function selectAccess(db: Db, userId: string | null) {
  if (userId === null) {
    return db
      .select({ ...accessFields, memberRole: sql<MemberRole | null>`null`, memberUserId: sql<string | null>`null` })
      .from(tree)
      .leftJoin(subscription, eq(subscription.userId, tree.ownerId))
      .$dynamic();
  }
  return db
    .select({ ...accessFields, memberRole: treeMember.role, memberUserId: treeMember.userId })
    .from(tree)
    .leftJoin(subscription, eq(subscription.userId, tree.ownerId))
    .leftJoin(treeMember, membershipOf(userId))
    .$dynamic();
}

/**
 * A tree an import job is still writing is hidden: it is neither found nor listed until its job is
 * done. So is a deleted tree (issue 21: in its owner's trash until restored or purged).
 */
const written = and(isNull(tree.importJob), isNull(tree.deletedAt));

/** The tree as `userId` (the signed-in viewer, or null) meets it; see TreeAccessRow.memberRole. */
export async function findTreeAccess(
  db: Db,
  treeId: string,
  userId: string | null,
): Promise<TreeAccessRow | undefined> {
  const [row] = await selectAccess(db, userId).where(and(eq(tree.id, treeId), written));
  return row;
}

/** The tree with its counts, as `userId` (the signed-in viewer; null: nobody's membership) meets it. */
export async function findTree(db: Db, treeId: string, userId: string | null = null): Promise<TreeRow | undefined> {
  const [row] = await selectTrees(db, userId).where(and(eq(tree.id, treeId), written));
  return row;
}

export function listTreesOfOwner(db: Db, ownerId: string): Promise<TreeRow[]> {
  return selectTrees(db, ownerId)
    .where(and(eq(tree.ownerId, ownerId), written))
    .orderBy(tree.createdAt, tree.id);
}

/**
 * The trees the user is a member of (issue 26). It looks across trees by user, as the share-link
 * look-up does: on Citus a query of every shard, for one user's tree list (docs/operations.md).
 */
export function listTreesOfMember(db: Db, userId: string): Promise<TreeRow[]> {
  return db
    .select({ ...treeFields, memberRole: treeMember.role, memberUserId: treeMember.userId })
    .from(treeMember)
    .innerJoin(tree, eq(tree.id, treeMember.treeId))
    .leftJoin(subscription, eq(subscription.userId, tree.ownerId))
    .where(and(eq(treeMember.userId, userId), written))
    .orderBy(tree.createdAt, tree.id);
}

export async function countTreesOfOwner(db: Db, ownerId: string): Promise<number> {
  // A deleted tree does not count against the limit while it is in the trash (a restore checks again).
  const [row] = await db
    .select({ value: count() })
    .from(tree)
    .where(and(eq(tree.ownerId, ownerId), isNull(tree.deletedAt)));
  return row?.value ?? 0;
}

export async function isTreeNameTaken(db: Db, ownerId: string, nameKey: string, exceptTreeId?: string) {
  const [row] = await db
    .select({ id: tree.id })
    .from(tree)
    .where(
      and(
        eq(tree.ownerId, ownerId),
        eq(tree.nameKey, nameKey),
        isNull(tree.deletedAt),
        exceptTreeId ? sql`${tree.id} <> ${exceptTreeId}` : undefined,
      ),
    );
  return row !== undefined;
}

/** Serialises writes that count a tree's items (limits), so that concurrent requests cannot both pass. */
export async function lockTree(db: Db, treeId: string): Promise<void> {
  await db.select({ id: tree.id }).from(tree).where(eq(tree.id, treeId)).for('update');
}

/** Serialises tree creation per owner, so that two concurrent requests cannot both pass the tree limit. */
export async function lockOwner(db: Db, ownerId: string): Promise<void> {
  await db.select({ id: user.id }).from(user).where(eq(user.id, ownerId)).for('update');
}

/** A tree whose root person the caller inserts itself (a GEDCOM import's first individual). */
export async function insertTree(
  db: Db,
  values: { id: string; ownerId: string; name: string; nameKey: string; rootId: string | null; importJob?: string },
): Promise<void> {
  await db.insert(tree).values(values);
}

/** The import job's last step: its tree is shown. False when the tree is not that job's (deleted meanwhile). */
export async function publishImportedTree(db: Db, treeId: string, jobId: string): Promise<boolean> {
  const rows = await db
    .update(tree)
    .set({ importJob: null })
    .where(and(eq(tree.id, treeId), eq(tree.importJob, jobId)))
    .returning({ id: tree.id });
  return rows.length === 1;
}

/** Deletes the tree an import job was writing, if it is still that job's (never a tree already shown). */
export async function deleteImportedTree(db: Db, treeId: string, jobId: string): Promise<void> {
  await db.delete(tree).where(and(eq(tree.id, treeId), eq(tree.importJob, jobId)));
}

/**
 * Deletes the trees of import jobs that are no longer active (failed, cancelled, or interrupted
 * while their own clean-up ran): what they wrote is never shown. Answers how many.
 */
export async function deleteAbandonedImportTrees(db: Db): Promise<number> {
  const rows = await db
    .delete(tree)
    .where(
      sql`${tree.importJob} is not null and not exists (select 1 from job j where j.id = ${tree.importJob}
            and j.state in ('queued', 'running', 'waiting'))`,
    )
    .returning({ id: tree.id });
  return rows.length;
}

/** A nameless person's sort key: after every named one (issue 19, item 15). */
const nameless = personSortKey({ fName: null, lName: null });

/** The unnamed root person of a tree that has none (a GEDCOM file without individuals). */
export async function insertRootPerson(db: Db, treeId: string, rootId: string): Promise<void> {
  await db.insert(person).values({ treeId, id: rootId, rootRelation: 'root', sortKey: nameless });
  await db.update(tree).set({ rootId }).where(eq(tree.id, treeId));
}

export async function insertTreeWithRoot(
  db: Db,
  values: { id: string; ownerId: string; name: string; nameKey: string; rootId: string },
): Promise<void> {
  await db.insert(tree).values(values);
  // The root person starts without a name: its page opens the root-person intro.
  await db.insert(person).values({ treeId: values.id, id: values.rootId, rootRelation: 'root', sortKey: nameless });
}

export async function renameTree(db: Db, treeId: string, name: string, nameKey: string): Promise<void> {
  await db.update(tree).set({ name, nameKey, updatedAt: new Date() }).where(eq(tree.id, treeId));
}

/** Deletes the tree for good; everything it holds cascades through tree_id (the trash sweep, a failed import). */
export async function deleteTree(db: Db, treeId: string): Promise<void> {
  await db.delete(tree).where(eq(tree.id, treeId));
}

/**
 * Puts the tree in its owner's trash (issue 21): hidden from every route, its share link stops
 * working, and it counts against no limit; modules/trash/ restores it or deletes it for good.
 */
export async function markTreeDeleted(db: Db, treeId: string): Promise<void> {
  // Its privacy cache goes now (derived: a tree without one is computed whole before a visitor's first read).
  await db.execute(sql`with deleted as (
      update tree set deleted_at = now() where id = ${treeId} and deleted_at is null returning id
    ), cached as (
      delete from person_public where tree_id = ${treeId} and exists (select 1 from deleted)
    ), dirty as (
      delete from person_privacy_dirty where tree_id = ${treeId} and exists (select 1 from deleted)
    )
    delete from tree_privacy where tree_id = ${treeId} and exists (select 1 from deleted)`);
}

/** The owner's deleted trees still in the trash (deleted after `since`), newest first, with their counts. */
export async function listDeletedTreesOfOwner(
  db: Db,
  ownerId: string,
  since: Date,
): Promise<(TreeRow & { deletedAt: Date })[]> {
  const rows = await db
    .select({ ...treeFields, deletedAt: tree.deletedAt })
    .from(tree)
    .leftJoin(subscription, eq(subscription.userId, tree.ownerId))
    .where(and(eq(tree.ownerId, ownerId), sql`${tree.deletedAt} > ${since}`))
    .orderBy(sql`${tree.deletedAt} desc`, tree.id);
  return rows.map((row) => ({ ...row, deletedAt: row.deletedAt as Date }));
}

/** One of the owner's deleted trees still in the trash, locked for its restore. */
export async function findDeletedTreeOfOwner(
  db: Db,
  ownerId: string,
  treeId: string,
  since: Date,
): Promise<TreeRow | undefined> {
  const [row] = await selectTrees(db, ownerId)
    .where(and(eq(tree.id, treeId), eq(tree.ownerId, ownerId), sql`${tree.deletedAt} > ${since}`))
    .for('update', { of: tree });
  return row;
}

/** Takes the tree out of the trash: shown again, its share link works again. */
export async function markTreeRestored(db: Db, treeId: string): Promise<void> {
  await db.update(tree).set({ deletedAt: null, updatedAt: new Date() }).where(eq(tree.id, treeId));
}

/**
 * The trash sweep: deletes for good, a few at a time, the trees deleted before `before` (their
 * contents and history cascade). Trees another instance is deleting are skipped. Answers how many.
 */
export async function purgeDeletedTrees(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(tree)
    .where(
      sql`${tree.id} in (select t.id from tree t where t.deleted_at < ${before}
        order by t.deleted_at limit 20 for update skip locked)`,
    )
    .returning({ id: tree.id });
  return rows.length;
}

/** Sets or clears the tree's share-link secret (null: not shared, old links stop working). */
export async function setShareToken(db: Db, treeId: string, token: string | null): Promise<void> {
  await db.update(tree).set({ shareToken: token }).where(eq(tree.id, treeId));
}

/** The tree whose share link has this secret, with its owner's subscription. */
export async function findTreeByShareToken(db: Db, token: string): Promise<TreeAccessRow | undefined> {
  const [row] = await selectAccess(db, null).where(and(eq(tree.shareToken, token), written));
  return row;
}

/** The shared trees of the user with this e-mail (lower-case), with the owner's subscription. */
export function listSharedTreesOfEmail(db: Db, email: string): Promise<TreeAccessRow[]> {
  return selectAccess(db, null)
    .innerJoin(user, eq(user.id, tree.ownerId))
    .where(and(eq(user.email, email), sql`${tree.shareToken} is not null`, written))
    .orderBy(tree.createdAt, tree.id);
}

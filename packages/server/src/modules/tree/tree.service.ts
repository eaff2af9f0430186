import { randomBytes } from 'node:crypto';
import {
  limitsFor,
  privacyRule,
  type SharedTree,
  type ShareState,
  type TreeInfo,
  treeNameKey,
  uuidv7,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import { asViewer, type SessionUser, type Viewer } from '../../http/session.ts';
import { inChangeSet } from '../history/change-set.ts';
import { countPublicItems, refreshPublicPersons } from '../privacy/privacy.repository.ts';
import { leavesOutPrivate } from '../privacy/visitor-scope.ts';
import { assertAccess, isOwnerSubscriptionValid, roleInTree } from './tree.access.ts';
import * as trees from './tree.repository.ts';

export interface TreeServiceDeps {
  db: Db;
  /** Born longer ago than this: presumed dead, so shown to visitors (see modules/privacy/). */
  livingYears?: number;
}

export function toTreeInfo(row: trees.TreeRow, viewer: Viewer): TreeInfo {
  const role = roleInTree(row, viewer);
  const total = row.personsAmount + row.locationsAmount + row.eventsAmount + row.sourcesAmount;
  const owner = { plan: row.ownerPlan ?? 'free', validUntil: row.ownerValidUntil?.toISOString() ?? null };
  return {
    id: row.id,
    name: row.name,
    rootId: row.rootId,
    ownerId: row.ownerId,
    isOwner: role === 'owner',
    role: role === 'none' ? 'visitor' : role,
    personsAmount: row.personsAmount,
    locationsAmount: row.locationsAmount,
    eventsAmount: row.eventsAmount,
    sourcesAmount: row.sourcesAmount,
    total,
    limit: limitsFor(owner).nodes,
    // Only the owner is told how much the files take (a visitor would learn of media they cannot see).
    ...(role === 'owner' ? { mediaBytes: row.mediaBytes } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toShareState(row: trees.TreeAccessRow): ShareState {
  return { shared: row.shareToken !== null, token: row.shareToken, canShare: isOwnerSubscriptionValid(row) };
}

function toSharedTree(row: trees.TreeAccessRow): SharedTree {
  return { treeId: row.id, name: row.name, rootId: row.rootId, token: row.shareToken ?? '' };
}

/** A share link's secret: 192 random bits, URL-safe. */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

export function createTreeService({ db, livingYears = privacyRule.livingYears }: TreeServiceDeps) {
  /** Renaming and sharing: the owner's and co-owners' (`manage`). */
  async function loadForManage(treeId: string, viewer: SessionUser) {
    const row = await trees.findTree(db, treeId, viewer.id);
    assertAccess(row, asViewer(viewer), 'manage');
    return row;
  }

  async function answerOrThrow(treeId: string, viewer: Viewer): Promise<TreeInfo> {
    const row = await trees.findTree(db, treeId, viewer.user?.id ?? null);
    assertAccess(row, viewer, 'read');
    if (!(await leavesOutPrivate(db, treeId, viewer, livingYears))) return toTreeInfo(row, viewer);
    // A visitor's counts are those of what their lists show (issue 18): no living person counts.
    const visible = await countPublicItems(db, treeId);
    return toTreeInfo(
      { ...row, personsAmount: visible.persons, eventsAmount: visible.events, sourcesAmount: visible.sources },
      viewer,
    );
  }

  return {
    /** The user's own trees, then the trees they are a member of (issue 26), each with the user's role. */
    async listOwn(viewer: SessionUser): Promise<TreeInfo[]> {
      const [own, shared] = await Promise.all([
        trees.listTreesOfOwner(db, viewer.id),
        trees.listTreesOfMember(db, viewer.id),
      ]);
      return [...own, ...shared].map((row) => toTreeInfo(row, asViewer(viewer)));
    },

    get: answerOrThrow,

    /** Creates a tree with its (unnamed) root person, within the owner's tree limit. */
    async create(
      viewer: SessionUser,
      name: string,
      subscription: { plan: 'free' | 'monthly' | 'yearly'; validUntil: string | null },
    ) {
      const nameKey = treeNameKey(name);
      const id = uuidv7();
      const max = limitsFor(subscription).trees;
      try {
        await db.transaction(async (tx) => {
          await trees.lockOwner(tx, viewer.id);
          if ((await trees.countTreesOfOwner(tx, viewer.id)) >= max) {
            throw new AppError('limit.trees', { limit: 'trees', max });
          }
          if (await trees.isTreeNameTaken(tx, viewer.id, nameKey)) {
            throw new AppError('tree.validation.treeNameAlreadyTaken');
          }
          await inChangeSet(tx, id, viewer.id, 'create', () =>
            trees.insertTreeWithRoot(tx, { id, ownerId: viewer.id, name, nameKey, rootId: uuidv7() }),
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('tree.validation.treeNameAlreadyTaken');
        throw error;
      }
      return answerOrThrow(id, asViewer(viewer));
    },

    async rename(viewer: SessionUser, treeId: string, name: string): Promise<TreeInfo> {
      const row = await loadForManage(treeId, viewer);
      const nameKey = treeNameKey(name);
      if (name !== row.name) {
        if (await trees.isTreeNameTaken(db, viewer.id, nameKey, treeId)) {
          throw new AppError('tree.validation.treeNameAlreadyTaken');
        }
        try {
          await db.transaction((tx) =>
            inChangeSet(tx, treeId, viewer.id, 'update', () => trees.renameTree(tx, treeId, name, nameKey)),
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('tree.validation.treeNameAlreadyTaken');
          throw error;
        }
      }
      return answerOrThrow(treeId, asViewer(viewer));
    },

    /**
     * Only the owner may delete a tree, and only with their password (checked by the caller). The
     * tree goes to the owner's trash for `trashDays` days (modules/trash/), then is deleted for good.
     */
    async remove(viewer: SessionUser, treeId: string, assertPassword: () => Promise<void>): Promise<void> {
      const row = await trees.findTree(db, treeId, viewer.id);
      if (!row) throw new AppError('tree.error.notFound');
      if (roleInTree(row, asViewer(viewer)) !== 'owner') throw new AppError('tree.error.treeDeleteForbidden');
      await assertPassword();
      await trees.markTreeDeleted(db, treeId);
    },

    /** The share state of a tree, for its owner's share dialog. */
    async shareState(viewer: SessionUser, treeId: string): Promise<ShareState> {
      return toShareState(await loadForManage(treeId, viewer));
    },

    /**
     * Turns sharing on (a new secret, unless already shared) or off (the secret is forgotten, so
     * every old link stops working). Sharing is a paid feature (SPEC §1): a free owner is refused.
     */
    async setSharing(viewer: SessionUser, treeId: string, enabled: boolean): Promise<ShareState> {
      const row = await loadForManage(treeId, viewer);
      if (enabled && !isOwnerSubscriptionValid(row)) throw new AppError('limit.sharing');
      const token = enabled ? (row.shareToken ?? newShareToken()) : null;
      if (token !== row.shareToken) await trees.setShareToken(db, treeId, token);
      // The first visitor would otherwise wait for the privacy cache of the whole tree (a
      // 100,000-person tree: seconds); the owner who shares it pays that once, here.
      if (enabled) await refreshPublicPersons(db, treeId, livingYears);
      return toShareState({ ...row, shareToken: token });
    },

    /**
     * What a share link opens. An unknown or withdrawn link answers like a missing tree; a link
     * to a tree whose owner's subscription has lapsed is told so (SPEC §8).
     */
    async openShared(token: string): Promise<SharedTree> {
      const row = await trees.findTreeByShareToken(db, token);
      if (!row) throw new AppError('tree.error.notFound');
      if (!isOwnerSubscriptionValid(row)) throw new AppError('tree.error.ownerSubscriptionExpired');
      return toSharedTree(row);
    },

    /** POST /api/tree: the trees the owner with this e-mail shares now (none when unknown or lapsed). */
    async findShared(email: string): Promise<SharedTree[]> {
      const rows = await trees.listSharedTreesOfEmail(db, email.trim().toLowerCase());
      return rows.filter((row) => isOwnerSubscriptionValid(row)).map(toSharedTree);
    },
  };
}

export type TreeService = ReturnType<typeof createTreeService>;

import type { AppContext } from '../context.ts';
import type { BulkPlace } from '../modules/location/location.bulk.ts';
import { findUserByEmail, upsertSubscription } from '../modules/user/user.repository.ts';
import { type GeneratedFamily, generateFamily } from './generate-family.ts';
import { generatePlaces } from './generate-places.ts';

export interface SeededTree {
  userId: string;
  treeId: string;
  /** The session cookie of the seeded user. */
  cookie: string;
  family: GeneratedFamily;
  ids: Map<string, string>;
  places: BulkPlace[];
  placeIds: Map<string, string>;
}

/**
 * Creates (or reuses) a user with a year's paid plan and a tree holding a generated family, through
 * the same services the API uses.
 */
export async function seedTree(
  ctx: AppContext,
  /** nodes: persons plus places, at most 100,000 (the paid ceiling). */
  options: { nodes: number; email: string; password: string; treeName: string; seed?: number },
): Promise<SeededTree> {
  const headers = new Headers({ 'x-forwarded-for': '127.0.0.1' });
  const signedIn = (await findUserByEmail(ctx.db, options.email))
    ? await ctx.users.signIn({ email: options.email, password: options.password }, headers)
    : await ctx.users.register({ fName: 'Seed', email: options.email, password: options.password }, headers);
  const userId = signedIn.value.id;
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  await upsertSubscription(ctx.db, userId, 'yearly', new Date(Date.now() + 365 * 86_400_000));
  const viewer = { id: userId, name: 'Seed', email: options.email };
  const info = await ctx.users.userInfo(userId);
  const tree = await ctx.trees.create(viewer, options.treeName, info.subscription);
  // A large tree also gets a place hierarchy (5,526 places from 20,000 nodes on); the rest are persons.
  const placeBulk = options.nodes >= 20_000 ? generatePlaces({ counties: 25, parishes: 20, villages: 10 }) : [];
  const placeIds = await ctx.locations.importPlaces(tree.id, viewer, placeBulk);
  // The tree's own root person (created with the tree) joins the family as the new root's sibling.
  const family = generateFamily({ persons: options.nodes - placeBulk.length - 1, seed: options.seed ?? 1 });
  const ids = await ctx.persons.importFamily(tree.id, viewer, family);
  const newRoot = ids.get(family.rootKey ?? '');
  if (tree.rootId && newRoot) {
    await ctx.persons.update(tree.id, viewer, tree.rootId, { fName: 'Signe', lName: 'Seedsdotter', gender: 'female' });
    await ctx.persons.addSibling(tree.id, viewer, newRoot, tree.rootId);
  }
  return { userId, treeId: tree.id, cookie, family, ids, places: placeBulk, placeIds };
}

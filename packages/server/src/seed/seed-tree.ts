import type { AppContext } from '../context.ts';
import { findUserByEmail, upsertSubscription } from '../modules/user/user.repository.ts';
import { type GeneratedFamily, generateFamily } from './generate-family.ts';

export interface SeededTree {
  userId: string;
  treeId: string;
  /** The session cookie of the seeded user. */
  cookie: string;
  family: GeneratedFamily;
  ids: Map<string, string>;
}

/**
 * Creates (or reuses) a user with a year's paid plan and a tree holding a generated family, through
 * the same services the API uses.
 */
export async function seedTree(
  ctx: AppContext,
  options: { persons: number; email: string; password: string; treeName: string; seed?: number },
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
  // The tree's own root person (created with the tree) joins the family as the new root's sibling.
  const family = generateFamily({ persons: options.persons - 1, seed: options.seed ?? 1 });
  const ids = await ctx.persons.importFamily(tree.id, viewer, family);
  const newRoot = ids.get(family.rootKey ?? '');
  if (tree.rootId && newRoot) {
    await ctx.persons.update(tree.id, viewer, tree.rootId, { fName: 'Signe', lName: 'Seedsdotter', gender: 'female' });
    await ctx.persons.addSibling(tree.id, viewer, newRoot, tree.rootId);
  }
  return { userId, treeId: tree.id, cookie, family, ids };
}

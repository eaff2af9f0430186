import { eventDateIsoRange, resolveEventDate, uuidv7 } from '@anor/core';
import type { AppContext } from '../context.ts';
import { asViewer } from '../http/session.ts';
import { analyzeTables, insertEvents, type NewEvent } from '../modules/event/event.repository.ts';
import type { BulkPlace } from '../modules/location/location.bulk.ts';
import { findUserByEmail, upsertSubscription } from '../modules/user/user.repository.ts';
import { generateEvents } from './generate-events.ts';
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
  eventsCount: number;
}

/**
 * Creates (or reuses) a user with a year's paid plan and a tree holding a generated family, through
 * the same services the API uses.
 */
export async function seedTree(
  ctx: AppContext,
  /**
   * nodes: persons plus places, at most 100,000 (the paid ceiling). With `events`, each person
   * also gets life events (about 3.5 per person): they are written past the node ceiling on
   * purpose, so that benchmarks measure headroom (a user's tree cannot grow that large).
   */
  options: { nodes: number; email: string; password: string; treeName: string; seed?: number; events?: boolean },
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
  const owner = { id: userId, name: 'Seed', email: options.email };
  const viewer = asViewer(owner);
  const info = await ctx.users.userInfo(userId);
  const tree = await ctx.trees.create(owner, options.treeName, info.subscription);
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
  const seeded = { userId, treeId: tree.id, cookie, family, ids, places: placeBulk, placeIds, eventsCount: 0 };
  if (options.events) seeded.eventsCount = await seedEvents(ctx, seeded, options.seed ?? 1);
  return seeded;
}

/**
 * Life events for a seeded tree (about 3.5 per person), written in batches in one transaction
 * straight through the repository: past the node ceiling on purpose, so that benchmarks measure
 * headroom. Answers how many were written.
 */
export async function seedEvents(ctx: AppContext, seeded: Omit<SeededTree, 'eventsCount'>, seed = 1): Promise<number> {
  const { family, ids, places, placeIds } = seeded;
  const villages = places.filter((place) => place.type === 'By').map((place) => place.key);
  const generated = generateEvents(family, villages, { seed });
  const rows: NewEvent[] = generated.map((event) => {
    const dates = resolveEventDate(event);
    const range = eventDateIsoRange(dates);
    return {
      id: uuidv7(),
      values: {
        type: event.type,
        subtype: null,
        typeName: null,
        typeNameVerb: null,
        ...dates,
        dateFrom: range?.from ?? null,
        dateTo: range?.to ?? null,
        causeOfEvent: null,
        description: null,
        locationId: event.placeKey ? (placeIds.get(event.placeKey) ?? null) : null,
      },
      participants: event.participants.map(([key, role]) => ({
        personId: ids.get(key) as string,
        role,
        description: null,
        ...resolveEventDate(null),
      })),
    };
  });
  await ctx.db.transaction((tx) => insertEvents(tx, seeded.treeId, rows));
  await analyzeTables(ctx.db);
  return rows.length;
}

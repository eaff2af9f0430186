import {
  type CreateLocationBody,
  foldForSearch,
  type Location,
  type LocationListParams,
  type LocationTreeAnswer,
  type LocationValues,
  type MapAnswer,
  searchTerms,
  swedishSortKey,
  type TreeMapAnswer,
  type TypedPlaceAnswer,
  uuidv7,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { moveEventsToPlace } from '../event/event.repository.ts';
import { attachmentsOf, saveNewNotes, setSources } from '../note/attachments.ts';
import { citationLinksOf } from '../source/source.repository.ts';
import { assertAccess, assertWithinLimits } from '../tree/tree.access.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import { findTreeAccess } from '../tree/tree.repository.ts';
import { assertRevision, assertWritten, type RevisionCheck } from '../tree/tree.revision.ts';
import { type BulkPlace, insertPlaces } from './location.bulk.ts';
import { childrenCounts, pathsOf, suggestTypedPath } from './location.paths.repository.ts';
import * as places from './location.repository.ts';
import { checkedLevels, findOrCreateLevels, type MatchOptions, previewTypedPlace } from './location.typed.ts';

type PlaceFields = Omit<LocationValues, 'parentId'>;

/** The location tree picker shows at most this many places of one hierarchy. */
const TREE_LIMIT = 5000;

function toWrite(values: PlaceFields, parentId: string | null): places.LocationWrite {
  return {
    parentId,
    name: values.name,
    nameKey: foldForSearch(values.name),
    type: values.type,
    description: values.description,
    lat: values.coordinates?.lat ?? null,
    lng: values.coordinates?.lng ?? null,
    primaryLink: values.primaryLink,
    sortKey: swedishSortKey(values.name),
  };
}

export { findOrCreateTypedPlace, typedLevels } from './location.typed.ts';

export function createLocationService({ db }: { db: Db }) {
  const { read, write, counted } = createTreeGate(db);

  async function requirePlace(tx: Db, treeId: string, id: string) {
    const row = await places.findLocation(tx, treeId, id);
    if (!row) throw new AppError('location.error.notFound');
    return row;
  }

  async function load(tx: Db, treeId: string, id: string): Promise<Location> {
    const row = await requirePlace(tx, treeId, id);
    const ancestors = await places.ancestorsOf(tx, treeId, id);
    const descendants = await places.descendantsOf(tx, treeId, id);
    const attached = (await attachmentsOf(tx, treeId, [id])).get(id);
    return {
      ...places.toSummary(row),
      treeId,
      description: row.description,
      primaryLink: row.primaryLink,
      ancestors,
      childrenCount: descendants.filter((d) => d.depth === 1).length,
      descendantsCount: descendants.length,
      descendantsHaveCoordinates: descendants.some((d) => d.lat !== null),
      sources: attached?.sources ?? [],
      notes: attached?.notes ?? [],
      revision: row.revision,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** A place may not move under itself or one of its descendants. */
  async function assertNoCycle(tx: Db, treeId: string, id: string, newParentId: string | null) {
    if (newParentId === null) return;
    if (newParentId === id) throw new AppError('location.error.cycle');
    const below = await places.descendantsOf(tx, treeId, id);
    if (below.some((d) => d.id === newParentId)) throw new AppError('location.error.cycle');
  }

  return {
    /** Adds many places at once (seed data, imports) within the tree's limits; answers the ids by key. */
    async importPlaces(treeId: string, viewer: Viewer, bulk: BulkPlace[]) {
      const ids = await write(treeId, viewer, async (tx) => {
        assertWithinLimits(await counted(tx, treeId), 'locations', bulk.length);
        return insertPlaces(tx, treeId, bulk);
      });
      if (bulk.length >= 1000) await places.analyzeTable(db);
      return ids;
    },

    /** Markers for the map: the place and, with includeRelatives, every place below it that has coordinates. */
    async map(treeId: string, viewer: Viewer, id: string, includeRelatives: boolean): Promise<MapAnswer> {
      await read(treeId, viewer);
      const row = await requirePlace(db, treeId, id);
      const below = includeRelatives ? await places.descendantsOf(db, treeId, id) : [];
      const markers = [{ ...row, depth: 0 }, ...below].flatMap((place) =>
        place.lat !== null && place.lng !== null
          ? [{ ...places.toSummary(place), coordinates: { lat: place.lat, lng: place.lng }, depth: place.depth }]
          : [],
      );
      return { locationId: id, markers };
    },

    /** Markers for the tree-wide map: every place of the tree that has coordinates. */
    async treeMap(treeId: string, viewer: Viewer): Promise<TreeMapAnswer> {
      await read(treeId, viewer);
      const rows = await places.locationsWithCoordinates(db, treeId);
      return { markers: rows.map((row) => ({ ...row, depth: 0 })) };
    },

    /** The whole hierarchy the place belongs to, from its top, for the location tree picker. */
    async hierarchy(treeId: string, viewer: Viewer, id: string): Promise<LocationTreeAnswer> {
      await read(treeId, viewer);
      await requirePlace(db, treeId, id);
      const rootId = await places.topOf(db, treeId, id);
      const root = await requirePlace(db, treeId, rootId);
      const below = await places.descendantsOf(db, treeId, rootId);
      const nodes = [
        { ...places.toSummary(root), depth: 0 },
        ...below.map((d) => ({ ...places.toSummary(d), depth: d.depth })),
      ];
      return { rootId, nodes: nodes.slice(0, TREE_LIMIT), truncated: nodes.length > TREE_LIMIT };
    },

    /**
     * Places for typed text: a name matches anywhere in it; text with commas ("Råshult, Stenbr")
     * matches a place and its parents, the last level by its beginning.
     */
    async suggestions(treeId: string, viewer: Viewer, searchString: string) {
      await read(treeId, viewer);
      const keys = searchString
        .split(',')
        .map((part) => foldForSearch(part.trim().replace(/\s+/g, ' ')))
        .filter((part) => part.length > 0);
      if (keys.length === 0) return { suggestions: [] };
      if (keys.length === 1) return { suggestions: await places.suggestLocations(db, treeId, keys[0] ?? '', 10) };
      const ids = (await suggestTypedPath(db, treeId, keys, 10)).map((row) => row.id);
      const paths = await pathsOf(db, treeId, ids);
      return {
        suggestions: ids.flatMap((id) => {
          const path = paths.get(id);
          return path ? [{ id, name: path.name, text: path.text }] : [];
        }),
      };
    },

    /** What typed text would find or create, before anything is created (the picker shows it). */
    async previewTyped(
      treeId: string,
      viewer: Viewer,
      text: string,
      options: MatchOptions = {},
    ): Promise<TypedPlaceAnswer> {
      assertAccess(await findTreeAccess(db, treeId, viewer.user?.id ?? null), viewer, 'edit');
      return previewTypedPlace(db, treeId, text, options);
    },

    async get(treeId: string, viewer: Viewer, id: string) {
      await read(treeId, viewer);
      return load(db, treeId, id);
    },

    async list(treeId: string, viewer: Viewer, query: LocationListParams) {
      await read(treeId, viewer);
      const { items, total } = await places.listLocations(db, treeId, {
        terms: searchTerms(query.q ?? ''),
        parentId: query.parentId,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const ids = items.map((item) => item.id);
      const [paths, counts] = await Promise.all([pathsOf(db, treeId, ids), childrenCounts(db, treeId, ids)]);
      return {
        items: items.map((item) => ({
          ...item,
          within: paths.get(item.id)?.within ?? '',
          childrenCount: counts.get(item.id) ?? 0,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async descendants(treeId: string, viewer: Viewer, id: string) {
      await read(treeId, viewer);
      await requirePlace(db, treeId, id);
      const rows = await places.descendantsOf(db, treeId, id);
      return { locationId: id, descendants: rows.map((row) => ({ ...places.toSummary(row), depth: row.depth })) };
    },

    /** Creates a place under ancestorId, optionally taking descendantId as its child. */
    async create(treeId: string, viewer: Viewer, body: CreateLocationBody & { location: PlaceFields }) {
      return write(treeId, viewer, async (tx, access) => {
        assertWithinLimits(await counted(tx, treeId), 'locations');
        const parentId = body.ancestorId ?? null;
        if (parentId) await requirePlace(tx, treeId, parentId);
        const id = uuidv7();
        await places.insertLocation(tx, treeId, id, toWrite(body.location, parentId));
        if (body.descendantId) {
          // An existing place moves under the new one; the new one's parent must not lie below it.
          await requirePlace(tx, treeId, body.descendantId);
          await assertNoCycle(tx, treeId, body.descendantId, parentId);
          await places.updateLocation(tx, treeId, body.descendantId, { parentId: id });
        }
        if (body.location.sourceIds?.length) await setSources(tx, access, id, 'location', body.location.sourceIds);
        await saveNewNotes(tx, treeId, id, 'location', body.newNotes);
        return { location: await load(tx, treeId, id), amountCreated: 1 };
      });
    },

    /** Finds or creates a typed place (see `findOrCreateTypedPlace`). */
    async match(treeId: string, viewer: Viewer, text: string, options: MatchOptions = {}) {
      const levels = checkedLevels(text);
      return write(treeId, viewer, async (tx) => {
        const { id, created } = await findOrCreateLevels(tx, treeId, levels, options);
        // Counted after inserting (the counters are in this transaction): over the limit rolls back.
        if (created > 0) assertWithinLimits(await counted(tx, treeId), 'locations', 0);
        return { location: await load(tx, treeId, id), amountCreated: created };
      });
    },

    /**
     * Updates a place from the revision the edit started from (`basedOn`; absent: the stored one):
     * a stale one is refused with 409 and the stored place. Nothing is written when nothing
     * changed; a change of its fields or sources raises the revision.
     */
    async update(treeId: string, viewer: Viewer, id: string, values: LocationValues, basedOn?: number) {
      return write(treeId, viewer, async (tx, access) => {
        const current = await requirePlace(tx, treeId, id);
        const check: RevisionCheck = {
          code: 'location.error.conflict',
          basedOn,
          stored: current.revision,
          current: () => load(tx, treeId, id),
        };
        await assertRevision(check);
        const next = toWrite(values, values.parentId);
        const unchanged =
          current.parentId === next.parentId &&
          current.name === next.name &&
          current.type === next.type &&
          current.description === next.description &&
          current.lat === next.lat &&
          current.lng === next.lng &&
          current.primaryLink === next.primaryLink;
        const cited = (await citationLinksOf(tx, treeId, [id])).map((link) => link.citationId);
        const sourcesChanged = values.sourceIds !== undefined && cited.join() !== values.sourceIds.join();
        if (unchanged && !sourcesChanged) return load(tx, treeId, id);
        if (!unchanged && next.parentId !== current.parentId) {
          if (next.parentId) await requirePlace(tx, treeId, next.parentId);
          await assertNoCycle(tx, treeId, id, next.parentId);
        }
        // The form sends the sources with the fields: a change of either is a new revision.
        const written = await places.updateLocation(tx, treeId, id, unchanged ? {} : next, current.revision);
        await assertWritten(check, written);
        if (sourcesChanged) await setSources(tx, access, id, 'location', values.sourceIds ?? []);
        return load(tx, treeId, id);
      });
    },

    /** Deletes only this place: its children move up to its parent. */
    async removeOnly(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        const row = await requirePlace(tx, treeId, id);
        await places.reparentChildren(tx, treeId, id, row.parentId);
        // Its events keep the nearest place they still have: the parent.
        await moveEventsToPlace(tx, treeId, [id], row.parentId);
        await places.deleteLocations(tx, treeId, [id]);
        return { deletedIds: [id] };
      });
    },

    /** Deletes the place with everything below it. */
    async removeWithDescendants(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        const row = await requirePlace(tx, treeId, id);
        const below = await places.descendantsOf(tx, treeId, id);
        const deletedIds = [id, ...below.map((d) => d.id)];
        // Their events keep the place above the deleted ones, if there is one.
        await moveEventsToPlace(tx, treeId, deletedIds, row.parentId);
        await places.deleteLocations(tx, treeId, deletedIds);
        return { deletedIds };
      });
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;

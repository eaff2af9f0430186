import {
  type ErrorCode,
  foldForSearch,
  type MergeAnswer,
  type MergeGroup,
  type MergeNotice,
  type MergePreview,
  type PlaceMergeBody,
  type PlaceMergeField,
  placeMergeFields,
  swedishSortKey,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { moveEventsToPlace } from '../event/event.repository.ts';
import { currentChangeSet } from '../history/change-set.ts';
import { assertSourcesPerNode } from '../note/attachments.ts';
import {
  attachmentGroups,
  bothHaveKeptLines,
  citedAfterMerge,
  moveAttachments,
} from '../note/node-merge.repository.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import type { TreeAccessRow } from '../tree/tree.repository.ts';
import { childrenOf, eventsAt, liesWithin, sameNamedChildren } from './location.merge.repository.ts';
import { pathsOf } from './location.paths.repository.ts';
import * as places from './location.repository.ts';

/**
 * Merging two places (issue 21): the place in the path is kept, the other's events and child
 * places move to it, with its cited sources, notes, media objects and kept GEDCOM lines, and the
 * other is deleted; each field keeps the kept place's value unless `takeFromOther` names it. One
 * change set of kind `merge`, which undo takes back.
 *
 * What cannot be joined is said before: a place cannot be merged into one that lies within it
 * (its children would lie within themselves: refused, `nodeMerge.error.intoDescendant`; merging
 * the other way round is allowed, the inner place's children then move up); a parent chosen from
 * the other place that lies within the kept one is refused (`location.error.cycle`); child places
 * of the same name stay two places (places are never joined by their folded names, see
 * docs/architecture.md) and are listed; a free tree's sources per place are counted together.
 */

type Place = places.LocationRow;

const coordinatesText = (place: Place) =>
  place.lat !== null && place.lng !== null ? `${place.lat}, ${place.lng}` : null;

function fieldValue(place: Place, field: PlaceMergeField, parentText: string | null): string | null {
  switch (field) {
    case 'coordinates':
      return coordinatesText(place);
    case 'parent':
      return parentText;
    default:
      return place[field];
  }
}

export function createLocationMerge({ db }: { db: Db }) {
  const gate = createTreeGate(db);

  async function requirePlace(tx: Db, treeId: string, id: string) {
    const row = await places.findLocation(tx, treeId, id);
    if (!row) throw new AppError('location.error.notFound');
    return row;
  }

  /** Both places, and the reason the merge must be refused, if there is one. */
  async function inspect(tx: Db, tree: TreeAccessRow, id: string, otherId: string) {
    if (id === otherId) throw new AppError('nodeMerge.error.same', { path: ['otherId'] });
    const kept = await requirePlace(tx, tree.id, id);
    const other = await requirePlace(tx, tree.id, otherId);
    let refusal: { code: ErrorCode; details?: Record<string, unknown> } | null = null;
    if (await liesWithin(tx, tree.id, id, otherId)) refusal = { code: 'nodeMerge.error.intoDescendant' };
    else {
      try {
        assertSourcesPerNode(tree, 'location', await citedAfterMerge(tx, tree.id, otherId, id));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refusal = { code: error.code, details: error.details as Record<string, unknown> | undefined };
      }
    }
    return { kept, other, refusal };
  }

  return {
    async preview(treeId: string, viewer: Viewer, id: string, otherId: string): Promise<MergePreview> {
      const tree = await gate.readAsEditor(treeId, viewer);
      const { kept, other, refusal } = await inspect(db, tree, id, otherId);
      const parents = await pathsOf(
        db,
        treeId,
        [kept.parentId, other.parentId].filter((p): p is string => p !== null),
      );
      const parentText = (place: Place) => (place.parentId ? (parents.get(place.parentId)?.text ?? null) : null);
      const [events, children, attached, sameNamed, within, bothKept] = await Promise.all([
        eventsAt(db, treeId, otherId),
        childrenOf(db, treeId, otherId),
        attachmentGroups(db, treeId, otherId, id),
        sameNamedChildren(db, treeId, otherId, id),
        liesWithin(db, treeId, otherId, id),
        bothHaveKeptLines(db, treeId, otherId, id),
      ]);
      const moves: MergeGroup[] = [
        ...(events.total > 0 ? [{ kind: 'event' as const, ...events }] : []),
        ...(children.total > 0 ? [{ kind: 'place' as const, ...children }] : []),
        ...attached.moves,
      ];
      const notices: MergeNotice[] = [];
      if (within) notices.push({ code: 'nodeMerge.notice.withinThis', items: [] });
      if (sameNamed.length > 0) notices.push({ code: 'nodeMerge.notice.sameNamedChildren', items: sameNamed });
      if (bothKept) notices.push({ code: 'nodeMerge.notice.gedcomJoined', items: [] });
      return {
        id,
        otherId,
        label: parentText(kept) ? `${kept.name}, ${parentText(kept)}` : kept.name,
        otherLabel: parentText(other) ? `${other.name}, ${parentText(other)}` : other.name,
        fields: placeMergeFields.map((field) => ({
          field,
          value: fieldValue(kept, field, parentText(kept)),
          otherValue: fieldValue(other, field, parentText(other)),
        })),
        moves,
        joins: attached.joins,
        notices,
        refusal: refusal?.code ?? null,
      };
    },

    async merge(treeId: string, viewer: Viewer, id: string, body: PlaceMergeBody): Promise<MergeAnswer> {
      const { otherId } = body;
      const take = new Set(body.takeFromOther ?? []);
      return gate.write(
        treeId,
        viewer,
        async (tx, tree) => {
          const { kept, other, refusal } = await inspect(tx, tree, id, otherId);
          if (refusal) throw new AppError(refusal.code, refusal.details);
          const from = (field: PlaceMergeField) => (take.has(field) ? other : kept);
          const parentId = from('parent').parentId;
          if (parentId !== kept.parentId && parentId !== null) {
            // The other's parent: it must not be the kept place or lie within it.
            if (parentId === id || (await liesWithin(tx, treeId, parentId, id))) {
              throw new AppError('location.error.cycle', { path: ['takeFromOther'] });
            }
          }
          const name = from('name').name;
          const next: places.LocationWrite = {
            parentId,
            name,
            nameKey: foldForSearch(name),
            sortKey: swedishSortKey(name),
            type: from('type').type,
            description: from('description').description,
            lat: from('coordinates').lat,
            lng: from('coordinates').lng,
            primaryLink: from('primaryLink').primaryLink,
          };
          await moveEventsToPlace(tx, treeId, [otherId], id);
          await places.reparentChildren(tx, treeId, otherId, id);
          await moveAttachments(tx, treeId, [[otherId, id]]);
          await places.deleteLocations(tx, treeId, [otherId]);
          const changed = (Object.keys(next) as (keyof places.LocationWrite)[]).some(
            (key) => key !== 'sortKey' && next[key] !== kept[key],
          );
          // A new revision even when no field changed: the other place's sources and notes are now the kept one's.
          await places.updateLocation(tx, treeId, id, changed ? next : {});
          return { id, mergedId: otherId, changeSetId: await currentChangeSet(tx) };
        },
        'merge',
      );
    },
  };
}

export type LocationMerge = ReturnType<typeof createLocationMerge>;

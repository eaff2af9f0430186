import { uuidv7 } from '@anor/core';
import type { Db } from '../../db/client.ts';
import { location } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** A place of a bulk import (seed data now, GEDCOM later); parents come before their children. */
export interface BulkPlace {
  key: string;
  parentKey: string | null;
  name: string;
  type: string | null;
  nameKey: string;
  sortKey: string;
  lat: number | null;
  lng: number | null;
}

const BATCH = 1000;

/** Writes places in batches (inside the caller's transaction); answers the new ids by key. */
export async function insertPlaces(tx: Db, treeId: string, bulk: BulkPlace[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const place of bulk) {
    if (ids.has(place.key)) throw new AppError('common.error.validation', { reason: 'duplicateKey' });
    // Parents first: a parent key must already be known, which also rules out cycles.
    if (place.parentKey !== null && !ids.has(place.parentKey)) throw new AppError('location.error.notFound');
    ids.set(place.key, uuidv7());
  }
  for (let i = 0; i < bulk.length; i += BATCH) {
    await tx.insert(location).values(
      bulk.slice(i, i + BATCH).map((place) => ({
        treeId,
        id: ids.get(place.key) as string,
        parentId: place.parentKey === null ? null : (ids.get(place.parentKey) as string),
        name: place.name,
        nameKey: place.nameKey,
        type: place.type,
        lat: place.lat,
        lng: place.lng,
        sortKey: place.sortKey,
      })),
    );
  }
  return ids;
}

import {
  type ErrorCode,
  foldForSearch,
  locationNameSchema,
  swedishSortKey,
  type TypedPlaceAnswer,
  uuidv7,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { matchTypedPath, pathsOf } from './location.paths.repository.ts';
import * as places from './location.repository.ts';

/** The levels of a typed place, top level first: "Västra Fors, Sunne, Värmland" → Värmland, Sunne, Västra Fors. */
export function typedLevels(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part.length > 0)
    .reverse();
}

/** The levels of a typed place, each a valid place name; empty text gives locationRequired. */
export function checkedLevels(text: string): string[] {
  const levels = typedLevels(text);
  if (levels.length === 0) throw new AppError('events.validation.locationRequired');
  for (const level of levels) {
    const checked = locationNameSchema.safeParse(level);
    if (!checked.success) throw new AppError(checked.error.issues[0]?.message as ErrorCode);
  }
  return levels;
}

export interface MatchOptions {
  /** Only places named with the typed letters (but for case) are taken: the user asked for a different place. */
  distinct?: boolean;
}

/** What typed text means in the tree, before anything is created. */
export interface TypedResolution {
  /** `exists`: places have the whole typed path; `create`: some levels are missing. */
  kind: 'exists' | 'create';
  /** For `exists` the places named by the whole text; for `create` the places the new levels would go within. */
  candidateIds: string[];
  /** The candidate taken without asking (null: none, or several and the text does not tell them apart). */
  chosenId: string | null;
  /** The names to create, top first (empty for `exists`). */
  create: string[];
  /** Several candidates, and the text does not tell which. */
  isAmbiguous: boolean;
}

/**
 * Resolves typed levels (top first) against the tree: the longest nearest part of the typed text
 * that exists, matched on any consecutive part of a place's path, case- and accent-insensitively
 * ("Råshult, Stenbrohult" is the existing "Råshult, Stenbrohult, Kronobergs län, Sverige";
 * "Ny gård, Råshult, Stenbrohult" is a new place within it). Where several places match, those
 * with the typed letters (but for case) go first ("Aby" is Aby, not Åby, when both exist; "Aby"
 * alone still finds Åby, but "Åby" never finds Aby: Å and A are different letters); then one whose path the text gives up to its top is taken; otherwise the
 * text is ambiguous. The candidates listed stay all of them, so that the picker can offer each.
 */
export async function resolveLevels(
  db: Db,
  treeId: string,
  levels: readonly string[],
  options: MatchOptions = {},
): Promise<TypedResolution> {
  const nearestFirst = [...levels].reverse();
  const matched = await matchTypedPath(
    db,
    treeId,
    nearestFirst.map((name) => name.normalize('NFC')),
    nearestFirst.map(foldForSearch),
  );
  // "A different place": only names with the typed letters (but for case) count (Åby is not Aby).
  const rows = options.distinct ? matched.filter((row) => row.isExact) : matched;
  const best = rows[0]?.offset;
  if (best === undefined) {
    return { kind: 'create', candidateIds: [], chosenId: null, create: [...levels], isAmbiguous: false };
  }
  const candidates = rows.filter((row) => row.offset === best);
  // Å and A are different letters: where some places have the typed letters, the others do not count.
  const exact = candidates.filter((row) => row.isExact);
  const fitting = exact.length > 0 ? exact : candidates;
  const chosenId =
    fitting.find((row) => row.reachesTop)?.id ?? (fitting.length === 1 ? (fitting[0]?.id ?? null) : null);
  return {
    kind: best === 0 ? 'exists' : 'create',
    candidateIds: candidates.map((row) => row.id),
    chosenId,
    create: nearestFirst.slice(0, best).reverse(),
    isAmbiguous: chosenId === null,
  };
}

/** The preview of typed text for the picker: what exists, and what would be created where. */
export async function previewTypedPlace(
  db: Db,
  treeId: string,
  text: string,
  options: MatchOptions = {},
): Promise<TypedPlaceAnswer> {
  const resolution = await resolveLevels(db, treeId, checkedLevels(text), options);
  // The place a save would take first, then the others that fit.
  const { chosenId } = resolution;
  const others = resolution.candidateIds.filter((id) => id !== chosenId);
  const shown = [...(chosenId ? [chosenId] : []), ...others].slice(0, 10);
  const paths = await pathsOf(db, treeId, shown);
  const suggestions = shown.flatMap((id) => {
    const path = paths.get(id);
    return path ? [{ id, name: path.name, text: path.text }] : [];
  });
  return {
    existing: resolution.kind === 'exists' ? suggestions : [],
    within: resolution.kind === 'create' ? suggestions : [],
    create: resolution.create,
    chosenId: resolution.chosenId,
  };
}

/** Inserts a chain of new places under `parentId`, top first; answers the lowest one's id. */
async function insertChain(tx: Db, treeId: string, parentId: string | null, names: readonly string[]) {
  let current = parentId;
  for (const name of names) {
    const id = uuidv7();
    await places.insertLocation(tx, treeId, id, {
      parentId: current,
      name,
      nameKey: foldForSearch(name),
      type: null,
      description: null,
      lat: null,
      lng: null,
      primaryLink: null,
      sortKey: swedishSortKey(name),
    });
    current = id;
  }
  return current as string;
}

/** Finds typed levels (see `resolveLevels`), creating the missing ones; ambiguous text is refused. */
export async function findOrCreateLevels(
  tx: Db,
  treeId: string,
  levels: readonly string[],
  options: MatchOptions = {},
) {
  const resolution = await resolveLevels(tx, treeId, levels, options);
  if (resolution.isAmbiguous) {
    throw new AppError('location.error.ambiguous', { candidates: resolution.candidateIds.length });
  }
  if (resolution.kind === 'exists') return { id: resolution.chosenId as string, created: 0 };
  const id = await insertChain(tx, treeId, resolution.chosenId, resolution.create);
  return { id, created: resolution.create.length };
}

/**
 * A typed place ("Västra Fors, Sunne, Värmland, Sverige") inside the caller's write transaction:
 * found on any consecutive part of a place's path, case- and accent-insensitively, the missing
 * levels created within the nearest existing one. The caller checks the place limit after its
 * own inserts.
 */
export function findOrCreateTypedPlace(tx: Db, treeId: string, text: string) {
  return findOrCreateLevels(tx, treeId, checkedLevels(text));
}

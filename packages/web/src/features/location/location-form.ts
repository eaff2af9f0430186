import {
  type CitationSummary,
  type Coordinates,
  type Location,
  type LocationInput,
  type LocationValues,
  locationInputSchema,
} from '@anor/core';
import { hasSourceChanges } from '../source/source-rules.ts';

/** A place's parent as the edit form keeps it: the id to save and the name to show. */
export interface ParentChoice {
  id: string;
  name: string;
}

/** What the location dialog's edit mode holds while the user types. */
export interface LocationDraft {
  name: string;
  type: string;
  description: string;
  primaryLink: string;
  coordinates: Coordinates | null;
  parent: ParentChoice | null;
  /** The citations cited on the place (the source panel's list), saved with it as `sourceIds`. */
  sources: CitationSummary[];
}

/** What a new place may start with (SPEC §4: the dialog opens "with prepared data"). */
export interface PreparedLocation {
  name?: string;
  type?: string;
  parent?: ParentChoice | null;
  /** An existing place the new one is inserted above: it moves into the new place (`descendantId`). */
  child?: ParentChoice;
}

/** The fields of the form that can carry an error. */
export type DraftField = 'name' | 'type' | 'description' | 'primaryLink' | 'coordinates' | 'parent' | 'form';

export function draftOf(location: Location): LocationDraft {
  const parent = location.ancestors.at(-1);
  return {
    name: location.name,
    type: location.type ?? '',
    description: location.description ?? '',
    primaryLink: location.primaryLink ?? '',
    coordinates: location.coordinates,
    parent: location.parentId && parent ? { id: location.parentId, name: parent.name } : null,
    sources: location.sources,
  };
}

export function preparedDraft(prepared: PreparedLocation = {}): LocationDraft {
  return {
    name: prepared.name ?? '',
    type: prepared.type ?? '',
    description: '',
    primaryLink: '',
    coordinates: null,
    parent: prepared.parent ?? null,
    sources: [],
  };
}

export function inputOf(draft: LocationDraft): LocationInput {
  return {
    name: draft.name,
    type: draft.type,
    description: draft.description,
    primaryLink: draft.primaryLink,
    coordinates: draft.coordinates,
    parentId: draft.parent?.id ?? null,
    sourceIds: draft.sources.map((source) => source.id),
  };
}

/** The stored place as the values the update call takes (for "disconnect", which changes only the parent). */
export function valuesOf(location: Location): LocationValues {
  return {
    name: location.name,
    type: location.type,
    description: location.description,
    primaryLink: location.primaryLink,
    coordinates: location.coordinates,
    parentId: location.parentId,
  };
}

export type DraftCheck =
  | { ok: true; values: LocationValues }
  | { ok: false; errors: Partial<Record<DraftField, string>> };

/** Validates the draft with the shared schema; each field gets its first problem (a catalogue code). */
export function checkDraft(draft: LocationDraft): DraftCheck {
  const result = locationInputSchema.safeParse(inputOf(draft));
  if (result.success) return { ok: true, values: result.data };
  const errors: Partial<Record<DraftField, string>> = {};
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

function fieldOfPath(part: PropertyKey | undefined): DraftField {
  switch (part) {
    case 'name':
    case 'type':
    case 'description':
    case 'primaryLink':
    case 'coordinates':
      return part;
    case 'parentId':
      return 'parent';
    default:
      return 'form';
  }
}

function sameCoordinates(a: Coordinates | null, b: Coordinates | null): boolean {
  if (a === null || b === null) return a === b;
  return a.lat === b.lat && a.lng === b.lng;
}

/**
 * Whether saving would change the stored place (SPEC §4: an existing place is updated only if
 * changed; unchanged data closes without a call), sources added or deleted included. Compares the validated values, so that spaces
 * around a name or an emptied field that was empty before count as no change.
 */
export function isLocationChanged(stored: Location, values: LocationValues): boolean {
  return (
    stored.name !== values.name ||
    stored.type !== values.type ||
    stored.description !== values.description ||
    stored.primaryLink !== values.primaryLink ||
    stored.parentId !== values.parentId ||
    !sameCoordinates(stored.coordinates, values.coordinates) ||
    (values.sourceIds !== undefined &&
      hasSourceChanges(
        stored.sources.map((source) => source.id),
        values.sourceIds,
      ))
  );
}

/** Whether the draft differs from where it started (closing then asks before discarding it). */
export function isDraftDirty(initial: LocationDraft, draft: LocationDraft): boolean {
  return (
    initial.name.trim() !== draft.name.trim() ||
    initial.type.trim() !== draft.type.trim() ||
    initial.description.trim() !== draft.description.trim() ||
    initial.primaryLink.trim() !== draft.primaryLink.trim() ||
    initial.parent?.id !== draft.parent?.id ||
    !sameCoordinates(initial.coordinates, draft.coordinates) ||
    hasSourceChanges(
      initial.sources.map((source) => source.id),
      draft.sources.map((source) => source.id),
    )
  );
}

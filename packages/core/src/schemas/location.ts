import { z } from 'zod';
import { textLimits } from '../limits.ts';
import { hasInvalidNameCharacters } from '../rules.ts';
import { basedOnRevisionSchema, revisionSchema } from './common.ts';
import { citationIdsSchema, citationSummarySchema, newNotesSchema, noteSchema } from './note.ts';

export const locationIdSchema = z.uuid({ error: 'location.error.notFound' });

/** Latitude −90…90 and longitude −180…180, decimals (SPEC §5). */
export const coordinatesSchema = z.strictObject({
  lat: z
    .number({ error: 'location.validation.invalidCoordinates' })
    .min(-90, { error: 'location.validation.invalidCoordinates' })
    .max(90, { error: 'location.validation.invalidCoordinates' }),
  lng: z
    .number({ error: 'location.validation.invalidCoordinates' })
    .min(-180, { error: 'location.validation.invalidCoordinates' })
    .max(180, { error: 'location.validation.invalidCoordinates' }),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** A web address: http or https with a host. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const locationNameSchema = z
  .string({ error: 'location.validation.nameRequired' })
  .trim()
  .min(1, { error: 'location.validation.nameRequired' })
  .max(textLimits.locationName, { error: 'location.validation.nameTooLong' })
  .refine((value) => !value.includes(','), { error: 'location.validation.nameHasComma' })
  .refine((value) => !hasInvalidNameCharacters(value), { error: 'validation.invalidCharacters' });

export const locationInputSchema = z.strictObject({
  name: locationNameSchema,
  type: z
    .string({ error: 'common.error.validation' })
    .trim()
    .max(textLimits.locationType, { error: 'location.validation.typeTooLong' })
    .nullish()
    .transform((value) => (value ? value : null)),
  description: z
    .string({ error: 'common.error.validation' })
    .max(textLimits.description, { error: 'location.validation.descriptionTooLong' })
    .nullish()
    .transform((value) => (value?.trim() ? value : null)),
  coordinates: coordinatesSchema.nullish().transform((value) => value ?? null),
  primaryLink: z
    .string({ error: 'location.validation.urlValidWebpage' })
    .trim()
    .max(textLimits.webAddress, { error: 'location.validation.urlValidWebpage' })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isWebUrl(value), { error: 'location.validation.urlValidWebpage' }),
  parentId: locationIdSchema.nullish().transform((value) => value ?? null),
  /** The citations cited on the place; left out: unchanged. */
  sourceIds: citationIdsSchema,
});
export type LocationInput = z.input<typeof locationInputSchema>;
export type LocationValues = z.output<typeof locationInputSchema>;

export const createLocationBodySchema = z.strictObject({
  location: locationInputSchema.omit({ parentId: true }),
  /** The new place's parent (null: a top-level place). */
  ancestorId: locationIdSchema.nullish(),
  /** An existing place that becomes a child of the new one (inserting a level in between). */
  descendantId: locationIdSchema.nullish(),
  /** Notes written before saving, saved with the place. */
  newNotes: newNotesSchema,
});
export type CreateLocationBody = z.input<typeof createLocationBodySchema>;

export const matchLocationBodySchema = z.strictObject({
  /** "Västra Fors, Sunne, Värmland, Sverige": the name, then its ancestors, nearest first. */
  text: z
    .string({ error: 'events.validation.locationRequired' })
    .max(1000, { error: 'location.validation.nameTooLong' }),
  /**
   * The user's "a different place": only places with the typed letters (but for case) count, so a
   * typed "Aby" where only "Åby" exists is created beside it instead of taking it (issue 20, item 8).
   */
  distinct: z.boolean({ error: 'common.error.validation' }).optional(),
});

export const updateLocationBodySchema = z.strictObject({
  /** The client's copy before editing (kept for the change comparison). */
  storedLocation: z.unknown().optional(),
  updatedLocation: locationInputSchema,
  /** The revision the edit started from; stale: 409 `location.error.conflict` with the stored place. */
  revision: basedOnRevisionSchema,
});

export const locationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  parentId: z.string().nullable(),
  coordinates: coordinatesSchema.nullable(),
});
export type LocationSummary = z.infer<typeof locationSummarySchema>;

export const locationSchema = locationSummarySchema.extend({
  treeId: z.string(),
  description: z.string().nullable(),
  primaryLink: z.string().nullable(),
  /** Root first, parent last: the breadcrumb. */
  ancestors: z.array(z.object({ id: z.string(), name: z.string() })),
  childrenCount: z.number().int(),
  descendantsCount: z.number().int(),
  /** Whether some descendant has coordinates (the subordinate-places map button). */
  descendantsHaveCoordinates: z.boolean(),
  sources: z.array(citationSummarySchema),
  notes: z.array(noteSchema),
  /** Raised by every change of the place's own fields or sources; an update names the revision it started from. */
  revision: revisionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

export const createdLocationAnswerSchema = z.object({ location: locationSchema, amountCreated: z.number().int() });
export type CreatedLocationAnswer = z.infer<typeof createdLocationAnswerSchema>;

export const locationListQuerySchema = z.strictObject({
  q: z.string().max(200).optional(),
  parentId: z.union([locationIdSchema, z.literal('root')]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type LocationListParams = z.output<typeof locationListQuerySchema>;

/** A place in the list: with where it lies (its ancestors, nearest first) and how many places lie within it. */
export const locationListItemSchema = locationSummarySchema.extend({
  /** "Stenbrohult, Kronobergs län, Sverige"; empty for a top-level place. */
  within: z.string(),
  childrenCount: z.number().int(),
});
export type LocationListItem = z.infer<typeof locationListItemSchema>;

export const locationListAnswerSchema = z.object({
  items: z.array(locationListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const descendantLocationSchema = locationSummarySchema.extend({ depth: z.number().int() });
export const descendantsAnswerSchema = z.object({
  locationId: z.string(),
  descendants: z.array(descendantLocationSchema),
});

export const mapBodySchema = z.strictObject({ includeRelatives: z.boolean().optional() });

export const mapMarkerSchema = locationSummarySchema.extend({
  coordinates: coordinatesSchema,
  /** 0 for the place itself, 1 for its children, and so on. */
  depth: z.number().int(),
});
export const mapAnswerSchema = z.object({ locationId: z.string(), markers: z.array(mapMarkerSchema) });
export type MapAnswer = z.infer<typeof mapAnswerSchema>;
export type MapMarker = z.infer<typeof mapMarkerSchema>;

/** GET /api/{treeId}/map: every place of the tree that has coordinates (depth 0 for all). */
export const treeMapAnswerSchema = z.object({ markers: z.array(mapMarkerSchema) });
export type TreeMapAnswer = z.infer<typeof treeMapAnswerSchema>;

export const locationTreeAnswerSchema = z.object({
  /** The top of the hierarchy the place belongs to. */
  rootId: z.string(),
  nodes: z.array(descendantLocationSchema),
  truncated: z.boolean(),
});
export type LocationTreeAnswer = z.infer<typeof locationTreeAnswerSchema>;

export const suggestionsBodySchema = z.strictObject({
  searchString: z.string().max(200),
  type: z.enum(['location']).optional(),
});
export const suggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The place and its ancestors, nearest first: "Sunne, Värmland, Sverige". */
  text: z.string(),
});
export const suggestionsAnswerSchema = z.object({ suggestions: z.array(suggestionSchema) });

/**
 * POST location/match/preview: what typed text would find or create, before anything is created.
 * The whole text names existing places (`existing`), or some levels are missing and would be
 * created (`create`, top first) within one of `within` (none: as new top-level places).
 */
export const typedPlaceAnswerSchema = z.object({
  existing: z.array(suggestionSchema),
  within: z.array(suggestionSchema),
  create: z.array(z.string()),
  /** The place a save would take (null: the text does not tell which of several, and a save is refused). */
  chosenId: z.string().nullable(),
});
export type TypedPlaceAnswer = z.infer<typeof typedPlaceAnswerSchema>;

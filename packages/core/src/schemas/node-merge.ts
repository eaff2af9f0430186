import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Merging two places, two source records or two repositories (issue 21): `POST …/{id}/merge/preview`
 * with the other's id says what the merge would do, `POST …/{id}/merge` does it. The place, record
 * or repository in the path survives; the other's events, child places, citations, records, notes,
 * media and kept GEDCOM lines move to it, and the other is deleted, as one change set of kind
 * `merge` that undo takes back. Each field keeps the survivor's value unless it is named in
 * `takeFromOther`.
 */

/** The fields of a place a merge chooses between (`parent`: the place it lies within). */
export const placeMergeFields = ['name', 'type', 'description', 'coordinates', 'primaryLink', 'parent'] as const;
export const recordMergeFields = [
  'title',
  'originator',
  'filedByEntry',
  'publicationFacts',
  'url',
  'repository',
] as const;
export const repositoryMergeFields = [
  'title',
  'address',
  'city',
  'state',
  'postalCode',
  'country',
  'phone',
  'email',
  'fax',
  'www',
] as const;
export type PlaceMergeField = (typeof placeMergeFields)[number];
export type RecordMergeField = (typeof recordMergeFields)[number];
export type RepositoryMergeField = (typeof repositoryMergeFields)[number];
export type MergeField = PlaceMergeField | RecordMergeField | RepositoryMergeField;

const otherIdSchema = idSchema;

export const mergePreviewBodySchema = z.strictObject({ otherId: otherIdSchema });
export type MergePreviewBody = z.infer<typeof mergePreviewBodySchema>;

const mergeBody = <F extends readonly [string, ...string[]]>(fields: F) =>
  z.strictObject({
    otherId: otherIdSchema,
    /** The fields whose value the other one gives the survivor (the rest keep the survivor's). */
    takeFromOther: z
      .array(z.enum(fields, { error: 'common.error.validation' }))
      .max(fields.length)
      .default([]),
  });
export const placeMergeBodySchema = mergeBody(placeMergeFields);
export const recordMergeBodySchema = mergeBody(recordMergeFields);
export const repositoryMergeBodySchema = mergeBody(repositoryMergeFields);
export type PlaceMergeBody = z.input<typeof placeMergeBodySchema>;
export type RecordMergeBody = z.input<typeof recordMergeBodySchema>;
export type RepositoryMergeBody = z.input<typeof repositoryMergeBodySchema>;

/** What a preview lists: events, places, citations, records, notes, media objects, sources cited, kept GEDCOM lines. */
export const mergeItemKinds = ['event', 'place', 'citation', 'record', 'note', 'media', 'source', 'gedcom'] as const;
export type MergeItemKind = (typeof mergeItemKinds)[number];

/** An item: its label (an event's is its type name, or its type's key with `eventType`), an event's start date. */
export const mergeItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  eventType: z.string().optional(),
  date: z.string().nullable().optional(),
});
export type MergeItem = z.infer<typeof mergeItemSchema>;

/** A kind of item with how many there are and the first of them (at most 50). */
export const mergeGroupSchema = z.object({
  kind: z.enum(mergeItemKinds),
  total: z.number().int(),
  items: z.array(mergeItemSchema),
});
export type MergeGroup = z.infer<typeof mergeGroupSchema>;

/** One field as each side has it, written out for reading ("59.1, 15.2" for coordinates, a parent's path). */
export const mergeFieldValuesSchema = z.object({
  field: z.string(),
  value: z.string().nullable(),
  otherValue: z.string().nullable(),
});
export type MergeFieldValues = z.infer<typeof mergeFieldValuesSchema>;

/**
 * What the preview tells before the merge is confirmed: codes `nodeMerge.notice.*` (i18n keys) with
 * the items they concern, such as child places of the same name that stay two places.
 */
export const mergeNoticeSchema = z.object({ code: z.string(), items: z.array(mergeItemSchema) });
export type MergeNotice = z.infer<typeof mergeNoticeSchema>;

export const mergePreviewSchema = z.object({
  id: z.string(),
  otherId: z.string(),
  label: z.string(),
  otherLabel: z.string(),
  /** Every field the merge chooses between, as each side has it. */
  fields: z.array(mergeFieldValuesSchema),
  /** What moves from the other to the survivor. */
  moves: z.array(mergeGroupSchema),
  /** What both already have or that is the same on both sides, and becomes one. */
  joins: z.array(mergeGroupSchema),
  notices: z.array(mergeNoticeSchema),
  /** The error code the merge would be refused with (nothing is written), or null. */
  refusal: z.string().nullable(),
});
export type MergePreview = z.infer<typeof mergePreviewSchema>;

export const mergeAnswerSchema = z.object({
  /** The survivor. */
  id: z.string(),
  /** The one merged into it, now deleted. */
  mergedId: z.string(),
  /** The merge's change set, for undo (null when recording is off). */
  changeSetId: z.number().int().nullable(),
});
export type MergeAnswer = z.infer<typeof mergeAnswerSchema>;

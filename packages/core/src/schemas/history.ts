import { z } from 'zod';
import { eventTypes } from '../events/types.ts';
import { lifeYearSchema } from './life-year.ts';

/**
 * Change history (issue 21): every change to a tree is a row of a change set (one user action: a
 * save, a delete, an import, an undo). Visitors never see it.
 */
export const changeSetKinds = [
  'create',
  'update',
  'delete',
  'relate',
  'unrelate',
  'import',
  'merge',
  'undo',
  'automatic',
] as const;
export type ChangeSetKind = (typeof changeSetKinds)[number];

/** The kinds of object a change is about (a link is about both its ends). */
export const changeObjectKinds = [
  'tree',
  'person',
  'personName',
  'place',
  'event',
  'participant',
  'parentChild',
  'partner',
  'sibling',
  'repository',
  'record',
  'citation',
  'citationLink',
  'note',
  'noteLink',
  'media',
  'mediaLink',
  'portrait',
  'notDuplicate',
  'gedcomExtra',
  'qualityDismissal',
] as const;
export type ChangeObjectKind = (typeof changeObjectKinds)[number];

export const changeSetIdSchema = z.coerce
  .number({ error: 'history.error.notFound' })
  .int({ error: 'history.error.notFound' })
  .positive({ error: 'history.error.notFound' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'history.error.notFound' });

export const changeSetSchema = z.object({
  id: z.number().int(),
  kind: z.enum(changeSetKinds),
  createdAt: z.string(),
  /** Who made it: the user's id and name (null: a write no user made, or a user since gone). */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  /** How many rows it changed, and the first object it changed (what a list shows). */
  changes: z.number().int(),
  objectKind: z.enum(changeObjectKinds).nullable(),
  objectId: z.string().nullable(),
  /** The undo that undid it, or the change set an undo undid. */
  undoneBy: z.number().int().nullable(),
  undoes: z.number().int().nullable(),
});
export type ChangeSet = z.infer<typeof changeSetSchema>;

/** One row changed: an insert (`create`), an update (changed fields only) or a delete. */
export const changeSchema = z.object({
  seq: z.number().int(),
  changeSetId: z.number().int(),
  op: z.enum(['create', 'update', 'delete']),
  objectKind: z.enum(changeObjectKinds),
  objectId: z.string(),
  /** For a link: its other end. */
  relatedId: z.string().nullable(),
  /** The fields before and after (in the database's column names, derived columns left out). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type Change = z.infer<typeof changeSchema>;

const limitSchema = z.coerce.number().int().min(1).max(200).default(50);
const dateSchema = z.iso.date({ error: 'common.error.validation' });

/** The tree's recent changes: newest first, filtered, paged by the last change set id seen (`before`). */
export const historyQuerySchema = z.strictObject({
  personId: z.uuid({ error: 'person.error.notFound' }).optional(),
  kind: z.enum(changeSetKinds).optional(),
  /** Change sets made on or after `from` and on or before `to` (UTC days). */
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  before: changeSetIdSchema.optional(),
  limit: limitSchema,
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/**
 * What a history answer calls an object it mentions (issue 21): a person's name and life years, an
 * event's type and date, a place's name, a source's, record's, citation's, note's or media
 * object's title. Read as the object is now, or, for a deleted one, as it was when deleted
 * (`deleted`). An object the trash has purged has none.
 */
const labelBase = { deleted: z.boolean() };
export const personLabelSchema = z.object({
  kind: z.literal('person'),
  ...labelBase,
  fName: z.string().nullable(),
  pName: z.string().nullable(),
  lName: z.string().nullable(),
  born: lifeYearSchema.nullable(),
  died: lifeYearSchema.nullable(),
});
export const eventLabelSchema = z.object({
  kind: z.literal('event'),
  ...labelBase,
  type: z.enum(eventTypes),
  subtype: z.string().nullable(),
  typeName: z.string().nullable(),
  startDate: z.string().nullable(),
  startDateType: z.string().nullable(),
  endDate: z.string().nullable(),
  endDateType: z.string().nullable(),
  dateText: z.string().nullable(),
});
export const titledLabelKinds = ['place', 'repository', 'record', 'citation', 'note', 'media'] as const;
export const titledLabelSchema = z.object({
  kind: z.enum(titledLabelKinds),
  ...labelBase,
  title: z.string().nullable(),
});
export const objectLabelSchema = z.union([personLabelSchema, eventLabelSchema, titledLabelSchema]);
export type ObjectLabel = z.infer<typeof objectLabelSchema>;

/** The labels of the objects an answer mentions (its changes' objects, their other ends, the ids in their fields), by id. */
export const objectLabelsSchema = z.record(z.string(), objectLabelSchema);
export type ObjectLabels = z.infer<typeof objectLabelsSchema>;

export const historyAnswerSchema = z.object({
  changeSets: z.array(changeSetSchema),
  labels: objectLabelsSchema,
  /** Pass as `before` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type HistoryAnswer = z.infer<typeof historyAnswerSchema>;

/** The changes of one object (with its parts and links), newest first, paged by `before` (a change's seq). */
export const objectHistoryQuerySchema = z.strictObject({
  before: changeSetIdSchema.optional(),
  limit: limitSchema,
});

export const objectHistoryAnswerSchema = z.object({
  changes: z.array(changeSchema.extend({ changeSet: changeSetSchema.omit({ changes: true }) })),
  labels: objectLabelsSchema,
  next: z.number().int().nullable(),
});
export type ObjectHistoryAnswer = z.infer<typeof objectHistoryAnswerSchema>;

/** The rows of one change set, in the order they were changed, paged by `after` (a change's seq). */
export const changeSetChangesQuerySchema = z.strictObject({
  changeSetId: changeSetIdSchema,
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

export const changeSetChangesAnswerSchema = z.object({
  changes: z.array(changeSchema),
  labels: objectLabelsSchema,
  next: z.number().int().nullable(),
});

export const undoAnswerSchema = z.object({ undone: z.number().int(), changeSet: z.number().int() });
export type UndoAnswer = z.infer<typeof undoAnswerSchema>;

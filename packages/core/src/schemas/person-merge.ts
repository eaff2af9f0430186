import { z } from 'zod';
import { personIdSchema } from './person.ts';

/**
 * Merging two persons (issue 21): `POST person/{id}/merge/preview` with the other's id shows both
 * side by side and what the merge would do; `POST person/{id}/merge` does it. The person in the
 * path survives; the other's names, events, relations, notes, citations and media move to it and
 * the other is deleted, as one change set of kind `merge` that undo takes back. Each field keeps
 * the survivor's value unless `takeFromOther` names it; the losing name becomes an other name.
 */

/** What a merge chooses between: the name (first, nickname, last together), and the birth and death that count. */
export const personMergeFields = ['name', 'gender', 'occupation', 'description', 'birth', 'death'] as const;
export type PersonMergeField = (typeof personMergeFields)[number];

const revisionSchema = z.number({ error: 'common.error.validation' }).int().min(1);

/** The fields whose value the other person gives the survivor (the rest keep the survivor's). */
const takeFromOtherSchema = z
  .array(z.enum(personMergeFields, { error: 'common.error.validation' }))
  .max(personMergeFields.length)
  .default([]);

/** The preview answers for the choices made so far (which birth and death count changes what becomes alternative). */
export const personMergePreviewBodySchema = z.strictObject({
  otherId: personIdSchema,
  takeFromOther: takeFromOtherSchema,
});
export type PersonMergePreviewBody = z.input<typeof personMergePreviewBodySchema>;

export const personMergeBodySchema = z.strictObject({
  otherId: personIdSchema,
  takeFromOther: takeFromOtherSchema,
  /** The revisions the preview showed: either person changed since, the merge answers 409. */
  revision: revisionSchema,
  otherRevision: revisionSchema,
});
export type PersonMergeBody = z.input<typeof personMergeBodySchema>;
export type PersonMergeValues = z.output<typeof personMergeBodySchema>;

/** One side: the person's name as shown, revision and life years. */
export const personMergeSideSchema = z.object({
  id: z.string(),
  label: z.string(),
  revision: z.number().int(),
  isRoot: z.boolean(),
  born: z.string().nullable(),
  died: z.string().nullable(),
});
export type PersonMergeSide = z.infer<typeof personMergeSideSchema>;

/** A field as each side has it, written out for reading (a name in full; a birth as date and place). */
export const personMergeFieldSchema = z.object({
  field: z.enum(personMergeFields),
  value: z.string().nullable(),
  otherValue: z.string().nullable(),
});
export type PersonMergeFieldValues = z.infer<typeof personMergeFieldSchema>;

/**
 * What becomes of an item: `kept` (the survivor's, unchanged), `moved` (the other's, now the
 * survivor's), `joined` (the same on both: one remains, `intoId` names it), `alternative` (a second
 * birth or death: kept as an alternative one), `added` (a name: the losing name, now an other name).
 */
export const personMergeOutcomes = ['kept', 'moved', 'joined', 'alternative', 'added'] as const;
export type PersonMergeOutcome = (typeof personMergeOutcomes)[number];

export const personMergeSides = ['kept', 'other', 'both'] as const;

/** A name, event, relative or attachment (citation, note, media object, kept GEDCOM lines) and its outcome. */
export const personMergeItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  side: z.enum(personMergeSides),
  outcome: z.enum(personMergeOutcomes),
  /** An event's type and subtype keys, its start date; a relative's relation. */
  eventType: z.string().optional(),
  subtype: z.string().nullable().optional(),
  date: z.string().nullable().optional(),
  place: z.string().nullable().optional(),
  intoId: z.string().optional(),
});
export type PersonMergeItem = z.infer<typeof personMergeItemSchema>;

export const personMergeRelations = ['parent', 'partner', 'child', 'sibling'] as const;
export type PersonMergeRelation = (typeof personMergeRelations)[number];

export const personMergeRelativeSchema = personMergeItemSchema.extend({ relation: z.enum(personMergeRelations) });
export type PersonMergeRelative = z.infer<typeof personMergeRelativeSchema>;

export const personMergeAttachmentKinds = ['source', 'note', 'media', 'gedcom'] as const;
export const personMergeAttachmentSchema = personMergeItemSchema.extend({
  kind: z.enum(personMergeAttachmentKinds),
});
export type PersonMergeAttachment = z.infer<typeof personMergeAttachmentSchema>;

/**
 * What cannot be joined, said before the merge: `personMerge.problem.*` (i18n keys) with the items
 * they concern. `refuses`: the merge is refused until it is resolved (nothing is written).
 */
export const personMergeProblemCodes = [
  'tooManyParents',
  'related',
  'linkBetween',
  'alternativeEvent',
  'sharedEvent',
  'gedcomJoined',
] as const;
export type PersonMergeProblemCode = (typeof personMergeProblemCodes)[number];
export const personMergeProblemSchema = z.object({
  code: z.enum(personMergeProblemCodes),
  refuses: z.boolean(),
  items: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type PersonMergeProblem = z.infer<typeof personMergeProblemSchema>;

export const personMergePreviewSchema = z.object({
  person: personMergeSideSchema,
  other: personMergeSideSchema,
  fields: z.array(personMergeFieldSchema),
  names: z.array(personMergeItemSchema),
  events: z.array(personMergeItemSchema),
  relatives: z.array(personMergeRelativeSchema),
  attachments: z.array(personMergeAttachmentSchema),
  problems: z.array(personMergeProblemSchema),
  /** The error code the merge would be refused with (nothing is written), or null. */
  refusal: z.string().nullable(),
});
export type PersonMergePreview = z.infer<typeof personMergePreviewSchema>;

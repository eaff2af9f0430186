import { z } from 'zod';
import { personIdSchema } from './person.ts';

/**
 * The duplicate finder (issue 21): pairs of persons of one tree that are likely one person, with a
 * score (0–100) and the reasons for it; and the suggestions shown while a person is added.
 */

/**
 * Why a pair scored as it did. `a` and `b` are the two sides' values where there are two (years,
 * spellings), `a` alone where they agree; `points` is what the reason added to or took from the score.
 */
export const duplicateReasonKinds = [
  'sameName',
  'nameVariant',
  'birthSame',
  'birthNear',
  'birthFar',
  'deathSame',
  'deathNear',
  'deathFar',
  'birthPlaceSame',
  'deathPlaceSame',
  'sameParents',
  'sameParent',
  'fathersNamesMatch',
  'mothersNamesMatch',
  'differentFather',
  'differentMother',
  'siblingsLikely',
  'differentGender',
] as const;
export type DuplicateReasonKind = (typeof duplicateReasonKinds)[number];

export const duplicateReasonSchema = z.object({
  kind: z.enum(duplicateReasonKinds),
  a: z.string().optional(),
  b: z.string().optional(),
  points: z.number().int(),
});
export type DuplicateReason = z.infer<typeof duplicateReasonSchema>;

export const duplicatePersonSchema = z.object({
  id: z.string(),
  fName: z.string().nullable(),
  pName: z.string().nullable(),
  lName: z.string().nullable(),
  gender: z.string(),
  birthYear: z.number().int().nullable(),
  deathYear: z.number().int().nullable(),
  birthPlace: z.string().nullable(),
});
export type DuplicatePerson = z.infer<typeof duplicatePersonSchema>;

export const duplicatePairSchema = z.object({
  score: z.number().int(),
  a: duplicatePersonSchema,
  b: duplicatePersonSchema,
  reasons: z.array(duplicateReasonSchema),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

/** The lowest score the finder lists unless asked otherwise. */
export const DEFAULT_MIN_DUPLICATE_SCORE = 50;

export const duplicateListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  minScore: z.coerce.number().int().min(0).max(100).default(DEFAULT_MIN_DUPLICATE_SCORE),
});
export type DuplicateListQuery = z.input<typeof duplicateListQuerySchema>;

export const duplicatePageAnswerSchema = z.object({
  items: z.array(duplicatePairSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DuplicatePage = z.infer<typeof duplicatePageAnswerSchema>;

/** "Not a duplicate": the pair is remembered and never listed again. */
export const notDuplicateBodySchema = z.strictObject({
  personId: personIdSchema,
  otherPersonId: personIdSchema,
});
export type NotDuplicateBody = z.infer<typeof notDuplicateBodySchema>;

const nameField = z
  .string()
  .max(200)
  .transform((value) => value.replaceAll('\u0000', ''))
  .optional();

/** What the person dialog has typed so far: the persons it may already be. */
export const duplicateSuggestQuerySchema = z.strictObject({
  fName: nameField,
  pName: nameField,
  lName: nameField,
  /** A year or a partial ISO date of birth ('1850', '1850-03-12'). */
  birthDate: z
    .string()
    .max(40)
    .regex(/^\d{3,4}(-\d{2}(-\d{2})?)?$/, { error: 'common.error.validation' })
    .optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
});
export type DuplicateSuggestQuery = z.input<typeof duplicateSuggestQuerySchema>;

export const duplicateSuggestionSchema = z.object({
  score: z.number().int(),
  person: duplicatePersonSchema,
  reasons: z.array(duplicateReasonSchema),
});
export type DuplicateSuggestion = z.infer<typeof duplicateSuggestionSchema>;

export const duplicateSuggestAnswerSchema = z.object({ suggestions: z.array(duplicateSuggestionSchema) });
export type DuplicateSuggestAnswer = z.infer<typeof duplicateSuggestAnswerSchema>;

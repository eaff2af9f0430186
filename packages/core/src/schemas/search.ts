import { z } from 'zod';

/**
 * The tree-wide search's own lists (issue 19, item 16): notes and citations found by their text.
 * Persons, events, places and sources are searched through their own list endpoints.
 */
export const textSearchQuerySchema = z.strictObject({
  /** Search terms, split on spaces, all must match; å, ä, ö, æ, ø as typed, other accents folded. */
  q: z
    .string()
    .max(200)
    // NUL cannot be stored in or compared with database text.
    .transform((value) => value.replaceAll('\u0000', ''))
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type TextSearchQuery = z.input<typeof textSearchQuerySchema>;
export type TextSearchParams = z.output<typeof textSearchQuerySchema>;

export const noteHitSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  /** The note's text without markup, cut to about 300 characters. */
  text: z.string(),
  private: z.boolean().optional(),
});
export type NoteHit = z.infer<typeof noteHitSchema>;

export const citationHitSchema = z.object({
  id: z.string(),
  whereWithinSourceText: z.string().nullable(),
  /** The transcription without markup, cut to about 300 characters. */
  textFromSource: z.string(),
  recordId: z.string().nullable(),
  recordTitle: z.string().nullable(),
  private: z.boolean().optional(),
});
export type CitationHit = z.infer<typeof citationHitSchema>;

const page = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };
export const noteHitsAnswerSchema = z.object({ items: z.array(noteHitSchema), ...page });
export type NoteHitsAnswer = z.infer<typeof noteHitsAnswerSchema>;
export const citationHitsAnswerSchema = z.object({ items: z.array(citationHitSchema), ...page });
export type CitationHitsAnswer = z.infer<typeof citationHitsAnswerSchema>;

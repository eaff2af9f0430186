import { z } from 'zod';
import { textLimits } from '../limits.ts';
import { hasInvalidNameCharacters } from '../rules.ts';
import { basedOnRevisionSchema, revisionSchema } from './common.ts';

export const noteIdSchema = z.uuid({ error: 'note.error.notFound' });
export const citationIdSchema = z.uuid({ error: 'source.error.citationNotFound' });

/** The kinds of items a note can be connected to. */
export const noteNodeKinds = ['person', 'event', 'location', 'citation', 'record', 'repository'] as const;
export type NoteNodeKind = (typeof noteNodeKinds)[number];

/**
 * Rich text as HTML. The server sanitizes it to the allowed elements (see the server's
 * `sanitizeRichText`); the limit is on the HTML as sent.
 */
export const richTextSchema = z
  .string({ error: 'common.error.validation' })
  .max(textLimits.richText, { error: 'note.validation.textTooLong' });

export const noteTitleSchema = z
  .string({ error: 'common.error.validation' })
  .trim()
  .max(textLimits.noteTitle, { error: 'note.validation.titleTooLong' })
  .refine((value) => !hasInvalidNameCharacters(value), { error: 'validation.invalidCharacters' })
  .nullish()
  .transform((value) => (value ? value : null));

/** A note written on an item before the item was saved: saved together with it. */
export const newNoteSchema = z.strictObject({
  title: noteTitleSchema,
  text: richTextSchema,
});
export type NewNote = z.input<typeof newNoteSchema>;
export const newNotesSchema = z.array(newNoteSchema).max(100, { error: 'note.validation.tooManyNotes' }).optional();

export const citationIdsSchema = z
  .array(citationIdSchema)
  .max(200, { error: 'source.validation.tooManySources' })
  .optional();

export const noteInputSchema = z.strictObject({
  title: noteTitleSchema,
  text: richTextSchema,
  /** Citations cited on the note. */
  sourceIds: citationIdsSchema,
});
export type NoteInput = z.input<typeof noteInputSchema>;

export const createNoteBodySchema = z.strictObject({
  note: noteInputSchema,
  /** The items the note belongs to (a person, event, place, citation, record or repository). */
  connectedNodeIds: z
    .array(z.uuid({ error: 'common.error.notFound' }))
    .max(100)
    .default([]),
});
export const updateNoteBodySchema = z.strictObject({
  note: noteInputSchema,
  /** The revision the edit started from; stale: 409 `note.error.conflict` with the stored note. */
  revision: basedOnRevisionSchema,
});
export const linkNoteBodySchema = z.strictObject({ nodeId: z.uuid({ error: 'common.error.notFound' }) });
export const notesQuerySchema = z.strictObject({ nodeId: z.uuid({ error: 'common.error.notFound' }) });

export const citationSummarySchema = z.object({
  id: z.string(),
  whereWithinSourceText: z.string().nullable(),
  whereWithinSourceURL: z.string().nullable(),
  record: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** Set for a visitor when this is a living person (or their event, note, citation): everything telling is blanked. */
  private: z.boolean().optional(),
});
export type CitationSummary = z.infer<typeof citationSummarySchema>;

export const noteSchema = z.object({
  id: z.string(),
  treeId: z.string(),
  title: z.string().nullable(),
  text: z.string(),
  sourceIds: z.array(z.string()),
  citations: z.array(citationSummarySchema),
  connectedNodes: z.array(z.object({ id: z.string(), kind: z.enum(noteNodeKinds) })),
  /** Set for a visitor when this is a living person (or their event, note, citation): everything telling is blanked. */
  private: z.boolean().optional(),
  /** Raised by every change of the note's title, text or sources; an update names the revision it started from. */
  revision: revisionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;
export const notesAnswerSchema = z.object({ notes: z.array(noteSchema) });

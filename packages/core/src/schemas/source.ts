import { z } from 'zod';
import { dateTypes } from '../dates/date-types.ts';
import { eventDateShape } from '../dates/schema.ts';
import { textLimits } from '../limits.ts';
import { basedOnRevisionSchema, revisionSchema } from './common.ts';
import { eventTypeSchema } from './event.ts';
import { isWebUrl } from './location.ts';
import { citationSummarySchema, newNotesSchema, noteSchema, richTextSchema } from './note.ts';
import { lifeYearSchema, personIdSchema } from './person.ts';

export const repositoryIdSchema = z.uuid({ error: 'source.error.repositoryNotFound' });
export const recordIdSchema = z.uuid({ error: 'source.error.recordNotFound' });

/** One line of text; blank is stored as null. */
function line(max: number) {
  return z
    .string({ error: 'common.error.validation' })
    .trim()
    .max(max, { error: 'source.validation.textTooLong' })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An optional web address: blank is null, anything else must be http(s) with a host. */
function webAddress() {
  return z
    .string({ error: 'source.validation.urlValidWebpage' })
    .trim()
    .max(textLimits.webAddress, { error: 'source.validation.urlValidWebpage' })
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isWebUrl(value), { error: 'source.validation.urlValidWebpage' });
}

export const repositoryInputSchema = z.strictObject({
  title: z
    .string({ error: 'source.validation.titleRequiredOnRepository' })
    .trim()
    .min(1, { error: 'source.validation.titleRequiredOnRepository' })
    .max(textLimits.repositoryTitle, { error: 'source.validation.textTooLong' }),
  address: line(textLimits.repositoryAddress),
  city: line(textLimits.repositoryPlace),
  state: line(textLimits.repositoryPlace),
  postalCode: line(textLimits.postalCode),
  country: line(textLimits.repositoryPlace),
  phone: line(textLimits.phone),
  email: line(textLimits.repositoryEmail),
  fax: line(textLimits.phone),
  www: webAddress(),
});
export type RepositoryInput = z.input<typeof repositoryInputSchema>;

export const recordInputSchema = z.strictObject({
  title: z
    .string({ error: 'source.validation.titleRequiredOnRecord' })
    .trim()
    .min(1, { error: 'source.validation.titleRequiredOnRecord' })
    .max(textLimits.recordTitle, { error: 'source.validation.textTooLong' }),
  originator: line(textLimits.recordAuthor),
  filedByEntry: line(textLimits.recordAuthor),
  publicationFacts: line(textLimits.publicationFacts),
  url: webAddress(),
  repositoryId: repositoryIdSchema.nullish().transform((value) => value ?? null),
});
export type RecordInput = z.input<typeof recordInputSchema>;

export const citationInputSchema = z
  .strictObject({
    sourceRecordId: recordIdSchema.nullish().transform((value) => value ?? null),
    /** A repository chosen in the dialog without a record: refused (a citation cites a record). */
    repositoryId: repositoryIdSchema.nullish().transform((value) => value ?? null),
    whereWithinSourceText: line(textLimits.citationPage),
    whereWithinSourceURL: webAddress(),
    /** The transcription, rich text; empty is stored as empty text. */
    textFromSource: richTextSchema.nullish().transform((value) => value ?? ''),
    eventCitedFrom: line(textLimits.citationEvent),
    eventCitedFromRole: line(textLimits.citationEvent),
    entryRecordingDate: line(textLimits.citationEvent),
    certaintyAssessment: line(textLimits.certaintyAssessment),
  })
  .superRefine((value, context) => {
    if (value.repositoryId && !value.sourceRecordId) {
      context.addIssue({ code: 'custom', path: ['sourceRecordId'], message: 'source.validation.recordRequired' });
    } else if (!value.sourceRecordId && !value.whereWithinSourceText && !value.whereWithinSourceURL) {
      context.addIssue({ code: 'custom', path: ['sourceRecordId'], message: 'source.validation.citationRequired' });
    }
  });
export type CitationInput = z.input<typeof citationInputSchema>;

export const createRepositoryBodySchema = z.strictObject({
  repository: repositoryInputSchema,
  newNotes: newNotesSchema,
});
/** `revision`: the one the edit started from; stale: 409 `source.error.repositoryConflict` with the stored archive. */
export const updateRepositoryBodySchema = z.strictObject({
  repository: repositoryInputSchema,
  revision: basedOnRevisionSchema,
});
export const createRecordBodySchema = z.strictObject({ record: recordInputSchema, newNotes: newNotesSchema });
/** `revision`: the one the edit started from; stale: 409 `source.error.recordConflict` with the stored source. */
export const updateRecordBodySchema = z.strictObject({ record: recordInputSchema, revision: basedOnRevisionSchema });
export const createCitationBodySchema = z.strictObject({
  citation: citationInputSchema,
  /** An event, place or note to cite the new citation on at once. */
  nodeId: z.uuid({ error: 'common.error.notFound' }).nullish(),
  newNotes: newNotesSchema,
});
/** `revision`: the one the edit started from; stale: 409 `source.error.citationConflict` with the stored citation. */
export const updateCitationBodySchema = z.strictObject({
  citation: citationInputSchema,
  revision: basedOnRevisionSchema,
});

const titled = z.object({ id: z.string(), title: z.string() });

export const recordSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  originator: z.string().nullable(),
  url: z.string().nullable(),
  repository: titled.nullable(),
  citationsCount: z.number().int(),
});
export type RecordSummary = z.infer<typeof recordSummarySchema>;

export const repositorySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  www: z.string().nullable(),
  recordsCount: z.number().int(),
});
export type RepositorySummary = z.infer<typeof repositorySummarySchema>;

const timestamps = { createdAt: z.string(), updatedAt: z.string() };

export const repositorySchema = z.object({
  id: z.string(),
  treeId: z.string(),
  title: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  fax: z.string().nullable(),
  www: z.string().nullable(),
  notes: z.array(noteSchema),
  records: z.array(recordSummarySchema),
  revision: revisionSchema,
  ...timestamps,
});
export type Repository = z.infer<typeof repositorySchema>;

export const recordSchema = z.object({
  id: z.string(),
  treeId: z.string(),
  title: z.string(),
  originator: z.string().nullable(),
  filedByEntry: z.string().nullable(),
  publicationFacts: z.string().nullable(),
  url: z.string().nullable(),
  repositoryId: z.string().nullable(),
  repository: titled.nullable(),
  notes: z.array(noteSchema),
  citations: z.array(citationSummarySchema),
  revision: revisionSchema,
  ...timestamps,
});
export type SourceRecord = z.infer<typeof recordSchema>;

/** An event as a source's "used in" list and the suggestions show it. */
export const eventSummarySchema = z.object({
  id: z.string(),
  type: eventTypeSchema,
  subtype: z.string().nullable(),
  typeName: z.string().nullable(),
  startDate: z.string().nullable(),
  startDateType: z.enum(dateTypes),
  endDate: z.string().nullable(),
  endDateType: z.enum(dateTypes),
  place: z.string().nullable(),
  primaries: z.array(
    z.object({
      id: z.string(),
      fName: z.string().nullable(),
      lName: z.string().nullable(),
      /** Life years and birthplace (issue 19 item 12), so that namesakes are told apart. */
      born: lifeYearSchema.nullable().optional(),
      died: lifeYearSchema.nullable().optional(),
      birthPlace: z.string().nullable().optional(),
      private: z.boolean().optional(),
    }),
  ),
  /** Set for a visitor when this is a living person (or their event, note, citation): everything telling is blanked. */
  private: z.boolean().optional(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const citationSchema = z.object({
  id: z.string(),
  treeId: z.string(),
  sourceRecordId: z.string().nullable(),
  record: recordSummarySchema.nullable(),
  whereWithinSourceText: z.string().nullable(),
  whereWithinSourceURL: z.string().nullable(),
  textFromSource: z.string(),
  eventCitedFrom: z.string().nullable(),
  eventCitedFromRole: z.string().nullable(),
  entryRecordingDate: z.string().nullable(),
  certaintyAssessment: z.string().nullable(),
  /** Set for a visitor when this is a living person (or their event, note, citation): everything telling is blanked. */
  private: z.boolean().optional(),
  notes: z.array(noteSchema),
  connectedNodes: z.object({
    events: z.array(eventSummarySchema),
    locations: z.array(z.object({ id: z.string(), name: z.string(), text: z.string() })),
    notes: z.array(z.object({ id: z.string(), title: z.string().nullable() })),
  }),
  revision: revisionSchema,
  ...timestamps,
});
export type Citation = z.infer<typeof citationSchema>;

export const sourceListQuerySchema = z.strictObject({
  q: z.string().max(200).optional(),
  sort: z.enum(['title', 'url']).default('title'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type SourceListQuery = z.output<typeof sourceListQuerySchema>;

export const repositoryListQuerySchema = sourceListQuerySchema
  .omit({ sort: true })
  .extend({ sort: z.enum(['title', 'www']).default('title') });
export type RepositoryListQuery = z.output<typeof repositoryListQuerySchema>;

export const recordListAnswerSchema = z.object({
  items: z.array(recordSummarySchema.extend({ citations: z.array(citationSummarySchema).optional() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const repositoryListAnswerSchema = z.object({
  items: z.array(repositorySummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const recordCitationsQuerySchema = z.strictObject({ recordId: recordIdSchema });
export const citationListAnswerSchema = z.object({ citations: z.array(citationSummarySchema) });

export const suggestedSourcesBodySchema = z.strictObject({
  stringToSuggestBy: z.string().max(200),
  type: z.enum(['repository', 'record', 'citation']),
});
export const sourceSuggestionsAnswerSchema = z.object({
  suggestions: z.array(z.object({ id: z.string(), title: z.string(), text: z.string() })),
});

/**
 * A media object's file reference: a path (`photos/anna.jpg`, `C:\\Bilder\\anna.jpg`) or a web or
 * file address. An address of any other scheme (`javascript:`, `data:`) is refused, so that nothing
 * stored as a file reference can run when a page offers it as a link.
 */
export function isSafeFileReference(value: string): boolean {
  // As a browser reads an address: without surrounding spaces and controls, and without tabs and line breaks.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser ignores exactly these
  const address = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1]?.toLowerCase();
  // One letter before the colon is a drive (C:), not a scheme.
  return scheme === undefined || scheme.length === 1 || scheme === 'http' || scheme === 'https' || scheme === 'file';
}

export const mediaObjectBodySchema = z.strictObject({
  object: z.strictObject({
    fileReference: z
      .string({ error: 'source.validation.fileReferenceRequired' })
      .trim()
      .min(1, { error: 'source.validation.fileReferenceRequired' })
      .max(textLimits.fileReference, { error: 'source.validation.textTooLong' })
      .refine(isSafeFileReference, { error: 'source.validation.fileReferenceInvalid' }),
    format: line(textLimits.mediaFormat),
    type: line(textLimits.mediaFormat),
    title: line(textLimits.mediaTitle),
  }),
});
export const mediaObjectSchema = z.object({
  id: z.string(),
  fileReference: z.string(),
  format: z.string().nullable(),
  type: z.string().nullable(),
  title: z.string().nullable(),
  createdAt: z.string(),
});

export const eventSourcesBodySchema = z.strictObject({
  eventIds: z
    .array(z.uuid({ error: 'events.error.notFound' }))
    .min(1)
    .max(500),
  includeConnectedNodes: z.boolean().optional(),
});
export const eventSourcesAnswerSchema = z.object({
  citations: z.array(citationSummarySchema.extend({ eventIds: z.array(z.string()) })),
});

export const suggestEventSourcesBodySchema = z.strictObject({
  type: eventTypeSchema,
  personIds: z.array(personIdSchema).max(50).default([]),
  ...eventDateShape,
  locationId: z.uuid({ error: 'location.error.notFound' }).nullish(),
  exceptEventId: z.uuid({ error: 'events.error.notFound' }).nullish(),
});
export const suggestEventSourcesAnswerSchema = z.object({
  suggestions: z.array(z.object({ citation: citationSummarySchema, event: eventSummarySchema })),
});

import { z } from 'zod';
import { treeNameSchema } from './common.ts';
import { treeInfoSchema } from './tree.ts';

/**
 * GEDCOM import and export (SPEC §7 `POST /api/user/{userId}/tree/gedcom`). The file travels as
 * its bytes (`application/octet-stream`, the tree name in the query), so that the server can tell
 * its encoding; the JSON form `{ gedcomString }` of the old API is accepted too, for text that is
 * already decoded.
 */
export const gedcomImportQuerySchema = z.strictObject({
  /** The new tree's name; default the file's own name (HEAD.FILE) or "GEDCOM". A taken name gets " (2)", " (3)" … */
  treeName: treeNameSchema.optional(),
  /**
   * `true`: the import job stops before anything is written, in the state `waiting` with a preview
   * of what the file holds, until `POST /api/user/{userId}/job/{jobId}/confirm` (a file over 8 MB,
   * written as it is read, is previewed from its first 8 MB: `partial`).
   */
  preview: z.enum(['true', 'false']).optional(),
});
export type GedcomImportQuery = z.infer<typeof gedcomImportQuerySchema>;

export const gedcomImportJsonBodySchema = z.strictObject({
  gedcomString: z.string(),
  treeName: treeNameSchema.optional(),
});
export type GedcomImportJsonBody = z.infer<typeof gedcomImportJsonBodySchema>;

/**
 * What a read of the file can warn about, grouped in the report. The first group comes from the
 * parser (@anor/gedcom), the second from mapping the records to Anor's model. Each is an i18n key
 * under `gedcom.warnings`.
 */
export const gedcomWarningCodes = [
  'encoding-mismatch',
  'encoding-unknown',
  'encoding-guessed',
  'invalid-bytes',
  'blank-line',
  'invalid-line',
  'invalid-level',
  'level-jump',
  'orphan-line',
  'orphan-continuation',
  'unterminated-xref',
  'missing-header',
  'missing-trailer',
  'misplaced-header',
  'data-after-trailer',
  'too-many-warnings',
  // Mapping
  'date-as-text',
  'date-dual-year',
  'date-calendar',
  'date-invalid',
  'missing-record',
  'duplicate-xref',
  'too-many-parents',
  'parent-cycle',
  'self-relation',
  'coordinates-invalid',
  'coordinates-conflict',
  'second-life-event',
  'empty-record',
  // Values against the API's rules (issue 18): kept as GEDCOM text, exported as they were.
  'value-shortened',
  'value-too-long',
  'value-invalid',
  'link-refused',
] as const;
export type GedcomWarningCodeName = (typeof gedcomWarningCodes)[number];

/** Most line numbers (and details) a report lists per warning kind or kept tag. */
export const gedcomReportMaxLines = 100;

export const gedcomWarningGroupSchema = z.object({
  code: z.enum(gedcomWarningCodes),
  count: z.number().int(),
  /** The first occurrences: line number and, where it helps, what was found (a tag, a date as written). */
  items: z.array(z.object({ line: z.number().int(), detail: z.string().optional() })),
});
export type GedcomWarningGroup = z.infer<typeof gedcomWarningGroupSchema>;

/** Lines kept as GEDCOM because Anor has no field for them, grouped by where they were (`INDI._UID`, `FAM.MARR.AGE`). */
export const gedcomKeptGroupSchema = z.object({
  path: z.string(),
  count: z.number().int(),
  lines: z.array(z.number().int()),
});
export type GedcomKeptGroup = z.infer<typeof gedcomKeptGroupSchema>;

export const gedcomCountsSchema = z.object({
  persons: z.number().int(),
  families: z.number().int(),
  events: z.number().int(),
  places: z.number().int(),
  repositories: z.number().int(),
  sources: z.number().int(),
  citations: z.number().int(),
  notes: z.number().int(),
  media: z.number().int(),
});
export type GedcomCounts = z.infer<typeof gedcomCountsSchema>;

export const gedcomImportAnswerSchema = z.object({
  tree: treeInfoSchema,
  /** What was created. */
  created: gedcomCountsSchema,
  file: z.object({
    bytes: z.number().int(),
    /** How the bytes were read, and what the header said. */
    encoding: z.string().nullable(),
    declared: z.string().nullable(),
    version: z.string().nullable(),
    /** HEAD.SOUR: the program that wrote the file. */
    program: z.string().nullable(),
  }),
  warnings: z.array(gedcomWarningGroupSchema),
  kept: z.array(gedcomKeptGroupSchema),
  /** The root person: the file's first individual. */
  rootId: z.string().nullable(),
  durationMs: z.number().int(),
});
export type GedcomImportAnswer = z.infer<typeof gedcomImportAnswerSchema>;

/** The encodings a user may pick for a file in the import's preview (`POST …/job/{jobId}/encoding`). */
export const gedcomEncodings = [
  'UTF-8',
  'UTF-16LE',
  'UTF-16BE',
  'ANSEL',
  'CP1252',
  'ISO-8859-1',
  'ISO-8859-15',
  'CP1250',
  'ISO-8859-2',
  'CP850',
  'CP852',
  'CP437',
  'MACROMAN',
] as const;
export type GedcomEncoding = (typeof gedcomEncodings)[number];

/**
 * Why the file was read in its encoding: a byte order mark, UTF-16's zero bytes, valid UTF-8, only
 * 7-bit bytes, the header's 8-bit code page whose letters read as words (`declared`), another code
 * page whose letters read as words better than the header's (`letters`), or the user's pick.
 */
export const gedcomEncodingReasons = ['bom', 'utf16', 'utf8', 'ascii', 'declared', 'letters', 'chosen'] as const;
export type GedcomEncodingReason = (typeof gedcomEncodingReasons)[number];

export const gedcomReadingSchema = z.object({
  reason: z.enum(gedcomEncodingReasons),
  /** A word as read, and as `otherEncoding` (the header's or the runner-up code page) reads it: "Držić" / "Dr§i†". */
  example: z.object({ word: z.string(), other: z.string(), otherEncoding: z.string() }).nullable(),
  /** 8-bit files: the code pages, the most plausible first. */
  ranked: z.array(z.string()),
  /** False for text that came decoded (the JSON form of the upload): there is no other encoding to pick. */
  choosable: z.boolean(),
});
export type GedcomReading = z.infer<typeof gedcomReadingSchema>;

/** What an import job found in the file before writing anything (its state `waiting`). */
export const gedcomImportPreviewSchema = z.object({
  counts: gedcomCountsSchema,
  file: gedcomImportAnswerSchema.shape.file,
  /** Why the encoding (absent in a preview made before issue 20's encoding choice). */
  reading: gedcomReadingSchema.optional(),
  /** The persons whose names hold a non-ASCII letter, and some of those names as they would be stored. */
  names: z.object({ count: z.number().int(), sample: z.array(z.string()) }).optional(),
  /**
   * True for a file too large to be read whole before writing (over 8 MB): the preview comes from
   * its first part, and `counts` are of that part only.
   */
  partial: z.boolean().optional(),
});
export type GedcomImportPreview = z.infer<typeof gedcomImportPreviewSchema>;

/** `POST /api/user/{userId}/job/{jobId}/encoding`: read the waiting import's file again in this encoding. */
export const gedcomPreviewEncodingBodySchema = z.strictObject({ encoding: z.enum(gedcomEncodings) });
export type GedcomPreviewEncodingBody = z.infer<typeof gedcomPreviewEncodingBodySchema>;

export const gedcomExportVersions = ['5.5.1', '7.0'] as const;
export type GedcomExportVersion = (typeof gedcomExportVersions)[number];

/**
 * `version` defaults to 5.5.1 for a `.ged` and to 7.0 for a GEDZIP, which is of 7.0 only (a
 * GEDZIP asked of 5.5.1 is refused, after the owner check, with `common.error.validation`).
 */
export const gedcomExportQuerySchema = z.strictObject({
  version: z.enum(gedcomExportVersions).optional(),
  /** `gedzip`: a zip with gedcom.ged and the tree's uploaded files (7.0 only). */
  format: z.enum(['ged', 'gedzip']).default('ged'),
});
export type GedcomExportQuery = z.infer<typeof gedcomExportQuerySchema>;

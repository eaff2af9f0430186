import { z } from 'zod';
import { hasInvalidNameCharacters } from '../rules.ts';
import { basedOnRevisionSchema, revisionSchema } from './common.ts';

/**
 * Photos and scanned documents (issue 22): a media object of a tree, an uploaded file (an image or a
 * PDF) or a GEDCOM OBJE reference without a file, linked to any number of persons, events, places,
 * citations, records, repositories or notes. Contract: docs/api.md "Media".
 */

export const mediaIdSchema = z.uuid({ error: 'media.error.notFound' });

export const mediaNodeKinds = ['person', 'event', 'location', 'citation', 'record', 'repository', 'note'] as const;
export type MediaNodeKind = (typeof mediaNodeKinds)[number];

export const mediaKinds = ['image', 'pdf', 'reference'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** The stored versions of an uploaded file. */
export const mediaVariants = ['thumb', 'screen', 'original'] as const;
export type MediaVariant = (typeof mediaVariants)[number];

/** The image types and PDF an upload may be; anything else (SVG among them) is refused. */
export const mediaAcceptedTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/tiff',
  'image/heic',
  'image/avif',
  'application/pdf',
] as const;

export const mediaTextLimits = {
  title: 500,
  date: 100,
  description: 5000,
} as const;

/** Default per-file limit (the server's MEDIA_MAX_FILE_BYTES). */
export const MEDIA_MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Default storage limit of a paid tree (the server's MEDIA_STORAGE_LIMIT_BYTES). */
export const MEDIA_STORAGE_LIMIT_BYTES = 10 * 1024 * 1024 * 1024;

function optionalText(max: number, tooLong: 'media.validation.titleTooLong' | 'media.validation.dateTooLong') {
  return z
    .string({ error: 'common.error.validation' })
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !hasInvalidNameCharacters(value), { error: 'validation.invalidCharacters' })
    .nullish()
    .transform((value) => (value ? value : null));
}

export const mediaTitleSchema = optionalText(mediaTextLimits.title, 'media.validation.titleTooLong');
export const mediaDateSchema = optionalText(mediaTextLimits.date, 'media.validation.dateTooLong');
/** Plain text; line breaks kept. */
export const mediaDescriptionSchema = z
  .string({ error: 'common.error.validation' })
  .trim()
  .max(mediaTextLimits.description, { error: 'media.validation.descriptionTooLong' })
  .nullish()
  .transform((value) => (value ? value : null));

export const mediaSummarySchema = z.object({
  id: z.string(),
  /** The user's title (or GEDCOM TITL). */
  title: z.string().nullable(),
  /** Free text date as the user typed it. */
  date: z.string().nullable(),
  description: z.string().nullable(),
  /** The original file name as uploaded (or the GEDCOM FILE reference). */
  fileName: z.string().nullable(),
  /** image/jpeg, application/pdf, …; null for a GEDCOM reference without a file. */
  mimeType: z.string().nullable(),
  kind: z.enum(mediaKinds),
  /** Bytes of the original. */
  size: z.number().int().nullable(),
  /** Of the original, after EXIF orientation. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasFile: z.boolean(),
  /** Whether a thumbnail and a screen version exist (an image, a PDF's first page): else the web shows an icon. */
  hasPreview: z.boolean(),
  /** Raised by every change of the title, date, description or file; an update names the revision it started from. */
  revision: revisionSchema,
  createdAt: z.string(),
});
export type MediaSummary = z.infer<typeof mediaSummarySchema>;

export const mediaLinkSchema = z.object({ nodeId: z.string(), nodeKind: z.enum(mediaNodeKinds) });
export type MediaLink = z.infer<typeof mediaLinkSchema>;

export const mediaSchema = mediaSummarySchema.extend({ links: z.array(mediaLinkSchema) });
export type Media = z.infer<typeof mediaSchema>;

export const mediaAnswerSchema = z.object({ media: mediaSchema });
/** POST /media: the media object, and the GEDCOM references the upload filled in (by file name; `media` is the first). */
export const mediaUploadAnswerSchema = mediaAnswerSchema.extend({ filled: z.array(z.string()) });
export type MediaUploadAnswer = z.infer<typeof mediaUploadAnswerSchema>;

/**
 * GET /media/references: the files the tree's references name (GEDCOM OBJE FILE), by file name
 * without folders (case aside): how many objects name it, and how many of them have it uploaded.
 */
export const mediaReferencesAnswerSchema = z.object({
  files: z.array(z.object({ name: z.string(), objects: z.number().int(), present: z.number().int() })),
});
export type MediaReferencesAnswer = z.infer<typeof mediaReferencesAnswerSchema>;
export const mediaListQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export const mediaListAnswerSchema = z.object({
  media: z.array(mediaSummarySchema),
  nextCursor: z.string().nullable(),
});
export const mediaGalleryAnswerSchema = z.object({ media: z.array(mediaSummarySchema) });

/** PUT /media/:mediaId */
export const mediaUpdateBodySchema = z.strictObject({
  title: mediaTitleSchema,
  date: mediaDateSchema,
  description: mediaDescriptionSchema,
  /** The revision the edit started from; stale: 409 `media.error.conflict` with the stored media object. */
  revision: basedOnRevisionSchema,
});
export type MediaUpdateBody = z.input<typeof mediaUpdateBodySchema>;

/** PUT /media/:mediaId/link */
export const mediaLinkBodySchema = z.strictObject({
  nodeId: z.uuid({ error: 'common.error.notFound' }),
  nodeKind: z.enum(mediaNodeKinds, { error: 'common.error.validation' }),
});
export type MediaLinkBody = z.infer<typeof mediaLinkBodySchema>;

/** The text fields of the upload's multipart form (beside its one `file` part). */
export const mediaUploadFieldsSchema = z.strictObject({
  title: mediaTitleSchema,
  date: mediaDateSchema,
  description: mediaDescriptionSchema,
  nodeId: z.uuid({ error: 'common.error.notFound' }).optional(),
  nodeKind: z.enum(mediaNodeKinds, { error: 'common.error.validation' }).optional(),
});
export type MediaUploadFields = z.input<typeof mediaUploadFieldsSchema>;

/**
 * A portrait's crop: fractions 0..1 of the oriented original. A box reaching past the edge is moved
 * in by the server (x at most 1 − width, y at most 1 − height).
 */
export const portraitCropSchema = z.strictObject({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().gt(0).max(1),
  height: z.number().gt(0).max(1),
});
export type PortraitCrop = z.infer<typeof portraitCropSchema>;

export const portraitSchema = z.object({ mediaId: z.string(), crop: portraitCropSchema });
export type Portrait = z.infer<typeof portraitSchema>;

/** PUT /person/:id/portrait */
export const portraitBodySchema = z.strictObject({ mediaId: mediaIdSchema, crop: portraitCropSchema });
export type PortraitBody = z.infer<typeof portraitBodySchema>;
export const portraitAnswerSchema = z.object({ portrait: portraitSchema });

import { z } from 'zod';
import { languageSchema } from './common.ts';

/**
 * The printable reports of issue 23: the ancestor table (antavla, with Sosa–Stradonitz numbers),
 * the family group sheet, the person report and the descendant report. The server lays a report
 * out once, in the reader's language, as the document below; the web's printable page and the PDF
 * are both drawn from it, so they show the same content. Private persons (living, for a visitor)
 * are in it only as "Private".
 */

export const reportKinds = ['antavla', 'family', 'person', 'descendants'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportGenerationsDefault = 5;
export const reportGenerationsMax = 10;

export const reportQuerySchema = z.strictObject({
  /** The report's language (the request's language when left out). */
  lang: languageSchema.optional(),
  /** `pdf` (the default) answers application/pdf; `json` the document the printable page draws. */
  format: z.enum(['pdf', 'json'], { error: 'common.error.validation' }).default('pdf'),
});

export const reportGenerationsQuerySchema = reportQuerySchema.extend({
  generations: z.coerce
    .number({ error: 'common.error.validation' })
    .int({ error: 'common.error.validation' })
    .min(1, { error: 'common.error.validation' })
    .max(reportGenerationsMax, { error: 'common.error.validation' })
    .default(reportGenerationsDefault),
});

export type ReportQuery = z.input<typeof reportGenerationsQuerySchema>;

/** One line of facts: "Born: 12 March 1850, Lysvik, Värmland ¹ ²". */
export const reportFactSchema = z.object({
  label: z.string(),
  text: z.string(),
  /** Numbers of the report's sources (endnotes) that cite it. */
  sources: z.array(z.number().int()),
});
export type ReportFact = z.infer<typeof reportFactSchema>;

/** A person (or an event's block) within a section. */
export const reportEntrySchema = z.object({
  /** Sosa number ("1", "2", …), descendant number ("1.2.1") or null. */
  number: z.string().nullable(),
  personId: z.string().nullable(),
  name: z.string(),
  /** A living person a visitor may not see: the name is "Private" and nothing else is shown. */
  private: z.boolean(),
  facts: z.array(reportFactSchema),
  /** Notes as plain text paragraphs. */
  notes: z.array(z.string()),
});
export type ReportEntry = z.infer<typeof reportEntrySchema>;

export const reportSectionSchema = z.object({
  heading: z.string(),
  entries: z.array(reportEntrySchema),
  /** What the section says when it has no entries ("No known children"). */
  empty: z.string().nullable(),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

export const reportDocumentSchema = z.object({
  kind: z.enum(reportKinds),
  language: languageSchema,
  title: z.string(),
  subtitle: z.string().nullable(),
  /** "Printed 29 November 2026". */
  printed: z.string(),
  sections: z.array(reportSectionSchema),
  sourcesHeading: z.string(),
  /** The endnotes: every source cited in the report once, numbered from 1. */
  sources: z.array(z.object({ number: z.number().int(), text: z.string() })),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

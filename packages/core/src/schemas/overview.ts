import { z } from 'zod';
import { dateTypes } from '../dates/date-types.ts';
import { eventTypes } from '../events/types.ts';
import { lifeYearSchema } from './person.ts';

/**
 * The overview of SPEC §2 ("Orphan dialog") and §4 ("Orphans"): the persons, places or events of
 * a tree that nothing connects, or all of one type. A person is an orphan without a parent, a
 * child, a partner and an explicit sibling link; a place without a parent, a child and an event;
 * an event without participants.
 */

export const orphanTypes = ['person', 'location', 'event'] as const;
export type OrphanType = (typeof orphanTypes)[number];

export const orphanListQuerySchema = z.strictObject({
  type: z.enum(orphanTypes, { error: 'common.error.validation' }).default('person'),
  /** true: every item of the type; false (the default): only the orphans. */
  all: z
    .enum(['true', 'false'], { error: 'common.error.validation' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Search terms, split on spaces, all must match (names; for events a participant's name or the place's). */
  q: z
    .string()
    .max(200)
    // NUL cannot be stored in or compared with database text.
    .transform((value) => value.replaceAll('\u0000', ''))
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type OrphanListQuery = z.input<typeof orphanListQuerySchema>;
export type OrphanListParams = z.output<typeof orphanListQuerySchema>;

export const orphanPersonSchema = z.object({
  id: z.string(),
  fName: z.string().nullable(),
  pName: z.string().nullable(),
  lName: z.string().nullable(),
  occupation: z.string().nullable(),
  /** Life years and birthplace, so that namesakes are told apart (issue 19 item 12). */
  born: lifeYearSchema.nullable().optional(),
  died: lifeYearSchema.nullable().optional(),
  birthPlace: z.string().nullable().optional(),
});
export type OrphanPerson = z.infer<typeof orphanPersonSchema>;

export const orphanLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
});
export type OrphanLocation = z.infer<typeof orphanLocationSchema>;

/** A participant as an overview row names it: the person's id (under `id`), names, role and life years. */
export const orphanParticipantSchema = z.object({
  id: z.string(),
  fName: z.string().nullable(),
  pName: z.string().nullable(),
  lName: z.string().nullable(),
  role: z.string(),
  born: lifeYearSchema.nullable().optional(),
  died: lifeYearSchema.nullable().optional(),
  birthPlace: z.string().nullable().optional(),
});

export const orphanEventSchema = z.object({
  id: z.string(),
  type: z.enum(eventTypes),
  subtype: z.string().nullable(),
  typeName: z.string().nullable(),
  startDate: z.string().nullable(),
  startDateType: z.enum(dateTypes),
  endDate: z.string().nullable(),
  endDateType: z.enum(dateTypes),
  /** The date as an imported file wrote it, when the dates above could not say all of it (shown when there is no start date). */
  dateText: z.string().nullable(),
  /** In the event's order (an orphan has none; with all=true, "date or else participants"). */
  participants: z.array(orphanParticipantSchema),
  location: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type OrphanEvent = z.infer<typeof orphanEventSchema>;

const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

export const orphanListAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('person'), items: z.array(orphanPersonSchema), ...pageFields }),
  z.object({ type: z.literal('location'), items: z.array(orphanLocationSchema), ...pageFields }),
  z.object({ type: z.literal('event'), items: z.array(orphanEventSchema), ...pageFields }),
]);
export type OrphanListAnswer = z.infer<typeof orphanListAnswerSchema>;

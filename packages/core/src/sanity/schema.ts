import { z } from 'zod';
import { checkEventDate, eventDateShape } from '../dates/schema.ts';
import { eventIdSchema, eventTypeSchema } from '../schemas/event.ts';
import { personIdSchema } from '../schemas/person.ts';
import { sanityCodes } from './rules.ts';

/**
 * POST /api/{treeId}/event/sanity: the sanity warnings an event would give if it were saved as it
 * is in the editor (issue 19 item 7). It changes nothing; the event's save never depends on it.
 * `eventId` names the saved event being edited (its stored version is replaced by this one), null
 * for a new event. Participants not yet in the tree (no `personId`) are left out; other fields of
 * a participant are ignored, so the editor can send its participants as they are.
 */
export const sanityCheckBodySchema = z
  .strictObject({
    eventId: eventIdSchema.nullish(),
    type: eventTypeSchema,
    ...eventDateShape,
    participants: z
      .array(z.object({ personId: personIdSchema.nullish(), role: z.string().max(200) }))
      .max(500, { error: 'common.error.validation' }),
  })
  .superRefine(checkEventDate);
export type SanityCheckBody = z.input<typeof sanityCheckBodySchema>;

export const sanityWarningSchema = z.object({
  code: z.enum(sanityCodes),
  personId: z.string(),
  relatedPersonId: z.string().nullable(),
  eventIds: z.array(z.string()),
  values: z.record(z.string(), z.number()),
});

export const sanityCheckAnswerSchema = z.object({
  warnings: z.array(sanityWarningSchema),
  /** The names of the persons the warnings name, as the tree shows them ("Anna Rud"). */
  names: z.record(z.string(), z.string()),
});
export type SanityCheckAnswer = z.infer<typeof sanityCheckAnswerSchema>;

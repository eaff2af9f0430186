import { z } from 'zod';
import { dateTypes } from '../dates/date-types.ts';
import { checkEventDate, eventDateShape } from '../dates/schema.ts';
import { eventTypes } from '../events/types.ts';
import { textLimits } from '../limits.ts';
import { hasInvalidNameCharacters } from '../rules.ts';
import { coordinatesSchema, locationIdSchema } from './location.ts';
import { citationIdsSchema, citationSummarySchema, newNotesSchema, noteSchema } from './note.ts';
import {
  firstNameFieldSchema,
  genderSchema,
  lastNameFieldSchema,
  personIdSchema,
  personSummarySchema,
} from './person.ts';

export const eventIdSchema = z.uuid({ error: 'events.error.notFound' });
export const eventTypeSchema = z.enum(eventTypes, { error: 'events.validation.invalidType' });

function optionalText(max: number, tooLong: string) {
  return z
    .string({ error: 'common.error.validation' })
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !hasInvalidNameCharacters(value), { error: 'validation.invalidCharacters' })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Plain text with line breaks; blank is stored as null. */
function optionalLongText(max: number, tooLong: string) {
  return z
    .string({ error: 'common.error.validation' })
    .max(max, { error: tooLong })
    .nullish()
    .transform((value) => (value?.trim() ? value : null));
}

const participantFields = {
  /** A role key (primary, witness, …), a role's name in any language, or the user's own text. */
  role: z
    .string({ error: 'events.validation.roleRequired' })
    .trim()
    .min(1, { error: 'events.validation.roleRequired' })
    .max(textLimits.role, { error: 'events.validation.roleTooLong' })
    .refine((value) => !hasInvalidNameCharacters(value), { error: 'validation.invalidCharacters' }),
  description: optionalLongText(textLimits.participantDescription, 'events.validation.descriptionTooLong'),
  /** The person's own period (occupation-like types). */
  ...eventDateShape,
};

export const participantInputSchema = z
  .strictObject({ personId: personIdSchema, ...participantFields })
  .superRefine(checkEventDate);
export type ParticipantInput = z.input<typeof participantInputSchema>;

/**
 * A participant who is not in the tree yet (SPEC §3 `isNew`): the person is created with the
 * event, in its transaction, from these names and gender; nothing is created if the event is not.
 */
export const newParticipantInputSchema = z
  .strictObject({
    isNew: z.literal(true),
    fName: firstNameFieldSchema,
    lName: lastNameFieldSchema,
    gender: genderSchema.default('unknown'),
    ...participantFields,
  })
  .superRefine(checkEventDate);
export type NewParticipantInput = z.input<typeof newParticipantInputSchema>;

/** A participant of an event's body: a person of the tree, or a new one (`isNew: true`). */
const eventParticipantInputSchema = z.discriminatedUnion('isNew', [
  z
    .strictObject({ isNew: z.literal(false).optional(), personId: personIdSchema, ...participantFields })
    .superRefine(checkEventDate),
  newParticipantInputSchema,
]);
export type EventParticipantInput = z.input<typeof eventParticipantInputSchema>;

export const eventInputSchema = z
  .strictObject({
    type: eventTypeSchema,
    subtype: z.string().max(textLimits.eventSubtype).nullish(),
    typeName: optionalText(textLimits.eventTypeName, 'events.validation.typeNameTooLong'),
    typeNameVerb: optionalText(textLimits.eventTypeName, 'events.validation.typeNameTooLong'),
    ...eventDateShape,
    causeOfEvent: optionalText(textLimits.causeOfEvent, 'events.validation.causeTooLong'),
    description: optionalLongText(textLimits.description, 'events.validation.descriptionTooLong'),
    /** An existing place, or … */
    locationId: locationIdSchema.nullish(),
    /** … a typed place, "Västra Fors, Sunne, Värmland": matched level by level, missing levels created. */
    location: z.string().max(1000, { error: 'location.validation.nameTooLong' }).nullish(),
    participants: z.array(eventParticipantInputSchema).max(500, { error: 'events.validation.tooManyParticipants' }),
    /** The citations cited on the event, in order; left out on an update: unchanged. */
    sourceIds: citationIdsSchema,
    /** Notes written before saving, saved with the event. */
    newNotes: newNotesSchema,
  })
  .superRefine(checkEventDate);
export type EventInput = z.input<typeof eventInputSchema>;

export const createEventBodySchema = eventInputSchema;

/** Many events in one transaction (the residence wizard sharing a residence with a household). */
export const bulkEventsBodySchema = z.strictObject({
  events: z.array(eventInputSchema).min(1, { error: 'events.validation.noEvents' }).max(200, {
    error: 'events.validation.tooManyEvents',
  }),
});

export const updateEventBodySchema = z.strictObject({
  /** The client's copy as it was loaded: its revision must still be the stored one. */
  oldEvent: z.looseObject({ id: eventIdSchema, revision: z.number().int().min(1) }),
  newEvent: eventInputSchema,
});
export type UpdateEventBody = z.input<typeof updateEventBodySchema>;

/** Dates as stored: partial dates or null, the types always set (exact when there is no date). */
const storedDateShape = {
  startDate: z.string().nullable(),
  startDateType: z.enum(dateTypes),
  endDate: z.string().nullable(),
  endDateType: z.enum(dateTypes),
};

export const eventPlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The place and its ancestors, nearest first: "Sunne, Värmland, Sverige". */
  text: z.string(),
  coordinates: coordinatesSchema.nullable(),
});

export const participantSchema = personSummarySchema.extend({
  personId: z.string(),
  role: z.string(),
  description: z.string().nullable(),
  ...storedDateShape,
});
export type Participant = z.infer<typeof participantSchema>;

export const eventSchema = z.object({
  id: z.string(),
  treeId: z.string(),
  type: eventTypeSchema,
  subtype: z.string().nullable(),
  typeName: z.string().nullable(),
  typeNameVerb: z.string().nullable(),
  ...storedDateShape,
  /** The date as an imported GEDCOM file wrote it, when the dates above could not say all of it. */
  dateText: z.string().nullable(),
  causeOfEvent: z.string().nullable(),
  description: z.string().nullable(),
  location: eventPlaceSchema.nullable(),
  participants: z.array(participantSchema),
  sources: z.array(citationSummarySchema),
  notes: z.array(noteSchema),
  /** Raised on every change; an update names the revision it started from. */
  revision: z.number().int(),
  /** Set for a visitor when this is a living person (or their event, note, citation): everything telling is blanked. */
  private: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Event = z.infer<typeof eventSchema>;

export const createdEventAnswerSchema = z.object({
  event: eventSchema,
  /** Places created from a typed place. */
  locationsCreated: z.number().int(),
});
export const bulkEventsAnswerSchema = z.object({ events: z.array(eventSchema), locationsCreated: z.number().int() });

export const eventChangesSchema = z.object({
  fields: z.array(z.string()),
  notes: z.object({ added: z.array(z.string()), deleted: z.array(z.string()), changed: z.array(z.string()) }),
  sources: z.object({ added: z.array(z.string()), deleted: z.array(z.string()) }),
  location: z.enum(['same', 'updated', 'changed', 'deleted']),
  participants: z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) }),
});
export type EventChanges = z.infer<typeof eventChangesSchema>;
export const updatedEventAnswerSchema = z.object({
  event: eventSchema,
  changes: eventChangesSchema,
  locationsCreated: z.number().int(),
});

export const eventListAnswerSchema = z.object({ events: z.array(eventSchema) });
export const eventPageAnswerSchema = z.object({
  items: z.array(eventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const eventListQuerySchema = z.strictObject({
  q: z.string().max(200).optional(),
  type: eventTypeSchema.optional(),
  sort: z.enum(['type', 'date']).default('date'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type EventListQuery = z.output<typeof eventListQuerySchema>;

const eventTypeListSchema = z.array(eventTypeSchema).max(eventTypes.length);

export const nodeEventsBodySchema = z.strictObject({
  excludeEventTypes: eventTypeListSchema.optional(),
  onlyPrimary: z.boolean().optional(),
});
export const simultaneousBodySchema = z.strictObject({ eventTypes: eventTypeListSchema.min(1) });
export const personEventTypesBodySchema = z.strictObject({ eventTypes: eventTypeListSchema.min(1) });

export const addParticipantBodySchema = participantInputSchema;
export const updateParticipantBodySchema = z.strictObject(participantFields).superRefine(checkEventDate);

/** The residence wizard's family candidates: the place and time of the planned event. */
export const possibleParticipantsQuerySchema = z
  .strictObject({ ...eventDateShape, locationId: locationIdSchema.optional() })
  .superRefine(checkEventDate);

export const possibleParticipantSchema = personSummarySchema.extend({
  relation: z.enum(['partner', 'child', 'parent', 'sibling']),
  available: z.boolean(),
  /** Why not: already in a similar event, born after it ended, dead before it began. */
  reason: z.enum(['similarEvent', 'notBorn', 'dead']).nullable(),
  /** The planned dates clamped to the person's life. */
  ...storedDateShape,
});
export const possibleParticipantsAnswerSchema = z.object({ persons: z.array(possibleParticipantSchema) });

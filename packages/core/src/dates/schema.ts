import { z } from 'zod';
import {
  dateTypes,
  type EventDate,
  type EventDateInput,
  isDateType,
  isStartAfterEnd,
  resolveEventDate,
} from './event-date.ts';
import { isValidPartialDate, normalizePartialDate, type PartialDate } from './partial-date.ts';

/**
 * Zod schemas for dates. Every failure message is a catalogue code (and i18n key), as in
 * `schemas/common.ts`.
 */

export const invalidDateCode = 'events.validation.invalidDate';

/** One partial date: blank is null (no date), a valid date its stored form, anything else refused. */
export const partialDateSchema = z
  .string({ error: invalidDateCode })
  .nullish()
  .transform((value, context): PartialDate | null => {
    if (!value || value.trim() === '') return null;
    const normalized = normalizePartialDate(value);
    if (normalized === null) {
      context.addIssue({ code: 'custom', message: invalidDateCode, input: value });
      return z.NEVER;
    }
    return normalized;
  });

/** A date type; blank or missing means exact (SPEC §3: "exact (empty)"). */
export const dateTypeSchema = z
  .enum([...dateTypes, ''], { error: invalidDateCode })
  .nullish()
  .transform((value) => (value ? value : 'exact'));

/** The four date fields of an event or participant, to spread into a larger object schema. */
export const eventDateShape = {
  startDate: partialDateSchema,
  startDateType: dateTypeSchema,
  endDate: partialDateSchema,
  endDateType: dateTypeSchema,
};

export type EventDateIssueCode =
  | 'events.validation.invalidDate'
  | 'events.validation.dateRequired'
  | 'events.validation.startAfterEnd'
  | 'events.validation.endBeforeStart';

export interface EventDateIssue {
  path: ['startDate'] | ['endDate'];
  code: EventDateIssueCode;
}

/**
 * The rules that concern the date fields together (SPEC §5), for dates whose fields are each
 * valid: an end date needs a start date, and the start must not be after the end (reported on
 * both fields, "start date after end" and "end date before start").
 */
export function eventDateIssues(input: EventDateInput): EventDateIssue[] {
  const hasStart = Boolean(input.startDate?.trim());
  const hasEnd = Boolean(input.endDate?.trim());
  if (!hasStart) return hasEnd ? [{ path: ['startDate'], code: 'events.validation.dateRequired' }] : [];
  if (!isStartAfterEnd(input)) return [];
  return [
    { path: ['startDate'], code: 'events.validation.startAfterEnd' },
    { path: ['endDate'], code: 'events.validation.endBeforeStart' },
  ];
}

/** Adds the issues of `eventDateIssues` to a Zod refinement context (for larger event schemas). */
export function checkEventDate(input: EventDateInput, context: z.RefinementCtx): void {
  for (const issue of eventDateIssues(input)) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.code, input });
  }
}

/**
 * An event's date: each field validated, the pair checked, and the result resolved (the end date
 * defaults to the start date and its type). The output is what is stored.
 */
export const eventDateSchema = z
  .strictObject(eventDateShape)
  .superRefine(checkEventDate)
  .transform((value): EventDate => resolveEventDate(value));

/** Whether every field of a typed date is valid and the pair breaks no rule. */
export function isValidEventDate(input: EventDateInput): boolean {
  const isTypeValid = (type: string | null | undefined) => !type || isDateType(type);
  return (
    isTypeValid(input.startDateType) &&
    isTypeValid(input.endDateType) &&
    isValidPartialDate(input.startDate ?? '') &&
    isValidPartialDate(input.endDate ?? '') &&
    eventDateIssues(input).length === 0
  );
}

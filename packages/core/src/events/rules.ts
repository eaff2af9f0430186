import type { EventDateInput } from '../dates/event-date.ts';
import { eventDateIssues } from '../dates/schema.ts';
import type { ErrorCode } from '../errors.ts';
import { normaliseRole } from './roles.ts';
import { type EventType, primarySlots, subtypesOf } from './types.ts';

/** An event as the rules see it, with roles already normalised (see `normaliseRole`). */
export interface EventForRules extends EventDateInput {
  type: EventType;
  subtype: string | null;
  causeOfEvent: string | null;
  /** Whether a place is given (by id or typed). */
  hasLocation: boolean;
  participants: readonly { personId: string; role: string }[];
}

export interface EventRuleIssue {
  code: ErrorCode;
  /** Where in the event: ['participants', 2, 'role'], ['startDate'], … */
  path: (string | number)[];
  values?: Record<string, string | number>;
}

/**
 * The event rules of SPEC §5 that need nothing but the event itself, in the order a user meets
 * them. The server runs them on every write; the editor may run them early. The rules that need
 * the database (a person's second birth, persons that exist) are the server's.
 */
export function eventRuleIssues(event: EventForRules): EventRuleIssue[] {
  const issues: EventRuleIssue[] = [];
  const subtypes = subtypesOf(event.type) as readonly string[];
  if (event.subtype !== null && !subtypes.includes(event.subtype)) {
    issues.push({ code: 'events.validation.invalidSubtype', path: ['subtype'] });
  }
  for (const issue of eventDateIssues(event)) issues.push({ code: issue.code, path: issue.path });

  if (event.type === 'residence' && (!event.startDate || !event.hasLocation)) {
    issues.push({ code: 'events.validation.dateAndLocation', path: [event.startDate ? 'location' : 'startDate'] });
  }
  if (event.type === 'occupation' && !event.causeOfEvent) {
    issues.push({ code: 'events.validation.noOccupation', path: ['causeOfEvent'] });
  }

  if (event.participants.length === 0) {
    issues.push({ code: 'events.validation.noParticipants', path: ['participants'] });
    return issues;
  }
  const seen = new Set<string>();
  event.participants.forEach((participant, index) => {
    if (seen.has(participant.personId)) {
      issues.push({ code: 'events.validation.duplicateParticipant', path: ['participants', index, 'personId'] });
    }
    seen.add(participant.personId);
  });

  const slots = primarySlots(event.type);
  let primaries = 0;
  event.participants.forEach((participant, index) => {
    if (participant.role !== 'primary') return;
    primaries += 1;
    if (primaries > slots.max) {
      issues.push({ code: 'events.validation.roleNotAvailable', path: ['participants', index, 'role'] });
    }
  });
  if (primaries < slots.min) {
    issues.push({
      code: slots.min === 2 ? 'events.validation.couplePrimaries' : 'events.validation.noPrimaryRole',
      path: ['participants'],
    });
  }
  return issues;
}

/** Roles as typed mapped to known roles for the type (SPEC §5). */
export function withNormalisedRoles<P extends { role: string }>(type: EventType, participants: readonly P[]): P[] {
  return participants.map((participant) => ({ ...participant, role: normaliseRole(participant.role, type) }));
}

/** How many more primary participants the event can take: the add button shows while this is above 0. */
export function openPrimarySlots(type: EventType, participants: readonly { role: string }[]): number {
  const taken = participants.filter((participant) => participant.role === 'primary').length;
  return Math.max(0, primarySlots(type).max - taken);
}

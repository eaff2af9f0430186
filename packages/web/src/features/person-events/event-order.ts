import {
  compareEventDates,
  type Participant,
  roleOrder,
  showsAllParticipants,
  type Event as TreeEvent,
  typeGroup,
} from '@anor/core';

/** The viewed person's role in an event; null when they do not take part (not expected from the API). */
export function roleInEvent(event: TreeEvent, personId: string): string | null {
  return event.participants.find((participant) => participant.personId === personId)?.role ?? null;
}

/**
 * SPEC §4: a blank birth or death "form" is left out of the list. Blank means nothing was
 * recorded on it: no date (nor a date text), no place, and (read conservatively, so that nothing written is hidden)
 * no description, no cause and nobody else taking part.
 */
export function isBlankLifeEvent(event: TreeEvent): boolean {
  return (
    (event.type === 'birth' || event.type === 'death') &&
    event.startDate === null &&
    event.endDate === null &&
    // A date kept as the file wrote it (a Julian or BCE date, a phrase) is something recorded.
    !event.dateText &&
    event.location === null &&
    event.description === null &&
    event.causeOfEvent === null &&
    event.participants.length <= 1
  );
}

/**
 * The order of a person's events (SPEC §4): by type group (birth, baptism, the others, death,
 * burial), then by date (undated last), then by the person's role in them (role order), and
 * last by when they were added, so that the order is stable.
 */
export function comparePersonEvents(personId: string): (a: TreeEvent, b: TreeEvent) => number {
  return (a, b) =>
    typeGroup(a.type) - typeGroup(b.type) ||
    compareEventDates(a, b) ||
    roleOrder(roleInEvent(a, personId) ?? '') - roleOrder(roleInEvent(b, personId) ?? '') ||
    a.createdAt.localeCompare(b.createdAt);
}

export interface PersonEventGroups {
  /** The events of the person page's list: sorted, without residences and without blank birth/death forms. */
  events: TreeEvent[];
  /** The residences, shown in their own modal, by date. */
  residences: TreeEvent[];
}

/** Splits and orders a person's events for the person page (SPEC §2, §4). */
export function groupPersonEvents(events: readonly TreeEvent[], personId: string): PersonEventGroups {
  const compare = comparePersonEvents(personId);
  const shown = events.filter((event) => !isBlankLifeEvent(event));
  return {
    events: shown.filter((event) => event.type !== 'residence').sort(compare),
    residences: shown.filter((event) => event.type === 'residence').sort(compare),
  };
}

/**
 * The other people to show with an event in a person's list (SPEC §3 groups): every participant
 * for the types that show all (occupation, residence, migrations, …), otherwise only the primary
 * ones (the baptised child for a godparent, the partner in a marriage). The viewed person is
 * left out; the rest come in role order.
 */
export function shownParticipants(event: TreeEvent, personId: string): Participant[] {
  const showsAll = showsAllParticipants(event.type);
  return event.participants
    .filter((participant) => participant.personId !== personId)
    .filter((participant) => showsAll || participant.role === 'primary')
    .sort((a, b) => roleOrder(a.role) - roleOrder(b.role));
}

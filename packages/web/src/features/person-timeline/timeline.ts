import type { AgeReading, Event, LifeYear, Person, PersonSummary } from '@anor/core';
import { ageAt, type EventDateInput } from '@anor/core';

/**
 * The person timeline (issue 23): the person's own dated events with the age at each, and the
 * family's events that framed the life: births of children and siblings, deaths of parents,
 * partners and children, each marked as whose it is. Pure, so tests check it without a browser.
 * Relatives carry life years only (the person answer's summaries), so their events are placed by
 * year; a visitor's answer has no years for a living relative (they are "Private"), so none of
 * their events appear.
 */

export type TimelineWhose = 'self' | 'parent' | 'partner' | 'child' | 'sibling';

export interface TimelineEntry {
  key: string;
  whose: TimelineWhose;
  /** The event for the person's own entries. */
  event?: Event;
  /** The relative, for the family's entries. */
  relative?: PersonSummary;
  /** A relative's birth or death. */
  kind?: 'birth' | 'death';
  /** The date as the API has it, for sorting and the label. */
  date: EventDateInput;
  /** The person's age then; null when either date is unknown. */
  age: AgeReading | null;
}

/** A relative's year as a date: the year alone, with its type. BCE years are left out (no partial date for them). */
function yearDate(year: LifeYear): EventDateInput | null {
  if (year.year < 1) return null;
  const text = String(year.year).padStart(4, '0');
  return { startDate: text, startDateType: year.type, endDate: null, endDateType: year.type };
}

/** The sort key of a date: the ISO start ("1850", "1850-03", "1850-03-12" sort in that order within a year). */
function sortKey(date: EventDateInput): string {
  return date.startDate ?? '';
}

export function buildTimeline(person: Person, events: readonly Event[]): TimelineEntry[] {
  const birth = person.birth;
  const ageOf = (date: EventDateInput) => (birth ? ageAt(birth, date) : null);
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    if (!event.startDate || event.private) continue;
    const isOwnBirth = event.id === birth?.eventId;
    entries.push({
      key: `event:${event.id}`,
      whose: 'self',
      event,
      date: event,
      age: isOwnBirth ? null : ageOf(event),
    });
  }
  const relative = (whose: TimelineWhose, summary: PersonSummary, kind: 'birth' | 'death') => {
    const year = kind === 'birth' ? summary.born : summary.died;
    const date = year ? yearDate(year) : null;
    if (!date || summary.private) return;
    entries.push({ key: `${whose}:${kind}:${summary.id}`, whose, relative: summary, kind, date, age: ageOf(date) });
  };
  for (const parent of person.parents) relative('parent', parent, 'death');
  for (const partner of person.partners) relative('partner', partner, 'death');
  for (const child of person.children) {
    relative('child', child, 'birth');
    relative('child', child, 'death');
  }
  for (const sibling of person.siblings) relative('sibling', sibling, 'birth');
  // By date; within the same date the person's own events first.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        sortKey(a.entry.date).localeCompare(sortKey(b.entry.date)) ||
        Number(a.entry.whose !== 'self') - Number(b.entry.whose !== 'self') ||
        a.index - b.index,
    )
    .map(({ entry }) => entry);
}

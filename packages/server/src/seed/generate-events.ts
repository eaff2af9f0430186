import type { EventType } from '@anor/core';
import type { GeneratedFamily } from './generate-family.ts';
import { seededRandom } from './random.ts';

/**
 * Deterministic life events for a generated family: births (with the parents), baptisms a few
 * days later (with parents and two godparents), marriages of the couples, deaths and burials of
 * those born long enough ago, and each couple's residences, at the generated villages. About
 * 3.5 events per person.
 */

export interface GeneratedEvent {
  type: EventType;
  startDate: string;
  startDateType: 'exact' | 'about' | 'before' | 'after' | 'between';
  endDate: string | null;
  placeKey: string | null;
  /** [person key, role] */
  participants: [string, string][];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A day as a stored date, from a year and a day of that year (1–365; no leap days needed). */
function dayOf(year: number, dayOfYear: number): string {
  const months = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  let day = Math.max(1, Math.min(365, Math.round(dayOfYear)));
  let month = 0;
  while (day > (months[month] as number)) {
    day -= months[month] as number;
    month += 1;
  }
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`;
}

export function generateEvents(
  family: GeneratedFamily,
  placeKeys: readonly string[],
  options: { seed?: number; firstYear?: number } = {},
): GeneratedEvent[] {
  const next = seededRandom((options.seed ?? 1) * 7919);
  const place = () => (placeKeys.length ? (placeKeys[Math.floor(next() * placeKeys.length)] as string) : null);
  const firstYear = options.firstYear ?? 1650;
  const events: GeneratedEvent[] = [];
  const birthYear = new Map<string, number>();
  const parentsOf = new Map<string, string[]>();
  for (const [parent, child] of family.parents) parentsOf.set(child, [...(parentsOf.get(child) ?? []), parent]);
  const everyone = family.persons.map((p) => p.key);

  family.generations.forEach((generation, index) => {
    for (const key of generation) birthYear.set(key, firstYear + index * 28 + Math.floor(next() * 10));
  });
  // Spouses from outside the parish belong to their partner's generation.
  for (const [a, b] of family.partners) {
    if (!birthYear.has(a)) birthYear.set(a, (birthYear.get(b) ?? firstYear) - 3 + Math.floor(next() * 6));
    if (!birthYear.has(b)) birthYear.set(b, (birthYear.get(a) ?? firstYear) - 3 + Math.floor(next() * 6));
  }

  for (const key of everyone) {
    const year = birthYear.get(key) ?? firstYear;
    const day = 1 + next() * 360;
    const where = place();
    const parents = parentsOf.get(key) ?? [];
    const exact = next() < 0.8;
    events.push({
      type: 'birth',
      startDate: exact ? dayOf(year, day) : pad(year, 4),
      startDateType: exact ? 'exact' : 'about',
      endDate: null,
      placeKey: where,
      participants: [[key, 'primary'], ...parents.map((p): [string, string] => [p, 'parent'])],
    });
    if (next() < 0.7) {
      const godparents = [0, 1].map(() => everyone[Math.floor(next() * everyone.length)] as string);
      const unique = [...new Set(godparents)].filter((g) => g !== key && !parents.includes(g));
      events.push({
        type: 'baptism',
        startDate: dayOf(year, Math.min(365, day + 2 + next() * 5)),
        startDateType: 'exact',
        endDate: null,
        placeKey: where,
        participants: [
          [key, 'primary'],
          ...parents.map((p): [string, string] => [p, 'parent']),
          ...unique.map((g): [string, string] => [g, 'godparent']),
        ],
      });
    }
    if (year < 1930 && next() < 0.9) {
      const deathYear = year + 1 + Math.floor(next() * 80);
      const deathDay = dayOf(deathYear, 1 + next() * 360);
      const deathPlace = place();
      events.push({
        type: 'death',
        startDate: deathDay,
        startDateType: 'exact',
        endDate: null,
        placeKey: deathPlace,
        participants: [[key, 'primary']],
      });
      if (next() < 0.6) {
        events.push({
          type: 'burial',
          startDate: pad(deathYear, 4),
          startDateType: 'about',
          endDate: null,
          placeKey: deathPlace,
          participants: [[key, 'primary']],
        });
      }
    }
  }

  for (const [a, b] of family.partners) {
    const year = Math.max(birthYear.get(a) ?? firstYear, birthYear.get(b) ?? firstYear) + 20 + Math.floor(next() * 8);
    const where = place();
    events.push({
      type: 'marriage',
      startDate: dayOf(year, 1 + next() * 360),
      startDateType: 'exact',
      endDate: null,
      placeKey: where,
      participants: [
        [a, 'primary'],
        [b, 'primary'],
      ],
    });
    // The household's residences: a few spells, each of a few years.
    let from = year;
    for (let spell = 0; spell < 2; spell++) {
      const to = from + 2 + Math.floor(next() * 10);
      events.push({
        type: 'residence',
        startDate: pad(from, 4),
        startDateType: 'exact',
        endDate: pad(to, 4),
        placeKey: spell === 0 ? where : place(),
        participants: [
          [a, 'husband'],
          [b, 'wife'],
        ],
      });
      from = to + 1;
    }
  }
  return events;
}

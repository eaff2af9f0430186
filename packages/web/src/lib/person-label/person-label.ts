import type { LifeYear, PersonSummary } from '@anor/core';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '../../features/person/person-name.ts';

/** What a person label needs of a person: the name, and the life years and birthplace when the answer has them. */
export type LabelPerson = Pick<PersonSummary, 'fName' | 'pName' | 'lName'> &
  Partial<Pick<PersonSummary, 'born' | 'died' | 'birthPlace' | 'private'>>;

/** The parts of a person label (issue 19 item 12): all texts in the interface language. */
export interface PersonLabelParts {
  /** The display name ("Private" for a living person a visitor may not see, "unknown name" without one). */
  name: string;
  hasName: boolean;
  /** "1850–1920", "b. 1850", "d. 1920", "c. 1850–1920"; null when neither year is known. */
  years: string | null;
  /** The same for screen readers: "born 1850, died 1920". */
  yearsLong: string | null;
  /** The birthplace's name and the place above it ("Råshult, Stenbrohult"); null when unknown. */
  place: string | null;
  /** The whole path of the birthplace. */
  placeFull: string | null;
  /** Everything in one line for the hover text and the accessible name: "Anna Berg, born 1850, died 1920, Råshult, …". */
  full: string;
}

/** The name with the life years after it ("Anna Rud 1850–1920"), for lists that name persons in a line of text. */
export function nameWithYears(label: PersonLabelParts): string {
  return label.years ? `${label.name} ${label.years}` : label.name;
}

/** The first `count` parts of a place's path (nearest first): enough to tell "Berg, Sunne" from "Berg, Lysvik". */
export function shortPlace(path: string | null | undefined, count = 2): string | null {
  if (!path) return null;
  return path
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, count)
    .join(', ');
}

function yearText(t: TFunction, value: LifeYear, long: boolean): string {
  // A year before the common era is negative (a birth known only as "44 B.C."): "44 BC", "44 f.Kr.".
  const year = value.year < 0 ? t('dates.display.bce', { year: -value.year }) : String(value.year);
  if (value.type === 'about' || value.type === 'between') {
    return long ? t('personLabel.aboutLong', { year }) : t('personLabel.about', { year });
  }
  if (value.type === 'before') return t('personLabel.before', { year });
  if (value.type === 'after') return t('personLabel.after', { year });
  return year;
}

/** "1850–1920", "b. 1850", "d. 1920" (and "c. 1850" for an uncertain date); null when neither is known. */
export function formatLifeYears(
  t: TFunction,
  born: LifeYear | null | undefined,
  died: LifeYear | null | undefined,
): string | null {
  if (born && died) {
    return t('personLabel.range', { born: yearText(t, born, false), died: yearText(t, died, false) });
  }
  if (born) return t('personLabel.born', { year: yearText(t, born, false) });
  if (died) return t('personLabel.died', { year: yearText(t, died, false) });
  return null;
}

/** The life years for screen readers: "born about 1850, died 1920". */
export function formatLifeYearsLong(
  t: TFunction,
  born: LifeYear | null | undefined,
  died: LifeYear | null | undefined,
): string | null {
  const parts = [
    born ? t('personLabel.bornLong', { year: yearText(t, born, true) }) : null,
    died ? t('personLabel.diedLong', { year: yearText(t, died, true) }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * The person label's texts: name, life years and birthplace. A private person (a living person
 * shown to a visitor) is "Private" and nothing else, whatever the object holds. `formatName`
 * chooses the name form (lists may pass the user's "Last, First" order); the default is the
 * display name of SPEC §3.
 */
export function usePersonLabel(
  formatName?: (person: LabelPerson) => string,
): (person: LabelPerson) => PersonLabelParts {
  const { t } = useTranslation();
  const displayName = usePersonName();
  const nameOf = formatName ?? displayName;
  return useCallback(
    (person: LabelPerson) => {
      const name = nameOf(person);
      if (person.private) {
        return { name, hasName: true, years: null, yearsLong: null, place: null, placeFull: null, full: name };
      }
      const hasName = Boolean(person.fName || person.pName || person.lName);
      const years = formatLifeYears(t, person.born, person.died);
      const yearsLong = formatLifeYearsLong(t, person.born, person.died);
      const placeFull = person.birthPlace?.trim() || null;
      const place = shortPlace(placeFull);
      const full = [name, yearsLong, placeFull].filter(Boolean).join(', ');
      return { name, hasName, years, yearsLong, place, placeFull, full };
    },
    [t, nameOf],
  );
}

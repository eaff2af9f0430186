/**
 * Text keys computed once when a name is written, so that the database can search and sort
 * with plain byte comparisons on PGlite and PostgreSQL alike (PGlite has no Swedish collation).
 */

/** Letters that Unicode decomposition does not reduce to a base letter. */
const foldMap: Record<string, string> = {
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
  ð: 'd',
  đ: 'd',
  ł: 'l',
  ı: 'i',
};

/**
 * Lower case without accents: "Åsa Öberg-Ødegård" → "asa oberg-odegard". Search terms and the
 * searched text are folded alike, so "asa" finds "Åsa" and "ASA" alike.
 */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[æøœßþðđłı]/g, (letter) => foldMap[letter] ?? letter)
    .normalize('NFC');
}

/** Letters of their own in the Nordic alphabets (issue 19, item 15): never folded into a, o. */
const nordicLetters = /[åäöæø]/;

/**
 * Lower case without accents, except that å, ä, ö, æ and ø stay letters of their own: "Åsa
 * Öberg-Ødegård" → "åsa öberg-ødegård", "Élise Müller" → "elise muller".
 */
export function nordicFoldForSearch(value: string): string {
  let folded = '';
  for (const char of value.normalize('NFC').toLowerCase()) {
    folded += nordicLetters.test(char) ? char : foldForSearch(char);
  }
  return folded;
}

/**
 * A person's search text: the names and the occupation folded the Nordic way, then, on a line of
 * its own and only where it differs, folded fully. A term typed with å, ä, ö, æ or ø can only
 * match the first line, so "Ö" finds only names with an ö; a term typed without them (folded alike
 * either way) matches either line, so "ohman" still finds Öhman. `personSearchRank` tells the two
 * apart. Terms never hold a line break, so none matches across the lines.
 */
export function personSearchText(
  names: ReadonlyArray<{ fName?: string | null; pName?: string | null; lName?: string | null }>,
  occupation?: string | null,
): string {
  const words = names.flatMap((name) => [name.fName, name.pName, name.lName]);
  const text = [...words, occupation].filter((part): part is string => Boolean(part?.trim())).join(' ');
  const nordic = nordicFoldForSearch(text);
  const loose = foldForSearch(text);
  return nordic === loose ? nordic : `${nordic}\n${loose}`;
}

/**
 * The search terms of a person search: split on spaces, folded the Nordic way (å, ä, ö, æ, ø kept),
 * empty ones dropped. Matched against `personSearchText`.
 */
export function personSearchTerms(query: string): string[] {
  return nordicFoldForSearch(query)
    .split(/\s+/)
    .filter((term) => term.length > 0);
}

/** A year as a search term ("öberg 1878"): three or four digits. */
export function isYearTerm(term: string): boolean {
  return /^\d{3,4}$/.test(term);
}

/** The search terms of a query: split on spaces, folded, empty ones dropped. */
export function searchTerms(query: string): string[] {
  return foldForSearch(query)
    .split(/\s+/)
    .filter((term) => term.length > 0);
}

/**
 * A key whose byte order (COLLATE "C") is Swedish alphabetical order: a–z, then å, ä, ö. As in
 * Swedish dictionaries, æ sorts with ä, ø with ö, ü with y, and other accented letters with their
 * base letter; case and accents decide only between otherwise equal names.
 */
export function swedishSortKey(value: string): string {
  const lower = value.normalize('NFC').toLowerCase().trim();
  let primary = '';
  for (const char of lower) {
    primary += swedishPrimary(char);
  }
  // Ties: accents (the lower-case text), then case, lower case first as in ICU (hence swapped).
  return `${primary}\u0001${lower}\u0001${swapCase(value.normalize('NFC').trim())}`;
}

function swapCase(value: string): string {
  let swapped = '';
  for (const char of value) {
    const lower = char.toLowerCase();
    swapped += char === lower ? char.toUpperCase() : lower;
  }
  return swapped;
}

function swedishPrimary(char: string): string {
  // Lower-case ASCII is its own key (the common case: no folding needed).
  if (char.charCodeAt(0) < 0x80) return char;
  switch (char) {
    case 'å':
      return '{';
    case 'ä':
    case 'æ':
      return '|';
    case 'ö':
    case 'ø':
    case 'œ':
      return '}';
    case 'ü':
    case 'ű':
      return 'y';
    default: {
      const folded = foldForSearch(char);
      return folded.length > 0 ? folded : char;
    }
  }
}

/** Sorts after every name: an unknown last or first name comes last, not first (issue 19, item 15). */
export const UNKNOWN_NAME_KEY = '\uffff';

/**
 * The sort key of a person: last name, then first name, then nickname. A missing last name sorts
 * after all last names, and a missing first name after all first names of the same last name.
 */
export function personSortKey(person: { lName: string | null; fName: string | null; pName?: string | null }): string {
  const part = (value: string | null | undefined) => (value?.trim() ? swedishSortKey(value) : UNKNOWN_NAME_KEY);
  return [part(person.lName), part(person.fName), swedishSortKey(person.pName ?? '')].join('\u0002');
}

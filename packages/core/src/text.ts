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

/** The sort key of a person: last name, then first name, then nickname. */
export function personSortKey(person: { lName: string | null; fName: string | null; pName?: string | null }): string {
  return [person.lName ?? '', person.fName ?? '', person.pName ?? ''].map(swedishSortKey).join('\u0002');
}

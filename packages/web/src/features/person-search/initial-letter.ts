import { foldForSearch, type PersonSummary } from '@anor/core';

/** Letters that Swedish alphabetises as other letters: æ with ä, ø with ö, ü with y (as the server's sort does). */
const swedishLetters: Record<string, string> = { Å: 'Å', Ä: 'Ä', Ö: 'Ö', Æ: 'Ä', Ø: 'Ö', Œ: 'Ö', Ü: 'Y', Ű: 'Y' };

/** The group for names that do not start with a letter (digits, punctuation). */
export const OTHER_INITIAL = '#';
/** The group for persons without a name. */
export const NO_NAME_INITIAL = '?';

/**
 * The letter a name is filed under in a Swedish alphabetical list: A–Z, then Å, Ä, Ö. Other
 * accented letters go with their base letter (É under E), and Æ, Ø and Ü where Swedish puts them.
 */
export function initialLetter(name: string | null): string {
  const first = name?.trim().normalize('NFC').charAt(0).toUpperCase() ?? '';
  if (first === '') return NO_NAME_INITIAL;
  const swedish = swedishLetters[first];
  if (swedish) return swedish;
  const base = foldForSearch(first).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(base) ? base : OTHER_INITIAL;
}

/**
 * A person's letter in the alphabetical list. The server sorts by last name, then first name,
 * and persons without a last name after everyone (issue 19, item 15), so the last name decides and
 * those without one are the last group.
 */
export function personInitial(person: Pick<PersonSummary, 'fName' | 'pName' | 'lName'>): string {
  return person.lName?.trim() ? initialLetter(person.lName) : NO_NAME_INITIAL;
}

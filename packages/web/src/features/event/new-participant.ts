import { firstNameFieldSchema, type Gender, lastNameFieldSchema, type NewParticipantInput, uuidv7 } from '@anor/core';

/*
 * Participants who are not in the tree yet (SPEC §3 `isNew`, issue 19 item 1): the editor keeps
 * them under a temporary key until the event is saved; the server creates the person with the
 * event, in one transaction, so a cancelled or refused event creates nobody.
 */

/** The new person's names and gender, as the participant dialog asks for them. */
export interface NewPersonDraft {
  fName: string;
  lName: string;
  gender: Gender;
}

const NEW_PREFIX = 'new:';

/** A key for a new participant in the editor's list (never sent: the server gives the person an id). */
export function newParticipantKey(): string {
  return `${NEW_PREFIX}${uuidv7()}`;
}

export function isNewParticipantKey(personId: string): boolean {
  return personId.startsWith(NEW_PREFIX);
}

/**
 * What a typed search suggests for a new person's names: the last word is the last name, the rest
 * the first name ("Anna Maria Lind" → "Anna Maria", "Lind"); a single word is a first name.
 */
export function namesOfTyped(typed: string): Pick<NewPersonDraft, 'fName' | 'lName'> {
  const words = typed.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { fName: words[0] ?? '', lName: '' };
  return { fName: words.slice(0, -1).join(' '), lName: words.at(-1) ?? '' };
}

/** The new person's part of a participant as POST/PUT event takes it. */
export function newPersonInputOf(
  person: NewPersonDraft,
): Pick<NewParticipantInput, 'isNew' | 'fName' | 'lName' | 'gender'> {
  return { isNew: true, fName: person.fName.trim(), lName: person.lName.trim(), gender: person.gender };
}

/** The first problem of the new person's names (the person rules of SPEC §5), per field. */
export function newPersonErrors(person: NewPersonDraft): Partial<Record<'fName' | 'lName', string>> {
  const errors: Partial<Record<'fName' | 'lName', string>> = {};
  const first = firstNameFieldSchema.safeParse(person.fName);
  if (!first.success) errors.fName = first.error.issues[0]?.message ?? 'common.error.validation';
  const last = lastNameFieldSchema.safeParse(person.lName);
  if (!last.success) errors.lName = last.error.issues[0]?.message ?? 'common.error.validation';
  return errors;
}

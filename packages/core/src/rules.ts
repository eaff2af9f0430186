import { textLimits } from './limits.ts';

/**
 * Characters refused in names (tree names, person names, places, titles: every name-like field):
 * - control characters (C0, DEL, C1) and the line and paragraph separators U+2028/U+2029;
 * - the angle brackets, braces and backslash that appear in pasted markup or code but never in a name;
 * - the bidirectional embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, which
 *   reorder the text around them ("Anna\u202Egreb" shows as "Annaberg") and so make a name look
 *   like another, in the app, in exported files and in e-mails;
 * - invisible characters with no use in a name: zero-width space U+200B, word joiner U+2060, the
 *   invisible operators U+2061–U+2064 and the byte order mark U+FEFF, which make two names that
 *   look alike differ (and defeat search).
 * Kept on purpose: the zero-width joiner and non-joiner U+200D/U+200C, which Persian, the Indic
 * scripts and others need to spell names right, and the direction marks U+200E/U+200F/U+061C, which
 * only act as an invisible letter of one direction and are how mixed Hebrew or Arabic and Latin
 * text is written correctly. Letters of every script, digits, spaces and ordinary punctuation
 * (- ' . , & ( ) / : # ?) are kept (docs/security.md).
 */
const invalidNameCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this rejects
  /[\u0000-\u001f\u007f-\u009f<>{}\\\u200b\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

export function hasInvalidNameCharacters(value: string): boolean {
  return invalidNameCharacters.test(value);
}

/** The text with each character `hasInvalidNameCharacters` refuses replaced (a file name made a tree name). */
export function replaceInvalidNameCharacters(value: string, replacement: string): string {
  return value.replace(new RegExp(invalidNameCharacters.source, 'gu'), replacement);
}

/** A practical e-mail check: one @, something before it, a dotted domain after it, no spaces. */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length >= textLimits.emailMin && value.length <= textLimits.emailMax && emailPattern.test(value);
}

/** E-mail addresses are compared and stored trimmed and in lower case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Tree names are compared without case and surrounding space, so "Släkten" and "släkten " clash. */
export function treeNameKey(name: string): string {
  return name.trim().normalize('NFC').toLocaleLowerCase('sv');
}

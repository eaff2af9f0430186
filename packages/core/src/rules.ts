import { textLimits } from './limits.ts';

/**
 * Characters refused in names (tree names, person names): control characters, and the angle
 * brackets, braces and backslash that appear in pasted markup or code but never in a name.
 * Letters of every script, digits, spaces and ordinary punctuation (- ' . , & ( ) / : # ?) are kept.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this rejects
const invalidNameCharacters = /[\u0000-\u001f\u007f<>{}\\]/u;

export function hasInvalidNameCharacters(value: string): boolean {
  return invalidNameCharacters.test(value);
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

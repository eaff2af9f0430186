import type { ParseKeys } from 'i18next';
import { isApiError, isProposalMade } from '../api/client.ts';
import { i18n } from './index.ts';

export type TranslationKey = ParseKeys;

/** Catalogue codes arrive as plain strings (Zod issue messages, API answers); this narrows them to known keys. */
export function isTranslationKey(key: string): key is TranslationKey {
  return i18n.exists(key);
}

/**
 * The key to show for an error: its catalogue code when we have a text for it, a contributor's
 * proposal's notice, else the generic message.
 */
export function errorKey(error: unknown): TranslationKey {
  if (isApiError(error) && isTranslationKey(error.code)) return error.code;
  // Not a failure: a contributor's change kept for review (a form that shows its outcome says so).
  if (isProposalMade(error)) return 'proposals.sentForReview';
  return 'common.error.generic';
}

/** The key for a code that should be a catalogue code (a Zod issue message, a field issue's code). */
export function codeKey(code: string): TranslationKey {
  return isTranslationKey(code) ? code : 'common.error.generic';
}

import { isApiError } from '../../api/client.ts';
import { isTranslationKey, type TranslationKey } from '../../i18n/messages.ts';

const limitCodes = new Set<string>(['limit.persons', 'limit.nodesFree', 'limit.nodesPaid']);

/** The limit message of a 403 limit answer (SPEC §5 node and person limits), or null for other errors. */
export function limitCodeOf(error: unknown): TranslationKey | null {
  if (isApiError(error) && limitCodes.has(error.code) && isTranslationKey(error.code)) return error.code;
  return null;
}

import { isApiError } from '../../api/client.ts';
import { isTranslationKey, type TranslationKey } from '../../i18n/messages.ts';

const limitCodes = new Set<string>(['limit.locations', 'limit.nodesFree', 'limit.nodesPaid', 'limit.sourcesPerNode']);

/** The limit message of a 403 answer to creating places (SPEC §5 place and node limits, sources per place), or null for other errors. */
export function locationLimitCodeOf(error: unknown): TranslationKey | null {
  if (isApiError(error) && limitCodes.has(error.code) && isTranslationKey(error.code)) return error.code;
  return null;
}

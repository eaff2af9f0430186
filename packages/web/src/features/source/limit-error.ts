import { isApiError } from '../../api/client.ts';
import { isTranslationKey, type TranslationKey } from '../../i18n/messages.ts';

const limitCodes = new Set<string>(['limit.nodesFree', 'limit.nodesPaid', 'limit.sourcesPerNode']);

/** The limit message of a 403 answer to creating or citing sources (SPEC §5 node limits, 3 sources per item), or null. */
export function sourceLimitCodeOf(error: unknown): TranslationKey | null {
  if (isApiError(error) && limitCodes.has(error.code) && isTranslationKey(error.code)) return error.code;
  return null;
}

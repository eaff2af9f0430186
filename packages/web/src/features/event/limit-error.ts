import { isApiError } from '../../api/client.ts';
import { isTranslationKey, type TranslationKey } from '../../i18n/messages.ts';

const limitCodes = new Set<string>([
  'limit.events',
  'limit.locations',
  'limit.nodesFree',
  'limit.nodesPaid',
  'limit.sourcesPerNode',
]);

/** The limit message of a 403 answer to saving an event (events, places from a typed place, nodes, sources per event), or null. */
export function eventLimitCodeOf(error: unknown): TranslationKey | null {
  if (isApiError(error) && limitCodes.has(error.code) && isTranslationKey(error.code)) return error.code;
  return null;
}

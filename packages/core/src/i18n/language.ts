import { type Language, languages } from '../schemas/common.ts';

/**
 * The language rule without the texts, so that the web app can choose a language before it loads
 * that language's dictionary (`load.ts`) and never the other four.
 */
export const defaultLanguage: Language = 'sv';

/**
 * The language rule of SPEC §1: the saved choice; otherwise the browser's language when it is
 * Swedish or Danish; otherwise English. (Norwegian and Finnish are offered by the selector.)
 */
export function chooseLanguage(saved: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (saved && isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'sv' || primary === 'da') return primary;
  }
  return 'en';
}

export function isLanguage(value: string): value is Language {
  return (languages as readonly string[]).includes(value);
}

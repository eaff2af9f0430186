import { useTranslation } from 'react-i18next';
import { currentLanguage } from './index.ts';

/** Intl locale for each interface language ("no" is Norwegian bokmål). */
const locales = { sv: 'sv-SE', en: 'en-GB', da: 'da-DK', no: 'nb-NO', fi: 'fi-FI' } as const;

/** Number and date formatting in the current interface language; re-renders when it changes. */
export function useFormat() {
  // Subscribing to the language makes the component re-render, and so re-format, when it changes.
  useTranslation();
  const locale = locales[currentLanguage()];
  return {
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
    date: (value: string | Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(value)),
  };
}

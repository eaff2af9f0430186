import { type Language, languages } from '@anor/core';
import { chooseLanguage, defaultLanguage, dictionaries, isLanguage } from '@anor/core/i18n';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setLanguageSource } from '../api/client.ts';

/** Where the language choice of the selector is kept. */
export const LANGUAGE_STORAGE_KEY = 'anor.language';

/** Each language in its own name, as the selector shows it. */
export const languageNames: Record<Language, string> = {
  sv: 'Svenska',
  en: 'English',
  da: 'Dansk',
  no: 'Norsk',
  fi: 'Suomi',
};

export const supportedLanguages = languages;

function readSavedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function initialLanguage(): Language {
  return chooseLanguage(readSavedLanguage(), typeof navigator === 'undefined' ? [] : navigator.languages);
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return language && isLanguage(language) ? language : defaultLanguage;
}

/** Switches the interface language and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  await i18n.changeLanguage(language);
}

const resources = Object.fromEntries(
  Object.entries(dictionaries).map(([language, dictionary]) => [language, { translation: dictionary }]),
);

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

document.documentElement.lang = currentLanguage();
i18n.on('languageChanged', () => {
  document.documentElement.lang = currentLanguage();
});

setLanguageSource(currentLanguage);

export { i18n };

import { type Language, languages } from '@anor/core';
import { chooseLanguage, defaultLanguage, isLanguage } from '@anor/core/i18n/language';
import { loadDictionary } from '@anor/core/i18n/load';
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

/** Adds a language's texts to i18next, loading them first if this page has not yet. */
async function addLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadDictionary(language));
}

/** Switches the interface language, once its texts are here (offline it stays as it is), and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await addLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  await i18n.changeLanguage(language);
}

/**
 * i18next with the texts of the first language only: the other four load when chosen. Every
 * dictionary has every key (a test checks), so nothing falls back to another language.
 */
async function initI18n(): Promise<void> {
  const language = initialLanguage();
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation: await loadDictionary(language) } },
    lng: language,
    fallbackLng: false,
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
}

/** Settles when the first language's texts are in; main.tsx renders after it. */
export const i18nReady: Promise<void> = initI18n();

setLanguageSource(currentLanguage);

export { i18n };

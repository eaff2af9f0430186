import { describe, expect, it } from 'vitest';
import { errorCodes } from '../errors.ts';
import { chooseLanguage, dictionaries, flattenKeys, isLanguage, loadDictionary, translate } from './index.ts';

describe('dictionaries', () => {
  const english = flattenKeys(dictionaries.en).sort();

  it.each(Object.keys(dictionaries))('%s has exactly the keys of the English dictionary', (language) => {
    const keys = flattenKeys(dictionaries[language as keyof typeof dictionaries]).sort();
    expect(keys).toEqual(english);
  });

  it.each(Object.keys(dictionaries))('%s has no empty text and keeps every {{placeholder}}', (language) => {
    const dictionary = dictionaries[language as keyof typeof dictionaries];
    for (const key of english) {
      const text = translate(language as 'sv', key);
      expect(text.trim(), `${language}: ${key}`).not.toBe('');
      expect(text, `${language}: ${key}`).not.toBe(key);
      const placeholders = (source: string) => (source.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(translate('en', key)));
    }
    expect(dictionary).toBeDefined();
  });

  it('has a message for every error code in every language', () => {
    for (const code of errorCodes) {
      expect(english, code).toContain(code);
    }
  });
});

describe('loading one dictionary', () => {
  it.each(Object.keys(dictionaries))('loads the %s dictionary on its own', async (language) => {
    if (!isLanguage(language)) throw new Error(`not a language: ${language}`);
    expect(await loadDictionary(language)).toBe(dictionaries[language]);
  });
});

describe('choosing the language', () => {
  it('takes the saved choice first', () => {
    expect(chooseLanguage('fi', ['sv-SE'])).toBe('fi');
    expect(chooseLanguage('no', [])).toBe('no');
  });

  it('otherwise takes Swedish or Danish from the browser, else English', () => {
    expect(chooseLanguage(null, ['sv-FI', 'en'])).toBe('sv');
    expect(chooseLanguage(null, ['da'])).toBe('da');
    expect(chooseLanguage(null, ['de-DE', 'da-DK'])).toBe('da');
    expect(chooseLanguage(null, ['nb-NO'])).toBe('en');
    expect(chooseLanguage('klingon', ['fr'])).toBe('en');
  });

  it('knows the five languages and nothing else', () => {
    expect(['sv', 'en', 'da', 'no', 'fi'].every(isLanguage)).toBe(true);
    expect(isLanguage('de')).toBe(false);
    expect(isLanguage('constructor')).toBe(false);
  });
});

describe('translate', () => {
  it('fills placeholders', () => {
    expect(translate('sv', 'email.resetPassword.greeting', { name: 'Åke' })).toBe('Hej Åke,');
  });
});

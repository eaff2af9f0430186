import type { Language } from '../schemas/common.ts';
import { da } from './da.ts';
import { type Dictionary, en } from './en.ts';
import { fi } from './fi.ts';
import { no } from './no.ts';
import { fillPlaceholders } from './placeholders.ts';
import { sv } from './sv.ts';

export { chooseLanguage, defaultLanguage, isLanguage } from './language.ts';
export { loadDictionary } from './load.ts';
export type { Dictionary };

export const dictionaries: Record<Language, Dictionary> = { sv, en, da, no, fi };

/** Looks up a dotted key ("tree.error.notFound") and fills {{placeholders}}. Falls back to English, then the key. */
export function translate(language: Language, key: string, values: Record<string, string | number> = {}): string {
  return fillPlaceholders(lookup(dictionaries[language], key) ?? lookup(en, key) ?? key, values);
}

function lookup(dictionary: unknown, key: string): string | undefined {
  let node: unknown = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Every dotted key whose value is a string. */
export function flattenKeys(dictionary: unknown, prefix = ''): string[] {
  if (typeof dictionary !== 'object' || dictionary === null) return [];
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );
}

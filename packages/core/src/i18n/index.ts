import type { Language } from '../schemas/common.ts';
import { da } from './da.ts';
import { type Dictionary, en } from './en.ts';
import { fi } from './fi.ts';
import { no } from './no.ts';
import { sv } from './sv.ts';

export type { Dictionary };

export const dictionaries: Record<Language, Dictionary> = { sv, en, da, no, fi };

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
  return Object.hasOwn(dictionaries, value);
}

/** Looks up a dotted key ("tree.error.notFound") and fills {{placeholders}}. Falls back to English, then the key. */
export function translate(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const text = lookup(dictionaries[language], key) ?? lookup(en, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
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

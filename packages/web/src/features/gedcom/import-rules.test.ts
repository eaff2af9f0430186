import { gedcomWarningCodes, textLimits } from '@anor/core';
import { dictionaries, translate } from '@anor/core/i18n';
import { describe, expect, it } from 'vitest';
import {
  contentRowsOf,
  earlyProblemOf,
  fileSizeParts,
  sizeOf,
  treeNameFromFileName,
  unreadableOf,
  unreadableReasons,
  warningKey,
} from './import-rules.ts';
import { gedcomExportHref } from './queries.ts';

const now = new Date('2025-06-01T12:00:00Z');
const free = { subscription: { plan: 'free' as const, validUntil: null }, ownTreeCount: 0 };
const paid = { subscription: { plan: 'yearly' as const, validUntil: '2026-01-01T00:00:00Z' }, ownTreeCount: 0 };

describe('the default tree name', () => {
  it('is the file name without its extension', () => {
    expect(treeNameFromFileName('Släkten Öberg.ged')).toBe('Släkten Öberg');
    expect(treeNameFromFileName('export.2024.GEDCOM')).toBe('export.2024');
    expect(treeNameFromFileName('familj')).toBe('familj');
  });

  it('drops characters a tree name may not have and keeps within the length limit', () => {
    expect(treeNameFromFileName('<Min>  {släkt}.ged')).toBe('Min släkt');
    expect(treeNameFromFileName(`${'a'.repeat(150)}.ged`)).toHaveLength(textLimits.treeName);
    expect(treeNameFromFileName('.ged')).toBe('');
  });
});

describe('the checks before uploading', () => {
  it('asks for a file and refuses an empty one', () => {
    expect(earlyProblemOf(null, free, now)).toEqual({ kind: 'error', code: 'gedcom.error.noFile' });
    expect(earlyProblemOf({ size: 0 }, free, now)).toEqual({ kind: 'error', code: 'gedcom.error.empty' });
  });

  it('stops a free account at 5 MB, but not a paid one', () => {
    const big = { size: textLimits.gedcomBytes + 1 };
    expect(earlyProblemOf(big, free, now)).toEqual({ kind: 'limit', code: 'limit.gedcomSize' });
    expect(earlyProblemOf({ size: textLimits.gedcomBytes }, free, now)).toBeNull();
    expect(earlyProblemOf(big, paid, now)).toBeNull();
    // An expired subscription is a free account.
    expect(earlyProblemOf(big, paid, new Date('2026-02-01T00:00:00Z'))).toEqual({
      kind: 'limit',
      code: 'limit.gedcomSize',
    });
  });

  it('offers a subscription when the account has all the trees it may have', () => {
    expect(earlyProblemOf({ size: 10 }, { ...free, ownTreeCount: 1 }, now)).toEqual({
      kind: 'limit',
      code: 'limit.trees',
    });
    expect(earlyProblemOf({ size: 10 }, { ...paid, ownTreeCount: 1 }, now)).toBeNull();
  });
});

describe('error details', () => {
  it('reads the counts of a content limit answer', () => {
    const details = {
      found: { persons: 21, events: 12, locations: 31, sourcesPerNode: 2, images: 0 },
      max: { persons: 20, events: 30, locations: 30, sourcesPerNode: 3, images: 5 },
    };
    expect(contentRowsOf(details)).toEqual([
      { kind: 'persons', found: 21, max: 20 },
      { kind: 'events', found: 12, max: 30 },
      { kind: 'places', found: 31, max: 30 },
      { kind: 'sourcesPerNode', found: 2, max: 3 },
      { kind: 'images', found: 0, max: 5 },
    ]);
    // Without the maxima the free tier's are shown.
    expect(contentRowsOf({ found: { persons: 25, images: 6 } })).toEqual([
      { kind: 'persons', found: 25, max: 20 },
      { kind: 'images', found: 6, max: 5 },
    ]);
    expect(contentRowsOf(undefined)).toEqual([]);
    expect(contentRowsOf({ found: 'many' })).toEqual([]);
  });

  it('reads sizes and why a file is unreadable', () => {
    expect(sizeOf({ bytes: 6_000_000, max: 5_242_880 })).toEqual({ bytes: 6_000_000, max: 5_242_880 });
    expect(sizeOf({ bytes: 'x' })).toBeNull();
    expect(unreadableOf({ reason: 'archive', line: 1 })).toEqual({ reason: 'archive', line: 1 });
    expect(unreadableOf({ reason: 'something-new', line: 0 })).toEqual({ reason: null, line: null });
    expect(unreadableOf(null)).toEqual({ reason: null, line: null });
  });

  it('gives sizes in kilobytes or megabytes', () => {
    expect(fileSizeParts(textLimits.gedcomBytes)).toEqual({ unit: 'megabytes', value: 5 });
    expect(fileSizeParts(6_000_000)).toEqual({ unit: 'megabytes', value: 5.7 });
    expect(fileSizeParts(2048)).toEqual({ unit: 'kilobytes', value: 2 });
    expect(fileSizeParts(10)).toEqual({ unit: 'kilobytes', value: 1 });
  });
});

describe('texts', () => {
  it('has a title for every warning kind and every unreadable reason in every language', () => {
    for (const language of Object.keys(dictionaries) as (keyof typeof dictionaries)[]) {
      for (const code of gedcomWarningCodes) {
        const key = warningKey(code);
        expect(translate(language, key), `${language}: ${key}`).not.toBe(key);
      }
      for (const reason of unreadableReasons) {
        const key = `gedcom.unreadable.${reason}`;
        expect(translate(language, key), `${language}: ${key}`).not.toBe(key);
      }
    }
  });

  it('builds the export address', () => {
    expect(gedcomExportHref('t/1', '7.0')).toBe('/api/t%2F1/gedcom?version=7.0');
  });
});

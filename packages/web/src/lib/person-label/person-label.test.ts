import { dictionaries } from '@anor/core/i18n';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatLifeYears, formatLifeYearsLong, shortPlace } from './person-label.ts';

let tEn: TFunction;
let tSv: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { translation: dictionaries.en }, sv: { translation: dictionaries.sv } },
  });
  tEn = instance.getFixedT('en');
  tSv = instance.getFixedT('sv');
});

describe('life years', () => {
  it('shows both years as a range, or the one known with born/died', () => {
    const born = { year: 1850, type: 'exact' as const };
    const died = { year: 1920, type: 'exact' as const };
    expect(formatLifeYears(tEn, born, died)).toBe('1850–1920');
    expect(formatLifeYears(tEn, born, null)).toBe('b. 1850');
    expect(formatLifeYears(tSv, null, died)).toBe('d. 1920');
    expect(formatLifeYears(tEn, null, undefined)).toBeNull();
  });

  it('never shows an uncertain year as an exact one', () => {
    expect(formatLifeYears(tSv, { year: 1850, type: 'about' }, { year: 1920, type: 'before' })).toBe(
      'ca 1850–före 1920',
    );
    expect(formatLifeYears(tEn, { year: 1850, type: 'between' }, null)).toBe('b. c. 1850');
    expect(formatLifeYearsLong(tEn, { year: 1850, type: 'about' }, { year: 1920, type: 'exact' })).toBe(
      'born about 1850, died 1920',
    );
  });
});

describe('life years before the common era (issue 20 item 4)', () => {
  it("shows a negative year with the language's BC word", () => {
    expect(formatLifeYears(tSv, { year: -100, type: 'exact' }, { year: -44, type: 'exact' })).toBe(
      '100 f.Kr.–44 f.Kr.',
    );
    expect(formatLifeYears(tEn, { year: -63, type: 'about' }, { year: 14, type: 'exact' })).toBe('c. 63 BC–14');
  });
});

describe('shortPlace', () => {
  it('keeps the place and the one above it', () => {
    expect(shortPlace('Råshult, Stenbrohult, Kronobergs län, Sverige')).toBe('Råshult, Stenbrohult');
    expect(shortPlace('Sverige')).toBe('Sverige');
    expect(shortPlace(null)).toBeNull();
  });
});

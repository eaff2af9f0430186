import { parse } from '@anor/gedcom';
import { describe, expect, it } from 'vitest';
import { mapGedcom } from './gedcom.mapper.ts';
import { otherNameOf } from './gedcom-map-persons.ts';
import { nameDatesOf, nameDatesToGedcom } from './gedcom-name-dates.ts';

describe("the dates of a person's other names in GEDCOM", () => {
  it('writes them as a period: from and to, either side alone', () => {
    expect(nameDatesToGedcom('1875-06-12', '1890')).toBe('FROM 12 JUN 1875 TO 1890');
    expect(nameDatesToGedcom('1875-06', null)).toBe('FROM JUN 1875');
    expect(nameDatesToGedcom(null, '0890')).toBe('TO 890');
    expect(nameDatesToGedcom(null, null)).toBeNull();
  });

  it('reads back what it writes, and nothing it cannot hold whole', () => {
    expect(nameDatesOf('FROM 12 JUN 1875 TO 1890')).toEqual({ fromDate: '1875-06-12', toDate: '1890' });
    expect(nameDatesOf(' from jun 1875 ')).toEqual({ fromDate: '1875-06', toDate: null });
    expect(nameDatesOf('TO 890')).toEqual({ fromDate: null, toDate: '0890' });
    // A single date, an uncertain one, another calendar, a dual year or a phrase: not a period Anor holds.
    for (const value of [
      '1875',
      'ABT 1875',
      'BET 1870 AND 1875',
      'FROM @#DJULIAN@ 1700',
      'FROM 1750/51',
      '(as a child)',
    ]) {
      expect(nameDatesOf(value), value).toBeNull();
    }
  });

  it('makes other names of NAME lines with _DATE or DATE, and keeps a NAME line whose date it cannot hold whole', () => {
    const node = (lines: string[]) =>
      parse(['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', ...lines, '0 TRLR'].join('\n')).records[0]?.children[0];
    const married = node(['1 NAME /Ek/', '2 TYPE married', '2 _DATE FROM 1875 TO 1890']);
    expect(married && otherNameOf(married)).toMatchObject({
      type: 'married',
      lName: 'Ek',
      fromDate: '1875',
      toDate: '1890',
    });
    const gramps = node(['1 NAME /Ek/', '2 TYPE married', '2 DATE FROM 12 JUN 1875']);
    expect(gramps && otherNameOf(gramps)).toMatchObject({ fromDate: '1875-06-12', toDate: null });
    // 7.0's TYPE OTHER with its PHRASE (as the export writes a type 7.0 has no word for).
    const variant = node(['1 NAME Annika //', '2 TYPE OTHER', '3 PHRASE variant', '2 _DATE FROM MAY 1880']);
    expect(variant && otherNameOf(variant)).toMatchObject({ type: 'variant', typeText: null, fromDate: '1880-05' });
    const spelling = node(['1 NAME Mia /Oberg/', '2 TYPE OTHER', '3 PHRASE spelling']);
    expect(spelling && otherNameOf(spelling)).toMatchObject({ type: 'other', typeText: 'spelling' });
    for (const date of ['2 DATE ABT 1875', '2 _DATE FROM 1890 TO 1875', '2 _DATE (before the war)']) {
      const kept = node(['1 NAME /Ek/', '2 TYPE married', date]);
      expect(kept && otherNameOf(kept), date).toBeNull();
    }
    // The whole file: the name with its dates, the other kept as the file wrote it.
    const document = parse(
      [
        '0 HEAD',
        '1 CHAR UTF-8',
        '0 @I1@ INDI',
        '1 NAME Anna /Berg/',
        '1 NAME /Ek/',
        '2 TYPE married',
        '2 _DATE FROM 1875',
        '1 NAME /Lind/',
        '2 TYPE married',
        '2 DATE ABT 1890',
        '0 TRLR',
      ].join('\n'),
    );
    const { plan } = mapGedcom(document.header, document.records, { language: 'en' });
    expect(plan.persons[0]?.names?.map((name) => [name.lName, name.fromDate, name.toDate])).toEqual([
      ['Ek', '1875', null],
    ]);
    expect(plan.extras.find((extra) => extra.nodeKind === 'person')?.lines[0]).toMatchObject({
      tag: 'NAME',
      value: '/Lind/',
    });
  });
});

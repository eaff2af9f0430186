import { parse } from '@anor/gedcom';
import { describe, expect, it } from 'vitest';
import { createGedcomMapper } from './gedcom.mapper.ts';
import type { DrainedRows } from './gedcom.plan.ts';

/** Issue 20 items 2, 3 and 6: facts and attributes, events that did not happen, a second birth. */

function mapLines(lines: string[], language: 'en' | 'sv' = 'en') {
  const document = parse(['0 HEAD', '1 CHAR UTF-8', ...lines, '0 TRLR'].join('\n'));
  const mapper = createGedcomMapper(document.header, { language });
  for (const record of document.records) mapper.add(record);
  const { plan, report } = mapper.finish();
  const drained = mapper.drain();
  const all = <K extends keyof DrainedRows>(key: K) => drained[key] as DrainedRows[K][number][];
  return { plan, report, all };
}

describe('facts and attributes', () => {
  it('become facts with their kind as data and their value, whatever the importer’s language', () => {
    const lines = [
      '0 @I1@ INDI',
      '1 NAME Victoria /Hanover/',
      '1 TITL Queen of England',
      '1 NATI British',
      '1 RELI Church of England',
      '1 PROP Balmoral',
      '1 DSCR Short',
      '1 NCHI 9',
      '1 NMR 1',
      '1 CAST Royal',
      '1 IDNO 42',
      '2 TYPE Passport',
      '1 SSN 123-45-6789',
      '1 FACT Stamps',
      '2 TYPE Hobby',
      '1 EDUC Home',
      '1 EVEN Crowned',
      '2 TYPE Coronation',
      '2 DATE 28 JUN 1838',
    ];
    for (const language of ['en', 'sv'] as const) {
      const { all, plan } = mapLines(lines, language);
      const events = all('events').map((e) => [
        e.values.type,
        e.values.subtype,
        e.values.typeName,
        e.values.description,
      ]);
      expect(events).toEqual([
        ['fact', 'title', null, 'Queen of England'],
        ['fact', 'nationality', null, 'British'],
        ['fact', 'religion', null, 'Church of England'],
        ['fact', 'property', null, 'Balmoral'],
        ['fact', 'physicalDescription', null, 'Short'],
        ['fact', 'childCount', null, '9'],
        ['fact', 'marriageCount', null, '1'],
        ['fact', 'caste', null, 'Royal'],
        ['fact', 'idNumber', null, '42'],
        ['fact', 'socialSecurityNumber', null, '123-45-6789'],
        // FACT's TYPE is its kind as written.
        ['fact', null, 'Hobby', 'Stamps'],
        ['education', null, null, 'Home'],
        ['other', null, 'Coronation', 'Crowned'],
      ]);
      // The IDNO's TYPE is no kind of Anor's: kept for export, under the fact.
      const idno = all('events')[8];
      const kept = plan.extras.find((extra) => extra.nodeId === idno?.id);
      expect(kept?.lines).toEqual([{ tag: 'TYPE', value: 'Passport', children: [] }]);
      // Every fact has the person as its main participant.
      expect(all('participants').filter((p) => p.role === 'primary')).toHaveLength(13);
    }
  });

  it('reads a FACT’s or EVEN’s TYPE that names a known kind, in any language, as that kind', () => {
    const { all, plan } = mapLines([
      '0 @I1@ INDI',
      '1 FACT Lutheran',
      '2 TYPE Religion',
      '1 FACT Greve',
      '2 TYPE titel',
      '1 EVEN British',
      '2 TYPE Nationality',
      '1 FACT Stamps',
      '2 TYPE Hobby',
    ]);
    const events = all('events');
    expect(events.map((e) => [e.values.type, e.values.subtype, e.values.typeName, e.values.description])).toEqual([
      ['fact', 'religion', null, 'Lutheran'],
      ['fact', 'title', null, 'Greve'],
      ['fact', 'nationality', null, 'British'],
      ['fact', null, 'Hobby', 'Stamps'],
    ]);
    // The tag and the TYPE as written are kept for export.
    const extra = plan.extras.find((entry) => entry.nodeId === events[1]?.id);
    expect(extra).toMatchObject({ tag: 'FACT', lines: [{ tag: 'TYPE', original: 'titel', stored: '' }] });
    expect(plan.extras.find((entry) => entry.nodeId === events[2]?.id)?.tag).toBe('EVEN');
  });

  it('keeps a family’s number of children as a fact of the couple', () => {
    const { all } = mapLines(['0 @I1@ INDI', '0 @I2@ INDI', '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 NCHI 3']);
    const [fact] = all('events');
    expect(fact?.values).toMatchObject({ type: 'fact', subtype: 'childCount', description: '3' });
    expect(all('participants').filter((p) => p.eventId === fact?.id && p.role === 'primary')).toHaveLength(2);
  });
});

describe('event lines that say the event did not happen', () => {
  it('make no event and are kept as they were (`1 DIV N`, `1 MARR NO`, `1 DEAT N`)', () => {
    const { all, plan } = mapLines([
      '0 @I1@ INDI',
      '1 DEAT N',
      '0 @I2@ INDI',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 MARR',
      '2 DATE 10 FEB 1840',
      '1 DIV N',
      '1 ENGA NO',
      '2 NOTE never',
    ]);
    expect(all('events').map((e) => e.values.type)).toEqual(['marriage']);
    const keptTags = plan.extras.flatMap((extra) => extra.lines.map((line) => `${line.tag} ${line.value ?? ''}`));
    expect(keptTags).toEqual(expect.arrayContaining(['DEAT N', 'DIV N', 'ENGA NO']));
  });

  it('still makes an event of `Y` and of a real value', () => {
    const { all } = mapLines(['0 @I1@ INDI', '1 DEAT Y', '1 TITL N']);
    // TITL is an attribute: `N` is its value (a title called "N"), not a "no".
    expect(all('events').map((e) => [e.values.type, e.values.description])).toEqual([
      ['death', null],
      ['fact', 'N'],
    ]);
  });
});

describe('a second birth or death of one person', () => {
  it('is an alternative birth (death), not an "other" event', () => {
    const { all, report } = mapLines([
      '0 @I1@ INDI',
      '1 BIRT',
      '2 DATE 1850',
      '1 BIRT',
      '2 DATE 1851',
      '1 DEAT',
      '2 DATE 1900',
      '1 DEAT',
      '2 DATE 1901',
      '1 DEAT',
      '2 DATE 1902',
    ]);
    expect(all('events').map((e) => [e.values.type, e.values.subtype, e.values.typeName, e.values.startDate])).toEqual([
      ['birth', null, null, '1850'],
      ['birth', 'alternativeBirth', null, '1851'],
      ['death', null, null, '1900'],
      ['death', 'alternativeDeath', null, '1901'],
      ['death', 'alternativeDeath', null, '1902'],
    ]);
    expect(report.warningGroups().find((group) => group.code === 'second-life-event')?.count).toBe(3);
  });
});

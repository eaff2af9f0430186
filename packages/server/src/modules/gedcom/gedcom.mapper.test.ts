import { parse } from '@anor/gedcom';
import { describe, expect, it } from 'vitest';
import { createGedcomMapper, mapGedcom } from './gedcom.mapper.ts';
import type { DrainedRows, ImportPlan } from './gedcom.plan.ts';
import { htmlToPlainText, plainTextToHtml } from './plain-text.ts';

/** Maps a file given as lines, draining every `drainEvery` records as a large import does, and gathers every row. */
function mapLines(lines: string[], drainEvery = Number.POSITIVE_INFINITY) {
  const document = parse(['0 HEAD', '1 CHAR UTF-8', ...lines, '0 TRLR'].join('\n'));
  const mapper = createGedcomMapper(document.header, { language: 'en' });
  const drained: DrainedRows[] = [];
  document.records.forEach((record, index) => {
    mapper.add(record);
    if ((index + 1) % drainEvery === 0) drained.push(mapper.drain());
  });
  const { plan, report } = mapper.finish();
  drained.push(mapper.drain());
  const all = <K extends keyof DrainedRows>(key: K) => drained.flatMap((rows) => rows[key] as DrainedRows[K][number][]);
  return { plan, report, all, warnings: Object.fromEntries(report.warningGroups().map((g) => [g.code, g])) };
}

function personsByName(all: ReturnType<typeof mapLines>['all']) {
  return new Map(all('persons').map((p) => [`${p.fName ?? ''} ${p.lName ?? ''}`.trim(), p]));
}

describe('the GEDCOM mapper', () => {
  it('reads name parts, nickname, sex and the suffix after the surname', () => {
    const { all, plan } = mapLines([
      '0 @I1@ INDI',
      '1 NAME Karl Johan /von Svensson/ Jr.',
      '2 NICK Kalle',
      '1 SEX M',
      '0 @I2@ INDI',
      '1 NAME',
      '2 GIVN Anna',
      '2 SURN Persdotter',
      '1 SEX X',
    ]);
    const persons = personsByName(all);
    expect(persons.get('Karl Johan von Svensson')).toMatchObject({ pName: 'Kalle', gender: 'male' });
    expect(persons.get('Anna Persdotter')).toMatchObject({ gender: 'other' });
    // The suffix is kept as an NSFX line under NAME, to be written back.
    const kept = plan.extras.find((extra) => extra.nodeId === persons.get('Karl Johan von Svensson')?.id);
    expect(kept?.lines).toEqual([{ tag: 'NAME', children: [{ tag: 'NSFX', value: 'Jr.', children: [] }] }]);
  });

  it('resolves pointers to records later in the file, also across drained batches', () => {
    const { all, warnings } = mapLines(
      [
        '0 @F1@ FAM',
        '1 HUSB @I1@',
        '1 WIFE @I2@',
        '1 CHIL @I3@',
        '1 MARR',
        '2 DATE 1870',
        '2 SOUR @S1@',
        '3 PAGE 12',
        '0 @I1@ INDI',
        '1 NAME Karl /Ek/',
        '1 NOTE @N1@',
        '0 @I2@ INDI',
        '1 NAME Anna /Ek/',
        '0 @I3@ INDI',
        '1 NAME Lars /Ek/',
        '0 @N1@ NOTE Later note',
        '0 @S1@ SOUR',
        '1 TITL Sunne C:5',
      ],
      1,
    );
    expect(warnings['missing-record']).toBeUndefined();
    const persons = personsByName(all);
    const [marriage] = all('events');
    const participants = all('participants').filter((p) => p.eventId === marriage?.id);
    expect(participants.map((p) => p.personId).sort()).toEqual(
      [persons.get('Karl Ek')?.id, persons.get('Anna Ek')?.id].sort(),
    );
    expect(all('citations')[0]?.recordId).toBe(all('records')[0]?.id);
    expect(all('noteLinks')[0]).toMatchObject({ targetId: all('notes')[0]?.id, nodeId: persons.get('Karl Ek')?.id });
  });

  it('takes out what points at records the file does not have, with a warning', () => {
    const { all, plan, warnings } = mapLines([
      '0 @I1@ INDI',
      '1 NAME Karl /Ek/',
      '1 NOTE @N9@',
      '1 BIRT',
      '2 SOUR @S9@',
      '3 PAGE 1',
      '2 ASSO @I9@',
      '3 ROLE WITN',
      '1 FAMS @F9@',
    ]);
    expect(warnings['missing-record']?.items.map((item) => item.detail).sort()).toEqual([
      '@F9@',
      '@I9@',
      '@N9@',
      '@S9@',
    ]);
    expect(all('noteLinks')).toEqual([]);
    expect(all('participants').map((p) => p.role)).toEqual(['primary']);
    // The citation stays (its page is information), without a record.
    expect(all('citations')).toMatchObject([{ recordId: null, whereWithinSourceText: '1' }]);
    expect(plan.families).toBe(0);
  });

  it('keeps at most two parents and leaves out a link that would make someone their own ancestor', () => {
    const { plan, warnings } = mapLines([
      '0 @I1@ INDI',
      '0 @I2@ INDI',
      '0 @I3@ INDI',
      '0 @I4@ INDI',
      '0 @I5@ INDI',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I2@',
      '0 @F2@ FAM',
      '1 HUSB @I2@',
      '1 CHIL @I1@',
      '0 @F3@ FAM',
      '1 HUSB @I4@',
      '1 WIFE @I5@',
      '1 CHIL @I2@',
    ]);
    expect(warnings['parent-cycle']?.count).toBe(1);
    expect(warnings['too-many-parents']?.count).toBe(1);
    // I2 has two parents (I1, I4; I5 would be a third); the link I2 → I1 that closed the circle is gone.
    expect(plan.parentLinks).toHaveLength(2);
  });

  it('reuses places across the file, with coordinates in any hemisphere', () => {
    const { all, warnings } = mapLines([
      '0 @I1@ INDI',
      '1 BIRT',
      '2 PLAC Lima, Peru',
      '3 MAP',
      '4 LATI S12.0464',
      '4 LONG W77.0428',
      '1 DEAT',
      '2 PLAC Lima ,  Peru',
      '1 BURI',
      '2 PLAC Callao, Peru',
      '3 MAP',
      '4 LATI 95',
      '4 LONG 12',
    ]);
    const places = all('locations');
    expect(places.map((p) => p.name)).toEqual(['Peru', 'Lima', 'Callao']);
    expect(places[1]).toMatchObject({ lat: -12.0464, lng: -77.0428 });
    const events = all('events');
    expect(events[0]?.values.locationId).toBe(events[1]?.values.locationId);
    expect(warnings['coordinates-invalid']?.items).toEqual([{ line: expect.any(Number), detail: '95 12' }]);
  });

  it('keeps a family of one member, which makes no relation, as its member line (issue 20, item 7)', () => {
    const { plan, all } = mapLines([
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '0 @F2@ FAM',
      '1 WIFE @I2@',
      '1 MARR',
      '2 DATE 1497',
      '0 @F3@ FAM',
      '1 CHIL @I3@',
      '0 @F4@ FAM',
      '0 @F5@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '0 @I1@ INDI',
      '1 NAME Karl /Ek/',
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      '1 NAME Anna /Berg/',
      '0 @I3@ INDI',
      '1 NAME Per /Ek/',
    ]);
    const persons = personsByName(all);
    const karl = persons.get('Karl Ek')?.id;
    const anna = persons.get('Anna Berg')?.id;
    const per = persons.get('Per Ek')?.id;
    const families = plan.extras.filter((extra) => extra.nodeKind === 'family');
    expect(families.map((extra) => [extra.anchor, extra.lines.map((line) => [line.tag, line.pointer])])).toEqual([
      [[karl], [['HUSB', karl]]],
      [[per], [['CHIL', per]]],
      [[], []],
    ]);
    // A one-member family with events needs nothing kept: its events are written in a FAM again.
    expect(all('participants')).toEqual([expect.objectContaining({ personId: anna, role: 'primary' })]);
    // The couple's family makes a relation: nothing kept for it.
    expect(plan.partnerLinks).toHaveLength(1);
    expect(plan.families).toBe(5);
  });

  it("keeps one parent's several one-parent families apart by their children's lines", () => {
    const { plan, all } = mapLines([
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I2@',
      '0 @F2@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I3@',
      '0 @F3@ FAM',
      '1 WIFE @I4@',
      '1 CHIL @I5@',
      '0 @I1@ INDI',
      '1 NAME Pedro /III/',
      '0 @I2@ INDI',
      '1 NAME Constanza //',
      '0 @I3@ INDI',
      '1 NAME Isabella //',
      '0 @I4@ INDI',
      '1 NAME Anna /Berg/',
      '0 @I5@ INDI',
      '1 NAME Per /Berg/',
    ]);
    const persons = personsByName(all);
    const id = (name: string) => persons.get(name)?.id;
    const families = plan.extras.filter((extra) => extra.nodeKind === 'family');
    expect(families.map((extra) => [extra.anchor, extra.lines.map((line) => [line.tag, line.pointer])])).toEqual([
      [[id('Pedro III')], [['CHIL', id('Constanza')]]],
      [[id('Pedro III')], [['CHIL', id('Isabella')]]],
    ]);
    expect(plan.parentLinks).toHaveLength(3);
  });

  it("keeps a couple's second family, and a child whose parents came from another family, as member lines", () => {
    const { plan, all } = mapLines([
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 CHIL @I3@',
      '1 MARR',
      '2 DATE 1911',
      '0 @F2@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 MARR',
      '2 DATE 1914',
      '0 @F3@ FAM',
      '1 WIFE @I2@',
      '1 CHIL @I3@',
      '0 @I1@ INDI',
      '1 NAME John /Public/',
      '0 @I2@ INDI',
      '1 NAME Jane /Doe/',
      '0 @I3@ INDI',
      '1 NAME Per /Public/',
    ]);
    const persons = personsByName(all);
    const id = (name: string) => persons.get(name)?.id;
    const families = plan.extras.filter((extra) => extra.nodeKind === 'family');
    expect(families.map((extra) => [extra.anchor, extra.lines.map((line) => [line.tag, line.pointer])])).toEqual([
      // The remarriage: both partners (its events are the couple's, written in the couple's FAM).
      [
        [id('John Public'), id('Jane Doe')].sort(),
        [
          ['HUSB', id('John Public')],
          ['WIFE', id('Jane Doe')],
        ],
      ],
      // Per's parents are F1's: F3 names him as its child all the same.
      [[id('Jane Doe')], [['CHIL', id('Per Public')]]],
    ]);
    expect(plan.partnerLinks).toHaveLength(1);
    expect(plan.parentLinks).toHaveLength(2);
  });

  it('keeps places that differ only by case or accents apart (issue 20, item 8): each spelling is a place', () => {
    const lines = ['0 @I1@ INDI'];
    for (const place of [
      'Åby, Sverige',
      'Aby, Sverige',
      'ÅBY, Sverige',
      'Sätra, Sverige',
      'Satra, sverige',
      'Åby, Sverige',
    ]) {
      lines.push('1 RESI', `2 PLAC ${place}`);
    }
    const { all } = mapLines(lines);
    const places = all('locations');
    const path = (id: string | null | undefined): string => {
      const place = places.find((p) => p.id === id);
      return place ? [place.name, path(place.parentId)].filter((part) => part !== '').join(', ') : '';
    };
    expect(places.map((p) => p.name)).toEqual(['Sverige', 'Åby', 'Aby', 'ÅBY', 'Sätra', 'sverige', 'Satra']);
    // Matching may fold them; storing does not: the folded keys are the same, the names are not.
    expect(new Set(places.filter((p) => p.name.toLowerCase().endsWith('by')).map((p) => p.nameKey)).size).toBe(1);
    const events = all('events');
    expect(events.map((event) => path(event.values.locationId))).toEqual([
      'Åby, Sverige',
      'Aby, Sverige',
      'ÅBY, Sverige',
      'Sätra, Sverige',
      'Satra, sverige',
      'Åby, Sverige',
    ]);
    expect(events[5]?.values.locationId).toBe(events[0]?.values.locationId);
  });

  it('makes other events of the tags Anor has no type for, and keeps the second birth', () => {
    const { all, warnings, plan } = mapLines([
      '0 @I1@ INDI',
      '1 BIRT',
      '2 DATE 1850',
      '1 BIRT',
      '2 DATE 1851',
      '1 CENS',
      '2 DATE 1880',
      '1 EVEN Served in the army',
      '2 TYPE Military',
      '1 _MILT',
      '2 DATE 1870',
      '1 RELI Lutheran',
    ]);
    const events = all('events').map((e) => [e.values.type, e.values.subtype, e.values.typeName, e.values.description]);
    expect(events).toEqual([
      ['birth', null, null, null],
      ['birth', 'alternativeBirth', null, null],
      ['other', null, 'Census', null],
      ['other', null, 'Military', 'Served in the army'],
      ['other', null, '_MILT', null],
      ['fact', 'religion', null, 'Lutheran'],
    ]);
    expect(warnings['second-life-event']?.count).toBe(1);
    const tags = plan.extras.filter((extra) => extra.nodeKind === 'event').map((extra) => extra.tag);
    expect(tags.sort()).toEqual(['CENS', '_MILT']);
  });

  it('shares identical citations and links a node to a note once', () => {
    const { all } = mapLines([
      '0 @S1@ SOUR',
      '1 TITL Book',
      '0 @N1@ NOTE Shared',
      '0 @I1@ INDI',
      '1 NOTE @N1@',
      '1 NOTE @N1@',
      '1 BIRT',
      '2 SOUR @S1@',
      '3 PAGE 5',
      '2 SOUR @S1@',
      '3 PAGE 5',
      '1 DEAT',
      '2 SOUR @S1@',
      '3 PAGE 5',
    ]);
    expect(all('citations')).toHaveLength(1);
    expect(all('citationLinks')).toHaveLength(2);
    expect(all('noteLinks')).toHaveLength(1);
  });

  it('makes participants of ASSO lines with a role, and keeps one with notes of its own whole', () => {
    const { all, plan } = mapLines([
      '0 @I1@ INDI',
      '0 @I2@ INDI',
      '0 @I3@ INDI',
      '1 CHR',
      '2 ASSO @I1@',
      '3 ROLE GODP',
      '2 ASSO @I2@',
      '3 ROLE OTHER',
      '4 PHRASE Klockare',
      '2 ASSO @I1@',
      '3 ROLE WITN',
      '2 ASSO @I2@',
      '3 ROLE WITN',
      '3 NOTE Stood in for his brother',
    ]);
    expect(all('participants').map((p) => p.role)).toEqual(['primary', 'godparent', 'Klockare']);
    const kept = plan.extras.find((extra) => extra.nodeKind === 'event')?.lines.map((line) => line.tag);
    // The second ASSO of I1 (a person is a participant once) and the ASSO with a note: kept as lines.
    expect(kept).toEqual(['ASSO', 'ASSO']);
  });

  it('keeps dates it cannot say whole as text, and warns', () => {
    const { all, warnings } = mapLines([
      '0 @I1@ INDI',
      '1 BIRT',
      '2 DATE @#DJULIAN@ 12 JAN 1700',
      '1 DEAT',
      '2 DATE 11 FEB 1750/51',
    ]);
    const [birth, death] = all('events');
    expect(birth?.values).toMatchObject({ startDate: null, dateText: '@#DJULIAN@ 12 JAN 1700' });
    expect(death?.values).toMatchObject({ startDate: '1751-02-11', dateText: '11 FEB 1750/51' });
    expect(warnings['date-calendar']?.count).toBe(1);
    expect(warnings['date-dual-year']?.count).toBe(1);
  });

  it('gives the same plan whether or not it is drained along the way', () => {
    const lines = [
      '0 @I1@ INDI',
      '1 NAME A /B/',
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      '1 NAME C /D/',
      '1 FAMS @F1@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 MARR',
      '2 DATE 1870',
    ];
    const whole = mapLines(lines);
    const drained = mapLines(lines, 1);
    // Ids differ between runs; everything else is the same.
    const shape = (result: ReturnType<typeof mapLines>) => {
      const names = new Map(result.all('persons').map((p) => [p.id, p.fName]));
      return {
        persons: result.all('persons').map(({ id: _id, ...p }) => p),
        events: result.all('events').map((e) => e.values.type),
        participants: result.all('participants').map((p) => [names.get(p.personId), p.role]),
        partners: result.plan.partnerLinks.map((l) => [names.get(l.personA), names.get(l.personB)].sort()),
      };
    };
    expect(shape(drained)).toEqual(shape(whole));
    expect(shape(whole).partners).toEqual([['A', 'C']]);
  });
});

describe('plain text and the editor HTML', () => {
  it('round-trips lines, empty lines and markup-like text', () => {
    for (const text of ['one line', 'a\nb', 'a\n\nb', '<b>not bold</b> & "quoted"', '\nstarts empty', 'ends empty\n']) {
      expect(htmlToPlainText(plainTextToHtml(text))).toBe(text);
    }
    expect(plainTextToHtml('<script>x</script>')).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>');
  });

  it('reads what the editor writes: paragraphs, line breaks, lists and links', () => {
    expect(htmlToPlainText('<p>One<br>Two</p><ul><li><p>Item</p></li></ul>')).toBe('One\nTwo\nItem');
    expect(htmlToPlainText('<p><a href="https://example.com">site</a></p>')).toBe('site (https://example.com)');
  });
});

// Keeps the convenience wrapper honest too.
it('mapGedcom maps a parsed document in one call', () => {
  const document = parse('0 HEAD\n0 @I1@ INDI\n1 NAME X /Y/\n0 TRLR\n');
  const { plan }: { plan: ImportPlan } = mapGedcom(document.header, document.records, { language: 'sv' });
  expect(plan.persons.map((p) => p.lName)).toEqual(['Y']);
});

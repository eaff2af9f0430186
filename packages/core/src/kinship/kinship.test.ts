import { describe, expect, it } from 'vitest';
import type { Language } from '../schemas/common.ts';
import { type KinSex, type KinStep, type Kinship, kinshipOfPath } from './kinship.ts';
import { kinshipWords, sexOfRelative, yourKinshipWords } from './words.ts';

/**
 * A path from A written as steps, each with the sex of the person it reaches:
 * `^m` up to a father, `^f` to a mother, `^?` to a parent of unknown sex; `vm`, `vf`, `v?` down to
 * a son, a daughter, a child; `=m`, `=f`, `=?` across to a partner; `~m`, `~f` to a sibling whose
 * parents are not known. `half` marks half blood.
 */
function path(spec: string, half = false): Kinship {
  const steps: KinStep[] = [];
  const sexes: KinSex[] = ['unknown'];
  const kinds: Record<string, KinStep> = { '^': 'parent', v: 'child', '=': 'partner', '~': 'sibling' };
  const sexOf: Record<string, KinSex> = { m: 'male', f: 'female', '?': 'unknown' };
  for (const token of spec.split(' ')) {
    steps.push(kinds[token[0] as string] as KinStep);
    sexes.push(sexOf[token[1] as string] as KinSex);
  }
  const kinship = kinshipOfPath(steps, sexes, half);
  if (!kinship) throw new Error(`no kinship shape: ${spec}`);
  return kinship;
}

/** Named cases: [path, half, words in sv, en, da, no, fi]. */
const cases: [string, boolean, Record<Language, string>][] = [
  ['^m', false, { sv: 'far', en: 'father', da: 'far', no: 'far', fi: 'isä' }],
  ['^f', false, { sv: 'mor', en: 'mother', da: 'mor', no: 'mor', fi: 'äiti' }],
  ['^?', false, { sv: 'förälder', en: 'parent', da: 'forælder', no: 'forelder', fi: 'vanhempi' }],
  ['^m ^m', false, { sv: 'farfar', en: 'grandfather', da: 'farfar', no: 'farfar', fi: 'isän isä' }],
  ['^f ^f', false, { sv: 'mormor', en: 'grandmother', da: 'mormor', no: 'mormor', fi: 'äidin äiti' }],
  ['^m ^f', false, { sv: 'farmor', en: 'grandmother', da: 'farmor', no: 'farmor', fi: 'isän äiti' }],
  [
    '^m ^f ^m',
    false,
    { sv: 'farmors far', en: 'great-grandfather', da: 'farmors far', no: 'farmors far', fi: 'isän äidin isä' },
  ],
  [
    '^m ^m ^m ^m',
    false,
    {
      sv: 'farfars farfar',
      en: 'great-great-grandfather',
      da: 'farfars farfar',
      no: 'farfars farfar',
      fi: 'isän isän isän isä',
    },
  ],
  [
    '^m ^m ^m ^m ^f',
    false,
    {
      sv: 'farfars farfars mor',
      en: '3rd great-grandmother',
      da: 'farfars farfars mor',
      no: 'farfars farfars mor',
      fi: 'isän isän isän isän äiti',
    },
  ],
  [
    '^? ^m',
    false,
    { sv: 'förälders far', en: 'grandfather', da: 'forælders far', no: 'forelders far', fi: 'vanhemman isä' },
  ],
  ['vm', false, { sv: 'son', en: 'son', da: 'søn', no: 'sønn', fi: 'poika' }],
  ['vf vm', false, { sv: 'dotterson', en: 'grandson', da: 'dattersøn', no: 'dattersønn', fi: 'tyttären poika' }],
  ['v? v?', false, { sv: 'barnbarn', en: 'grandchild', da: 'barnebarn', no: 'barnebarn', fi: 'lapsenlapsi' }],
  [
    'vm vm vm',
    false,
    { sv: 'sonsons son', en: 'great-grandson', da: 'sønnesøns søn', no: 'sønnesønns sønn', fi: 'pojan pojan poika' },
  ],
  ['^m vm', false, { sv: 'bror', en: 'brother', da: 'bror', no: 'bror', fi: 'veli' }],
  ['^m vf', false, { sv: 'syster', en: 'sister', da: 'søster', no: 'søster', fi: 'sisar' }],
  ['^m v?', false, { sv: 'syskon', en: 'sibling', da: 'søskende', no: 'søsken', fi: 'sisarus' }],
  ['^m vm', true, { sv: 'halvbror', en: 'half-brother', da: 'halvbror', no: 'halvbror', fi: 'puoliveli' }],
  ['^f vf', true, { sv: 'halvsyster', en: 'half-sister', da: 'halvsøster', no: 'halvsøster', fi: 'puolisisar' }],
  ['~m', false, { sv: 'bror', en: 'brother', da: 'bror', no: 'bror', fi: 'veli' }],
  ['^m ^m vm', false, { sv: 'farbror', en: 'uncle', da: 'farbror', no: 'farbror', fi: 'setä' }],
  ['^m ^m vf', false, { sv: 'faster', en: 'aunt', da: 'faster', no: 'faster', fi: 'täti' }],
  ['^f ^m vm', false, { sv: 'morbror', en: 'uncle', da: 'morbror', no: 'morbror', fi: 'eno' }],
  ['^f ^f vf', false, { sv: 'moster', en: 'aunt', da: 'moster', no: 'moster', fi: 'täti' }],
  ['^m ~f', false, { sv: 'faster', en: 'aunt', da: 'faster', no: 'faster', fi: 'täti' }],
  [
    '^m ^m vm',
    true,
    { sv: 'fars halvbror', en: 'half-uncle', da: 'fars halvbror', no: 'fars halvbror', fi: 'isän puoliveli' },
  ],
  [
    '^m ^m ^m vm',
    false,
    { sv: 'farfars bror', en: 'great-uncle', da: 'farfars bror', no: 'farfars bror', fi: 'isän setä' },
  ],
  [
    '^m ^m ^m ^m vm',
    false,
    {
      sv: 'farfars farbror',
      en: 'great-great-uncle',
      da: 'farfars farbror',
      no: 'farfars farbror',
      fi: 'isän isän setä',
    },
  ],
  ['^m vm vm', false, { sv: 'brorson', en: 'nephew', da: 'brorsøn', no: 'brorsønn', fi: 'veljenpoika' }],
  ['^m vf vf', false, { sv: 'systerdotter', en: 'niece', da: 'søsterdatter', no: 'søsterdatter', fi: 'sisarentytär' }],
  [
    '^m v? v?',
    false,
    { sv: 'syskonbarn', en: 'nephew or niece', da: 'søskendes barn', no: 'søskens barn', fi: 'sisaruksenlapsi' },
  ],
  [
    '^m vm vm vf',
    false,
    {
      sv: 'brorsons dotter',
      en: 'grandniece',
      da: 'brorsøns datter',
      no: 'brorsønns datter',
      fi: 'veljen pojan tytär',
    },
  ],
  ['^m ^m vm vm', false, { sv: 'kusin', en: 'first cousin', da: 'fætter', no: 'fetter', fi: 'serkku' }],
  ['^f ^f vf vf', false, { sv: 'kusin', en: 'first cousin', da: 'kusine', no: 'kusine', fi: 'serkku' }],
  ['^m ^m v? v?', false, { sv: 'kusin', en: 'first cousin', da: 'søskendebarn', no: 'søskenbarn', fi: 'serkku' }],
  [
    '^m ^m vm vm',
    true,
    {
      sv: 'halvkusin',
      en: 'half-first cousin',
      da: 'fætter (gennem halvsøskende)',
      no: 'halvfetter',
      fi: 'puoliserkku',
    },
  ],
  [
    '^m ^m vm vm vf',
    false,
    {
      sv: 'kusinbarn',
      en: 'first cousin once removed',
      da: 'fætters datter',
      no: 'fetters datter',
      fi: 'serkun tytär',
    },
  ],
  [
    '^m ^m vm vm vf vm',
    false,
    {
      sv: 'kusinbarnbarn',
      en: 'first cousin twice removed',
      da: 'fætters dattersøn',
      no: 'fetters dattersønn',
      fi: 'serkun tyttären poika',
    },
  ],
  [
    '^m ^m ^m vm vm',
    false,
    { sv: 'fars kusin', en: 'first cousin once removed', da: 'fars fætter', no: 'fars fetter', fi: 'isän serkku' },
  ],
  [
    '^m ^f ^m ^m vm vm',
    false,
    {
      sv: 'farmors kusin',
      en: 'first cousin twice removed',
      da: 'farmors fætter',
      no: 'farmors fetter',
      fi: 'isän äidin serkku',
    },
  ],
  [
    '^m ^m ^m vm vm vm',
    false,
    { sv: 'syssling', en: 'second cousin', da: 'halvfætter', no: 'tremenning', fi: 'pikkuserkku' },
  ],
  [
    '^f ^m ^m vm vf vf',
    false,
    { sv: 'syssling', en: 'second cousin', da: 'halvkusine', no: 'tremenning', fi: 'pikkuserkku' },
  ],
  [
    '^m ^m ^m ^m vm vm vm vm',
    false,
    { sv: 'brylling', en: 'third cousin', da: 'fætter i tredje led', no: 'firmenning', fi: 'pikkupikkuserkku' },
  ],
  [
    '^m ^m ^m ^m ^m vm vm vm vm vf',
    false,
    { sv: 'pyssling', en: 'fourth cousin', da: 'kusine i fjerde led', no: 'femmenning', fi: '4. serkku' },
  ],
  [
    '^m ^m ^m ^m ^m ^m vm vm vm vm vm vm',
    false,
    { sv: 'sexmänning', en: 'fifth cousin', da: 'fætter i femte led', no: 'seksmenning', fi: '5. serkku' },
  ],
  [
    '^m ^m ^m vm vm vm v?',
    false,
    {
      sv: 'sysslingbarn',
      en: 'second cousin once removed',
      da: 'halvfætters barn',
      no: 'tremennings barn',
      fi: 'pikkuserkun lapsi',
    },
  ],
  [
    '^m ^m ^m ^m ^m vm vm vm vm',
    false,
    {
      sv: 'fars brylling',
      en: 'third cousin once removed',
      da: 'fars fætter i tredje led',
      no: 'fars firmenning',
      fi: 'isän pikkupikkuserkku',
    },
  ],
  // In-law, step and partner.
  ['=f', false, { sv: 'maka', en: 'wife', da: 'hustru', no: 'kone', fi: 'vaimo' }],
  ['=?', false, { sv: 'partner', en: 'spouse', da: 'ægtefælle', no: 'ektefelle', fi: 'puoliso' }],
  ['=f ^m', false, { sv: 'svärfar', en: 'father-in-law', da: 'svigerfar', no: 'svigerfar', fi: 'appi' }],
  ['=m ^f', false, { sv: 'svärmor', en: 'mother-in-law', da: 'svigermor', no: 'svigermor', fi: 'anoppi' }],
  ['=f ^m vm', false, { sv: 'svåger', en: 'brother-in-law', da: 'svoger', no: 'svoger', fi: 'lanko' }],
  ['=m ^m vf', false, { sv: 'svägerska', en: 'sister-in-law', da: 'svigerinde', no: 'svigerinne', fi: 'käly' }],
  ['^m vf =m', false, { sv: 'svåger', en: 'brother-in-law', da: 'svoger', no: 'svoger', fi: 'lanko' }],
  ['^m vm =f', false, { sv: 'svägerska', en: 'sister-in-law', da: 'svigerinde', no: 'svigerinne', fi: 'käly' }],
  ['vf =m', false, { sv: 'svärson', en: 'son-in-law', da: 'svigersøn', no: 'svigersønn', fi: 'vävy' }],
  ['vm =f', false, { sv: 'svärdotter', en: 'daughter-in-law', da: 'svigerdatter', no: 'svigerdatter', fi: 'miniä' }],
  ['^m =f', false, { sv: 'styvmor', en: 'stepmother', da: 'stedmor', no: 'stemor', fi: 'äitipuoli' }],
  ['^f =m', false, { sv: 'styvfar', en: 'stepfather', da: 'stedfar', no: 'stefar', fi: 'isäpuoli' }],
  ['^m =f vm', false, { sv: 'styvbror', en: 'stepbrother', da: 'stedbror', no: 'stebror', fi: 'velipuoli' }],
  ['=f vf', false, { sv: 'styvdotter', en: 'stepdaughter', da: 'steddatter', no: 'stedatter', fi: 'tytärpuoli' }],
  [
    '=f vm vm',
    false,
    { sv: 'styvsons son', en: 'stepson’s son', da: 'stedsøns søn', no: 'stesønns sønn', fi: 'poikapuolen poika' },
  ],
  [
    '=f ^m ^m vm vm',
    false,
    { sv: 'makas kusin', en: 'wife’s first cousin', da: 'hustrus fætter', no: 'kones fetter', fi: 'vaimon serkku' },
  ],
  [
    '^m ^m vm vm =f',
    false,
    { sv: 'kusins maka', en: 'first cousin’s wife', da: 'fætters hustru', no: 'fetters kone', fi: 'serkun vaimo' },
  ],
  [
    '^m ^m vm =f',
    false,
    { sv: 'farbrors maka', en: 'uncle’s wife', da: 'farbrors hustru', no: 'farbrors kone', fi: 'sedän vaimo' },
  ],
  [
    '^m ^f =m vm',
    false,
    {
      sv: 'farmors makes son',
      en: 'grandmother’s husband’s son',
      da: 'farmors mands søn',
      no: 'farmors manns sønn',
      fi: 'isän äidin aviomiehen poika',
    },
  ],
  [
    '=f ^m vf =m',
    false,
    {
      sv: 'makas systers make',
      en: 'wife’s sister’s husband',
      da: 'hustrus søsters mand',
      no: 'kones søsters mann',
      fi: 'vaimon sisaren aviomies',
    },
  ],
];

describe('kinship words, named cases in every language', () => {
  for (const [spec, half, words] of cases) {
    for (const [language, expected] of Object.entries(words) as [Language, string][]) {
      it(`${spec}${half ? ' (half)' : ''} in ${language}: ${expected}`, () => {
        expect(kinshipWords(path(spec, half), language)).toBe(expected);
      });
    }
  }
});

describe('kinship of a path', () => {
  it('tells blood, half blood, in-law and step apart', () => {
    expect(path('^m vm')).toMatchObject({ up: ['male'], down: ['male'], half: false, step: null });
    expect(path('^m vm', true).half).toBe(true);
    expect(path('=f ^m')).toMatchObject({ partnerFirst: 'female', up: ['male'] });
    expect(path('^m =f vm')).toMatchObject({ up: ['male'], step: 'female', down: ['male'] });
    expect(path('^m vf =m')).toMatchObject({ up: ['male'], down: ['female'], partnerLast: 'male' });
  });

  it('refuses paths of no kinship shape', () => {
    expect(kinshipOfPath(['child', 'parent'], ['male', 'male', 'female'])).toBeNull();
    expect(kinshipOfPath(['partner', 'partner'], ['male', 'female', 'male'])).toBeNull();
    expect(kinshipOfPath([], ['male'])).toBeNull();
  });

  it('answers the relative’s sex, and “your” as the language agrees it', () => {
    expect(sexOfRelative(path('^m ^f'))).toBe('female');
    expect(sexOfRelative(path('^m vf =m'))).toBe('male');
    expect(yourKinshipWords(path('^m ^f ^m'), 'sv')).toBe('din farmors far');
    expect(yourKinshipWords(path('v? v?'), 'sv')).toBe('ditt barnbarn');
    expect(yourKinshipWords(path('v? v?'), 'no')).toBe('ditt barnebarn');
    expect(yourKinshipWords(path('^m ^f ^m'), 'en')).toBe('your great-grandfather');
    expect(yourKinshipWords(path('^m ^m vm vm'), 'fi')).toBe('sinun serkku');
  });

  it('words a pedigree collapse’s two paths each by its own line', () => {
    // The same person is A's farfars far and A's mormors far.
    expect(kinshipWords(path('^m ^m ^m'), 'sv')).toBe('farfars far');
    expect(kinshipWords(path('^f ^f ^m'), 'sv')).toBe('mormors far');
    expect(kinshipWords(path('^f ^f ^m'), 'da')).toBe('mormors far');
  });
});

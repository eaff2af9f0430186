/**
 * The kinship words of each language, as data: ./words.ts composes them. Each entry is by the
 * sex of the person it names (male, female, unknown). Sources: Svenska Akademiens ordlista and the
 * Swedish Wikipedia's "Syssling" (kusin, syssling = tremänning, brylling = fyrmänning, pyssling =
 * femmänning); sproget.dk (Danish fætter/kusine, halvfætter/halvkusine = næstsøskendebarn for a
 * second cousin, "fætter i tredje led" beyond); Norwegian søskenbarn, tremenning, firmenning …;
 * Finnish serkku, pikkuserkku; Gramps' rel_sv, rel_da, rel_no and rel_fi for comparison.
 */

export type BySex = { male: string; female: string; unknown: string };

/** The Scandinavian languages build words by joining two: far + mor = farmor, bror + son = brorson. */
export interface ScandinavianTerms {
  parent: BySex;
  child: BySex;
  sibling: BySex;
  partner: BySex;
  /** Two words that make one (far + far = farfar); pairs not listed stay apart ("förälders far"). */
  compounds: Record<string, string>;
  /** The prefix of a half-blood sibling (halvbror) and of a step relation (styvbror). */
  half: string;
  stepPrefix: string;
  /** First cousins and beyond, by level (1 = first cousin): gendered where the language is. */
  cousins: BySex[];
  /** A cousin beyond the table: `{n}` is the level. */
  cousinBeyond: BySex;
  /** A cousin's child (Swedish kusinbarn), or null where the language says "fætters søn". */
  cousinChild: string | null;
  /** Half-blood cousins: a prefix (halvkusin), or null where the prefix means something else (Danish). */
  halfCousinPrefix: string | null;
  halfCousinSuffix: string;
  inLaw: {
    parent: BySex;
    sibling: BySex;
    child: BySex;
  };
  step: {
    parent: BySex;
    sibling: BySex;
    child: BySex;
  };
  /** "Your …": the possessive by the word's grammatical gender (neuter words end as listed). */
  yours: { common: string; neuter: string; neuterEndings: string[] };
}

export const svTerms: ScandinavianTerms = {
  parent: { male: 'far', female: 'mor', unknown: 'förälder' },
  child: { male: 'son', female: 'dotter', unknown: 'barn' },
  sibling: { male: 'bror', female: 'syster', unknown: 'syskon' },
  partner: { male: 'make', female: 'maka', unknown: 'partner' },
  compounds: {
    'far+far': 'farfar',
    'far+mor': 'farmor',
    'mor+far': 'morfar',
    'mor+mor': 'mormor',
    'far+bror': 'farbror',
    'far+syster': 'faster',
    'mor+bror': 'morbror',
    'mor+syster': 'moster',
    'bror+son': 'brorson',
    'bror+dotter': 'brorsdotter',
    'bror+barn': 'brorsbarn',
    'syster+son': 'systerson',
    'syster+dotter': 'systerdotter',
    'syster+barn': 'systerbarn',
    'syskon+barn': 'syskonbarn',
    'son+son': 'sonson',
    'son+dotter': 'sondotter',
    'dotter+son': 'dotterson',
    'dotter+dotter': 'dotterdotter',
    'barn+barn': 'barnbarn',
  },
  half: 'halv',
  stepPrefix: 'styv',
  cousins: [
    { male: 'kusin', female: 'kusin', unknown: 'kusin' },
    { male: 'syssling', female: 'syssling', unknown: 'syssling' },
    { male: 'brylling', female: 'brylling', unknown: 'brylling' },
    { male: 'pyssling', female: 'pyssling', unknown: 'pyssling' },
    { male: 'sexmänning', female: 'sexmänning', unknown: 'sexmänning' },
    { male: 'sjumänning', female: 'sjumänning', unknown: 'sjumänning' },
    { male: 'åttamänning', female: 'åttamänning', unknown: 'åttamänning' },
    { male: 'niomänning', female: 'niomänning', unknown: 'niomänning' },
    { male: 'tiomänning', female: 'tiomänning', unknown: 'tiomänning' },
  ],
  cousinBeyond: { male: '{n}-männing', female: '{n}-männing', unknown: '{n}-männing' },
  cousinChild: 'barn',
  halfCousinPrefix: 'halv',
  halfCousinSuffix: '',
  inLaw: {
    parent: { male: 'svärfar', female: 'svärmor', unknown: 'svärförälder' },
    sibling: { male: 'svåger', female: 'svägerska', unknown: 'svåger eller svägerska' },
    child: { male: 'svärson', female: 'svärdotter', unknown: 'svärbarn' },
  },
  step: {
    parent: { male: 'styvfar', female: 'styvmor', unknown: 'styvförälder' },
    sibling: { male: 'styvbror', female: 'styvsyster', unknown: 'styvsyskon' },
    child: { male: 'styvson', female: 'styvdotter', unknown: 'styvbarn' },
  },
  yours: { common: 'din', neuter: 'ditt', neuterEndings: ['barn', 'syskon'] },
};

export const daTerms: ScandinavianTerms = {
  parent: { male: 'far', female: 'mor', unknown: 'forælder' },
  child: { male: 'søn', female: 'datter', unknown: 'barn' },
  sibling: { male: 'bror', female: 'søster', unknown: 'søskende' },
  partner: { male: 'mand', female: 'hustru', unknown: 'ægtefælle' },
  compounds: {
    'far+far': 'farfar',
    'far+mor': 'farmor',
    'mor+far': 'morfar',
    'mor+mor': 'mormor',
    'far+bror': 'farbror',
    'far+søster': 'faster',
    'mor+bror': 'morbror',
    'mor+søster': 'moster',
    'bror+søn': 'brorsøn',
    'bror+datter': 'brordatter',
    'søster+søn': 'søstersøn',
    'søster+datter': 'søsterdatter',
    'søn+søn': 'sønnesøn',
    'søn+datter': 'sønnedatter',
    'datter+søn': 'dattersøn',
    'datter+datter': 'datterdatter',
    'barn+barn': 'barnebarn',
  },
  half: 'halv',
  stepPrefix: 'sted',
  cousins: [
    { male: 'fætter', female: 'kusine', unknown: 'søskendebarn' },
    { male: 'halvfætter', female: 'halvkusine', unknown: 'næstsøskendebarn' },
    { male: 'fætter i tredje led', female: 'kusine i tredje led', unknown: 'slægtning i tredje led' },
    { male: 'fætter i fjerde led', female: 'kusine i fjerde led', unknown: 'slægtning i fjerde led' },
    { male: 'fætter i femte led', female: 'kusine i femte led', unknown: 'slægtning i femte led' },
  ],
  cousinBeyond: { male: 'fætter i {n}. led', female: 'kusine i {n}. led', unknown: 'slægtning i {n}. led' },
  cousinChild: null,
  // Danish halvfætter is a second cousin: half blood is said after the word.
  halfCousinPrefix: null,
  halfCousinSuffix: ' (gennem halvsøskende)',
  inLaw: {
    parent: { male: 'svigerfar', female: 'svigermor', unknown: 'svigerforælder' },
    sibling: { male: 'svoger', female: 'svigerinde', unknown: 'svoger eller svigerinde' },
    child: { male: 'svigersøn', female: 'svigerdatter', unknown: 'svigerbarn' },
  },
  step: {
    parent: { male: 'stedfar', female: 'stedmor', unknown: 'stedforælder' },
    sibling: { male: 'stedbror', female: 'stedsøster', unknown: 'stedsøskende' },
    child: { male: 'stedsøn', female: 'steddatter', unknown: 'stedbarn' },
  },
  yours: { common: 'din', neuter: 'dit', neuterEndings: ['barn', 'søskende'] },
};

export const noTerms: ScandinavianTerms = {
  parent: { male: 'far', female: 'mor', unknown: 'forelder' },
  child: { male: 'sønn', female: 'datter', unknown: 'barn' },
  sibling: { male: 'bror', female: 'søster', unknown: 'søsken' },
  partner: { male: 'mann', female: 'kone', unknown: 'ektefelle' },
  compounds: {
    'far+far': 'farfar',
    'far+mor': 'farmor',
    'mor+far': 'morfar',
    'mor+mor': 'mormor',
    'far+bror': 'farbror',
    'far+søster': 'faster',
    'mor+bror': 'morbror',
    'mor+søster': 'moster',
    'bror+sønn': 'brorsønn',
    'bror+datter': 'brordatter',
    'søster+sønn': 'søstersønn',
    'søster+datter': 'søsterdatter',
    'sønn+sønn': 'sønnesønn',
    'sønn+datter': 'sønnedatter',
    'datter+sønn': 'dattersønn',
    'datter+datter': 'datterdatter',
    'barn+barn': 'barnebarn',
  },
  half: 'halv',
  stepPrefix: 'ste',
  cousins: [
    { male: 'fetter', female: 'kusine', unknown: 'søskenbarn' },
    { male: 'tremenning', female: 'tremenning', unknown: 'tremenning' },
    { male: 'firmenning', female: 'firmenning', unknown: 'firmenning' },
    { male: 'femmenning', female: 'femmenning', unknown: 'femmenning' },
    { male: 'seksmenning', female: 'seksmenning', unknown: 'seksmenning' },
    { male: 'sjumenning', female: 'sjumenning', unknown: 'sjumenning' },
    { male: 'åttemenning', female: 'åttemenning', unknown: 'åttemenning' },
    { male: 'nimenning', female: 'nimenning', unknown: 'nimenning' },
    { male: 'timenning', female: 'timenning', unknown: 'timenning' },
  ],
  cousinBeyond: { male: '{n}-menning', female: '{n}-menning', unknown: '{n}-menning' },
  cousinChild: null,
  halfCousinPrefix: 'halv',
  halfCousinSuffix: '',
  inLaw: {
    parent: { male: 'svigerfar', female: 'svigermor', unknown: 'svigerforelder' },
    sibling: { male: 'svoger', female: 'svigerinne', unknown: 'svoger eller svigerinne' },
    child: { male: 'svigersønn', female: 'svigerdatter', unknown: 'svigerbarn' },
  },
  step: {
    parent: { male: 'stefar', female: 'stemor', unknown: 'steforelder' },
    sibling: { male: 'stebror', female: 'stesøster', unknown: 'stesøsken' },
    child: { male: 'stesønn', female: 'stedatter', unknown: 'stebarn' },
  },
  yours: { common: 'din', neuter: 'ditt', neuterEndings: ['barn', 'søsken', 'menning'] },
};

/** English: generations counted with great- and grand-, cousins by degree and removal. */
export const enTerms = {
  parent: { male: 'father', female: 'mother', unknown: 'parent' },
  child: { male: 'son', female: 'daughter', unknown: 'child' },
  grandparent: { male: 'grandfather', female: 'grandmother', unknown: 'grandparent' },
  grandchild: { male: 'grandson', female: 'granddaughter', unknown: 'grandchild' },
  sibling: { male: 'brother', female: 'sister', unknown: 'sibling' },
  parentSibling: { male: 'uncle', female: 'aunt', unknown: 'uncle or aunt' },
  siblingChild: { male: 'nephew', female: 'niece', unknown: 'nephew or niece' },
  siblingGrandchild: { male: 'grandnephew', female: 'grandniece', unknown: 'grandnephew or grandniece' },
  partner: { male: 'husband', female: 'wife', unknown: 'spouse' },
  inLaw: {
    parent: { male: 'father-in-law', female: 'mother-in-law', unknown: 'parent-in-law' },
    sibling: { male: 'brother-in-law', female: 'sister-in-law', unknown: 'sibling-in-law' },
    child: { male: 'son-in-law', female: 'daughter-in-law', unknown: 'child-in-law' },
  },
  step: {
    parent: { male: 'stepfather', female: 'stepmother', unknown: 'step-parent' },
    sibling: { male: 'stepbrother', female: 'stepsister', unknown: 'step-sibling' },
    child: { male: 'stepson', female: 'stepdaughter', unknown: 'stepchild' },
  },
  ordinals: ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'],
  removed: ['once', 'twice', 'three times'],
  cousin: 'cousin',
  half: 'half-',
  yours: 'your',
} as const;

/** A Finnish word with its genitive, which the word before another takes (isän isä). */
export type FiWord = { nominative: string; genitive: string };
type FiBySex = { male: FiWord; female: FiWord; unknown: FiWord };
const fi = (nominative: string, genitive: string): FiWord => ({ nominative, genitive });

/** Finnish: chains of genitives (isän äidin isä), setä / eno / täti, serkku and pikkuserkku. */
export const fiTerms = {
  parent: { male: fi('isä', 'isän'), female: fi('äiti', 'äidin'), unknown: fi('vanhempi', 'vanhemman') },
  child: { male: fi('poika', 'pojan'), female: fi('tytär', 'tyttären'), unknown: fi('lapsi', 'lapsen') },
  sibling: { male: fi('veli', 'veljen'), female: fi('sisar', 'sisaren'), unknown: fi('sisarus', 'sisaruksen') },
  halfSibling: {
    male: fi('puoliveli', 'puoliveljen'),
    female: fi('puolisisar', 'puolisisaren'),
    unknown: fi('puolisisarus', 'puolisisaruksen'),
  },
  /** A father's brother (setä), a mother's brother (eno), a parent's sister (täti). */
  fatherSibling: {
    male: fi('setä', 'sedän'),
    female: fi('täti', 'tädin'),
    unknown: fi('isän sisarus', 'isän sisaruksen'),
  },
  motherSibling: {
    male: fi('eno', 'enon'),
    female: fi('täti', 'tädin'),
    unknown: fi('äidin sisarus', 'äidin sisaruksen'),
  },
  grandchildUnknown: fi('lapsenlapsi', 'lapsenlapsen'),
  partner: { male: fi('aviomies', 'aviomiehen'), female: fi('vaimo', 'vaimon'), unknown: fi('puoliso', 'puolison') },
  cousins: [fi('serkku', 'serkun'), fi('pikkuserkku', 'pikkuserkun'), fi('pikkupikkuserkku', 'pikkupikkuserkun')],
  cousinBeyond: fi('{n}. serkku', '{n}. serkun'),
  halfPrefix: 'puoli',
  inLaw: {
    parent: { male: fi('appi', 'apen'), female: fi('anoppi', 'anopin'), unknown: fi('appivanhempi', 'appivanhemman') },
    sibling: {
      male: fi('lanko', 'langon'),
      female: fi('käly', 'kälyn'),
      unknown: fi('lanko tai käly', 'langon tai kälyn'),
    },
    child: {
      male: fi('vävy', 'vävyn'),
      female: fi('miniä', 'miniän'),
      unknown: fi('vävy tai miniä', 'vävyn tai miniän'),
    },
  },
  step: {
    parent: {
      male: fi('isäpuoli', 'isäpuolen'),
      female: fi('äitipuoli', 'äitipuolen'),
      unknown: fi('vanhempipuoli', 'vanhempipuolen'),
    },
    sibling: {
      male: fi('velipuoli', 'velipuolen'),
      female: fi('sisarpuoli', 'sisarpuolen'),
      unknown: fi('sisaruspuoli', 'sisaruspuolen'),
    },
    child: {
      male: fi('poikapuoli', 'poikapuolen'),
      female: fi('tytärpuoli', 'tytärpuolen'),
      unknown: fi('lapsipuoli', 'lapsipuolen'),
    },
  },
  yours: 'sinun',
} satisfies Record<string, unknown> & { partner: FiBySex };

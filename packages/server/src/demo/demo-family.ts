import type { DateType, EventType, Gender } from '@anor/core';

/**
 * The demonstration tree's content: a fictional family (every person is invented) in real
 * places of Värmland, seven generations from 1779 to today, with church-record sources as a
 * researcher would cite them. The youngest generations are living, so that visitors see them as
 * private. `demo-tree.ts` turns this into rows.
 */

export const demoTreeName = 'Familjen Lindqvist från Värmland';

export interface DemoPlace {
  key: string;
  parent: string | null;
  name: string;
  type: string;
  lat: number;
  lng: number;
}

/** Parents before their children. Coordinates: the parish churches and towns, rounded. */
export const demoPlaces: DemoPlace[] = [
  { key: 'sverige', parent: null, name: 'Sverige', type: 'Land', lat: 62.0, lng: 15.0 },
  { key: 'varmland', parent: 'sverige', name: 'Värmlands län', type: 'Län', lat: 59.75, lng: 13.25 },
  { key: 'sunne', parent: 'varmland', name: 'Sunne', type: 'Socken', lat: 59.8366, lng: 13.1434 },
  { key: 'sunneKyrka', parent: 'sunne', name: 'Sunne kyrka', type: 'Kyrka', lat: 59.8372, lng: 13.1441 },
  { key: 'lindasen', parent: 'sunne', name: 'Lindåsen', type: 'Gård', lat: 59.8601, lng: 13.0998 },
  { key: 'rottneros', parent: 'sunne', name: 'Rottneros', type: 'By', lat: 59.7972, lng: 13.1194 },
  { key: 'ostraAmtervik', parent: 'varmland', name: 'Östra Ämtervik', type: 'Socken', lat: 59.734, lng: 13.179 },
  { key: 'prastbol', parent: 'ostraAmtervik', name: 'Prästbol', type: 'By', lat: 59.7333, lng: 13.175 },
  { key: 'fryksande', parent: 'varmland', name: 'Fryksände', type: 'Socken', lat: 60.1363, lng: 12.9988 },
  { key: 'kil', parent: 'varmland', name: 'Kil', type: 'Socken', lat: 59.5036, lng: 13.3196 },
  { key: 'arvika', parent: 'varmland', name: 'Arvika', type: 'Stad', lat: 59.6553, lng: 12.5852 },
  { key: 'karlstad', parent: 'varmland', name: 'Karlstad', type: 'Stad', lat: 59.3793, lng: 13.5036 },
  { key: 'domkyrkan', parent: 'karlstad', name: 'Karlstads domkyrka', type: 'Kyrka', lat: 59.3806, lng: 13.503 },
];

export interface DemoPerson {
  key: string;
  fName: string;
  lName: string;
  gender: Gender;
  occupation?: string;
  description?: string;
  /** [father, mother] where known. */
  parents?: [string, string];
}

export const demoPersons: DemoPerson[] = [
  // 1. Born in the 1770s and 1780s
  { key: 'nils1779', fName: 'Nils', lName: 'Andersson', gender: 'male', occupation: 'Bonde' },
  { key: 'kerstin1784', fName: 'Kerstin', lName: 'Olsdotter', gender: 'female' },
  // 2.
  { key: 'maja1810', fName: 'Maja', lName: 'Nilsdotter', gender: 'female', parents: ['nils1779', 'kerstin1784'] },
  {
    key: 'olof1813',
    fName: 'Olof',
    lName: 'Nilsson',
    gender: 'male',
    occupation: 'Torpare',
    parents: ['nils1779', 'kerstin1784'],
  },
  {
    key: 'anders1818',
    fName: 'Anders',
    lName: 'Lindqvist',
    gender: 'male',
    occupation: 'Soldat, senare bonde',
    description: 'Född Anders Nilsson. Soldatnamnet Lindqvist fick han 1838 och behöll det som bonde på Lindåsen.',
    parents: ['nils1779', 'kerstin1784'],
  },
  { key: 'britta1822', fName: 'Britta', lName: 'Jonsdotter', gender: 'female' },
  // 3.
  {
    key: 'karin1848',
    fName: 'Karin',
    lName: 'Lindqvist',
    gender: 'female',
    occupation: 'Piga',
    parents: ['anders1818', 'britta1822'],
  },
  {
    key: 'gustaf1850',
    fName: 'Gustaf',
    lName: 'Lindqvist',
    gender: 'male',
    occupation: 'Skomakare',
    parents: ['anders1818', 'britta1822'],
  },
  {
    key: 'nils1852',
    fName: 'Nils',
    lName: 'Lindqvist',
    gender: 'male',
    occupation: 'Bonde',
    parents: ['anders1818', 'britta1822'],
  },
  { key: 'stina1856', fName: 'Stina', lName: 'Persdotter', gender: 'female' },
  // 4.
  { key: 'hilda1879', fName: 'Hilda', lName: 'Lindqvist', gender: 'female', parents: ['nils1852', 'stina1856'] },
  {
    key: 'per1884',
    fName: 'Per',
    lName: 'Lindqvist',
    gender: 'male',
    occupation: 'Sågverksarbetare',
    parents: ['nils1852', 'stina1856'],
  },
  { key: 'johan1887', fName: 'Johan', lName: 'Lindqvist', gender: 'male', parents: ['nils1852', 'stina1856'] },
  { key: 'emma1889', fName: 'Emma', lName: 'Svensson', gender: 'female' },
  // 5.
  {
    key: 'margit1914',
    fName: 'Margit',
    lName: 'Lindqvist',
    gender: 'female',
    occupation: 'Sömmerska',
    parents: ['per1884', 'emma1889'],
  },
  {
    key: 'karlerik1920',
    fName: 'Karl-Erik',
    lName: 'Lindqvist',
    gender: 'male',
    occupation: 'Lokförare',
    parents: ['per1884', 'emma1889'],
  },
  { key: 'ingrid1925', fName: 'Ingrid', lName: 'Johansson', gender: 'female', occupation: 'Folkskollärare' },
  // 6. Living
  {
    key: 'lars1950',
    fName: 'Lars',
    lName: 'Lindqvist',
    gender: 'male',
    occupation: 'Civilingenjör',
    parents: ['karlerik1920', 'ingrid1925'],
  },
  { key: 'birgitta1952', fName: 'Birgitta', lName: 'Nyström', gender: 'female', occupation: 'Sjuksköterska' },
  { key: 'eva1953', fName: 'Eva', lName: 'Lindqvist', gender: 'female', parents: ['karlerik1920', 'ingrid1925'] },
  { key: 'mats1951', fName: 'Mats', lName: 'Ek', gender: 'male' },
  // 7. Living, born after 1980
  { key: 'anna1981', fName: 'Anna', lName: 'Lindqvist', gender: 'female', parents: ['lars1950', 'birgitta1952'] },
  { key: 'jonas1981', fName: 'Jonas', lName: 'Berg', gender: 'male' },
  { key: 'erik1984', fName: 'Erik', lName: 'Lindqvist', gender: 'male', parents: ['lars1950', 'birgitta1952'] },
  { key: 'sofia1988', fName: 'Sofia', lName: 'Ek', gender: 'female', parents: ['mats1951', 'eva1953'] },
];

/** Couples (whether married or not). */
export const demoPartners: [string, string][] = [
  ['nils1779', 'kerstin1784'],
  ['anders1818', 'britta1822'],
  ['nils1852', 'stina1856'],
  ['per1884', 'emma1889'],
  ['karlerik1920', 'ingrid1925'],
  ['lars1950', 'birgitta1952'],
  ['eva1953', 'mats1951'],
  ['anna1981', 'jonas1981'],
];

/** The root person: in the middle of the tree, so that both ancestors and descendants show. */
export const demoRootKey = 'karlerik1920';

export interface DemoRepository {
  key: string;
  title: string;
  address?: string;
  postalCode?: string;
  city: string;
  country: string;
  www: string;
}

export const demoRepositories: DemoRepository[] = [
  {
    key: 'varmlandsarkiv',
    title: 'Värmlandsarkiv',
    city: 'Karlstad',
    country: 'Sverige',
    www: 'https://www.varmlandsarkiv.se',
  },
  {
    key: 'riksarkivet',
    title: 'Riksarkivet',
    address: 'Fyrverkarbacken 13',
    postalCode: '112 60',
    city: 'Stockholm',
    country: 'Sverige',
    www: 'https://riksarkivet.se',
  },
];

export interface DemoRecord {
  key: string;
  repository: string;
  title: string;
  originator: string;
}

export const demoRecords: DemoRecord[] = [
  {
    key: 'sunneAI',
    repository: 'varmlandsarkiv',
    title: 'Sunne kyrkoarkiv, Husförhörslängder',
    originator: 'Sunne församling',
  },
  {
    key: 'sunneC',
    repository: 'varmlandsarkiv',
    title: 'Sunne kyrkoarkiv, Födelse- och dopböcker',
    originator: 'Sunne församling',
  },
  {
    key: 'sunneE',
    repository: 'varmlandsarkiv',
    title: 'Sunne kyrkoarkiv, Lysnings- och vigselböcker',
    originator: 'Sunne församling',
  },
  {
    key: 'sunneF',
    repository: 'varmlandsarkiv',
    title: 'Sunne kyrkoarkiv, Död- och begravningsböcker',
    originator: 'Sunne församling',
  },
  {
    key: 'amtervikC',
    repository: 'varmlandsarkiv',
    title: 'Östra Ämterviks kyrkoarkiv, Födelse- och dopböcker',
    originator: 'Östra Ämterviks församling',
  },
  {
    key: 'fr1900',
    repository: 'riksarkivet',
    title: 'Folkräkningen 1900, Sunne församling',
    originator: 'Statistiska centralbyrån',
  },
];

export interface DemoCitation {
  key: string;
  record: string;
  page: string;
  /** The transcription, rich text. */
  text: string;
}

export const demoCitations: DemoCitation[] = [
  {
    key: 'bNils1779',
    record: 'sunneC',
    page: 'C:3 (1760–1790), s. 214',
    text: '<p>Martius d. 12 föddes och d. 14 döptes <strong>Nils</strong>. Fadren bonden Anders Nilsson i Lindåsen, modren Karin Jonsdotter.</p>',
  },
  {
    key: 'mNils1779',
    record: 'sunneE',
    page: 'E:1 (1780–1820), s. 71',
    text: '<p>Oct. d. 23 vigdes bondesonen Nils Andersson i Lindåsen och pigan Kerstin Olsdotter från Rottneros.</p>',
  },
  {
    key: 'dNils1779',
    record: 'sunneF',
    page: 'F:2 (1831–1860), s. 44',
    text: '<p>Nov. d. 2 dog, d. 12 begrofs bonden Nils Andersson i Lindåsen, 64 år. Dödsorsak: ålderdomsbräcklighet.</p>',
  },
  {
    key: 'dMaja1810',
    record: 'sunneF',
    page: 'F:1 (1780–1830), s. 162',
    text: '<p>Mars d. 1 dog bondens Nils Anderssons dotter Maja i Lindåsen, ½ år. Kikhosta.</p>',
  },
  {
    key: 'bAnders1818',
    record: 'sunneC',
    page: 'C:5 (1810–1830), s. 87',
    text: '<p>Jan. d. 5 föddes, d. 7 döptes <strong>Anders</strong>. Fadren bonden Nils Andersson i Lindåsen, modren Kerstin Olsdotter, 33 år.</p>',
  },
  {
    key: 'bBritta1822',
    record: 'amtervikC',
    page: 'C:4 (1815–1830), s. 51',
    text: '<p>Maj d. 17 föddes i Prästbol, d. 19 döptes <strong>Britta</strong>. Fadren torparen Jon Persson, modren Ingrid Eriksdotter.</p>',
  },
  {
    key: 'aiLindasen1846',
    record: 'sunneAI',
    page: 'AI:14 (1846–1850), s. 231',
    text: '<p>Lindåsen, 1/4 mantal skatte. Soldaten och brukaren Anders Lindqvist f. 1818, hustrun Britta Jonsdotter f. 1822 i Ö. Ämtervik.</p>',
  },
  {
    key: 'mAnders1818',
    record: 'sunneE',
    page: 'E:2 (1821–1860), s. 133',
    text: '<p>Dec. d. 26 vigdes soldaten Anders Lindqvist i Lindåsen och pigan Britta Jonsdotter från Östra Ämtervik.</p>',
  },
  {
    key: 'utflyttKarin1869',
    record: 'sunneAI',
    page: 'AI:20 (1866–1870), s. 412',
    text: '<p>Dottern Karin, f. 1848. <em>Utflyttad till Nordamerika d. 20 april 1869.</em></p>',
  },
  {
    key: 'bNils1852',
    record: 'sunneC',
    page: 'C:7 (1846–1860), s. 56',
    text: '<p>Febr. d. 11 föddes, d. 15 döptes <strong>Nils</strong>. Fadren soldaten Anders Lindqvist i Lindåsen, modren Britta Jonsdotter.</p>',
  },
  {
    key: 'mNils1852',
    record: 'sunneE',
    page: 'E:3 (1861–1894), s. 98',
    text: '<p>Juni d. 24 vigdes bondesonen Nils Lindqvist i Lindåsen och pigan Stina Persdotter från Fryksände.</p>',
  },
  {
    key: 'dAnders1818',
    record: 'sunneF',
    page: 'F:4 (1881–1894), s. 19',
    text: '<p>April d. 30 dog, maj d. 7 begrofs f.d. soldaten, bonden Anders Lindqvist i Lindåsen, 71 år.</p>',
  },
  {
    key: 'bPer1884',
    record: 'sunneC',
    page: 'C:10 (1876–1894), s. 203',
    text: '<p>Sept. d. 14 föddes, d. 21 döptes <strong>Per</strong>. Fadren bonden Nils Lindqvist i Lindåsen, modren Stina Persdotter.</p>',
  },
  {
    key: 'dJohan1887',
    record: 'sunneF',
    page: 'F:4 (1881–1894), s. 12',
    text: '<p>Febr. d. 10 dog bondens Nils Lindqvists son Johan i Lindåsen, 2 mån. Strypsjuka.</p>',
  },
  {
    key: 'fr1900Lindasen',
    record: 'fr1900',
    page: 'Sunne församling, Lindåsen, hushåll 12',
    text: '<p>Nils Lindqvist, hemmansägare, f. 1852; Stina Persdotter, hustru, f. 1856 i Fryksände; Hilda, dotter, f. 1879; Per, son, f. 1884.</p>',
  },
  {
    key: 'dStina1918',
    record: 'sunneF',
    page: 'F:6 (1895–1925), s. 301',
    text: '<p>Okt. d. 30 dog hustrun Stina Persdotter i Lindåsen, 62 år. Dödsorsak: spanska sjukan.</p>',
  },
  {
    key: 'bKarlErik1920',
    record: 'sunneC',
    page: 'C:14 (1911–1925), s. 178',
    text: '<p>Okt. d. 8 född i Rottneros, d. 31 döpt <strong>Karl Erik</strong>. Fadren sågverksarbetaren Per Lindqvist, modren Emma Svensson.</p>',
  },
];

export interface DemoEvent {
  type: EventType;
  date: string;
  dateType?: DateType;
  endDate?: string;
  place?: string;
  /** [person, role]; the primary participants first. */
  participants: [string, string][];
  cause?: string;
  description?: string;
  citations?: string[];
}

interface Life {
  born: [date: string, place: string];
  baptised?: [date: string, place: string];
  died?: [date: string, place: string, cause?: string];
  buried?: [date: string, place: string];
  /** Citations of the birth and baptism, and of the death and burial. */
  birthCitations?: string[];
  deathCitations?: string[];
  godparents?: string[];
}

const lives: Record<string, Life> = {
  nils1779: {
    born: ['1779-03-12', 'lindasen'],
    baptised: ['1779-03-14', 'sunneKyrka'],
    died: ['1843-11-02', 'lindasen', 'Ålderdomsbräcklighet'],
    buried: ['1843-11-12', 'sunneKyrka'],
    birthCitations: ['bNils1779'],
    deathCitations: ['dNils1779'],
  },
  kerstin1784: {
    born: ['1784-07-24', 'rottneros'],
    baptised: ['1784-07-26', 'sunneKyrka'],
    died: ['1852-02-14', 'lindasen'],
    buried: ['1852-02-22', 'sunneKyrka'],
  },
  maja1810: {
    born: ['1810-09-09', 'lindasen'],
    baptised: ['1810-09-11', 'sunneKyrka'],
    died: ['1811-03-01', 'lindasen', 'Kikhosta'],
    buried: ['1811-03-10', 'sunneKyrka'],
    deathCitations: ['dMaja1810'],
  },
  olof1813: {
    born: ['1813-05-02', 'lindasen'],
    baptised: ['1813-05-04', 'sunneKyrka'],
    died: ['1871-01-15', 'rottneros'],
    buried: ['1871-01-22', 'sunneKyrka'],
  },
  anders1818: {
    born: ['1818-01-05', 'lindasen'],
    baptised: ['1818-01-07', 'sunneKyrka'],
    died: ['1889-04-30', 'lindasen'],
    buried: ['1889-05-07', 'sunneKyrka'],
    birthCitations: ['bAnders1818'],
    deathCitations: ['dAnders1818'],
  },
  britta1822: {
    born: ['1822-05-17', 'prastbol'],
    baptised: ['1822-05-19', 'ostraAmtervik'],
    died: ['1898-12-24', 'lindasen'],
    buried: ['1899-01-02', 'sunneKyrka'],
    birthCitations: ['bBritta1822'],
  },
  karin1848: {
    born: ['1848-08-02', 'lindasen'],
    baptised: ['1848-08-06', 'sunneKyrka'],
    godparents: ['olof1813'],
  },
  gustaf1850: {
    born: ['1850-03-18', 'lindasen'],
    baptised: ['1850-03-24', 'sunneKyrka'],
    died: ['1927-10-09', 'karlstad'],
    buried: ['1927-10-16', 'karlstad'],
  },
  nils1852: {
    born: ['1852-02-11', 'lindasen'],
    baptised: ['1852-02-15', 'sunneKyrka'],
    died: ['1921-06-18', 'lindasen'],
    buried: ['1921-06-26', 'sunneKyrka'],
    birthCitations: ['bNils1852'],
  },
  stina1856: {
    born: ['1856-04-03', 'fryksande'],
    baptised: ['1856-04-06', 'fryksande'],
    died: ['1918-10-30', 'lindasen', 'Spanska sjukan'],
    buried: ['1918-11-05', 'sunneKyrka'],
    deathCitations: ['dStina1918'],
  },
  hilda1879: {
    born: ['1879-04-21', 'lindasen'],
    baptised: ['1879-04-27', 'sunneKyrka'],
    died: ['1958-09-03', 'sunne'],
    buried: ['1958-09-13', 'sunneKyrka'],
  },
  per1884: {
    born: ['1884-09-14', 'lindasen'],
    baptised: ['1884-09-21', 'sunneKyrka'],
    died: ['1952-01-22', 'rottneros'],
    buried: ['1952-02-02', 'sunneKyrka'],
    birthCitations: ['bPer1884'],
    godparents: ['gustaf1850'],
  },
  johan1887: {
    born: ['1887-11-30', 'lindasen'],
    baptised: ['1887-12-04', 'sunneKyrka'],
    died: ['1888-02-10', 'lindasen', 'Strypsjuka'],
    buried: ['1888-02-19', 'sunneKyrka'],
    deathCitations: ['dJohan1887'],
  },
  emma1889: {
    born: ['1889-11-20', 'kil'],
    baptised: ['1889-11-24', 'kil'],
    died: ['1968-05-05', 'karlstad'],
    buried: ['1968-05-17', 'sunneKyrka'],
  },
  margit1914: {
    born: ['1914-04-11', 'rottneros'],
    baptised: ['1914-05-03', 'sunneKyrka'],
    died: ['2001-07-07', 'sunne'],
    buried: ['2001-07-20', 'sunneKyrka'],
  },
  karlerik1920: {
    born: ['1920-10-08', 'rottneros'],
    baptised: ['1920-10-31', 'sunneKyrka'],
    died: ['2003-01-19', 'karlstad'],
    buried: ['2003-02-07', 'karlstad'],
    birthCitations: ['bKarlErik1920'],
    godparents: ['hilda1879'],
  },
  ingrid1925: {
    born: ['1925-06-30', 'arvika'],
    baptised: ['1925-07-26', 'arvika'],
    died: ['2010-11-25', 'karlstad'],
    buried: ['2010-12-10', 'karlstad'],
  },
  lars1950: { born: ['1950-03-22', 'karlstad'], baptised: ['1950-05-07', 'domkyrkan'] },
  birgitta1952: { born: ['1952-01-14', 'kil'] },
  eva1953: { born: ['1953-09-05', 'karlstad'] },
  mats1951: { born: ['1951-02-27', 'arvika'] },
  anna1981: { born: ['1981-04-10', 'karlstad'] },
  jonas1981: { born: ['1981-12-02', 'karlstad'] },
  erik1984: { born: ['1984-11-23', 'karlstad'] },
  sofia1988: { born: ['1988-06-02', 'karlstad'] },
};

function lifeEvents(person: DemoPerson): DemoEvent[] {
  const life = lives[person.key];
  if (!life) return [];
  const parents: [string, string][] = (person.parents ?? []).map((key) => [key, 'parent']);
  const events: DemoEvent[] = [
    {
      type: 'birth',
      date: life.born[0],
      place: life.born[1],
      participants: [[person.key, 'primary'], ...parents],
      citations: life.birthCitations,
    },
  ];
  if (life.baptised) {
    events.push({
      type: 'baptism',
      date: life.baptised[0],
      place: life.baptised[1],
      participants: [
        [person.key, 'primary'],
        ...parents,
        ...(life.godparents ?? []).map((key): [string, string] => [key, 'godparent']),
      ],
      citations: life.birthCitations,
    });
  }
  if (life.died) {
    events.push({
      type: 'death',
      date: life.died[0],
      place: life.died[1],
      cause: life.died[2],
      participants: [[person.key, 'primary']],
      citations: life.deathCitations,
    });
  }
  if (life.buried) {
    events.push({
      type: 'burial',
      date: life.buried[0],
      place: life.buried[1],
      participants: [[person.key, 'primary']],
      citations: life.deathCitations,
    });
  }
  return events;
}

const otherEvents: DemoEvent[] = [
  {
    type: 'marriage',
    date: '1808-10-23',
    place: 'sunneKyrka',
    participants: [
      ['nils1779', 'primary'],
      ['kerstin1784', 'primary'],
    ],
    citations: ['mNils1779'],
  },
  {
    type: 'marriage',
    date: '1846-12-26',
    place: 'sunneKyrka',
    participants: [
      ['anders1818', 'primary'],
      ['britta1822', 'primary'],
    ],
    citations: ['mAnders1818'],
  },
  {
    type: 'occupation',
    date: '1838',
    endDate: '1852',
    place: 'lindasen',
    cause: 'Soldat',
    description: 'Soldat nr 37 för Lindåsens rote, Värmlands regemente.',
    participants: [['anders1818', 'primary']],
    citations: ['aiLindasen1846'],
  },
  {
    type: 'residence',
    date: '1846',
    endDate: '1850',
    place: 'lindasen',
    participants: [
      ['anders1818', 'primary'],
      ['britta1822', 'wife'],
    ],
    citations: ['aiLindasen1846'],
  },
  {
    type: 'emigration',
    date: '1869-04-20',
    place: 'sunne',
    description: 'Utflyttad till Nordamerika, via Göteborg.',
    participants: [['karin1848', 'primary']],
    citations: ['utflyttKarin1869'],
  },
  {
    type: 'marriage',
    date: '1878-06-24',
    place: 'sunneKyrka',
    participants: [
      ['nils1852', 'primary'],
      ['stina1856', 'primary'],
    ],
    citations: ['mNils1852'],
  },
  {
    type: 'residence',
    date: '1900-12-31',
    place: 'lindasen',
    description: 'Folkräkningen 1900.',
    participants: [
      ['nils1852', 'primary'],
      ['stina1856', 'wife'],
      ['hilda1879', 'child'],
      ['per1884', 'child'],
    ],
    citations: ['fr1900Lindasen'],
  },
  {
    type: 'marriage',
    date: '1912-06-21',
    place: 'sunneKyrka',
    participants: [
      ['per1884', 'primary'],
      ['emma1889', 'primary'],
    ],
  },
  {
    type: 'residence',
    date: '1912',
    dateType: 'about',
    place: 'rottneros',
    participants: [
      ['per1884', 'primary'],
      ['emma1889', 'wife'],
    ],
  },
  {
    type: 'marriage',
    date: '1948-08-14',
    place: 'domkyrkan',
    participants: [
      ['karlerik1920', 'primary'],
      ['ingrid1925', 'primary'],
    ],
  },
  {
    type: 'occupation',
    date: '1946',
    endDate: '1985',
    place: 'karlstad',
    cause: 'Lokförare',
    description: 'Vid Statens Järnvägar, Karlstads lokstation.',
    participants: [['karlerik1920', 'primary']],
  },
  {
    type: 'residence',
    date: '1948',
    place: 'karlstad',
    participants: [
      ['karlerik1920', 'primary'],
      ['ingrid1925', 'wife'],
    ],
  },
  {
    type: 'marriage',
    date: '1977-07-09',
    place: 'domkyrkan',
    participants: [
      ['lars1950', 'primary'],
      ['birgitta1952', 'primary'],
    ],
  },
  {
    type: 'marriage',
    date: '1986-05-31',
    place: 'karlstad',
    participants: [
      ['eva1953', 'primary'],
      ['mats1951', 'primary'],
    ],
  },
];

export const demoEvents: DemoEvent[] = [...demoPersons.flatMap(lifeEvents), ...otherEvents];

export interface DemoNote {
  title: string;
  text: string;
  /** Where the note belongs: a person, a place or an event (the first event of that type of the person). */
  on: { person: string } | { place: string } | { event: EventType; person: string };
}

export const demoNotes: DemoNote[] = [
  {
    title: 'Om exempelträdet',
    text: '<p>Det här är ett <strong>påhittat</strong> släktträd som visar vad Anor kan: personer i sju generationer, händelser med datum och platser, källor ur kyrkböckerna och anteckningar. Socknarna och städerna finns på riktigt; gården Lindåsen och personerna är påhittade.</p><p>Levande personer visas som <em>privata</em> för besökare.</p>',
    on: { person: 'karlerik1920' },
  },
  {
    title: 'Soldatnamnet Lindqvist',
    text: '<p>När Anders Nilsson 1838 antogs som soldat för Lindåsens rote fick han, som brukligt, ett soldatnamn: <strong>Lindqvist</strong>, efter roten. Han behöll namnet när han tog över gården, och barnen fick det som efternamn.</p><ul><li>1838: antagen som soldat nr 37</li><li>1852: avsked, brukare av Lindåsen</li></ul>',
    on: { person: 'anders1818' },
  },
  {
    title: 'Utvandringen 1869',
    text: '<p>Missväxtåren 1867–1869 fick många i Fryksdalen att lämna Sverige. Karin reste i april 1869 via Göteborg till Nordamerika. Vad som hände henne sedan är ännu inte utrett: en uppgift för <em>Emigrantregistret</em> och amerikanska folkräkningar.</p>',
    on: { event: 'emigration', person: 'karin1848' },
  },
  {
    title: 'Spanska sjukan',
    text: '<p>Hösten 1918 nådde spanska sjukan Fryksdalen. Död- och begravningsboken för Sunne har under oktober och november flera sidor med samma dödsorsak.</p>',
    on: { event: 'death', person: 'stina1856' },
  },
  {
    title: 'Gården Lindåsen',
    text: '<p>Ett fjärdedels mantal skatte väster om Fryken. Släkten brukade gården från 1700-talet till 1921, då Nils Lindqvist dog. Sonen Per hade redan omkring 1912 flyttat till Rottneros och arbetade vid sågverket där.</p>',
    on: { place: 'lindasen' },
  },
];

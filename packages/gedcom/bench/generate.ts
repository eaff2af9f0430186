/**
 * A deterministic GEDCOM 5.5.1 file of N persons for benchmarks: INDI with NAME (Swedish letters),
 * SEX, BIRT and DEAT with DATE and PLAC, SOUR citations with PAGE, NOTE with CONT and CONC, FAMS
 * and FAMC; FAM with HUSB, WIFE, CHIL and MARR; SOUR and REPO records. Written line by line, not
 * through the package's writer, so that the benchmark does not only read its own output.
 */

/** mulberry32: small, fast, and the same numbers on every machine. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const maleNames = [
  'Erik',
  'Lars',
  'Anders',
  'Per',
  'Olof',
  'Nils',
  'Johan',
  'Karl',
  'Sven',
  'Örjan',
  'Åke',
  'Göran',
  'Håkan',
  'Björn',
];
const femaleNames = [
  'Anna',
  'Maria',
  'Kristina',
  'Margareta',
  'Brita',
  'Ingrid',
  'Karin',
  'Åsa',
  'Märta',
  'Sigrid',
  'Stina',
  'Gunnel',
  'Elsa',
  'Lovisa',
];
const surnames = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Källström',
  'Björk',
  'Ågren',
  'Öberg',
  'Lindqvist',
  'Hällström',
  'Dahlén',
  'Sjöberg',
];
const parishes = [
  'Uppsala domkyrkoförsamling',
  'Älvdalen',
  'Östra Ryd',
  'Skövde',
  'Håbo-Tibble',
  'Järfälla',
  'Gävle Heliga Trefaldighet',
  'Lödöse',
  'Öckerö',
  'Västerås domkyrkoförsamling',
];
const counties = [
  'Uppsala län',
  'Kopparbergs län',
  'Östergötlands län',
  'Skaraborgs län',
  'Stockholms län',
  'Gävleborgs län',
  'Älvsborgs län',
  'Göteborgs och Bohus län',
  'Västmanlands län',
];
const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const noteWords = [
  'bonde',
  'torpare',
  'soldat',
  'piga',
  'dräng',
  'flyttade',
  'till',
  'från',
  'gården',
  'i',
  'socken',
  'år',
  'enligt',
  'husförhörslängd',
  'född',
  'död',
  'gift',
  'med',
  'och',
  'barn',
  'hemmansägare',
  'änka',
  'fattighjon',
  'sjöman',
  'smed',
  'mjölnare',
  'kyrkoherde',
  'skräddare',
];

export interface GeneratedFile {
  text: string;
  persons: number;
  families: number;
}

/** Generates a GEDCOM file of `persons` persons (about one family per two persons). */
export function generateGedcom(persons: number, seed = 7): GeneratedFile {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const lines: string[] = [
    '0 HEAD',
    '1 SOUR ANOR-BENCH',
    '2 NAME Anor benchmark generator',
    '1 GEDC',
    '2 VERS 5.5.1',
    '2 FORM LINEAGE-LINKED',
    '1 CHAR UTF-8',
    '1 SUBM @U1@',
    '0 @U1@ SUBM',
    '1 NAME Anor',
  ];
  const sourceCount = 200;
  for (let index = 1; index <= sourceCount; index++) {
    lines.push(`0 @S${index}@ SOUR`, `1 TITL ${pick(parishes)} församlings kyrkoarkiv, husförhörslängd ${index}`);
    lines.push('1 REPO @R1@');
  }
  lines.push('0 @R1@ REPO', '1 NAME Riksarkivet');

  // Persons come in generations: each family has a husband and wife from the pool and children after.
  const familyCount = Math.floor(persons / 2);
  const familyOfChild = new Int32Array(persons + 1);
  const familiesOfSpouse: number[][] = Array.from({ length: persons + 1 }, () => []);
  const families: { husband: number; wife: number; children: number[] }[] = [];
  for (let family = 1; family <= familyCount; family++) {
    const husband = 2 * family - 1;
    const wife = 2 * family;
    families.push({ husband, wife, children: [] });
    familiesOfSpouse[husband]?.push(family);
    familiesOfSpouse[wife]?.push(family);
  }
  // Person p (after the first 1,000) is a child of an earlier family.
  for (let person = 1001; person <= persons; person++) {
    const family = 1 + Math.floor(random() * Math.min(familyCount, Math.floor((person - 1) / 2) - 1));
    if (family >= 1 && family <= familyCount) {
      familyOfChild[person] = family;
      families[family - 1]?.children.push(person);
    }
  }

  const date = (year: number) => `${1 + Math.floor(random() * 28)} ${pick(months)} ${year}`;
  for (let person = 1; person <= persons; person++) {
    const male = person % 2 === 1;
    const birthYear = 1650 + Math.floor((person / persons) * 300) + Math.floor(random() * 20);
    lines.push(`0 @I${person}@ INDI`);
    lines.push(`1 NAME ${pick(male ? maleNames : femaleNames)} /${pick(surnames)}/`);
    lines.push(`1 SEX ${male ? 'M' : 'F'}`);
    lines.push('1 BIRT', `2 DATE ${date(birthYear)}`, `2 PLAC ${pick(parishes)}, ${pick(counties)}, Sverige`);
    lines.push(
      `2 SOUR @S${1 + Math.floor(random() * sourceCount)}@`,
      `3 PAGE Födelsebok ${birthYear}, sida ${Math.floor(random() * 300)}`,
    );
    if (random() < 0.8) {
      lines.push('1 DEAT', `2 DATE ${date(birthYear + 20 + Math.floor(random() * 70))}`);
      lines.push(`2 PLAC ${pick(parishes)}, ${pick(counties)}, Sverige`);
    }
    if (random() < 0.3) {
      const words = Array.from({ length: 20 + Math.floor(random() * 60) }, () => pick(noteWords)).join(' ');
      lines.push(`1 NOTE ${words.slice(0, 120)}`);
      for (let start = 120; start < words.length; start += 120) {
        lines.push(`2 ${start % 240 === 0 ? 'CONT' : 'CONC'} ${words.slice(start, start + 120)}`);
      }
    }
    for (const family of familiesOfSpouse[person] ?? []) lines.push(`1 FAMS @F${family}@`);
    if (familyOfChild[person]) lines.push(`1 FAMC @F${familyOfChild[person]}@`);
  }
  families.forEach((family, index) => {
    lines.push(`0 @F${index + 1}@ FAM`, `1 HUSB @I${family.husband}@`, `1 WIFE @I${family.wife}@`);
    for (const child of family.children) lines.push(`1 CHIL @I${child}@`);
    lines.push('1 MARR', `2 DATE ${date(1670 + Math.floor(((index + 1) / familyCount) * 300))}`);
    lines.push(`2 PLAC ${pick(parishes)}, ${pick(counties)}, Sverige`);
  });
  lines.push('0 TRLR');
  return { text: `${lines.join('\n')}\n`, persons, families: familyCount };
}

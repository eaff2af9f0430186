import { givenNameVariantGroups } from './given-name-variants.ts';

/**
 * Nordic-aware name matching for the duplicate finder (issue 21): keys under which two records
 * of one person, written by different clerks in different centuries, fall together. Only keys are
 * folded; stored and shown names never change.
 *
 * The folding of one word:
 * - lower case; accents dropped, except that å, ä and ö stay letters of their own (Åby is not
 *   Aby: in the Nordic alphabets Å is a separate letter, sorted after Z, and Åby and Aby are
 *   different places and names); æ is written ä and ø is written ö (the same letters in Danish
 *   and Norwegian spelling as in Swedish), and a double "aa" is å (the Danish and Norwegian
 *   spelling of å before the reforms of 1917 and 1948: Aaby is Åby);
 * - the clerks' and the eras' spellings: ph → f, th → t, ch → k, ck → k, qu → kv, c → k, q → k,
 *   w → v, z → s, x → ks, a silent h after a vowel (Pehr → per, Ohlsson → olsson), hj- and hv- → j-,
 *   v-, a final -ie → -i, and doubled letters written once (Matts → mats, Anderssen → andersen);
 * - for given names, the variant table (`given-name-variants.ts`): Ericus, Erich → erik.
 * Surnames that are patronymics (-son, -sson, -sen, -ssen, -søn, -dotter, -datter, -dóttir and the
 * abbreviations -sd., -sdr., -sdtr.), and the Latin genitives of the clergy (Petri, Olai, Erici,
 * Andreae), become the father's name's key with the mark `p:`, so that Andersson, Andersdotter,
 * Andersen, Andersdatter and Anderssen all fold to `p:anders`.
 */

const vowels = 'aeiouyåäö';

function baseFold(word: string): string {
  let out = '';
  for (const char of word.normalize('NFC').toLowerCase()) {
    if (char === 'æ') out += 'ä';
    else if (char === 'ø') out += 'ö';
    else if (char === 'å' || char === 'ä' || char === 'ö') out += char;
    else out += char.normalize('NFD').replace(/\p{M}/gu, '');
  }
  return out.replaceAll('aa', 'å').replace(/[^a-zåäö]/g, '');
}

/** The spelling fold of one word (see above), without the variant table. */
export function foldNameSpelling(word: string): string {
  return baseFold(word)
    .replaceAll('ph', 'f')
    .replaceAll('th', 't')
    .replaceAll('ch', 'k')
    .replaceAll('ck', 'k')
    .replaceAll('qu', 'kv')
    .replace(/[cq]/g, 'k')
    .replaceAll('w', 'v')
    .replaceAll('z', 's')
    .replaceAll('x', 'ks')
    .replace(/^h([jv])/, '$1')
    .replace(new RegExp(`([${vowels}])h(?=[^${vowels}]|$)`, 'g'), '$1')
    .replace(/ie$/, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** Folded form → the folded canonical form of its group (the group's first entry). */
const canonicalByForm: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const group of givenNameVariantGroups) {
    const canonical = foldNameSpelling(group[0] ?? '');
    for (const form of group) {
      const folded = foldNameSpelling(form);
      if (!map.has(folded)) map.set(folded, canonical);
    }
  }
  return map;
})();

/** Whether the variant table knows this folded form. */
function known(folded: string): boolean {
  return canonicalByForm.has(folded);
}

/** The key of one given name: its spelling fold, then its group's canonical form. */
export function givenNameKey(name: string): string {
  const folded = foldNameSpelling(name);
  return canonicalByForm.get(folded) ?? folded;
}

const patronymicSuffix = /^(.{2,}?)(son|sön|sen|doter|döter|dater|dotir|dötir)$/;
/** Abbreviated daughters' patronymics of the church books: Andersd., Andersdr., Andersdtr. */
const abbreviatedSuffix = /^(.{2,}?s)(d|dr|dtr)$/;

/** The key of a father's name inside a patronymic: the genitive s dropped, then the variant table. */
function fatherKey(stem: string): string {
  const root = stem.replace(/s+$/, '');
  if (root.length < 2) return stem;
  if (known(`${root}s`)) return canonicalByForm.get(`${root}s`) as string;
  return canonicalByForm.get(root) ?? root;
}

/** A Latin genitive of the church books (Petri, Olai, Laurentii, Erici, Andreae): the name it is of, or null. */
function latinGenitive(folded: string): string | null {
  const candidates = [
    `${folded.slice(0, -1)}us`,
    `${folded}us`,
    `${folded.slice(0, -2)}as`,
    `${folded.slice(0, -1)}as`,
  ];
  if (!/(i|ae|ä)$/.test(folded)) return null;
  for (const candidate of candidates) {
    if (candidate.endsWith('us') || candidate.endsWith('as')) {
      if (known(candidate) && candidate !== folded) return canonicalByForm.get(candidate) as string;
    }
  }
  return null;
}

/** The key of one surname word: `p:` and the father's key for a patronymic, else the spelling fold. */
export function surnameKey(name: string): string {
  const folded = foldNameSpelling(name);
  const abbreviated = abbreviatedSuffix.exec(folded);
  if (abbreviated?.[1]) return `p:${fatherKey(abbreviated[1])}`;
  const patronymic = patronymicSuffix.exec(folded);
  if (patronymic?.[1]) return `p:${fatherKey(patronymic[1])}`;
  const latin = latinGenitive(folded);
  if (latin) return `p:${latin}`;
  return folded;
}

export interface PersonNameParts {
  fName?: string | null;
  pName?: string | null;
  lName?: string | null;
}

/** Little words of surnames that say nothing of the family (von, af, de, …). */
const particles = new Set(['von', 'af', 'av', 'de', 'van', 'der', 'den', 'la', 'le', 'du', 'zu']);

function words(value: string | null | undefined): string[] {
  return (value ?? '').split(/[\s\-.,/]+/).filter((word) => baseFold(word).length >= 2);
}

/** The given-name words that make keys: the first two (the calling name is often the second). */
export function givenWords(name: PersonNameParts): string[] {
  return words(name.fName).slice(0, 2);
}

/**
 * The surname words that make keys: the last name's, without particles. (`pName` is the nickname,
 * which says nothing of the family: it makes no key.)
 */
export function surnameWords(name: PersonNameParts): string[] {
  return words(name.lName)
    .filter((word) => !particles.has(baseFold(word)))
    .slice(0, 3);
}

/** At most this many keys a person is stored under (the names and other names together). */
export const MAX_MATCH_KEYS = 12;

/**
 * The keys a person is found under by the duplicate finder: "given|surname" for each of the
 * first two given names and each last-name word, of the name and of each other name ("given|" when
 * there is no surname). A person without a given name has no keys (too little to match on).
 */
export function personMatchKeys(names: ReadonlyArray<PersonNameParts>): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    const surnames = surnameWords(name).map(surnameKey);
    for (const given of givenWords(name).map(givenNameKey)) {
      if (!given) continue;
      if (surnames.length === 0) keys.add(`${given}|`);
      for (const surname of surnames) if (surname) keys.add(`${given}|${surname}`);
    }
  }
  return [...keys].slice(0, MAX_MATCH_KEYS);
}

/** Whether two names fall together under at least one key. */
export function namesMatch(a: PersonNameParts, b: PersonNameParts): boolean {
  const keys = new Set(personMatchKeys([a]));
  return personMatchKeys([b]).some((key) => keys.has(key));
}

/** Two spellings of one name that the matching took as the same ("Andersdotter ~ Andersson"). */
export interface NameVariant {
  a: string;
  b: string;
}

/**
 * How two matching names differ, word by word, for the finder's reasons: the pairs of words that
 * are written differently but share a key (given names with given names, surnames with surnames).
 * An empty answer for matching names means they are written alike (case aside).
 */
export function nameVariants(a: PersonNameParts, b: PersonNameParts): NameVariant[] {
  const variants: NameVariant[] = [];
  const pairUp = (left: string[], right: string[], key: (word: string) => string) => {
    for (const x of left) {
      if (right.some((y) => y.toLowerCase() === x.toLowerCase())) continue;
      const y = right.find((candidate) => key(candidate) === key(x));
      if (y) variants.push({ a: x, b: y });
    }
  };
  pairUp(givenWords(a), givenWords(b), givenNameKey);
  pairUp(surnameWords(a), surnameWords(b), surnameKey);
  return variants;
}

/** The name written out as the keys read it: given names and last name (the nickname left out). */
export function fullName(name: PersonNameParts): string {
  return [name.fName, name.lName].filter((part) => part?.trim()).join(' ');
}

import type { Language } from '../schemas/common.ts';
import type { KinSex, Kinship } from './kinship.ts';
import {
  type BySex,
  daTerms,
  enTerms,
  type FiWord,
  fiTerms,
  noTerms,
  type ScandinavianTerms,
  svTerms,
} from './terms.ts';

/**
 * The words for a kinship (B is A's …) in a language, as people say them: Swedish farfars far,
 * kusinbarn, syssling; Danish and Norwegian fætter, tremenning; Finnish isän serkku; English
 * first cousin once removed. Named words first (svärfar, styvbror, faster), otherwise the chain
 * of possessives the language uses (farmors makes son, wife's first cousin).
 */
export function kinshipWords(kinship: Kinship, language: Language): string {
  switch (language) {
    case 'sv':
      return scandinavianWords(svTerms, kinship);
    case 'da':
      return scandinavianWords(daTerms, kinship);
    case 'no':
      return scandinavianWords(noTerms, kinship);
    case 'fi':
      return finnishWords(kinship);
    default:
      return englishWords(kinship);
  }
}

/** "Your farmors far": the words with the possessive the language puts before them. */
export function yourKinshipWords(kinship: Kinship, language: Language): string {
  const words = kinshipWords(kinship, language);
  const terms = language === 'sv' ? svTerms : language === 'da' ? daTerms : language === 'no' ? noTerms : null;
  if (terms) {
    const isNeuter = terms.yours.neuterEndings.some((ending) => words.endsWith(ending));
    return `${isNeuter ? terms.yours.neuter : terms.yours.common} ${words}`;
  }
  return `${language === 'fi' ? fiTerms.yours : enTerms.yours} ${words}`;
}

/** B's sex: the last person of the path. */
export function sexOfRelative(kinship: Kinship): KinSex {
  return (
    kinship.partnerLast ??
    kinship.down.at(-1) ??
    kinship.step ??
    (kinship.down.length === 0 ? kinship.up.at(-1) : undefined) ??
    kinship.partnerFirst ??
    'unknown'
  );
}

const isPartnerOnly = (k: Kinship) =>
  k.partnerFirst !== null && k.up.length === 0 && k.down.length === 0 && k.step === null && k.partnerLast === null;

/** The shapes that have a word of their own: in-laws and steps one generation away. */
type Named = 'partner' | 'inLawParent' | 'inLawSibling' | 'inLawChild' | 'stepParent' | 'stepSibling' | 'stepChild';

function namedShape(k: Kinship): { shape: Named; sex: KinSex } | null {
  const m = k.up.length;
  const n = k.down.length;
  if (isPartnerOnly(k)) return { shape: 'partner', sex: k.partnerFirst ?? 'unknown' };
  if (k.half) return null;
  const first = k.partnerFirst !== null;
  const last = k.partnerLast !== null;
  const step = k.step !== null;
  if (first && !last && !step) {
    if (m === 1 && n === 0) return { shape: 'inLawParent', sex: k.up[0] ?? 'unknown' };
    if (m === 1 && n === 1) return { shape: 'inLawSibling', sex: k.down[0] ?? 'unknown' };
    if (m === 0 && n === 1) return { shape: 'stepChild', sex: k.down[0] ?? 'unknown' };
  }
  if (!first && last && !step) {
    if (m === 0 && n === 1) return { shape: 'inLawChild', sex: k.partnerLast ?? 'unknown' };
    if (m === 1 && n === 1) return { shape: 'inLawSibling', sex: k.partnerLast ?? 'unknown' };
  }
  if (!first && !last && step && m === 1) {
    if (n === 0) return { shape: 'stepParent', sex: k.step ?? 'unknown' };
    if (n === 1) return { shape: 'stepSibling', sex: k.down[0] ?? 'unknown' };
  }
  return null;
}

function namedWord<T>(
  terms: { partner: { [S in KinSex]: T }; inLaw: Record<'parent' | 'sibling' | 'child', { [S in KinSex]: T }> } & {
    step: Record<'parent' | 'sibling' | 'child', { [S in KinSex]: T }>;
  },
  named: { shape: Named; sex: KinSex },
): T {
  const { shape, sex } = named;
  switch (shape) {
    case 'partner':
      return terms.partner[sex];
    case 'inLawParent':
      return terms.inLaw.parent[sex];
    case 'inLawSibling':
      return terms.inLaw.sibling[sex];
    case 'inLawChild':
      return terms.inLaw.child[sex];
    case 'stepParent':
      return terms.step.parent[sex];
    case 'stepSibling':
      return terms.step.sibling[sex];
    default:
      return terms.step.child[sex];
  }
}

/**
 * The parts of a kinship, each a list of segments the language joins with possessives: A's
 * partner, the blood (or step) relation, B as the relative's partner.
 */
function composeParts<T>(
  k: Kinship,
  words: {
    partner: (sex: KinSex) => T;
    blood: (up: KinSex[], down: KinSex[], half: boolean) => T[];
    parents: (up: KinSex[]) => T[];
    children: (down: KinSex[]) => T[];
    stepParent: (sex: KinSex) => T;
    stepSibling: (sex: KinSex) => T;
    stepChild: (sex: KinSex) => T;
  },
): T[] {
  const m = k.up.length;
  const segments: T[] = [];
  const down = k.down;
  if (k.partnerFirst !== null && m === 0 && k.step === null && down.length > 0) {
    // A partner's child who is not A's: a stepchild, and their line below.
    segments.push(words.stepChild(down[0] ?? 'unknown'), ...words.children(down.slice(1)));
  } else {
    if (k.partnerFirst !== null) segments.push(words.partner(k.partnerFirst));
    if (k.step !== null && m === 1) {
      if (down.length === 0) segments.push(words.stepParent(k.step));
      else segments.push(words.stepSibling(down[0] ?? 'unknown'), ...words.children(down.slice(1)));
    } else if (k.step !== null) {
      segments.push(...words.parents(k.up), words.partner(k.step), ...words.children(down));
    } else if (m + down.length > 0) {
      segments.push(...words.blood(k.up, down, k.half));
    }
  }
  if (k.partnerLast !== null) segments.push(words.partner(k.partnerLast));
  return segments;
}

// Scandinavian ----------------------------------------------------------------------------------

interface Unit {
  word: string;
  joins: boolean;
}

/** Joins neighbours the language makes one word of, from the nearest: far far far → farfar, far. */
function pairUp(terms: ScandinavianTerms, units: Unit[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < units.length; i += 1) {
    const unit = units[i] as Unit;
    const next = units[i + 1];
    const compound = next && unit.joins && next.joins ? terms.compounds[`${unit.word}+${next.word}`] : undefined;
    if (compound) {
      out.push(compound);
      i += 1;
    } else out.push(unit.word);
  }
  return out;
}

function cousinWord(table: BySex[], beyond: BySex, level: number, sex: KinSex): string {
  const entry = table[level - 1];
  return entry ? entry[sex] : beyond[sex].replace('{n}', String(level + 1));
}

function scandinavianBlood(t: ScandinavianTerms, up: KinSex[], down: KinSex[], half: boolean): string[] {
  const m = up.length;
  const n = down.length;
  const parent = (sex: KinSex): Unit => ({ word: t.parent[sex], joins: true });
  const child = (sex: KinSex): Unit => ({ word: t.child[sex], joins: true });
  const sibling = (sex: KinSex): Unit =>
    half ? { word: `${t.half}${t.sibling[sex]}`, joins: false } : { word: t.sibling[sex], joins: true };
  if (n === 0) return pairUp(t, up.map(parent));
  if (m === 0) return pairUp(t, down.map(child));
  if (n === 1) return pairUp(t, [...up.slice(0, m - 1).map(parent), sibling(down[0] ?? 'unknown')]);
  if (m === 1) return pairUp(t, [sibling(down[0] ?? 'unknown'), ...down.slice(1).map(child)]);
  const level = Math.min(m, n) - 1;
  const removed = m - n;
  // The cousin of A's generation line: B when B is older or of A's generation, else B's ancestor.
  const cousinSex = removed >= 0 ? (down.at(-1) ?? 'unknown') : (down[m - 1] ?? 'unknown');
  let cousin = cousinWord(t.cousins, t.cousinBeyond, level, cousinSex);
  if (half) cousin = t.halfCousinPrefix !== null ? `${t.halfCousinPrefix}${cousin}` : `${cousin}${t.halfCousinSuffix}`;
  if (removed > 0) return [...pairUp(t, up.slice(0, removed).map(parent)), cousin];
  if (removed === 0) return [cousin];
  if (t.cousinChild !== null) return [cousin + t.cousinChild.repeat(-removed)];
  return [cousin, ...pairUp(t, down.slice(m).map(child))];
}

function scandinavianWords(t: ScandinavianTerms, k: Kinship): string {
  const named = namedShape(k);
  if (named) return namedWord(t, named);
  const segments = composeParts<string>(k, {
    partner: (sex) => t.partner[sex],
    blood: (up, down, half) => scandinavianBlood(t, up, down, half),
    parents: (up) =>
      pairUp(
        t,
        up.map((sex) => ({ word: t.parent[sex], joins: true })),
      ),
    children: (down) =>
      pairUp(
        t,
        down.map((sex) => ({ word: t.child[sex], joins: true })),
      ),
    stepParent: (sex) => t.step.parent[sex],
    stepSibling: (sex) => t.step.sibling[sex],
    stepChild: (sex) => t.step.child[sex],
  });
  return segments.map((word, i) => (i < segments.length - 1 && !/[sxz]$/.test(word) ? `${word}s` : word)).join(' ');
}

// English ---------------------------------------------------------------------------------------

function ordinalNumber(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  return `${value}${['th', 'st', 'nd', 'rd'][value % 10] ?? 'th'}`;
}

/** great-, great-great-, then 3rd great-, 4th great-, … */
function greats(count: number): string {
  if (count <= 0) return '';
  if (count <= 2) return 'great-'.repeat(count);
  return `${ordinalNumber(count)} great-`;
}

function englishBlood(up: KinSex[], down: KinSex[], half: boolean): string[] {
  const m = up.length;
  const n = down.length;
  const b = down.at(-1) ?? up.at(-1) ?? 'unknown';
  const halfPrefix = half ? enTerms.half : '';
  if (n === 0) return [m === 1 ? enTerms.parent[b] : `${greats(m - 2)}${enTerms.grandparent[b]}`];
  if (m === 0) return [n === 1 ? enTerms.child[b] : `${greats(n - 2)}${enTerms.grandchild[b]}`];
  if (m === 1 && n === 1) return [`${halfPrefix}${enTerms.sibling[b]}`];
  if (n === 1) return [`${halfPrefix}${greats(m - 2)}${enTerms.parentSibling[b]}`];
  if (m === 1) {
    return [
      n === 2
        ? `${halfPrefix}${enTerms.siblingChild[b]}`
        : `${halfPrefix}${greats(n - 3)}${enTerms.siblingGrandchild[b]}`,
    ];
  }
  const level = Math.min(m, n) - 1;
  const removed = Math.abs(m - n);
  const degree = enTerms.ordinals[level - 1] ?? ordinalNumber(level);
  const times = removed === 0 ? '' : ` ${enTerms.removed[removed - 1] ?? `${removed} times`} removed`;
  return [`${halfPrefix}${degree} ${enTerms.cousin}${times}`];
}

function englishWords(k: Kinship): string {
  const named = namedShape(k);
  if (named) return namedWord(enTerms, named);
  const segments = composeParts<string>(k, {
    partner: (sex) => enTerms.partner[sex],
    blood: englishBlood,
    parents: (up) => englishBlood(up, [], false),
    children: (down) => (down.length === 0 ? [] : englishBlood([], down, false)),
    stepParent: (sex) => enTerms.step.parent[sex],
    stepSibling: (sex) => enTerms.step.sibling[sex],
    stepChild: (sex) => enTerms.step.child[sex],
  });
  return segments.join('’s ');
}

// Finnish ---------------------------------------------------------------------------------------

function finnishBlood(up: KinSex[], down: KinSex[], half: boolean): FiWord[] {
  const m = up.length;
  const n = down.length;
  const parent = (sex: KinSex) => fiTerms.parent[sex];
  const child = (sex: KinSex) => fiTerms.child[sex];
  const first = down[0] ?? 'unknown';
  if (n === 0) return up.map(parent);
  if (m === 0) {
    if (n === 2 && down.every((sex) => sex === 'unknown')) return [fiTerms.grandchildUnknown];
    return down.map(child);
  }
  if (m === 1 && n === 1) return [(half ? fiTerms.halfSibling : fiTerms.sibling)[first]];
  if (n === 1) {
    if (half) return [...up.slice(0, m - 1).map(parent), fiTerms.halfSibling[first]];
    // Setä, eno and täti are a parent's siblings; a grandparent's are the parent's setä (isän setä).
    const side = up[m - 2] ?? 'unknown';
    const uncle =
      side === 'male' ? fiTerms.fatherSibling[first] : side === 'female' ? fiTerms.motherSibling[first] : undefined;
    const before = up.slice(0, m - 2).map(parent);
    return uncle ? [...before, uncle] : [...before, parent('unknown'), fiTerms.sibling[first]];
  }
  if (m === 1) {
    const sibling = (half ? fiTerms.halfSibling : fiTerms.sibling)[first];
    const rest = down.slice(1).map(child);
    // Veljenpoika, sisarentytär: one word for a sibling's child.
    if (n === 2) {
      const own = rest[0] as FiWord;
      return [{ nominative: sibling.genitive + own.nominative, genitive: sibling.genitive + own.genitive }];
    }
    return [sibling, ...rest];
  }
  const level = Math.min(m, n) - 1;
  const removed = m - n;
  const base = fiTerms.cousins[level - 1] ?? {
    nominative: fiTerms.cousinBeyond.nominative.replace('{n}', String(level)),
    genitive: fiTerms.cousinBeyond.genitive.replace('{n}', String(level)),
  };
  const cousin = half
    ? { nominative: fiTerms.halfPrefix + base.nominative, genitive: fiTerms.halfPrefix + base.genitive }
    : base;
  if (removed > 0) return [...up.slice(0, removed).map(parent), cousin];
  if (removed === 0) return [cousin];
  return [cousin, ...down.slice(m).map(child)];
}

function finnishWords(k: Kinship): string {
  const named = namedShape(k);
  if (named) return namedWord(fiTerms, named).nominative;
  const segments = composeParts<FiWord>(k, {
    partner: (sex) => fiTerms.partner[sex],
    blood: finnishBlood,
    parents: (up) => up.map((sex) => fiTerms.parent[sex]),
    children: (down) => down.map((sex) => fiTerms.child[sex]),
    stepParent: (sex) => fiTerms.step.parent[sex],
    stepSibling: (sex) => fiTerms.step.sibling[sex],
    stepChild: (sex) => fiTerms.step.child[sex],
  });
  return segments.map((word, i) => (i < segments.length - 1 ? word.genitive : word.nominative)).join(' ');
}

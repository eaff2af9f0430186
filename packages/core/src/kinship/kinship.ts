/**
 * A relationship between two persons A and B, as the shape of the path that joins them, without
 * names or words: the words come from ./words.ts in each language. The path is read from A:
 * optionally to A's partner, up through parents to the top (the common ancestor, or the couple),
 * optionally across to the top's partner (a step relation), down through children to B's blood
 * relative, and optionally across to that relative's partner.
 */

export type KinSex = 'male' | 'female' | 'unknown';

export interface Kinship {
  /** The path starts at A's partner (B is kin of A's partner): that partner's sex. */
  partnerFirst: KinSex | null;
  /** The persons above the start, nearest first; the last is the top. */
  up: KinSex[];
  /** The path goes across from the top to the top's partner, who is not a parent on A's line: their sex. */
  step: KinSex | null;
  /** The persons below the top (or the top's partner), nearest first, down to B's blood relative. */
  down: KinSex[];
  /** The two lines below the top share one parent only (half-siblings and their lines). */
  half: boolean;
  /** B is the partner of the blood relative the path reached: B's sex. */
  partnerLast: KinSex | null;
}

/** One step of a path from a person to the next: to a parent, a child, a partner, or a sibling whose parents are not known. */
export type KinStep = 'parent' | 'child' | 'partner' | 'sibling';

export function toKinSex(gender: string | null | undefined): KinSex {
  return gender === 'male' || gender === 'female' ? gender : 'unknown';
}

/**
 * The kinship of a path: `steps[i]` leads from person i to person i+1 and `sexes[i]` is person
 * i's sex (A first, B last). Answers null for a path of no kinship shape (two partner steps in a
 * row, a child step before a parent step, …).
 */
export function kinshipOfPath(steps: readonly KinStep[], sexes: readonly KinSex[], half = false): Kinship | null {
  if (steps.length === 0 || sexes.length !== steps.length + 1) return null;
  const kinship: Kinship = { partnerFirst: null, up: [], step: null, down: [], half, partnerLast: null };
  let at = 0;
  const sexAfter = (index: number) => sexes[index + 1] as KinSex;
  if (steps[at] === 'partner') {
    kinship.partnerFirst = sexAfter(at);
    at += 1;
  }
  while (steps[at] === 'parent') {
    kinship.up.push(sexAfter(at));
    at += 1;
  }
  if (steps[at] === 'sibling') {
    // Siblings whose parents are not known: up to an unknown parent and down again.
    kinship.up.push('unknown');
    kinship.down.push(sexAfter(at));
    at += 1;
  } else if (steps[at] === 'partner' && kinship.up.length > 0) {
    kinship.step = sexAfter(at);
    at += 1;
  }
  while (steps[at] === 'child') {
    kinship.down.push(sexAfter(at));
    at += 1;
  }
  const isBlood = kinship.up.length + kinship.down.length > 0;
  if (steps[at] === 'partner' && isBlood && kinship.step === null && kinship.down.length > 0) {
    kinship.partnerLast = sexAfter(at);
    at += 1;
  }
  if (at !== steps.length) return null;
  // A partner's partner, or a step-parent's step back: no kinship shape.
  if (kinship.partnerFirst !== null && kinship.up.length === 0 && kinship.down.length === 0 && steps.length > 1) {
    return null;
  }
  return kinship;
}

/** Generations between A and the top, and between the top and B's blood relative. */
export function generationsOf(kinship: Kinship) {
  return { up: kinship.up.length, down: kinship.down.length };
}

import { type DuplicatePerson, type DuplicateReason, fullName, nameVariants, type PersonNameParts } from '@anor/core';

/**
 * The points of the duplicate finder's evidence (issue 21), used by the finder's SQL and by the
 * suggestions alike. A shared name key is the start (35, or 45 written alike); births in the same
 * year or within two add much, within five a little, further apart take a lot away; the same birth
 * or death place and shared parents add; a different known father or mother takes away, unless
 * the two fathers' (mothers') names match, for then the parents may be duplicates too. Shared
 * parents with births three or more years apart are likely siblings: a child who died was often
 * followed by one given the same name. The score is the sum, kept within 0–100; pairs from 50 are listed.
 */
export const weights = {
  sameName: 45,
  nameVariant: 35,
  /** Years apart that still count as "near" and "close". */
  nearYears: 2,
  closeYears: 5,
  birthSame: 25,
  birthNear: 15,
  birthClose: 5,
  birthFar: -40,
  deathSame: 15,
  deathNear: 8,
  deathClose: 0,
  deathFar: -40,
  samePlace: 10,
  sharedParent: 20,
  siblingsLikely: -20,
  parentNamesMatch: 5,
  differentParent: -30,
  differentGender: -50,
} as const;

/** The points of two birth (or death) years, as the SQL computes them. */
export function yearPoints(a: number | null, b: number | null, kind: 'birth' | 'death'): number {
  if (a === null || b === null) return 0;
  const diff = Math.abs(a - b);
  if (diff === 0) return kind === 'birth' ? weights.birthSame : weights.deathSame;
  if (diff <= weights.nearYears) return kind === 'birth' ? weights.birthNear : weights.deathNear;
  if (diff <= weights.closeYears) return kind === 'birth' ? weights.birthClose : weights.deathClose;
  return kind === 'birth' ? weights.birthFar : weights.deathFar;
}

export function clampScore(points: number): number {
  return Math.max(0, Math.min(100, points));
}

function nameReasons(a: PersonNameParts, b: PersonNameParts, points: number): DuplicateReason[] {
  const variants = nameVariants(a, b);
  if (variants.length === 0) return [{ kind: 'sameName', a: fullName(a), points }];
  return variants.map((variant, index) => ({
    kind: 'nameVariant' as const,
    a: variant.a,
    b: variant.b,
    // The name's points once, on the first variant.
    points: index === 0 ? points : 0,
  }));
}

function yearReason(
  kind: 'birth' | 'death',
  a: number | null,
  b: number | null,
  points: number,
): DuplicateReason | null {
  if (a === null || b === null) return null;
  if (a === b) return { kind: kind === 'birth' ? 'birthSame' : 'deathSame', a: String(a), points };
  const far = Math.abs(a - b) > weights.closeYears;
  const reasonKind = kind === 'birth' ? (far ? 'birthFar' : 'birthNear') : far ? 'deathFar' : 'deathNear';
  return { kind: reasonKind, a: String(a), b: String(b), points };
}

/** The columns of one scored pair (the finder's SQL, or the suggestions' scoring). */
export interface PairPoints {
  name_pts: number;
  birth_pts: number;
  death_pts: number;
  birth_place_pts: number;
  death_place_pts: number;
  parent_pts: number;
  shared_parents: number;
  father_pts: number;
  mother_pts: number;
  gender_pts: number;
}

/**
 * The reasons of a pair's score, each with its points, for the page to say ("same parents",
 * "birth 1850 vs 1851", "Andersdotter ~ Andersson").
 */
export function reasonsOf(a: DuplicatePerson, b: DuplicatePerson, points: PairPoints): DuplicateReason[] {
  const reasons: DuplicateReason[] = [...nameReasons(a, b, points.name_pts)];
  const birth = yearReason('birth', a.birthYear, b.birthYear, points.birth_pts);
  if (birth) reasons.push(birth);
  const death = yearReason('death', a.deathYear, b.deathYear, points.death_pts);
  if (death) reasons.push(death);
  if (points.birth_place_pts) {
    reasons.push({
      kind: 'birthPlaceSame',
      ...(a.birthPlace ? { a: a.birthPlace } : {}),
      points: points.birth_place_pts,
    });
  }
  if (points.death_place_pts) reasons.push({ kind: 'deathPlaceSame', points: points.death_place_pts });
  if (points.shared_parents > 0) {
    const kind = points.parent_pts < 0 ? 'siblingsLikely' : points.shared_parents >= 2 ? 'sameParents' : 'sameParent';
    reasons.push({ kind, points: points.parent_pts });
  }
  if (points.father_pts) {
    reasons.push({ kind: points.father_pts > 0 ? 'fathersNamesMatch' : 'differentFather', points: points.father_pts });
  }
  if (points.mother_pts) {
    reasons.push({ kind: points.mother_pts > 0 ? 'mothersNamesMatch' : 'differentMother', points: points.mother_pts });
  }
  if (points.gender_pts) reasons.push({ kind: 'differentGender', points: points.gender_pts });
  return reasons;
}

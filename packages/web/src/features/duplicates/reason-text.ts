import type { DuplicatePerson, DuplicateReason } from '@anor/core';
import type { TFunction } from 'i18next';

/** A reason as the page says it: "Andersdotter ~ Andersson", "Birth 1850 vs 1851", "Same parents". */
export function reasonText(t: TFunction, reason: DuplicateReason): string {
  return t(`duplicate.reason.${reason.kind}`, { a: reason.a ?? '', b: reason.b ?? '' });
}

/** A reason's points, signed: "+25", "−30" (nothing for a reason that counted nothing). */
export function pointsText(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `\u2212${Math.abs(points)}`;
  return '';
}

/** The years and birth place beside a person's name: "b. 1850, Stenbrohult · d. 1901". */
export function lifeText(t: TFunction, person: DuplicatePerson): string {
  const born = person.birthYear === null ? null : t('duplicate.born', { year: person.birthYear });
  const bornAt = [born, person.birthPlace].filter(Boolean).join(', ');
  const died = person.deathYear === null ? null : t('duplicate.died', { year: person.deathYear });
  return [bornAt, died].filter(Boolean).join(' · ');
}

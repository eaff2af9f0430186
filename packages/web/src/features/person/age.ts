/**
 * A date as far as it is known: the year, and maybe the month and day. Life events (birth, death)
 * carry such dates when events arrive; until then the person page passes nothing.
 */
export interface LifeDate {
  year: number;
  month?: number | null;
  day?: number | null;
}

/**
 * The age a person reached: whole years from the birth date to the death date, or null when
 * either is missing or the dates contradict each other (death before birth). When month or day
 * is unknown on either side, only the known parts are compared, so the age may be a year high.
 */
export function ageLine(birth: LifeDate | null | undefined, death: LifeDate | null | undefined): number | null {
  if (!birth || !death) return null;
  let years = death.year - birth.year;
  if (birth.month && death.month) {
    const monthDifference = death.month - birth.month;
    const dayDifference = birth.day && death.day ? death.day - birth.day : 0;
    if (monthDifference < 0 || (monthDifference === 0 && dayDifference < 0)) years -= 1;
  }
  return years >= 0 ? years : null;
}

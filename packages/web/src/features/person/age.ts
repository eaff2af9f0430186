import { ageInYears } from '@anor/core';

/**
 * The age a person reached (the person page's age line): whole years from the start date of the
 * birth to the start date of the death, both partial dates ("1850", "1850-03", "1850-03-12").
 * Null when either is missing or the dates contradict each other (death before birth). When month
 * or day is unknown on either side, only the known parts are compared, so the age may be a year
 * high. See `dateDifference` in `@anor/core` for months and days.
 */
export function ageLine(birth: string | null | undefined, death: string | null | undefined): number | null {
  return ageInYears(birth, death);
}

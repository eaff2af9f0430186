import { type AgeReading, ageAt, type EventDateInput } from '@anor/core';

/**
 * The age a person reached (the person page's age line), from the birth to the death, read as far
 * as the dates tell it (`ageAt` in `@anor/core`): exact between two exact days, "about 62" from an
 * "about" date, "62–67" from dates that cover more than a day. Null when either date is missing
 * or the dates contradict each other (death before birth).
 */
export function ageLine(
  birth: EventDateInput | null | undefined,
  death: EventDateInput | null | undefined,
): AgeReading | null {
  return ageAt(birth, death);
}

import { locationNameSchema } from '@anor/core';

/** The levels of typed text, nearest first, as the server reads them ("Sunne, Värmland" → Sunne, Värmland). */
export function typedParts(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part.length > 0);
}

/**
 * The first problem of typed text, checked with the shared name schema (a catalogue code), or null.
 * Text with a problem is not sent: the picker shows the problem instead.
 */
export function typedTextProblem(text: string): string | null {
  // The longest text location/match takes (`matchLocationBodySchema`).
  if (text.length > 1000) return 'location.validation.nameTooLong';
  const parts = typedParts(text);
  if (parts.length === 0) return 'events.validation.locationRequired';
  for (const part of parts) {
    const checked = locationNameSchema.safeParse(part);
    if (!checked.success) return checked.error.issues[0]?.message ?? 'common.error.validation';
  }
  return null;
}

/**
 * Typed text that names the new levels within one chosen place, by that place's whole path
 * ("Lillstugan" within "Berg, Linneryd, Kronobergs län, Sverige"): the server then finds the place
 * it means without asking.
 */
export function textWithin(create: readonly string[], withinText: string): string {
  return [...[...create].reverse(), withinText].join(', ');
}

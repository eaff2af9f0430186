import type { Coordinates } from '@anor/core';

/**
 * The coordinate text inputs of SPEC §5: decimals, latitude −90…90, longitude −180…180; while
 * typing only digits, one dot and a leading minus are kept. Pure, so the rules are tested alone.
 */

export type Axis = 'lat' | 'lng';

const limits: Record<Axis, number> = { lat: 90, lng: 180 };

/** Decimals kept from a click or a drag on the map: 6 places is about 0.1 m. */
const DECIMALS = 6;

/**
 * Keeps digits, the first dot and a minus at the start. A comma becomes a dot first, as typed on
 * a Nordic keyboard's number pad ("59,33" is 59.33, not 5933).
 */
export function filterCoordinateText(raw: string): string {
  const text = raw.replace(/,/g, '.');
  let result = '';
  let hasDot = false;
  for (const [index, char] of [...text].entries()) {
    if (char >= '0' && char <= '9') result += char;
    else if (char === '.' && !hasDot) {
      result += char;
      hasDot = true;
    } else if (char === '-' && index === 0) result += char;
  }
  return result;
}

export type ParsedCoordinate =
  | { kind: 'empty' }
  /** Typing has begun but no number yet ("-", ".", "-."): an error only once the field is left. */
  | { kind: 'partial' }
  | { kind: 'invalid' }
  | { kind: 'valid'; value: number };

/** Reads a filtered text as a latitude or longitude. */
export function parseCoordinate(text: string, axis: Axis): ParsedCoordinate {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (trimmed === '-' || trimmed === '.' || trimmed === '-.') return { kind: 'partial' };
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return { kind: 'invalid' };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || Math.abs(value) > limits[axis]) return { kind: 'invalid' };
  // "-0" is 0.
  return { kind: 'valid', value: value === 0 ? 0 : value };
}

export type CoordinateFields =
  | { kind: 'empty' }
  | { kind: 'valid'; value: Coordinates }
  /** Which fields are wrong; `incomplete` marks a field that is empty or partial while the other is filled. */
  | { kind: 'invalid'; lat: FieldProblem; lng: FieldProblem };

export type FieldProblem = 'none' | 'invalid' | 'incomplete';

/** Both fields together: a pair of numbers, nothing at all, or which field is wrong. */
export function readCoordinateFields(latText: string, lngText: string): CoordinateFields {
  const lat = parseCoordinate(latText, 'lat');
  const lng = parseCoordinate(lngText, 'lng');
  if (lat.kind === 'empty' && lng.kind === 'empty') return { kind: 'empty' };
  if (lat.kind === 'valid' && lng.kind === 'valid') return { kind: 'valid', value: { lat: lat.value, lng: lng.value } };
  return { kind: 'invalid', lat: problemOf(lat), lng: problemOf(lng) };
}

function problemOf(parsed: ParsedCoordinate): FieldProblem {
  if (parsed.kind === 'invalid') return 'invalid';
  if (parsed.kind === 'valid') return 'none';
  return 'incomplete';
}

/**
 * Whether a field shows the invalid-coordinates message: a wrong number at once; an empty or
 * unfinished field (next to a filled one) only after the user has left it.
 */
export function showsFieldError(problem: FieldProblem, isTouched: boolean): boolean {
  return problem === 'invalid' || (problem === 'incomplete' && isTouched);
}

export function roundCoordinate(value: number): number {
  const factor = 10 ** DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/**
 * A point clicked or dragged to on the map as stored coordinates: rounded to 6 decimals, the
 * longitude brought back into −180…180 (the map repeats the world sideways), the latitude clamped.
 */
export function toCoordinates(lat: number, lng: number): Coordinates {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  const longitude = wrapped === -180 && lng > 0 ? 180 : wrapped;
  return {
    lat: roundCoordinate(Math.max(-90, Math.min(90, lat))),
    lng: roundCoordinate(longitude),
  };
}

/** The text a field shows for a stored value ("59.837", never an exponent). */
export function formatCoordinate(value: number): string {
  const text = String(value);
  return text.includes('e') ? value.toFixed(DECIMALS).replace(/\.?0+$/, '') : text;
}

export function isSameCoordinates(a: Coordinates | null, b: Coordinates | null): boolean {
  if (a === null || b === null) return a === b;
  return a.lat === b.lat && a.lng === b.lng;
}

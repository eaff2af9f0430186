import { describe, expect, it } from 'vitest';
import {
  filterCoordinateText,
  formatCoordinate,
  isSameCoordinates,
  parseCoordinate,
  readCoordinateFields,
  roundCoordinate,
  showsFieldError,
  toCoordinates,
} from './coordinate-input.ts';

describe('filtering what is typed', () => {
  it('keeps only digits, one dot and a leading minus', () => {
    expect(filterCoordinateText('59.8370')).toBe('59.8370');
    expect(filterCoordinateText('-33.45')).toBe('-33.45');
    expect(filterCoordinateText('59°50′N')).toBe('5950');
    expect(filterCoordinateText('1.2.3')).toBe('1.23');
    expect(filterCoordinateText('12-3')).toBe('123');
    expect(filterCoordinateText('--5')).toBe('-5');
    expect(filterCoordinateText(' 13.1e5 ')).toBe('13.15');
    expect(filterCoordinateText('abc')).toBe('');
  });

  it('reads a comma as the decimal point', () => {
    expect(filterCoordinateText('59,837')).toBe('59.837');
    expect(filterCoordinateText('-0,5')).toBe('-0.5');
  });
});

describe('reading one field', () => {
  it('accepts decimals within the range of the axis', () => {
    expect(parseCoordinate('59.837', 'lat')).toEqual({ kind: 'valid', value: 59.837 });
    expect(parseCoordinate('-90', 'lat')).toEqual({ kind: 'valid', value: -90 });
    expect(parseCoordinate('90', 'lat')).toEqual({ kind: 'valid', value: 90 });
    expect(parseCoordinate('-180', 'lng')).toEqual({ kind: 'valid', value: -180 });
    expect(parseCoordinate('180.0', 'lng')).toEqual({ kind: 'valid', value: 180 });
    expect(parseCoordinate('.5', 'lng')).toEqual({ kind: 'valid', value: 0.5 });
    expect(parseCoordinate('13.', 'lng')).toEqual({ kind: 'valid', value: 13 });
    expect(parseCoordinate('-0', 'lat')).toEqual({ kind: 'valid', value: 0 });
  });

  it('refuses values outside the range', () => {
    expect(parseCoordinate('90.000001', 'lat')).toEqual({ kind: 'invalid' });
    expect(parseCoordinate('-91', 'lat')).toEqual({ kind: 'invalid' });
    expect(parseCoordinate('120', 'lat')).toEqual({ kind: 'invalid' });
    expect(parseCoordinate('120', 'lng')).toEqual({ kind: 'valid', value: 120 });
    expect(parseCoordinate('180.5', 'lng')).toEqual({ kind: 'invalid' });
  });

  it('refuses what is not a number, and tells an unfinished minus or dot apart', () => {
    expect(parseCoordinate('1-2', 'lat')).toEqual({ kind: 'invalid' });
    expect(parseCoordinate('1.2.3', 'lat')).toEqual({ kind: 'invalid' });
    expect(parseCoordinate('x', 'lat')).toEqual({ kind: 'invalid' });
    expect(parseCoordinate('-', 'lat')).toEqual({ kind: 'partial' });
    expect(parseCoordinate('.', 'lat')).toEqual({ kind: 'partial' });
    expect(parseCoordinate('-.', 'lng')).toEqual({ kind: 'partial' });
    expect(parseCoordinate('', 'lng')).toEqual({ kind: 'empty' });
    expect(parseCoordinate('  ', 'lng')).toEqual({ kind: 'empty' });
  });
});

describe('reading both fields', () => {
  it('answers coordinates when both are valid, nothing when both are empty', () => {
    expect(readCoordinateFields('59.837', '13.1437')).toEqual({ kind: 'valid', value: { lat: 59.837, lng: 13.1437 } });
    expect(readCoordinateFields('', '')).toEqual({ kind: 'empty' });
  });

  it('says which field is wrong or missing', () => {
    expect(readCoordinateFields('95', '13')).toEqual({ kind: 'invalid', lat: 'invalid', lng: 'none' });
    expect(readCoordinateFields('59', '')).toEqual({ kind: 'invalid', lat: 'none', lng: 'incomplete' });
    expect(readCoordinateFields('-', '200')).toEqual({ kind: 'invalid', lat: 'incomplete', lng: 'invalid' });
  });

  it('shows a wrong number at once and a missing one only after the field was left', () => {
    expect(showsFieldError('invalid', false)).toBe(true);
    expect(showsFieldError('incomplete', false)).toBe(false);
    expect(showsFieldError('incomplete', true)).toBe(true);
    expect(showsFieldError('none', true)).toBe(false);
  });
});

describe('points from the map', () => {
  it('rounds to 6 decimals', () => {
    expect(roundCoordinate(59.83712345678)).toBe(59.837123);
    expect(roundCoordinate(-13.0000004)).toBe(-13);
    expect(roundCoordinate(-0.0000001)).toBe(0);
    expect(toCoordinates(59.1234567, 13.7654321)).toEqual({ lat: 59.123457, lng: 13.765432 });
  });

  it('brings a longitude from a repeated world back into −180…180 and clamps the latitude', () => {
    expect(toCoordinates(10, 370)).toEqual({ lat: 10, lng: 10 });
    expect(toCoordinates(10, -190)).toEqual({ lat: 10, lng: 170 });
    expect(toCoordinates(10, 180)).toEqual({ lat: 10, lng: 180 });
    expect(toCoordinates(10, -180)).toEqual({ lat: 10, lng: -180 });
    expect(toCoordinates(95, 0)).toEqual({ lat: 90, lng: 0 });
    expect(toCoordinates(-95, 0)).toEqual({ lat: -90, lng: 0 });
  });

  it('shows stored values as plain decimals', () => {
    expect(formatCoordinate(59.837)).toBe('59.837');
    expect(formatCoordinate(-70.25)).toBe('-70.25');
    expect(formatCoordinate(0.000001)).toBe('0.000001');
    expect(formatCoordinate(1e-7)).toBe('0');
  });

  it('compares coordinates by value', () => {
    expect(isSameCoordinates({ lat: 1, lng: 2 }, { lat: 1, lng: 2 })).toBe(true);
    expect(isSameCoordinates({ lat: 1, lng: 2 }, { lat: 1, lng: 3 })).toBe(false);
    expect(isSameCoordinates(null, null)).toBe(true);
    expect(isSameCoordinates(null, { lat: 1, lng: 2 })).toBe(false);
  });
});

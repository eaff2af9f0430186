import { describe, expect, it } from 'vitest';
import { ageLine } from './age.ts';

const exact = (startDate: string) => ({ startDate, startDateType: 'exact' });

describe('ageLine', () => {
  it('is null without both dates', () => {
    expect(ageLine(null, null)).toBeNull();
    expect(ageLine(exact('1900'), null)).toBeNull();
    expect(ageLine(undefined, exact('1980'))).toBeNull();
    expect(ageLine(exact(''), exact('1980'))).toBeNull();
  });

  it('counts whole years between full dates', () => {
    expect(ageLine(exact('1900-05-20'), exact('1980-05-19'))).toEqual({ kind: 'exact', years: 79 });
    expect(ageLine(exact('1900-05-20'), exact('1980-05-20'))).toEqual({ kind: 'exact', years: 80 });
    expect(ageLine(exact('1850-03-12'), exact('1900-03-11'))).toEqual({ kind: 'exact', years: 49 });
  });

  it('gives the range partial dates allow instead of one number (issue 19 item 7)', () => {
    expect(ageLine(exact('1900'), exact('1980-01-01'))).toEqual({ kind: 'range', years: 79, upTo: 80 });
    expect(ageLine(exact('1900-06'), exact('1980-05'))).toEqual({ kind: 'exact', years: 79 });
  });

  it('reads "about" from an about date', () => {
    expect(ageLine({ startDate: '1850', startDateType: 'about' }, exact('1912-05-01'))).toEqual({
      kind: 'about',
      years: 62,
    });
  });

  it('is null when the death comes before the birth', () => {
    expect(ageLine(exact('1900'), exact('1899'))).toBeNull();
  });

  it('is 0 for a death in the year of birth', () => {
    expect(ageLine(exact('1900-03-01'), exact('1900-09-01'))).toEqual({ kind: 'exact', years: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { ageLine } from './age.ts';

describe('ageLine', () => {
  it('is null without a birth or a death date', () => {
    expect(ageLine(null, null)).toBeNull();
    expect(ageLine('1900', null)).toBeNull();
    expect(ageLine(undefined, '1980')).toBeNull();
    expect(ageLine('', '1980')).toBeNull();
  });

  it('counts whole years between full dates', () => {
    expect(ageLine('1900-05-20', '1980-05-19')).toBe(79);
    expect(ageLine('1900-05-20', '1980-05-20')).toBe(80);
    expect(ageLine('1900-05-20', '1980-04-30')).toBe(79);
    expect(ageLine('1850-03-12', '1900-03-11')).toBe(49);
  });

  it('compares only the parts known on both sides', () => {
    expect(ageLine('1900', '1980-01-01')).toBe(80);
    expect(ageLine('1900-06', '1980-05')).toBe(79);
    expect(ageLine('1900-06', '1980-06-01')).toBe(80);
  });

  it('is null when death comes before birth', () => {
    expect(ageLine('1900', '1899')).toBeNull();
  });

  it('is zero for a death within the first year', () => {
    expect(ageLine('1900-03-01', '1900-09-01')).toBe(0);
  });
});

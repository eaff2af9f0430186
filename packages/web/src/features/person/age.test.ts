import { describe, expect, it } from 'vitest';
import { ageLine } from './age.ts';

describe('ageLine', () => {
  it('is null without a birth or a death date', () => {
    expect(ageLine(null, null)).toBeNull();
    expect(ageLine({ year: 1900 }, null)).toBeNull();
    expect(ageLine(undefined, { year: 1980 })).toBeNull();
  });

  it('counts whole years between full dates', () => {
    expect(ageLine({ year: 1900, month: 5, day: 20 }, { year: 1980, month: 5, day: 19 })).toBe(79);
    expect(ageLine({ year: 1900, month: 5, day: 20 }, { year: 1980, month: 5, day: 20 })).toBe(80);
    expect(ageLine({ year: 1900, month: 5, day: 20 }, { year: 1980, month: 4, day: 30 })).toBe(79);
  });

  it('compares only the parts known on both sides', () => {
    expect(ageLine({ year: 1900 }, { year: 1980, month: 1, day: 1 })).toBe(80);
    expect(ageLine({ year: 1900, month: 6 }, { year: 1980, month: 5 })).toBe(79);
    expect(ageLine({ year: 1900, month: 6 }, { year: 1980, month: 6, day: 1 })).toBe(80);
  });

  it('is null when death comes before birth', () => {
    expect(ageLine({ year: 1900 }, { year: 1899 })).toBeNull();
  });

  it('is zero for a death within the first year', () => {
    expect(ageLine({ year: 1900, month: 3, day: 1 }, { year: 1900, month: 9, day: 1 })).toBe(0);
  });
});

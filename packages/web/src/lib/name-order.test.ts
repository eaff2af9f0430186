import { describe, expect, it } from 'vitest';
import { formatListName } from './name-order.ts';

const quote = (nickname: string) => `"${nickname}"`;

describe('formatListName', () => {
  it('names a person first name first, or last name first with a comma', () => {
    const person = { fName: 'Anna', pName: 'Annie', lName: 'Öberg' };
    expect(formatListName(person, 'firstLast', quote)).toBe('Anna "Annie" Öberg');
    expect(formatListName(person, 'lastFirst', quote)).toBe('Öberg, Anna "Annie"');
  });

  it('leaves out a missing part without a dangling comma', () => {
    expect(formatListName({ fName: null, pName: null, lName: 'Öberg' }, 'lastFirst', quote)).toBe('Öberg');
    expect(formatListName({ fName: 'Anna', pName: null, lName: null }, 'lastFirst', quote)).toBe('Anna');
    expect(formatListName({ fName: null, pName: null, lName: null }, 'lastFirst', quote)).toBeNull();
    expect(formatListName({ fName: null, pName: null, lName: null }, 'firstLast', quote)).toBeNull();
  });
});

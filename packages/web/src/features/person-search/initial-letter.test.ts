import { describe, expect, it } from 'vitest';
import { initialLetter, NO_NAME_INITIAL, OTHER_INITIAL, personInitial } from './initial-letter.ts';

describe('initialLetter', () => {
  it('files names under their upper-case first letter', () => {
    expect(initialLetter('andersson')).toBe('A');
    expect(initialLetter('Zorn')).toBe('Z');
    expect(initialLetter('  berg')).toBe('B');
  });

  it('keeps Å, Ä and Ö as letters of their own', () => {
    expect(initialLetter('Åberg')).toBe('Å');
    expect(initialLetter('ängström')).toBe('Ä');
    expect(initialLetter('Öberg')).toBe('Ö');
  });

  it('files other accented letters as Swedish does', () => {
    expect(initialLetter('Éclair')).toBe('E');
    expect(initialLetter('Ødegård')).toBe('Ö');
    expect(initialLetter('Æble')).toBe('Ä');
    expect(initialLetter('Über')).toBe('Y');
    expect(initialLetter('Łukasz')).toBe('L');
  });

  it('puts names without a letter first together, and no name apart', () => {
    expect(initialLetter('1:a')).toBe(OTHER_INITIAL);
    expect(initialLetter('"Kalle"')).toBe(OTHER_INITIAL);
    expect(initialLetter('')).toBe(NO_NAME_INITIAL);
    expect(initialLetter('   ')).toBe(NO_NAME_INITIAL);
    expect(initialLetter(null)).toBe(NO_NAME_INITIAL);
  });
});

describe('personInitial', () => {
  it('goes by the last name; without one, the person is in the last group, where the server sorts them', () => {
    expect(personInitial({ fName: 'Åsa', pName: null, lName: 'Ek' })).toBe('E');
    expect(personInitial({ fName: 'Åsa', pName: null, lName: null })).toBe(NO_NAME_INITIAL);
    expect(personInitial({ fName: null, pName: 'Lillen', lName: ' ' })).toBe(NO_NAME_INITIAL);
    expect(personInitial({ fName: null, pName: null, lName: null })).toBe(NO_NAME_INITIAL);
  });
});

import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids.ts';
import { hasInvalidNameCharacters, isValidEmail, normalizeEmail, treeNameKey } from './rules.ts';
import { createTreeBodySchema } from './schemas/tree.ts';

describe('e-mail rules', () => {
  it.each([
    ['anna@example.com', true],
    ['a.b-c+d@sub.example.se', true],
    ['åsa@exempel.se', true],
    ['a@b.c', true],
    ['a@b', false],
    ['no-at.example.com', false],
    ['two@@example.com', false],
    ['spa ce@example.com', false],
    ['trailing@example.', false],
    [`${'x'.repeat(108)}@example.com`, true],
    [`${'x'.repeat(109)}@example.com`, false],
  ])('%s valid: %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('normalises case and surrounding space', () => {
    expect(normalizeEmail('  Anna@Example.COM ')).toBe('anna@example.com');
  });
});

describe('name rules', () => {
  it('keeps letters of every script and ordinary punctuation', () => {
    for (const name of ["Ødegård & O'Brien", 'Väinö (Mäkinen) #2', 'Þórsson/Berg: 1700-tal', 'Łódź, Ñandú']) {
      expect(hasInvalidNameCharacters(name)).toBe(false);
    }
  });

  it('refuses markup, braces, backslashes and control characters', () => {
    for (const name of ['<b>', 'a{b}', 'back\\slash', 'new\nline', 'nul\u0000']) {
      expect(hasInvalidNameCharacters(name)).toBe(true);
    }
  });

  it('refuses text-reordering controls and invisible characters that make one name look like another', () => {
    const tricks = [
      'Anna\u202Egreb', // right-to-left override
      'Anna\u202Dx', // left-to-right override
      'Anna\u202Ax\u202C', // embedding and pop
      'Anna\u2066x\u2069', // isolates
      'Anna\u2067x',
      'Anna\u2068x',
      'An\u200Bna', // zero-width space
      '\uFEFFAnna', // byte order mark
      'An\u2060na', // word joiner
      'An\u2062na', // invisible times
      'Anna\u2028Berg', // line separator
      'Anna\u2029Berg', // paragraph separator
      'Anna\u0085', // next line (C1 control)
      'Anna\u009B', // C1 control
    ];
    for (const name of tricks)
      expect([JSON.stringify(name), hasInvalidNameCharacters(name)]).toEqual([JSON.stringify(name), true]);
  });

  it('keeps the joiners and direction marks that some scripts need', () => {
    for (const name of [
      'می\u200Cخواهم',
      'क्\u200Dष',
      'שרה\u200F (Sara)',
      'علي\u061C',
      'Ødegård\u00A0Berg',
      'Zoë\u00AD',
    ]) {
      expect([JSON.stringify(name), hasInvalidNameCharacters(name)]).toEqual([JSON.stringify(name), false]);
    }
  });

  it('compares tree names without case, surrounding space or composition', () => {
    expect(treeNameKey('  Släkten ÖBERG ')).toBe(treeNameKey('släkten öberg'));
    expect(treeNameKey('Sla\u0308kten')).toBe(treeNameKey('Släkten'));
  });

  it('trims the tree name and checks its length after trimming', () => {
    expect(createTreeBodySchema.parse({ treeName: `  ${'a'.repeat(100)}  ` }).treeName).toHaveLength(100);
    const tooLong = createTreeBodySchema.safeParse({ treeName: 'a'.repeat(101) });
    expect(tooLong.error?.issues[0]?.message).toBe('tree.validation.treeNameTooLong');
  });
});

describe('ids', () => {
  it('are 36-character version-7 UUIDs ordered by time', () => {
    const first = uuidv7(1_700_000_000_000);
    const second = uuidv7(1_700_000_000_001);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first < second).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7())).size).toBe(1000);
  });

  it('follow the order they were made in, within a millisecond and when the clock steps back', () => {
    const sameMillisecond = Array.from({ length: 10_000 }, () => uuidv7(1_800_000_000_000));
    const steppedBack = Array.from({ length: 10 }, () => uuidv7(1_700_000_000_000));
    const made = [...sameMillisecond, ...steppedBack];
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

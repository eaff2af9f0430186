import { describe, expect, it } from 'vitest';
import { anselCharacter, createDecoder, decodeAnsel } from '../src/index.ts';

const ansel = (...parts: (string | number)[]) =>
  decodeAnsel(
    new Uint8Array(
      parts.flatMap((part) => (typeof part === 'number' ? [part] : [...part].map((c) => c.charCodeAt(0)))),
    ),
  );

describe('ANSEL', () => {
  it('puts a combining mark written before its letter after it, composed to NFC', () => {
    expect(ansel(0xe2, 'e')).toBe('é');
    expect(ansel('Andr', 0xe2, 'e')).toBe('André');
    expect(ansel('G', 0xe8, 'oran')).toBe('Göran');
    expect(ansel(0xea, 'Ake')).toBe('Åke');
    expect(ansel(0xea, 'a')).toBe('å');
    expect(ansel('Fran', 0xf0, 'cois')).toBe('François');
    expect(ansel(0xe9, 'S', 0xe9, 'c')).toBe('Šč');
    expect(ansel(0xe4, 'n')).toBe('ñ');
    expect(ansel(0xee, 'o')).toBe('ő');
    expect(ansel(0xf1, 'a')).toBe('ą');
    expect(ansel('e', 0xe2, 'e')).toBe('eé');
  });

  it('reads the special letters and signs', () => {
    expect(ansel(0xb2)).toBe('ø');
    expect(ansel(0xa2)).toBe('Ø');
    expect(ansel(0xa5)).toBe('Æ');
    expect(ansel(0xb5)).toBe('æ');
    expect(ansel(0xa1, 0xb1)).toBe('Łł');
    expect(ansel(0xa3, 0xb3)).toBe('Đđ');
    expect(ansel(0xa4, 0xb4, 0xba)).toBe('Þþð');
    expect(ansel(0xa6, 0xb6)).toBe('Œœ');
    expect(ansel(0xb8)).toBe('ı');
    expect(ansel(0xcf)).toBe('ß');
    expect(ansel(0xc7)).toBe('ß');
    expect(ansel(0xc8)).toBe('€');
    expect(ansel(0xb9, 0xc0, 0xc3)).toBe('£°©');
    expect(ansel('Bj', 0xb2, 'rn')).toBe('Bjørn');
  });

  it('keeps two marks on one letter in their order', () => {
    // Vietnamese ệ: dot below and circumflex.
    expect(ansel(0xf2, 0xe3, 'e')).toBe('\u1ec7');
    expect(ansel(0xf2, 0xe3, 'e').normalize('NFD')).toBe('e\u0323\u0302');
  });

  it('leaves a mark without a letter on its own line rather than moving it onto the next line', () => {
    expect(ansel('a', 0xe2, '\n', 'b')).toBe('\u00e1\nb');
    expect(ansel(0xe2, '\r\n', 'b')).toBe('\u0301\r\nb');
  });

  it('drops the MARC non-sorting markers and reads undefined bytes as U+FFFD', () => {
    expect(ansel(0x88, 'The ', 0x89, 'Book')).toBe('The Book');
    expect(ansel(0xd5)).toBe('\ufffd');
  });

  it('waits for the letter when a mark ends a chunk', () => {
    const decoder = createDecoder('ANSEL');
    const first = decoder.decode(new Uint8Array([0x47, 0xe8]), false);
    const second = decoder.decode(new Uint8Array([0x6f, 0x72, 0x61, 0x6e]), true);
    expect(first + second).toBe('Göran');
  });

  it('names the combining marks of the table', () => {
    expect(anselCharacter(0xe1)).toBe('\u0300');
    expect(anselCharacter(0xe2)).toBe('\u0301');
    expect(anselCharacter(0xe8)).toBe('\u0308');
    expect(anselCharacter(0xea)).toBe('\u030a');
    expect(anselCharacter(0xf0)).toBe('\u0327');
    expect(anselCharacter(0x41)).toBe('A');
  });
});

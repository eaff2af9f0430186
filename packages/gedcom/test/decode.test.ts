import { describe, expect, it } from 'vitest';
import { charsetFromDeclared, decode, GedcomError } from '../src/index.ts';
import { readFixture } from './support.ts';

const header = (char: string | null) =>
  ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', ...(char ? [`1 CHAR ${char}`] : []), '0 @I1@ INDI'].join('\r\n');

function latin(text: string, ...bytes: number[]): Uint8Array {
  return new Uint8Array([...[...text].map((c) => c.charCodeAt(0)), ...bytes]);
}

function utf16(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const bytes: number[] = bom ? (littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (littleEndian) bytes.push(code & 0xff, code >> 8);
    else bytes.push(code >> 8, code & 0xff);
  }
  return new Uint8Array(bytes);
}

const catch_ = (action: () => unknown): unknown => {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('decode: Unicode', () => {
  it('reads UTF-8 with and without a byte order mark', () => {
    const text = `${header('UTF-8')}\r\n1 NAME Åsa /Öberg/\r\n`;
    const plain = decode(new TextEncoder().encode(text));
    expect(plain.encoding).toBe('UTF-8');
    expect(plain.text).toBe(text);
    const withBom = decode(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]));
    expect(withBom.text).toBe(text);
    expect(withBom.warnings).toEqual([]);
  });

  it('reads UTF-16 little and big endian, with a byte order mark and without one', () => {
    const text = `${header('UNICODE')}\n1 NAME Åsa /Öberg/ Ł ж\n`;
    for (const littleEndian of [true, false]) {
      for (const bom of [true, false]) {
        const result = decode(utf16(text, littleEndian, bom));
        expect(result.encoding).toBe(littleEndian ? 'UTF-16LE' : 'UTF-16BE');
        expect(result.text).toBe(text);
        expect(result.declared).toBe('UNICODE');
        expect(result.warnings).toEqual([]);
      }
    }
  });

  it('trusts UTF-8 bytes over a header that says ANSEL, with a warning on the CHAR line', () => {
    const result = decode(new TextEncoder().encode(`${header('ANSEL')}\r\n1 NAME Göran\r\n`));
    expect(result.encoding).toBe('UTF-8');
    expect(result.text).toContain('Göran');
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'encoding-mismatch', line: 4 })]);
  });

  it('trusts UTF-16 bytes over a header that says ANSEL (the encodings/utf16*.ged samples)', () => {
    for (const file of ['encodings/utf16le.ged', 'encodings/utf16be.ged']) {
      const result = decode(readFixture(file));
      expect(result.encoding).toMatch(/^UTF-16/);
      expect(result.declared).toBe('ANSEL');
      expect(result.warnings.map((warning) => warning.code)).toEqual(['encoding-mismatch']);
    }
  });

  it('reads a UTF-8 byte order mark as UTF-8 even when the header says ANSEL', () => {
    const result = decode(readFixture('encodings/utf8.ged'));
    expect(result.encoding).toBe('UTF-8');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['encoding-mismatch']);
  });
});

describe('decode: 8-bit code pages', () => {
  it('reads ANSI as Windows-1252', () => {
    const result = decode(
      latin(`${header('ANSI')}\r\n1 NAME G`, 0xf6, ...latin('ran /Str'), 0xf6, ...latin('m/ '), 0x80),
    );
    expect(result.encoding).toBe('CP1252');
    expect(result.text.endsWith('1 NAME Göran /Ström/ €')).toBe(true);
  });

  it('reads IBMPC as code page 437 (US Presidents: Frémont)', () => {
    const result = decode(readFixture('encodings/US+Presidents+Trees+I.ged'));
    expect(result.encoding).toBe('CP437');
    expect(result.text).toContain('John C. Frémont');
  });

  it('reads MACINTOSH as Mac OS Roman (Heredis: ©)', () => {
    const result = decode(readFixture('encodings/Heredis7PC.ged'));
    expect(result.encoding).toBe('MACROMAN');
    expect(result.text).toContain('bsd concept ©');
  });

  it('reads CP850 when the header says so', () => {
    const result = decode(latin(`${header('CP850')}\r\n1 NAME `, 0x9b, 0x9d, 0x86));
    expect(result.encoding).toBe('CP850');
    expect(result.text.endsWith('øØå')).toBe(true);
  });

  it('reads ANSEL when the header says so (chaune.ged: François)', () => {
    const result = decode(readFixture('encodings/chaune.ged'));
    expect(result.encoding).toBe('ANSEL');
    expect(result.text).toContain('François /de Chaune/');
  });

  it('finds Windows-1250 in a file that says ASCII but holds Slovenian letters (druzina.ged)', () => {
    const result = decode(readFixture('encodings/druzina.ged'));
    expect(result.encoding).toBe('CP1250');
    expect(result.text).toContain('1 NAME žena');
    expect(result.text).toContain('1 NAME hčerka');
    expect(result.text).toContain('ded po očetu');
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'encoding-mismatch', line: 8 })]);
  });

  it('reads Windows-1252 bytes in a file that says ANSEL as Windows-1252, with a warning', () => {
    const name = latin('1 NAME J', 0xf6, ...latin('rgen /M'), 0xfc, ...latin('ller/ '), 0x93, ...latin('Jojo'), 0x94);
    const lines = [name, latin('\r\n1 NOTE Andr'), new Uint8Array([0xe9]), latin(' '), new Uint8Array([0xe5])];
    const bytes = new Uint8Array([...latin(`${header('ANSEL')}\r\n`), ...lines.flatMap((part) => [...part])]);
    const result = decode(bytes);
    expect(result.encoding).toBe('CP1252');
    expect(result.text).toContain('Jörgen /Müller/ “Jojo”');
    expect(result.text).toContain('André å');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['encoding-mismatch']);
  });

  it('reads ANSEL bytes in a file that says ANSI as ANSEL, with a warning', () => {
    const words = [0xe8, ...latin('Asa '), 0xea, ...latin('Ake '), 0xe2, ...latin('Eva '), 0xe8, ...latin('Ola')];
    const bytes = new Uint8Array([...latin(`${header('ANSI')}\r\n1 NOTE `), ...words]);
    const result = decode(bytes);
    expect(result.encoding).toBe('ANSEL');
    expect(result.text).toContain('Äsa Åke Éva Öla');
  });

  it('guesses Windows-1252 for an 8-bit file without CHAR, with a warning', () => {
    const result = decode(latin(`${header(null)}\r\n1 NAME G`, 0xf6, ...latin('ran')));
    expect(result.encoding).toBe('CP1252');
    expect(result.text).toContain('Göran');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['encoding-guessed']);
  });

  it('reads an 8-bit file that says UTF-8 from its bytes, with a warning', () => {
    const result = decode(latin(`${header('UTF-8')}\r\n1 NAME G`, 0xf6, ...latin('ran')));
    expect(result.encoding).toBe('CP1252');
    expect(result.text).toContain('Göran');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['encoding-mismatch']);
  });

  it('reports a file of 7-bit bytes in the encoding its header names', () => {
    expect(decode(latin(header('ANSEL'))).encoding).toBe('ANSEL');
    expect(decode(latin(header('ASCII'))).encoding).toBe('ASCII');
    expect(decode(latin(header('ANSI'))).encoding).toBe('CP1252');
    expect(decode(latin(header(null))).encoding).toBe('UTF-8');
  });

  it('maps the CHAR values programs write', () => {
    expect(charsetFromDeclared('IBM WINDOWS')).toBe('CP1252');
    expect(charsetFromDeclared('IBMPC')).toBe('CP437');
    expect(charsetFromDeclared('IBM PC')).toBe('CP437');
    expect(charsetFromDeclared('Macintosh')).toBe('MACROMAN');
    expect(charsetFromDeclared('utf-8')).toBe('UTF-8');
    expect(charsetFromDeclared('UNICODE')).toBe('UTF-16');
    expect(charsetFromDeclared('LATIN1')).toBe('CP1252');
    expect(charsetFromDeclared('KLINGON')).toBeNull();
  });

  it('warns about a CHAR it does not know and reads the bytes', () => {
    const result = decode(latin(header('KLINGON')));
    expect(result.warnings.map((warning) => warning.code)).toEqual(['encoding-unknown']);
  });
});

describe('decode: input that is not GEDCOM text', () => {
  it('refuses an empty file', () => {
    const error = catch_(() => decode(new Uint8Array(0)));
    expect(error).toBeInstanceOf(GedcomError);
    expect(error).toMatchObject({ code: 'empty', line: 1 });
  });

  it('refuses a file of white space', () => {
    expect(catch_(() => decode(latin(' \r\n\r\n\t')))).toMatchObject({ code: 'empty' });
  });

  it('refuses binary data, naming the line of the first NUL', () => {
    const error = catch_(() => decode(latin('0 HEAD\n1 GEDC\n2 VE', 0, 0x13, 0xff)));
    expect(error).toMatchObject({ code: 'binary', line: 3 });
    expect((error as Error).message).toMatch(/^Line 3: /);
  });

  it('refuses a ZIP archive (GEDZIP) with a message that says what to do', () => {
    const error = catch_(() => decode(readFixture('gedcom7/familysearch/gedcom70/minimal70.gdz')));
    expect(error).toMatchObject({ code: 'archive', line: 1 });
    expect((error as Error).message).toContain('unpack it');
  });

  it('drops the Ctrl-Z and NUL padding of DOS-era files', () => {
    const result = decode(latin(`${header('ASCII')}\r\n0 TRLR\r\n`, 0x1a, 0, 0));
    expect(result.text.endsWith('0 TRLR\r\n')).toBe(true);
  });
});

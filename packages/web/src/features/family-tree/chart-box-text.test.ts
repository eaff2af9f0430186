import { describe, expect, it } from 'vitest';
import {
  DETAILS_FONT,
  estimateTextWidth,
  fitText,
  layoutBoxText,
  NAME_FONTS,
  PORTRAIT_SIZE,
  PORTRAIT_X,
  wrapText,
} from './chart-box-text.ts';
import { BOX_HEIGHT, BOX_WIDTH } from './chart-layout.ts';

const nameFont = NAME_FONTS[0].font;
/** Every character 10 px wide: easy sums. */
const tens = (text: string) => Array.from(text).length * 10;

describe('wrapText', () => {
  it('breaks between words, and breaks a word longer than a line between letters', () => {
    expect(wrapText('Anders Petter Johansson', 130, nameFont, tens)).toEqual(['Anders Petter', 'Johansson']);
    expect(wrapText('Anna', 130, nameFont, tens)).toEqual(['Anna']);
    expect(wrapText('Abcdefghijklmno', 50, nameFont, tens)).toEqual(['Abcde', 'fghij', 'klmno']);
    expect(wrapText('  Per   Ek ', 130, nameFont, tens)).toEqual(['Per Ek']);
  });
});

describe('fitText', () => {
  it('keeps what fits and shortens the rest with an ellipsis', () => {
    expect(fitText('1801–1870', 100, DETAILS_FONT, tens)).toBe('1801–1870');
    expect(fitText('1801–1870 · Råshult', 100, DETAILS_FONT, tens)).toBe('1801–1870…');
  });
});

describe('estimateTextWidth', () => {
  it('counts an accented letter as its letter and bold wider than regular', () => {
    expect(estimateTextWidth('Åberg', nameFont)).toBeCloseTo(estimateTextWidth('Aberg', nameFont));
    expect(estimateTextWidth('Anna', nameFont)).toBeGreaterThan(estimateTextWidth('Anna', DETAILS_FONT));
  });
});

describe('layoutBoxText', () => {
  const input = { name: 'Anders Petter Johansson', details: '1801–1870 · Råshult', occupation: 'Bonde' };

  it('shows the whole name on two lines, then the years and the occupation, all inside the box', () => {
    const text = layoutBoxText({ ...input, hasPortrait: false }, estimateTextWidth);
    expect(text.name.map((line) => line.text)).toEqual(['Anders Petter', 'Johansson']);
    expect(text.nameComplete).toBe(true);
    expect(text.details?.text).toBe('1801–1870 · Råshult');
    expect(text.occupation?.text).toBe('Bonde');
    const baselines = [...text.name, text.details, text.occupation].map((line) => line?.y ?? 0);
    expect(baselines).toEqual([...baselines].sort((a, b) => a - b));
    expect(baselines[0]).toBeGreaterThan(nameFont.size);
    expect(baselines.at(-1)).toBeLessThan(BOX_HEIGHT - 4);
    expect(text.x + text.width).toBeLessThan(BOX_WIDTH);
  });

  it('moves the texts right of a portrait, and wraps in the narrower room', () => {
    const text = layoutBoxText({ ...input, hasPortrait: true }, estimateTextWidth);
    expect(text.x).toBeGreaterThan(PORTRAIT_X + PORTRAIT_SIZE);
    expect(text.name.map((line) => line.text).join(' ')).toBe('Anders Petter Johansson');
    for (const line of text.name) expect(estimateTextWidth(line.text, text.nameFont)).toBeLessThanOrEqual(text.width);
  });

  it('gives a long name three smaller lines before it cuts anything', () => {
    const name = 'Anna Maria Kristina Larsdotter Sundqvist Åkerblom';
    const text = layoutBoxText({ name, details: '', occupation: '', hasPortrait: false }, estimateTextWidth);
    expect(text.nameFont.size).toBeLessThan(nameFont.size);
    expect(text.name.map((line) => line.text).join(' ')).toBe(name);
    expect(text.nameComplete).toBe(true);
  });

  it('cuts only a name too long for three lines, with an ellipsis', () => {
    const name = 'Anna Maria Kristina Margareta Elisabet Larsdotter Sundqvist von Schwerin-Löwenhielm';
    const text = layoutBoxText({ name, details: '', occupation: '', hasPortrait: true }, estimateTextWidth);
    expect(text.nameComplete).toBe(false);
    expect(text.name).toHaveLength(3);
    expect(text.name.at(-1)?.text.endsWith('…')).toBe(true);
  });
});

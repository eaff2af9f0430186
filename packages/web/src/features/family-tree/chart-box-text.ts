import { BOX_HEIGHT, BOX_WIDTH } from './chart-layout.ts';

/**
 * Where a chart box's texts go (issue 23): the whole name wrapped over two lines (three smaller
 * ones for a very long name) rather than cut, then the life years and the occupation, beside the
 * portrait when there is one. Pure, so that the interactive chart and the SVG export
 * (chart-svg.ts) draw the same box, and so that tests can check the lines without a browser.
 */

export interface BoxFont {
  size: number;
  weight: 400 | 600;
}

/** The width in pixels of a text in a font. */
export type MeasureText = (text: string, font: BoxFont) => number;

export const DETAILS_FONT: BoxFont = { size: 12, weight: 400 };
/** Name fonts from the first choice to the last: a name that does not fit two lines gets three smaller ones. */
export const NAME_FONTS = [
  { font: { size: 14, weight: 600 } as BoxFont, lineHeight: 17, maxLines: 2 },
  { font: { size: 12, weight: 600 } as BoxFont, lineHeight: 14, maxLines: 3 },
] as const;
const DETAILS_LINE = 15;

/** The portrait's circle: left in the box, vertically centred. */
export const PORTRAIT_SIZE = 44;
export const PORTRAIT_X = 14;
export const PORTRAIT_Y = (BOX_HEIGHT - PORTRAIT_SIZE) / 2;
/** Texts start right of the root-colour marker, or right of the portrait. */
const TEXT_LEFT = 18;
const TEXT_LEFT_WITH_PORTRAIT = PORTRAIT_X + PORTRAIT_SIZE + 10;
/** Room kept at the right for the box's round buttons (re-centre at the top, add at the bottom). */
const BUTTON_ROOM = 34;

/**
 * Advance widths (thousandths of the font size) of Helvetica (Arial and Liberation Sans have the
 * same), regular and bold: the measure where there is no browser to ask (unit tests, Node).
 */
const REGULAR: Record<string, number> = {};
const BOLD: Record<string, number> = {};
function widths(table: Record<string, number>, characters: string, values: number[]) {
  Array.from(characters).forEach((character, index) => {
    table[character] = values[index] ?? 556;
  });
}
widths(
  REGULAR,
  'abcdefghijklmnopqrstuvwxyz',
  [
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722,
    500, 500, 500,
  ],
);
widths(
  REGULAR,
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  [
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
    667, 667, 611,
  ],
);
widths(
  BOLD,
  'abcdefghijklmnopqrstuvwxyz',
  [
    556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778,
    556, 556, 500,
  ],
);
widths(
  BOLD,
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  [
    722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
    667, 667, 611,
  ],
);
for (const table of [REGULAR, BOLD]) {
  widths(table, '0123456789', Array(10).fill(556));
  widths(table, ' .,-–·()\'"', [278, 278, 278, 333, 556, 278, 333, 333, 191, 355]);
}

/** The measure without a browser: Helvetica's widths, accents counted as their letter, 5 % to spare. */
export const estimateTextWidth: MeasureText = (text, font) => {
  const table = font.weight >= 600 ? BOLD : REGULAR;
  let total = 0;
  for (const character of text.normalize('NFD')) {
    if (/\p{M}/u.test(character)) continue;
    total += table[character] ?? 600;
  }
  return (total / 1000) * font.size * 1.05;
};

/**
 * The measure of the page's own font, by a canvas (the SVG's texts inherit the page's font
 * family), remembered per text; Helvetica's widths where there is no canvas.
 */
export function browserTextMeasure(fontFamily: string): MeasureText {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return estimateTextWidth;
  const cache = new Map<string, number>();
  return (text, font) => {
    const key = `${font.weight} ${font.size}px ${fontFamily}`;
    const cacheKey = `${key}|${text}`;
    let width = cache.get(cacheKey);
    if (width === undefined) {
      context.font = key;
      width = context.measureText(text).width;
      cache.set(cacheKey, width);
    }
    return width;
  };
}

/**
 * Greedy word wrap into lines of at most `maxWidth`; a word longer than a line is broken between
 * letters. Answers every line: the caller decides how many it can show.
 */
export function wrapText(text: string, maxWidth: number, font: BoxFont, measure: MeasureText): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, font) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (measure(rest, font) > maxWidth) {
      const characters = Array.from(rest);
      let cut = characters.length - 1;
      while (cut > 1 && measure(characters.slice(0, cut).join(''), font) > maxWidth) cut--;
      lines.push(characters.slice(0, cut).join(''));
      rest = characters.slice(cut).join('');
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** Shortens a text with an ellipsis until it fits `maxWidth`. */
export function fitText(text: string, maxWidth: number, font: BoxFont, measure: MeasureText): string {
  if (measure(text, font) <= maxWidth) return text;
  const characters = Array.from(text);
  let end = characters.length - 1;
  while (end > 0 && measure(`${characters.slice(0, end).join('').trimEnd()}…`, font) > maxWidth) end--;
  return `${characters.slice(0, end).join('').trimEnd()}…`;
}

export interface BoxTextInput {
  name: string;
  /** Life years and birthplace ("1801–1870 · Råshult"), or empty. */
  details: string;
  occupation: string;
  hasPortrait: boolean;
}

export interface BoxTextLine {
  text: string;
  y: number;
}

export interface BoxText {
  x: number;
  /** The width the texts may take. */
  width: number;
  nameFont: BoxFont;
  name: BoxTextLine[];
  details: BoxTextLine | null;
  occupation: BoxTextLine | null;
  /** False only for a name too long even for three small lines: its last line ends in "…" (the hover text has it whole). */
  nameComplete: boolean;
}

/**
 * The lines of one box, centred vertically by how many there are. The name is wrapped, never cut
 * unless it needs more than three small lines; the years and the occupation get a line each and are
 * shortened with "…" when longer.
 */
export function layoutBoxText(input: BoxTextInput, measure: MeasureText): BoxText {
  const x = input.hasPortrait ? TEXT_LEFT_WITH_PORTRAIT : TEXT_LEFT;
  const width = BOX_WIDTH - BUTTON_ROOM - x;
  let choice: (typeof NAME_FONTS)[number] = NAME_FONTS[0];
  let lines: string[] = [];
  for (const candidate of NAME_FONTS) {
    choice = candidate;
    lines = wrapText(input.name, width, candidate.font, measure);
    if (lines.length <= candidate.maxLines) break;
  }
  const nameComplete = lines.length <= choice.maxLines;
  if (!nameComplete) {
    const kept = lines.slice(0, choice.maxLines);
    const last = kept.length - 1;
    kept[last] = fitText(`${kept[last]}…`, width, choice.font, measure);
    lines = kept;
  }
  const detailLines = (input.details ? 1 : 0) + (input.occupation ? 1 : 0);
  const height = lines.length * choice.lineHeight + detailLines * DETAILS_LINE;
  // The first baseline sits about 0.8 of the font size below the block's top.
  let y = (BOX_HEIGHT - height) / 2 + choice.font.size * 0.85;
  const name = lines.map((text, index) => ({ text, y: round(y + index * choice.lineHeight) }));
  y += (lines.length - 1) * choice.lineHeight + DETAILS_LINE + 1;
  let details: BoxTextLine | null = null;
  if (input.details) {
    details = { text: fitText(input.details, width, DETAILS_FONT, measure), y: round(y) };
    y += DETAILS_LINE;
  }
  const occupation = input.occupation
    ? { text: fitText(input.occupation, width, DETAILS_FONT, measure), y: round(y) }
    : null;
  return { x, width, nameFont: choice.font, name, details, occupation, nameComplete };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

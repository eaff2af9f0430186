import { type FanSegment, polar } from './fan-layout.ts';

/**
 * Fitting the name and life years into a fan segment without measuring in a browser: the text's
 * width is estimated from the number of letters (an average letter of the chart's sans-serif font
 * is about 0.56 of the font size). The full name is wrapped onto as many lines as the segment
 * holds at the largest size that fits; only at the smallest size is a name shortened.
 */

const LETTER_WIDTH = 0.56;
const LINE_HEIGHT = 1.15;
const MAX_FONT = 13;
const MIN_FONT = 3;
/** Below this size the years give way to a larger name. */
const YEARS_MIN_FONT = 6;
const PADDING = 4;

export interface FittedText {
  lines: string[];
  fontSize: number;
  /** How many of the lines are the name (the rest is the life years). */
  nameLines: number;
}

/** Splits `text` into lines of at most `max` letters at spaces; a word longer than a line is broken. */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (Array.from(candidate).length <= max) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = Array.from(word);
    while (rest.length > max) {
      lines.push(rest.slice(0, max).join(''));
      rest = rest.slice(max);
    }
    line = rest.join('');
  }
  if (line) lines.push(line);
  return lines;
}

/** The name (wrapped) and the years in a box `length` long along the text and `thickness` across it. */
export function fitText(name: string, years: string | null, length: number, thickness: number): FittedText {
  const usableLength = Math.max(1, length - 2 * PADDING);
  const usableThickness = Math.max(1, thickness - PADDING);
  // First the name with the years, else the name alone, each at the largest size that holds it.
  for (const withYears of years ? [true, false] : [false]) {
    for (let fontSize = MAX_FONT; fontSize >= (withYears ? YEARS_MIN_FONT : MIN_FONT); fontSize -= 0.5) {
      const perLine = Math.floor(usableLength / (fontSize * LETTER_WIDTH));
      const maxLines = Math.floor(usableThickness / (fontSize * LINE_HEIGHT));
      if (perLine < 3 || maxLines < 1) continue;
      const nameLines = wrapWords(name, perLine);
      const yearLine = withYears && years && Array.from(years).length <= perLine ? [years] : [];
      if (withYears && yearLine.length === 0) continue;
      if (nameLines.length + yearLine.length <= maxLines) {
        return { lines: [...nameLines, ...yearLine], fontSize, nameLines: nameLines.length };
      }
    }
  }
  // Even the smallest letters do not hold the whole name: as much of it as one line takes.
  const fontSize = MIN_FONT;
  const perLine = Math.max(1, Math.floor(usableLength / (fontSize * LETTER_WIDTH)));
  const characters = Array.from(name);
  const line = characters.length <= perLine ? name : `${characters.slice(0, Math.max(1, perLine - 1)).join('')}…`;
  return { lines: [line], fontSize, nameLines: 1 };
}

export interface PlacedText extends FittedText {
  /** An SVG transform putting the text's middle at the segment's middle, upright where it can be. */
  transform: string;
}

const degrees = (radians: number) => (radians * 180) / Math.PI;

/** Where and how large a segment's text is drawn. */
export function placeSegmentText(segment: FanSegment, name: string, years: string | null): PlacedText {
  const middleAngle = (segment.startAngle + segment.endAngle) / 2;
  const middleRadius = (segment.innerRadius + segment.outerRadius) / 2;
  const ring = segment.outerRadius - segment.innerRadius;
  const sweep = segment.endAngle - segment.startAngle;
  const { x, y } = polar(middleRadius, middleAngle);
  const at = `translate(${x.toFixed(1)},${y.toFixed(1)})`;
  if (segment.textMode === 'arc') {
    // Along the arc: the chord at the inner edge is the shortest line the text must fit.
    const chord = 2 * segment.innerRadius * Math.sin(Math.min(sweep, Math.PI) / 2);
    const fitted = fitText(name, years, Math.min(chord, middleRadius * sweep), ring);
    // Below the horizon the text is turned half round so that it is not upside down.
    const turn = Math.abs(middleAngle) > Math.PI / 2 ? 180 : 0;
    return { ...fitted, transform: `${at} rotate(${(degrees(middleAngle) + turn).toFixed(2)})` };
  }
  // Across the arc, read from the centre outwards on the right and from outside inwards on the left.
  const fitted = fitText(name, years, ring, segment.innerRadius * sweep);
  const rotation = middleAngle >= 0 ? degrees(middleAngle) - 90 : degrees(middleAngle) + 90;
  return { ...fitted, transform: `${at} rotate(${rotation.toFixed(2)})` };
}

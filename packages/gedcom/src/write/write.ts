/**
 * The writer: a node tree → GEDCOM 5.5.1 (UTF-8) or 7.0 text. Levels come from the tree's depth,
 * multi-line values become CONT lines, 5.5.1 lines longer than 255 characters are split with
 * CONC (never next to a space, never inside a surrogate pair), and @ is escaped per version.
 */
import type { GedcomNode } from '../types.ts';

export type GedcomWriteVersion = '5.5.1' | '7.0';

export interface WriteOptions {
  version: GedcomWriteVersion;
  /**
   * A header to carry over (the HEAD of a parsed file): its lines are kept except GEDC, CHAR and
   * SOUR, which the writer writes itself (and FILE, which 7.0 does not have).
   */
  header?: GedcomNode | null;
  /** HEAD.SOUR, the program that wrote the file. Default "ANOR". */
  source?: string;
  /** Default "\n". */
  lineEnding?: '\n' | '\r\n';
  /** 5.5.1 only: longest line, level and terminator excluded from nothing. Default 255 (the standard's limit). */
  maxLineLength?: number;
}

interface Writer {
  lines: string[];
  isSeven: boolean;
  maxLineLength: number;
}

const minimumValueRoom = 16;

/** 5.5.1: every @ doubled except in date escapes like @#DJULIAN@. 7.0: only a leading @ doubled. */
function escapeValue(value: string, isSeven: boolean): string {
  if (isSeven) return value.charCodeAt(0) === 0x40 ? `@${value}` : value;
  if (value.indexOf('@') === -1) return value;
  let escaped = '';
  let index = 0;
  while (index < value.length) {
    const at = value.indexOf('@', index);
    if (at === -1) {
      escaped += value.slice(index);
      break;
    }
    escaped += value.slice(index, at);
    const close = value.charCodeAt(at + 1) === 0x23 ? value.indexOf('@', at + 2) : -1;
    // A calendar escape is one word, except the French calendar's `@#DFRENCH R@`.
    if (close !== -1 && /^#D[^ @]+(?: R)?$/.test(value.slice(at + 1, close))) {
      escaped += value.slice(at, close + 1);
      index = close + 1;
    } else {
      escaped += '@@';
      index = at + 1;
    }
  }
  return escaped;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Where to cut `text` so that the piece before fits in `room` escaped characters. */
function cutPoint(text: string, start: number, room: number, isSeven: boolean): number {
  // Walk forward counting escaped length (5.5.1 doubles most @).
  let used = 0;
  let index = start;
  while (index < text.length) {
    const width = !isSeven && text.charCodeAt(index) === 0x40 ? 2 : 1;
    if (used + width > room) break;
    used += width;
    index++;
  }
  if (index >= text.length) return text.length;
  // Back off to a place with no space on either side and not inside a surrogate pair.
  const limit = Math.max(start + 1, index - 32);
  for (let cut = index; cut > limit; cut--) {
    if (
      !isSpace(text.charCodeAt(cut - 1)) &&
      !isSpace(text.charCodeAt(cut)) &&
      !isLowSurrogate(text.charCodeAt(cut)) &&
      text.charCodeAt(cut - 1) !== 0x40
    ) {
      return cut;
    }
  }
  return isLowSurrogate(text.charCodeAt(index)) ? index - 1 : index;
}

function pushLine(writer: Writer, prefix: string, value: string | undefined): void {
  writer.lines.push(value === undefined || value === '' ? prefix : `${prefix} ${value}`);
}

/** One logical line of value: split with CONC when 5.5.1 says it is too long. */
function pushValueLine(writer: Writer, prefix: string, concPrefix: string, text: string): void {
  if (writer.isSeven) {
    pushLine(writer, prefix, escapeValue(text, true));
    return;
  }
  let start = 0;
  let currentPrefix = prefix;
  do {
    const room = Math.max(minimumValueRoom, writer.maxLineLength - currentPrefix.length - 1);
    const cut = cutPoint(text, start, room, false);
    pushLine(writer, currentPrefix, escapeValue(text.slice(start, cut), false));
    start = cut;
    currentPrefix = concPrefix;
  } while (start < text.length);
}

function writeNode(writer: Writer, node: GedcomNode, level: number): void {
  const xref = node.xref === undefined ? '' : `@${node.xref}@ `;
  const prefix = `${level} ${xref}${node.tag}`;
  if (node.pointer !== undefined && node.value === undefined) {
    pushLine(writer, prefix, `@${node.pointer}@`);
  } else if (node.value === undefined || node.value === '') {
    pushLine(writer, prefix, node.pointer === undefined ? undefined : `@${node.pointer}@`);
  } else {
    const parts = node.value.replace(/\r\n?/g, '\n').split('\n');
    const contPrefix = `${level + 1} CONT`;
    const concPrefix = `${level + 1} CONC`;
    parts.forEach((part, index) => {
      if (part === '' && index > 0) pushLine(writer, contPrefix, undefined);
      else if (part === '') pushLine(writer, prefix, undefined);
      else pushValueLine(writer, index === 0 ? prefix : contPrefix, concPrefix, part);
    });
  }
  for (const child of node.children) writeNode(writer, child, level + 1);
}

const headerTagsWritten = new Set(['GEDC', 'CHAR', 'SOUR']);

/**
 * Writes records as a GEDCOM file: HEAD (GEDC.VERS, and CHAR UTF-8 for 5.5.1), the records
 * (a HEAD or TRLR among them is left out), TRLR. Returns text; encode it as UTF-8.
 */
export function writeGedcom(records: readonly GedcomNode[], options: WriteOptions): string {
  const isSeven = options.version === '7.0';
  const writer: Writer = { lines: [], isSeven, maxLineLength: options.maxLineLength ?? 255 };
  writer.lines.push('0 HEAD');
  writer.lines.push('1 GEDC');
  writer.lines.push(`2 VERS ${options.version}`);
  if (!isSeven) {
    writer.lines.push('2 FORM LINEAGE-LINKED');
    writer.lines.push('1 CHAR UTF-8');
  }
  pushLine(writer, '1 SOUR', escapeValue(options.source ?? 'ANOR', isSeven));
  for (const child of options.header?.children ?? []) {
    if (headerTagsWritten.has(child.tag) || (isSeven && child.tag === 'FILE')) continue;
    writeNode(writer, child, 1);
  }
  for (const record of records) {
    if (record.tag === 'HEAD' || record.tag === 'TRLR') continue;
    writeNode(writer, record, 0);
  }
  writer.lines.push('0 TRLR');
  const ending = options.lineEnding ?? '\n';
  return writer.lines.join(ending) + ending;
}

/**
 * The line tokenizer and record builder in one loop, because that is where the time goes: it
 * walks the decoded text with indexOf and charCodeAt, makes no string for a line beyond its tag,
 * xref, value and pointer, and builds the node tree as it goes. Text can arrive in pieces (push);
 * next() hands out each level-0 record as soon as the line after it shows that it is complete.
 */
import { GedcomError, type WarningSink } from '../errors.ts';
import type { GedcomNode } from '../types.ts';

const SPACE = 0x20;
const TAB = 0x09;
const AT = 0x40;
const HASH = 0x23;

/** Lines that are not GEDCOM before the first one that is: past this the input is refused. */
const maxLeadingInvalidLines = 10;
const maxLevel = 99;
const tagTableSize = 512;

/** The children of every leaf: one shared, frozen, empty array. */
const noChildren: readonly GedcomNode[] = Object.freeze([]);

function preview(line: string): string {
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * Six bits for each character a tag may have (0–9, A–Z, a–z, _ → 1…63), 0 for any other. It has
 * a slot for every UTF-16 code unit, so that a lookup needs no range check (-1, the end of a
 * line, reads the last slot).
 */
const tagBits = new Uint8Array(0x10000);
for (let code = 0, bits = 1; code < 128; code++) {
  if (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f
  ) {
    tagBits[code] = bits++;
  }
}

function tagBitsOf(code: number): number {
  return tagBits[code & 0xffff] as number;
}

/** Tags of at most this many characters are told apart by their bits alone (30 bits in all). */
const maxShortTag = 5;

/**
 * The id of a pointer value `@ID@` that starts at `start` (trailing spaces allowed), or
 * undefined: `@@…`, `@#…` (a date escape), an id with a space or an @ in it.
 */
function pointerIn(text: string, start: number, end: number): string | undefined {
  let last = end - 1;
  while (last > start && text.charCodeAt(last) === SPACE) last--;
  if (last - start < 2 || text.charCodeAt(last) !== AT || text.charCodeAt(start + 1) === HASH) return undefined;
  for (let index = start + 1; index < last; index++) {
    const code = text.charCodeAt(index);
    if (code === AT || code === SPACE) return undefined;
  }
  return text.slice(start + 1, last);
}

/**
 * The latest scanner, kept so that V8 keeps the hidden classes of its fields: when a garbage
 * collection finds no scanner alive, those classes die with it, the next scanner gets new ones
 * and every optimised function that knew the old ones is thrown away, so each file would start
 * in the interpreter again (three to six times slower on a 1 MB file). A finished scanner lets
 * go of its text and nodes, so this keeps only the small object itself.
 */
const latest: { scanner: GedcomScanner | null } = { scanner: null };

/**
 * Text of at least this many characters read by parse(), which keeps every record, is large: its
 * nodes and child arrays come from allocation sites of their own. V8 decides per allocation site
 * whether to create its objects in the young or the old generation, from how many of them survive
 * young-generation collections. Small files' trees die soon after they are read, which would teach
 * a shared site "young"; a large file's tree lives, and creating it young makes the
 * young-generation collector copy every node twice (a third of the time of a 45 MB file). A large
 * input uses its sites from its first line on: after a large tree dies, V8 drops its "old"
 * decisions and learns them again only from objects that unoptimised code creates, that is from
 * the first lines of the next large file. (A site first reached further down, once the scanner is
 * optimised, was learnt as "old" in the first large file of a process only.)
 */
const largeText = 4_000_000;

type FirstEight = [GedcomNode, GedcomNode, GedcomNode, GedcomNode, GedcomNode, GedcomNode, GedcomNode, GedcomNode];

/**
 * The first `count` nodes of a buffer as a new array. Small arrays are written as array literals
 * because V8 learns from a literal's allocation site that its arrays live long and then creates
 * them directly in the old generation, which spares the young-generation collector from copying
 * a large tree's arrays; slice() has no such site.
 */
function exactArray(buffer: GedcomNode[], count: number): GedcomNode[] {
  // Only the first `count` entries are read, and the buffer holds at least that many.
  const b = buffer as unknown as FirstEight;
  switch (count) {
    case 1:
      return [b[0]];
    case 2:
      return [b[0], b[1]];
    case 3:
      return [b[0], b[1], b[2]];
    case 4:
      return [b[0], b[1], b[2], b[3]];
    case 5:
      return [b[0], b[1], b[2], b[3], b[4]];
    case 6:
      return [b[0], b[1], b[2], b[3], b[4], b[5]];
    case 7:
      return [b[0], b[1], b[2], b[3], b[4], b[5], b[6]];
    case 8:
      return [b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]];
    default:
      return buffer.slice(0, count);
  }
}

/** exactArray with allocation sites of its own, for large files (see largeText). */
function exactArrayLarge(buffer: GedcomNode[], count: number): GedcomNode[] {
  // Only the first `count` entries are read, and the buffer holds at least that many.
  const b = buffer as unknown as FirstEight;
  switch (count) {
    case 1:
      return [b[0]];
    case 2:
      return [b[0], b[1]];
    case 3:
      return [b[0], b[1], b[2]];
    case 4:
      return [b[0], b[1], b[2], b[3]];
    case 5:
      return [b[0], b[1], b[2], b[3], b[4]];
    case 6:
      return [b[0], b[1], b[2], b[3], b[4], b[5]];
    case 7:
      return [b[0], b[1], b[2], b[3], b[4], b[5], b[6]];
    case 8:
      return [b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]];
    default:
      return buffer.slice(0, count);
  }
}

export class GedcomScanner {
  private text = '';
  private pos = 0;
  private final = false;
  /** Cached positions of the next LF and CR in `text`; `text.length` when there is none. */
  private nextLf = -1;
  private nextCr = -1;
  /** Decided at the first line break: does this file end its lines with LF+CR? */
  private lfCr: boolean | null = null;
  private hasDoubleAt = false;
  /** See largeText. */
  private large = false;
  private lineNumber = 0;
  /** The open node at each depth. */
  private readonly stack: GedcomNode[] = [];
  private depth = -1;
  /**
   * The children of the open node at depth d - 1 gather in childBuffers[d] and are copied into an
   * array of the exact size when the node closes: no array grows by push (and leaves share one
   * frozen empty array), which saves most of the allocations of a large file.
   */
  private readonly childBuffers: GedcomNode[][] = [];
  private readonly childCounts = new Int32Array(maxLevel + 2);
  /**
   * Tags are few: one string per tag. A short tag is found by its bits (shortTagKeys holds the
   * bits of the tag in the same slot of shortTags); a longer one by a hash and its characters.
   */
  private readonly shortTagKeys = new Int32Array(tagTableSize);
  private readonly shortTags: string[] = new Array(tagTableSize).fill('');
  private readonly longTags: (string | undefined)[] = new Array(tagTableSize);
  private record: GedcomNode | null = null;
  private sawValidLine = false;
  private invalidLines = 0;
  private firstInvalid: { line: number; text: string } | null = null;
  private blankLines = 0;
  private firstBlankLine = 0;
  /** Blank lines seen but not yet known to be followed by a GEDCOM line (trailing ones are fine). */
  private blankRun = 0;

  /**
   * @param escapeAll GEDCOM 5.x: every `@@` in a value is one `@`. GEDCOM 7: only a leading `@@`.
   * @param keepsRecords The caller keeps every record (parse()): a large text is read as large.
   */
  constructor(
    private readonly warnings: WarningSink,
    private readonly escapeAll: boolean,
    private readonly keepsRecords = false,
  ) {
    latest.scanner = this;
  }

  /** The number of the last line read. */
  get line(): number {
    return this.lineNumber;
  }

  /** Adds text. `final` says no more will come. */
  push(text: string, final: boolean): void {
    this.text = this.pos < this.text.length ? this.text.slice(this.pos) + text : text;
    this.pos = 0;
    this.nextLf = -1;
    this.nextCr = -1;
    this.final = final;
    this.hasDoubleAt = this.text.indexOf('@@') !== -1;
    this.large = this.keepsRecords && this.text.length >= largeText;
  }

  /**
   * The next complete level-0 record, or null: more text is needed, or (after a final push) the
   * input has ended. Throws GedcomError only when the input is not GEDCOM at all.
   */
  next(): GedcomNode | null {
    const text = this.text;
    const length = text.length;
    const final = this.final;
    const stack = this.stack;
    const childBuffers = this.childBuffers;
    const childCounts = this.childCounts;
    const escapeAll = this.escapeAll;
    const hasDoubleAt = this.hasDoubleAt;
    const large = this.large;
    let pos = this.pos;
    let nextLf = this.nextLf;
    let nextCr = this.nextCr;
    let lineNumber = this.lineNumber;
    let depth = this.depth;
    let lfCr = this.lfCr;
    let blankRun = this.blankRun;
    let sawValidLine = this.sawValidLine;

    while (true) {
      if (pos >= length) {
        this.pos = pos;
        this.lineNumber = lineNumber;
        this.depth = depth;
        this.blankRun = blankRun;
        if (!final) return null;
        return this.finish();
      }

      // Where the line ends, and where the next one starts.
      if (nextLf < pos) {
        nextLf = text.indexOf('\n', pos);
        if (nextLf === -1) nextLf = length;
      }
      if (nextCr < pos) {
        nextCr = text.indexOf('\r', pos);
        if (nextCr === -1) nextCr = length;
      }
      const end = nextLf < nextCr ? nextLf : nextCr;
      let nextStart: number;
      if (end >= length) {
        if (!final) break;
        nextStart = length;
      } else {
        // What follows the break is known from the cached positions, without reading the text.
        const after = end + 1;
        if (after >= length && !final) break;
        const followedByLf = nextLf === after && after < length;
        const followedByCr = nextCr === after && after < length;
        if (lfCr === null) {
          lfCr = end === nextLf && followedByCr;
          this.lfCr = lfCr;
        }
        if (end === nextCr) nextStart = followedByLf && !lfCr ? end + 2 : after;
        else nextStart = followedByCr && lfCr ? end + 2 : after;
      }
      lineNumber++;
      const lineStart = pos;
      pos = nextStart;

      // Leading white space, then the level. No read goes past the line: the character at `end`
      // is read as -1 (a read past the text would make V8 compile these reads as slow calls).
      let p = lineStart;
      let code = p < end ? text.charCodeAt(p) : -1;
      while (code === SPACE || code === TAB) code = ++p < end ? text.charCodeAt(p) : -1;
      if (p >= end) {
        if (this.blankLines + blankRun === 0) this.firstBlankLine = lineNumber;
        blankRun++;
        continue;
      }
      if (blankRun > 0) {
        this.blankLines += blankRun;
        blankRun = 0;
      }

      if (!isDigit(code)) {
        this.invalid(lineNumber, text.slice(lineStart, end), 'not a GEDCOM line');
        continue;
      }
      let level = code - 0x30;
      code = ++p < end ? text.charCodeAt(p) : -1;
      while (isDigit(code)) {
        level = level * 10 + code - 0x30;
        code = ++p < end ? text.charCodeAt(p) : -1;
      }
      if (code !== SPACE && code !== TAB) {
        this.invalid(lineNumber, text.slice(lineStart, end), 'not a GEDCOM line');
        continue;
      }
      while (code === SPACE || code === TAB) code = ++p < end ? text.charCodeAt(p) : -1;

      // Optional cross-reference id.
      let xref: string | undefined;
      if (code === AT) {
        let q = p + 1;
        let inner = q < end ? text.charCodeAt(q) : -1;
        while (q < end && inner !== AT && inner !== SPACE) inner = ++q < end ? text.charCodeAt(q) : -1;
        if (inner === AT && q > p + 1) {
          xref = text.slice(p + 1, q);
          p = q + 1;
        } else {
          this.warnings.add(
            lineNumber,
            'unterminated-xref',
            `the cross-reference id "${preview(text.slice(p, q))}" has no closing @ and was left out`,
          );
          p = q;
        }
        code = p < end ? text.charCodeAt(p) : -1;
        while (code === SPACE || code === TAB) code = ++p < end ? text.charCodeAt(p) : -1;
        if (p >= end) {
          this.invalid(lineNumber, text.slice(lineStart, end), 'a cross-reference id without a tag');
          continue;
        }
      }

      // The tag, and its characters' bits: the whole tag when it is short, a hash when it is not.
      const tagStart = p;
      let key = 0;
      let bits = tagBitsOf(code);
      while (bits !== 0) {
        key = (key << 6) | bits;
        code = ++p < end ? text.charCodeAt(p) : -1;
        bits = tagBitsOf(code);
      }
      if (p === tagStart || (p < end && code !== SPACE && code !== TAB)) {
        this.invalid(lineNumber, text.slice(lineStart, end), 'not a GEDCOM tag');
        continue;
      }
      if (level > maxLevel) {
        this.warnings.add(lineNumber, 'invalid-level', `level ${level} is deeper than 99; the line was skipped`);
        sawValidLine = true;
        this.sawValidLine = true;
        continue;
      }
      const tag =
        p - tagStart <= maxShortTag ? this.shortTag(key, text, tagStart, p) : this.longTag(text, tagStart, p, key);

      // The value: everything after the one delimiter, or a pointer @ID@.
      let value: string | undefined;
      let pointer: string | undefined;
      const valueStart = p + 1;
      if (valueStart < end) {
        let q = valueStart;
        let first = text.charCodeAt(q);
        while (first === SPACE) first = ++q < end ? text.charCodeAt(q) : -1;
        if (first === AT) pointer = pointerIn(text, q, end);
        if (pointer === undefined) {
          value = text.slice(valueStart, end);
          if (hasDoubleAt) {
            if (escapeAll) {
              if (value.indexOf('@@') !== -1) value = value.replaceAll('@@', '@');
            } else if (value.charCodeAt(0) === AT && value.charCodeAt(1) === AT) {
              value = value.slice(1);
            }
          }
        }
      }
      if (!sawValidLine) {
        sawValidLine = true;
        this.sawValidLine = true;
      }

      // CONC and CONT continue the value of the line above them.
      if (tag.length === 4 && tag.charCodeAt(0) === 0x43 && (tag === 'CONC' || tag === 'CONT')) {
        if (level === 0 || depth < 0) {
          this.warnings.add(lineNumber, 'orphan-continuation', `${tag} with no line to continue; skipped`);
          continue;
        }
        if (level > depth + 1) {
          this.warnings.add(lineNumber, 'level-jump', `level ${level} after level ${depth}; read as ${depth + 1}`);
          level = depth + 1;
        }
        if (depth >= level) depth = this.close(depth, level);
        const target = stack[level - 1] as GedcomNode;
        const piece = value ?? (pointer === undefined ? '' : `@${pointer}@`);
        if (tag === 'CONT') target.value = `${target.value ?? ''}\n${piece}`;
        else if (piece !== '') target.value = (target.value ?? '') + piece;
        continue;
      }

      if (level > depth + 1) {
        if (depth < 0) {
          this.warnings.add(lineNumber, 'orphan-line', `a level-${level} line before the first record; skipped`);
          continue;
        }
        this.warnings.add(lineNumber, 'level-jump', `level ${level} after level ${depth}; read as ${depth + 1}`);
        level = depth + 1;
      }
      if (depth >= level) {
        // Most lines follow a sibling with no children: nothing to close but that leaf.
        if (depth === level && childCounts[level + 1] === 0) depth = level - 1;
        else depth = this.close(depth, level);
      }
      // Two copies of one literal: see largeText.
      const node: GedcomNode = large
        ? { level, xref, tag, value, pointer, line: lineNumber, children: noChildren }
        : { level, xref, tag, value, pointer, line: lineNumber, children: noChildren };
      stack[level] = node;
      depth = level;
      if (level === 0) {
        const done = this.record;
        this.record = node;
        if (done !== null) {
          this.pos = pos;
          this.nextLf = nextLf;
          this.nextCr = nextCr;
          this.lineNumber = lineNumber;
          this.depth = depth;
          this.blankRun = blankRun;
          return done;
        }
      } else {
        const buffer = childBuffers[level] ?? this.childBuffer(level);
        buffer[childCounts[level] as number] = node;
        childCounts[level] = (childCounts[level] as number) + 1;
      }
    }

    // The rest of the text is an incomplete line: wait for more.
    this.pos = pos;
    this.nextLf = nextLf;
    this.nextCr = nextCr;
    this.lineNumber = lineNumber;
    this.depth = depth;
    this.blankRun = blankRun;
    return null;
  }

  /** Closes the open nodes from depth `from` up to depth `to`; returns the new depth (to - 1). */
  private close(from: number, to: number): number {
    const stack = this.stack;
    const childCounts = this.childCounts;
    for (let depth = from; depth >= to; depth--) {
      const count = childCounts[depth + 1] as number;
      if (count > 0) {
        const buffer = this.childBuffers[depth + 1] as GedcomNode[];
        (stack[depth] as GedcomNode).children = this.large ? exactArrayLarge(buffer, count) : exactArray(buffer, count);
        childCounts[depth + 1] = 0;
      }
    }
    return to - 1;
  }

  private childBuffer(level: number): GedcomNode[] {
    const buffer: GedcomNode[] = [];
    this.childBuffers[level] = buffer;
    return buffer;
  }

  private shortTag(key: number, text: string, start: number, end: number): string {
    const slot = (key ^ (key >>> 15)) & (tagTableSize - 1);
    if (this.shortTagKeys[slot] === key) return this.shortTags[slot] as string;
    const tag = text.slice(start, end);
    this.shortTagKeys[slot] = key;
    this.shortTags[slot] = tag;
    return tag;
  }

  private longTag(text: string, start: number, end: number, hash: number): string {
    const slot = (hash ^ (hash >>> 15)) & (tagTableSize - 1);
    const known = this.longTags[slot];
    if (known !== undefined && known.length === end - start && text.startsWith(known, start)) return known;
    const tag = text.slice(start, end);
    this.longTags[slot] = tag;
    return tag;
  }

  /** Drops the references to the text and the nodes once the input has ended. */
  private release(): void {
    this.text = '';
    this.pos = 0;
    this.stack.length = 0;
    this.childBuffers.length = 0;
  }

  private invalid(line: number, content: string, reason: string): void {
    if (!this.sawValidLine) {
      this.invalidLines++;
      if (this.firstInvalid === null) this.firstInvalid = { line, text: content };
      if (this.invalidLines >= maxLeadingInvalidLines) this.refuse();
    }
    this.warnings.add(line, 'invalid-line', `${reason}: "${preview(content)}"; skipped`);
  }

  private refuse(): never {
    const first = this.firstInvalid;
    if (first === null) throw new GedcomError('empty', 1, 'the file is empty');
    throw new GedcomError(
      'not-gedcom',
      first.line,
      `this is not a GEDCOM file: the line "${preview(first.text)}" is not a GEDCOM line`,
    );
  }

  /** At the end: hands out the last record, once. */
  private finish(): GedcomNode | null {
    if (!this.sawValidLine) this.refuse();
    if (this.blankLines > 0) {
      const count = this.blankLines;
      this.blankLines = 0;
      this.warnings.add(
        this.firstBlankLine,
        'blank-line',
        count === 1 ? 'a blank line; skipped' : `${count} blank lines, the first on this line; skipped`,
      );
    }
    if (this.depth >= 0) this.depth = this.close(this.depth, 0);
    const last = this.record;
    this.record = null;
    this.release();
    return last;
  }
}

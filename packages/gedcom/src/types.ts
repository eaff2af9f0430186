/**
 * One GEDCOM line with its subordinate lines. CONC and CONT lines are folded into `value`
 * (CONT as "\n"), so they never appear as nodes.
 */
export interface GedcomNode {
  /** Depth in the tree: 0 for a record. A line whose level jumped (1 → 3) gets its real depth. */
  level: number;
  /** The record's cross-reference id without the @ signs (`I1` for `0 @I1@ INDI`). */
  xref?: string;
  tag: string;
  /** The line value with CONC/CONT folded in and `@@` unescaped; absent when the line has none. */
  value?: string;
  /** The id a pointer value names, without the @ signs (`F1` for `1 FAMC @F1@`; `VOID` for 7.0's `@VOID@`). */
  pointer?: string;
  /** 1-based line number of the line in the file (after decoding). */
  line: number;
  children: readonly GedcomNode[];
}

/** A level-0 node: a record (INDI, FAM, SOUR, NOTE, REPO, OBJE, SUBM, _CUSTOM …). */
export type GedcomRecord = GedcomNode;

/** What a lenient read noticed and worked around. `code` is stable; `message` is English. */
export interface GedcomWarning {
  line: number;
  code: GedcomWarningCode;
  message: string;
}

export type GedcomWarningCode =
  | 'encoding-mismatch'
  | 'encoding-unknown'
  | 'encoding-guessed'
  | 'invalid-bytes'
  | 'blank-line'
  | 'invalid-line'
  | 'invalid-level'
  | 'level-jump'
  | 'orphan-line'
  | 'orphan-continuation'
  | 'unterminated-xref'
  | 'missing-header'
  | 'missing-trailer'
  | 'misplaced-header'
  | 'data-after-trailer'
  | 'too-many-warnings';

/**
 * The character encodings the decoder knows. `ASCII` is reported only for files that say ASCII and
 * hold nothing else; a file with only 7-bit bytes is reported in the encoding its header names.
 */
export type EncodingName =
  | 'UTF-8'
  | 'UTF-16LE'
  | 'UTF-16BE'
  | 'ANSEL'
  | 'ASCII'
  | 'CP1252'
  | 'CP1250'
  | 'CP437'
  | 'CP850'
  | 'CP852'
  | 'MACROMAN'
  | 'ISO-8859-1'
  | 'ISO-8859-2'
  | 'ISO-8859-15';

/**
 * Why the decoder read a file in its encoding: a byte order mark; UTF-16's zero bytes; valid
 * UTF-8; only 7-bit bytes (the header's word is taken); for 8-bit bytes the header's code page
 * because its letters read as words (`declared`), or another code page whose letters read as words
 * better (`letters`); or the user's choice (`chosen`).
 */
export type EncodingReason = 'bom' | 'utf16' | 'utf8' | 'ascii' | 'declared' | 'letters' | 'chosen';

export interface EncodingChoice {
  reason: EncodingReason;
  /**
   * For 8-bit files: a word of the file as read, and as the runner-up code page (the header's one
   * when the bytes overruled it) would read it, e.g. "Držić" against "Dr§i†".
   */
  example: { word: string; other: string; otherEncoding: EncodingName } | null;
  /** For 8-bit files: the code pages, the most plausible first. */
  ranked: EncodingName[];
}

export interface DecodeResult {
  text: string;
  /** The encoding the bytes were read in (the bytes win over the header). */
  encoding: EncodingName;
  /** The header's `1 CHAR` value as written, or null when there is none. */
  declared: string | null;
  warnings: GedcomWarning[];
  /** Why this encoding. */
  choice: EncodingChoice;
}

export interface ParseOptions {
  /** Most warnings kept; past it one `too-many-warnings` warning says how many were dropped. Default 1000. */
  maxWarnings?: number;
  /** Called for each warning as it happens (also past maxWarnings). */
  onWarning?: (warning: GedcomWarning) => void;
  /** Read bytes in this encoding whatever they look like (the user's pick); default: detected. */
  encoding?: EncodingName | null;
}

export interface GedcomDocument {
  /** The HEAD record, or null when the file has none. */
  header: GedcomNode | null;
  /** Every level-0 record except HEAD and TRLR, in file order. */
  records: GedcomRecord[];
  warnings: GedcomWarning[];
  /** How the bytes were decoded; null when the input was a string. */
  encoding: EncodingName | null;
  /** The header's `1 CHAR` value, or null. */
  declared: string | null;
  /** HEAD.GEDC.VERS as written (`5.5`, `5.5.1`, `5.5.5`, `7.0`, …), or null when the header has none. */
  version: string | null;
}

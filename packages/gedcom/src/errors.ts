import type { GedcomWarning, GedcomWarningCode, ParseOptions } from './types.ts';

export type GedcomErrorCode = 'empty' | 'binary' | 'archive' | 'not-gedcom';

/**
 * The one error the package throws: the input is not GEDCOM at all (empty, binary, a ZIP archive,
 * or text whose first lines are not GEDCOM lines). Everything else is a warning.
 */
export class GedcomError extends Error {
  override readonly name = 'GedcomError';
  readonly code: GedcomErrorCode;
  /** 1-based line the problem was found on. */
  readonly line: number;

  constructor(code: GedcomErrorCode, line: number, message: string) {
    super(`Line ${line}: ${message}`);
    this.code = code;
    this.line = line;
  }
}

const defaultMaxWarnings = 1000;

/** Collects warnings up to a limit, so that a file of a million bad lines cannot fill memory. */
export class WarningSink {
  readonly list: GedcomWarning[] = [];
  private readonly max: number;
  private readonly onWarning: ((warning: GedcomWarning) => void) | undefined;
  private dropped = 0;

  constructor(options: ParseOptions = {}) {
    this.max = options.maxWarnings ?? defaultMaxWarnings;
    this.onWarning = options.onWarning;
  }

  add(line: number, code: GedcomWarningCode, message: string): void {
    const warning: GedcomWarning = { line, code, message };
    this.onWarning?.(warning);
    if (this.list.length < this.max) this.list.push(warning);
    else this.dropped += 1;
  }

  addAll(warnings: readonly GedcomWarning[]): void {
    for (const warning of warnings) this.add(warning.line, warning.code, warning.message);
  }

  /** Adds the summary of dropped warnings, once, at the end of a read. */
  finish(line: number): void {
    if (this.dropped === 0) return;
    const dropped = this.dropped;
    this.dropped = 0;
    this.list.push({ line, code: 'too-many-warnings', message: `${dropped} more warnings were not kept` });
  }
}

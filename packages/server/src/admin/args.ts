import { parseArgs } from 'node:util';
import type { SubscriptionPlan } from '@anor/core';
import { isCalendarDay, isPlan } from './admin.ts';

export const usage = `Usage: npm run admin -- <command> [options]

Commands:
  users [--email PART]
      Lists the users: e-mail, name, plan, valid until, status (free or paid now), number of
      trees and when the account was created. --email shows only e-mails containing PART.

  subscription EMAIL PLAN [--until YYYY-MM-DD | --months N]
      Sets the user's plan after a payment. PLAN is free, monthly or yearly. A paid plan runs
      until the end of --until (Swedish time), or --months (default: 1 for monthly, 12 for
      yearly) after the later of today and the end of the current paid plan, so paying early
      extends it. free ends the paid plan now. Prints the new state.

  backup FILE [--no-media]
      Writes every user and every tree to FILE (gzip-compressed JSON lines), a consistent
      snapshot even while the server runs on PostgreSQL, with the media files (photos and
      scans, as uploaded and the versions made from them) from MEDIA_DIR or the S3 bucket,
      then reads FILE back and checks it (every table's rows, every file's bytes, the end of
      the gzip stream). Either database restores it. --no-media leaves the files out (when
      the S3 bucket is backed up on its own). Prints the rows per table and the files;
      exits with 1 and one line if anything failed.

  restore FILE [--force]
      Restores a backup into an empty database, all or nothing. A database that holds any
      row (a user, a tree, …) is refused; --force deletes everything in it first, in the same
      transaction. The privacy cache is rebuilt at the first visit. Prints the rows restored
      per table, or one line saying what failed (the table and the database's reason).
      The backup's media files are written to this server's media storage (MEDIA_DIR or
      the S3 bucket); those it has already are left as they are.

Options:
  --force       restore: empty the database first.
  --no-media    backup: leave out the media files.
  -h, --help    Shows this text.

Uses the database npm start uses (DATA_DIR or DATABASE_URL). With the embedded database, run it
while the server is stopped: only one process may open it.`;

export type AdminCommand =
  | { kind: 'help' }
  | { kind: 'users'; email: string | null }
  | { kind: 'subscription'; email: string; plan: SubscriptionPlan; until: string | null; months: number | null }
  | { kind: 'backup'; file: string; media: boolean }
  | { kind: 'restore'; file: string; force: boolean };

/** A command line that cannot be run: the CLI prints the message and the usage, and exits with 1. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Reads the command line (without node and the script). Throws UsageError with a message for the operator. */
export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const [command, ...rest] = positionals;
  if (command === undefined) throw new UsageError('No command given.');
  const misplaced = (names: (keyof typeof values)[]) => {
    const given = names.find((name) => values[name] !== undefined);
    if (given) throw new UsageError(`--${given} does not belong to "${command}".`);
  };
  if (command === 'backup' || command === 'restore') {
    misplaced(command === 'backup' ? ['email', 'until', 'months', 'force'] : ['email', 'until', 'months', 'no-media']);
    const [file, extra] = rest;
    if (!file) throw new UsageError(`${command} needs a file.`);
    if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}".`);
    return command === 'backup'
      ? { kind: 'backup', file, media: !values['no-media'] }
      : { kind: 'restore', file, force: values.force ?? false };
  }
  if (command === 'users') {
    misplaced(['until', 'months', 'force', 'no-media']);
    if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`);
    return { kind: 'users', email: values.email ?? null };
  }
  if (command === 'subscription') {
    misplaced(['email', 'force', 'no-media']);
    const [email, plan, extra] = rest;
    if (!email || !plan) throw new UsageError('subscription needs an e-mail and a plan (free, monthly or yearly).');
    if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}".`);
    if (!isPlan(plan)) throw new UsageError(`Unknown plan "${plan}": use free, monthly or yearly.`);
    const until = values.until ?? null;
    const monthsText = values.months ?? null;
    if (until !== null && monthsText !== null) throw new UsageError('Give either --until or --months, not both.');
    if (plan === 'free' && (until !== null || monthsText !== null)) {
      throw new UsageError('The free plan has no end date: leave out --until and --months.');
    }
    if (until !== null && !isCalendarDay(until)) {
      throw new UsageError(`"${until}" is not a date: write it YYYY-MM-DD.`);
    }
    let months: number | null = null;
    if (monthsText !== null) {
      months = /^\d{1,4}$/.test(monthsText) ? Number(monthsText) : Number.NaN;
      if (!(months >= 1)) throw new UsageError(`--months must be a whole number of at least 1, not "${monthsText}".`);
    }
    return { kind: 'subscription', email, plan, until, months };
  }
  throw new UsageError(`Unknown command "${command}".`);
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: 'string' },
      until: { type: 'string' },
      months: { type: 'string' },
      force: { type: 'boolean' },
      'no-media': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

import { type SubscriptionPlan, subscriptionPlans, subscriptionStatus } from '@anor/core';
import type { Db } from '../db/client.ts';
import { findSubscription, findUserByEmail, upsertSubscription } from '../modules/user/user.repository.ts';
import { type AdminUserRow, listUsersWithPlans } from './admin.repository.ts';

/**
 * What the operator's command (`npm run admin`, see cli.ts) does, as functions of a database, so
 * that tests call them directly. Payment is manual (SPEC §1): the operator sees the payment and
 * sets the plan here.
 */

/** A refusal the operator should read (unknown e-mail, a date in the past): the CLI prints it and exits with 1. */
export class AdminError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AdminError';
  }
}

export interface AdminUser {
  email: string;
  name: string;
  plan: SubscriptionPlan;
  /** ISO instant; null on the free plan. */
  validUntil: string | null;
  /** Whether the plan is paid and valid now. */
  status: 'free' | 'paid';
  trees: number;
  createdAt: string;
}

function toAdminUser(row: AdminUserRow, now: Date): AdminUser {
  const plan = row.plan ?? 'free';
  const validUntil = row.validUntil?.toISOString() ?? null;
  return {
    email: row.email,
    name: row.name,
    plan,
    validUntil,
    status: subscriptionStatus({ plan, validUntil }, now),
    trees: row.trees,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(db: Db, options: { email?: string | null; now?: Date } = {}): Promise<AdminUser[]> {
  const rows = await listUsersWithPlans(db, { emailPart: options.email?.trim() || null });
  return rows.map((row) => toAdminUser(row, options.now ?? new Date()));
}

// ---- Calendar days in Swedish time ----
// Paid plans end at the end of a day as a Swedish user reads it ("valid to and including 15 May").

const timeZone = 'Europe/Stockholm';
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

export interface Day {
  year: number;
  month: number;
  day: number;
}

/** The calendar day in Sweden at an instant, as YYYY-MM-DD. */
export function swedishDay(instant: Date): string {
  return dayFormat.format(instant);
}

function parseDay(text: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** Whether the text is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(text: string): boolean {
  return parseDay(text) !== null;
}

/** Swedish time's offset from UTC at an instant, in milliseconds (1 or 2 hours). */
function swedishOffset(instant: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The last millisecond of a day in Sweden. */
export function endOfSwedishDay(day: Day): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, 23, 59, 59, 999);
  return new Date(wall - swedishOffset(wall));
}

/** The same day `months` later; the 31st of a shorter month becomes its last day (31 January + 1 month: 28 or 29 February). */
export function addMonths(day: Day, months: number): Day {
  const index = day.year * 12 + (day.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(day.day, lastDay) };
}

// ---- Setting a plan ----

export const defaultMonths: Record<Exclude<SubscriptionPlan, 'free'>, number> = { monthly: 1, yearly: 12 };

export function isPlan(text: string): text is SubscriptionPlan {
  return (subscriptionPlans as readonly string[]).includes(text);
}

export interface SetSubscriptionOptions {
  /** The last day of the paid plan (YYYY-MM-DD, Swedish time). */
  until?: string | null;
  /** The plan's length; by default one month (monthly) or twelve (yearly). */
  months?: number | null;
  now?: Date;
}

/**
 * Sets a user's plan. A paid plan runs until the end of `until`, or `months` (by default the
 * plan's own length) after the later of today and the current plan's end, so that paying early
 * extends. `free` ends the paid plan now. Answers the user's new state.
 */
export async function setSubscription(
  db: Db,
  email: string,
  plan: SubscriptionPlan,
  options: SetSubscriptionOptions = {},
): Promise<AdminUser> {
  const now = options.now ?? new Date();
  if (!isPlan(plan)) throw new AdminError(`Unknown plan "${plan}": use free, monthly or yearly.`);
  const found = await findUserByEmail(db, email.trim().toLowerCase());
  if (!found) throw new AdminError(`No user has the e-mail ${email}.`);
  if (plan === 'free') {
    if (options.until || options.months)
      throw new AdminError('The free plan has no end date: leave out --until and --months.');
    await upsertSubscription(db, found.id, 'free', null);
  } else {
    await upsertSubscription(db, found.id, plan, await paidUntil(db, found.id, plan, options, now));
  }
  const [row] = await listUsersWithPlans(db, { userId: found.id });
  if (!row) throw new AdminError(`No user has the e-mail ${email}.`);
  return toAdminUser(row, now);
}

async function paidUntil(
  db: Db,
  userId: string,
  plan: Exclude<SubscriptionPlan, 'free'>,
  options: SetSubscriptionOptions,
  now: Date,
): Promise<Date> {
  if (options.until && options.months) throw new AdminError('Give either --until or --months, not both.');
  if (options.until) {
    const day = parseDay(options.until);
    if (!day) throw new AdminError(`"${options.until}" is not a date: write it YYYY-MM-DD.`);
    if (options.until < swedishDay(now)) throw new AdminError(`${options.until} is in the past.`);
    return endOfSwedishDay(day);
  }
  const months = options.months ?? defaultMonths[plan];
  if (!Number.isSafeInteger(months) || months < 1)
    throw new AdminError('--months must be a whole number of at least 1.');
  const current = await findSubscription(db, userId);
  const currentEnd = current && current.plan !== 'free' ? current.validUntil : null;
  const from = currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd : now;
  const start = parseDay(swedishDay(from)) as Day;
  return endOfSwedishDay(addMonths(start, months));
}

// ---- Printing ----

/** Users as an aligned text table (dates as Swedish calendar days). */
export function formatUserTable(users: readonly AdminUser[]): string {
  if (users.length === 0) return 'No users.';
  const header = ['E-MAIL', 'NAME', 'PLAN', 'VALID UNTIL', 'STATUS', 'TREES', 'CREATED'];
  const rows = users.map((u) => [
    u.email,
    u.name,
    u.plan,
    u.validUntil ? swedishDay(new Date(u.validUntil)) : '-',
    u.status,
    String(u.trees),
    swedishDay(new Date(u.createdAt)),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 5 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

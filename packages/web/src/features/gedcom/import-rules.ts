import {
  type GedcomWarningCodeName,
  limitsFor,
  replaceInvalidNameCharacters,
  type Subscription,
  textLimits,
  tierLimits,
} from '@anor/core';

/** What the file picker offers: GEDCOM files, and the plain-text name some programs give them. */
export const gedcomAccept = '.ged,.gedcom,.txt';

/**
 * The new tree's default name: the file's name without its extension, cleaned to a valid tree
 * name (the characters `hasInvalidNameCharacters` refuses become spaces).
 */
export function treeNameFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '');
  return replaceInvalidNameCharacters(base, ' ').replace(/\s+/g, ' ').trim().slice(0, textLimits.treeName).trim();
}

export type EarlyProblem =
  | { kind: 'error'; code: 'gedcom.error.noFile' | 'gedcom.error.empty' }
  | { kind: 'limit'; code: 'limit.gedcomSize' | 'limit.trees' };

export interface ImportingAccount {
  subscription: Subscription;
  /** How many trees the user owns now (`UserInfo.treeIds`). */
  ownTreeCount: number;
}

/**
 * The checks of SPEC §5 that need no upload: a file is chosen and not empty, a free account's file
 * is within the size limit, and the account may have another tree. The server checks them all again.
 */
export function earlyProblemOf(
  file: { size: number } | null,
  account: ImportingAccount,
  now: Date = new Date(),
): EarlyProblem | null {
  if (!file) return { kind: 'error', code: 'gedcom.error.noFile' };
  if (file.size === 0) return { kind: 'error', code: 'gedcom.error.empty' };
  const limits = limitsFor(account.subscription, now);
  // The trial limits on GEDCOM content belong to the free tier, and so does the size limit.
  if (limits.gedcomImport !== null && file.size > textLimits.gedcomBytes) {
    return { kind: 'limit', code: 'limit.gedcomSize' };
  }
  if (account.ownTreeCount >= limits.trees) return { kind: 'limit', code: 'limit.trees' };
  return null;
}

export type ContentKind = 'persons' | 'events' | 'places' | 'sourcesPerNode' | 'images';

export interface ContentRow {
  kind: ContentKind;
  found: number;
  max: number;
}

/** The counts of a content answer, in the order shown, with their names in the details. */
const contentKinds: { kind: ContentKind; key: string }[] = [
  { kind: 'persons', key: 'persons' },
  { kind: 'events', key: 'events' },
  { kind: 'places', key: 'locations' },
  { kind: 'sourcesPerNode', key: 'sourcesPerNode' },
  { kind: 'images', key: 'images' },
];

const freeContentMax: Record<string, number | null> = {
  ...tierLimits.free.gedcomImport,
  sourcesPerNode: tierLimits.free.sourcesPerNode,
  images: tierLimits.free.images,
};

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The counts of a `limit.gedcomContent` answer (details `{ found, max }`): persons, events, places,
 * the most sources on one event or place, and images found in the file, against what a free
 * account may import.
 */
export function contentRowsOf(details: unknown): ContentRow[] {
  const found = recordOf(recordOf(details)?.found);
  if (!found) return [];
  const max = recordOf(recordOf(details)?.max);
  const rows: ContentRow[] = [];
  for (const { kind, key } of contentKinds) {
    const foundCount = numberOf(found[key]);
    const maxCount = numberOf(max?.[key]) ?? freeContentMax[key] ?? null;
    if (foundCount !== null && maxCount !== null) rows.push({ kind, found: foundCount, max: maxCount });
  }
  return rows;
}

/** A size answer's details (`limit.gedcomSize`, `gedcom.error.tooLarge`): the file's bytes and the limit. */
export function sizeOf(details: unknown): { bytes: number; max: number } | null {
  const record = recordOf(details);
  const bytes = numberOf(record?.bytes);
  const max = numberOf(record?.max);
  return bytes !== null && max !== null ? { bytes, max } : null;
}

export const unreadableReasons = ['binary', 'archive', 'not-gedcom'] as const;
export type UnreadableReason = (typeof unreadableReasons)[number];

/** Why a file is not GEDCOM (`gedcom.error.unreadable` details `{ reason, line }`), as far as the answer says. */
export function unreadableOf(details: unknown): { reason: UnreadableReason | null; line: number | null } {
  const record = recordOf(details);
  const reason = unreadableReasons.find((known) => known === record?.reason) ?? null;
  const line = numberOf(record?.line);
  return { reason, line: line !== null && line > 0 ? line : null };
}

/** A size in the largest fitting unit: kilobytes below one megabyte, else megabytes, one decimal. */
export function fileSizeParts(bytes: number): { unit: 'kilobytes' | 'megabytes'; value: number } {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) return { unit: 'megabytes', value: Math.round(megabytes * 10) / 10 };
  return { unit: 'kilobytes', value: Math.max(1, Math.round((bytes / 1024) * 10) / 10) };
}

/** The i18n key of a warning kind's title. */
export function warningKey(code: GedcomWarningCodeName) {
  return `gedcom.warnings.${code}` as const;
}

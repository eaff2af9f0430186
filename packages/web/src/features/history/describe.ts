import { type ChangeSetKind, changeSetKinds } from '@anor/core';
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/client.ts';
import { errorKey, isTranslationKey } from '../../i18n/messages.ts';

/** A change set's time in the reader's language ("29 Nov 2026, 04:20"). */
export function formatWhen(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return date.toLocaleString();
  }
}

/** Who made a change set: the user's name, or "the system" for a write no user made. */
export function whoText(t: TFunction, userName: string | null, userId: string | null): string {
  if (userName) return userName;
  return userId ? t('history.someone') : t('history.system');
}

/** A field's name in words the user understands (a database column's name when there is no translation). */
export function fieldLabel(t: TFunction, column: string): string {
  const key = `history.field.${column}`;
  return isTranslationKey(key) ? t(key) : column.replaceAll('_', ' ');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

/** A field's value as short plain text (rich text without its tags, long texts cut). */
export function valueText(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('history.empty_value');
  if (typeof value === 'boolean') return value ? t('history.yes') : t('history.no');
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 160 ? `${plain.slice(0, 159)}…` : plain;
}

/** The fields a change shows: an update's changed ones; an insert's or delete's filled ones (at most `limit`). */
export function shownFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  limit = 8,
): string[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  names.delete('id');
  const filled = [...names].filter((name) => {
    const value = (after ?? before)?.[name];
    return before && after ? true : value !== null && value !== undefined && value !== '';
  });
  return filled.slice(0, limit);
}

/** The later change a refused undo names (409 history.error.dependentChange's details). */
export interface DependentChange {
  changeSet: number;
  kind: ChangeSetKind;
  createdAt: string;
  userName: string | null;
}

export function dependentChange(error: unknown): DependentChange | null {
  if (!isApiError(error) || error.code !== 'history.error.dependentChange') return null;
  const details = error.details as Partial<DependentChange> | null;
  if (!details || typeof details.changeSet !== 'number') return null;
  const kind = changeSetKinds.includes(details.kind as ChangeSetKind) ? (details.kind as ChangeSetKind) : 'update';
  return {
    changeSet: details.changeSet,
    kind,
    createdAt: typeof details.createdAt === 'string' ? details.createdAt : '',
    userName: typeof details.userName === 'string' ? details.userName : null,
  };
}

/** A failed undo in words: which later change depends on it, or the error's own text. */
export function undoErrorText(t: TFunction, error: unknown, language: string): string {
  const later = dependentChange(error);
  if (!later) return t(errorKey(error));
  return t('history.dependent', {
    kind: t(`history.kind.${later.kind}`),
    date: formatWhen(later.createdAt, language),
    user: later.userName ?? t('history.someone'),
  });
}

/** Where the recent changes page shows one change set (the page opens at it). */
export function changeSetHref(treeId: string, changeSetId: number): string {
  return `/app/${encodeURIComponent(treeId)}/history?changeSet=${changeSetId}`;
}

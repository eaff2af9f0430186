import type { ErrorCode } from '@anor/core';
import { AppError } from '../../http/errors.ts';

/**
 * Optimistic checks of an edit against the object's revision (issue 26; a person's
 * `writeOwnFields` is where this began). `basedOn` is the revision the client loaded (absent: it
 * sent none, and saves over what is stored); `current` reads the object as its own route answers
 * it, for the 409's `details.current`, so that the form can show what was saved meanwhile.
 */
export interface RevisionCheck {
  code: ErrorCode;
  basedOn: number | undefined;
  /** The revision stored now, read in the same transaction. */
  stored: number;
  current: () => Promise<unknown>;
}

async function conflict(check: RevisionCheck): Promise<AppError> {
  return new AppError(check.code, { current: await check.current() });
}

/** Refuses an edit that started from another revision than the stored one, before anything is written. */
export async function assertRevision(check: RevisionCheck): Promise<void> {
  if (check.basedOn !== undefined && check.basedOn !== check.stored) throw await conflict(check);
}

/**
 * After the guarded `UPDATE … WHERE revision = stored`: nothing written means someone saved in
 * between. The tree's write lock serialises writes already; the statement checks again so that the
 * rule does not rest on the lock alone.
 */
export async function assertWritten(check: RevisionCheck, written: boolean): Promise<void> {
  if (!written) throw await conflict(check);
}

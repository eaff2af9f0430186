import type { ErrorCode } from '@anor/core';
import { useReducer } from 'react';
import type { z } from 'zod';
import { isApiError } from '../api/client.ts';

/**
 * Edits that name the revision they started from (persons, places, archives, sources, citations,
 * notes, media; issue 26). A save from a stale revision is answered 409 with the stored object in
 * `details.current`; the form then keeps what the user typed, shows what was saved meanwhile, and
 * offers two ways out: take the stored version, or save the typed one over it knowingly.
 */

/** The stored object of a 409 answer with this code, when the error is one (and its object parses). */
export function storedOfConflict<S extends z.ZodType>(error: unknown, code: ErrorCode, schema: S): z.output<S> | null {
  if (!isApiError(error) || error.code !== code) return null;
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('current' in details)) return null;
  const parsed = schema.safeParse(details.current);
  return parsed.success ? parsed.data : null;
}

/** What the edit starts from (`base`, whose revision each save sends) and the conflict being shown, if any. */
export interface RevisionEditState<V, S extends V> {
  base: V;
  conflict: S | null;
}

export type RevisionEditAction<V, S extends V> =
  /** A save was refused: the stored object is shown; the form keeps what was typed. */
  | { type: 'conflict'; stored: S }
  /**
   * Either way out of a conflict: the stored version becomes the one the edit starts from (the
   * caller puts it in the form, or sends the typed values again from its revision).
   */
  | { type: 'resolve' }
  /** A newer version came (a save, a refetch): the edit goes on from it; a conflict shown stays. */
  | { type: 'rebase'; version: V }
  /** Another object shown: the edit starts over from it, without a conflict. */
  | { type: 'restart'; version: V };

export function revisionEditReducer<V, S extends V>(
  state: RevisionEditState<V, S>,
  action: RevisionEditAction<V, S>,
): RevisionEditState<V, S> {
  switch (action.type) {
    case 'conflict':
      return { ...state, conflict: action.stored };
    case 'resolve':
      return state.conflict ? { base: state.conflict, conflict: null } : state;
    case 'rebase':
      return { ...state, base: action.version };
    case 'restart':
      return { base: action.version, conflict: null };
  }
}

export interface RevisionEditOptions<S> {
  /** The stored object of a conflict answer of this kind (see `storedOfConflict`). */
  conflictOf: (error: unknown) => S | null;
  /** The stored version was taken: whoever shows the object catches up with it too. */
  onTakeStored?: (stored: S) => void;
}

/**
 * An edit from the version it loaded. `catchConflict` holds a conflict answer (false for any other
 * error, which is the caller's to show); `takeStored` and `saveOver` answer the stored version
 * (null without a conflict) for the caller to put in the form or to send the typed values from.
 */
export function useRevisionEdit<V, S extends V>(loaded: V, { conflictOf, onTakeStored }: RevisionEditOptions<S>) {
  const [state, dispatch] = useReducer(revisionEditReducer<V, S>, { base: loaded, conflict: null });

  const catchConflict = (error: unknown): boolean => {
    const stored = conflictOf(error);
    if (stored) dispatch({ type: 'conflict', stored });
    return stored !== null;
  };

  const resolve = (): S | null => {
    const stored = state.conflict;
    if (stored) dispatch({ type: 'resolve' });
    return stored;
  };

  const takeStored = (): S | null => {
    const stored = resolve();
    if (stored) onTakeStored?.(stored);
    return stored;
  };

  const setBase = (version: V) => dispatch({ type: 'rebase', version });
  const restart = (version: V) => dispatch({ type: 'restart', version });

  return { base: state.base, conflict: state.conflict, catchConflict, takeStored, saveOver: resolve, setBase, restart };
}

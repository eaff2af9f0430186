import type { Person } from '@anor/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { personConflictOf, refreshPerson } from './mutations.ts';

/** What an edit of a person's own fields starts from: the values and the revision they are at. */
export type PersonVersion = Pick<
  Person,
  'id' | 'revision' | 'fName' | 'pName' | 'lName' | 'gender' | 'occupation' | 'description'
>;

/**
 * An edit of a person's own fields from the version it loaded, whose revision every save sends.
 * When someone saved the person since (another tab or session), the answer's stored person is
 * held as the conflict while the form keeps what was typed; the user then takes the stored
 * version (`takeStored`: it replaces the form) or saves theirs over it (`saveOver`: the stored
 * version becomes the one the edit started from, and the caller sends again).
 */
export function usePersonEdit(treeId: string, loaded: PersonVersion) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState<PersonVersion>(loaded);
  const [conflict, setConflict] = useState<Person | null>(null);

  /** Holds a conflict answer; false for any other error, which is the caller's to show. */
  const catchConflict = (error: unknown): boolean => {
    const stored = personConflictOf(error);
    if (stored) setConflict(stored);
    return stored !== null;
  };

  const takeStored = (): Person | null => {
    if (!conflict) return null;
    // The page and whoever shows the person catch up with the stored version too.
    void refreshPerson(queryClient, treeId, conflict);
    setBase(conflict);
    setConflict(null);
    return conflict;
  };

  const saveOver = (): Person | null => {
    if (!conflict) return null;
    setBase(conflict);
    setConflict(null);
    return conflict;
  };

  /** Starts over from another version (another person shown): no conflict then. */
  const restart = (version: PersonVersion) => {
    setBase(version);
    setConflict(null);
  };

  return { base, setBase, restart, conflict, catchConflict, takeStored, saveOver };
}

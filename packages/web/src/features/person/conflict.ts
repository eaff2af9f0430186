import type { Person } from '@anor/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRevisionEdit } from '../../lib/conflict.ts';
import { personConflictOf, refreshPerson } from './mutations.ts';

/** What an edit of a person's own fields starts from: the values and the revision they are at. */
export type PersonVersion = Pick<
  Person,
  'id' | 'revision' | 'fName' | 'pName' | 'lName' | 'gender' | 'occupation' | 'description'
>;

/**
 * An edit of a person's own fields from the version it loaded, whose revision every save sends
 * (lib/conflict.ts). Taking the stored person also shows it wherever the person is shown.
 */
export function usePersonEdit(treeId: string, loaded: PersonVersion) {
  const queryClient = useQueryClient();
  return useRevisionEdit<PersonVersion, Person>(loaded, {
    conflictOf: personConflictOf,
    onTakeStored: (stored) => void refreshPerson(queryClient, treeId, stored),
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useRevisionEdit } from '../../lib/conflict.ts';
import { refreshSource } from './mutations.ts';
import type { SourceKind } from './queries.ts';

/**
 * A source dialog's edit from the version it loaded (null: a new source), whose revision an update
 * sends (lib/conflict.ts, issue 26). Taking the stored version also shows it wherever it is shown.
 */
export function useSourceEdit<S extends { id: string }>(
  treeId: string,
  kind: SourceKind,
  loaded: S | null,
  conflictOf: (error: unknown) => S | null,
) {
  const queryClient = useQueryClient();
  return useRevisionEdit<S | null, S>(loaded, {
    conflictOf,
    onTakeStored: (stored) => void refreshSource(queryClient, treeId, kind, stored),
  });
}

import {
  type ProposalStatus,
  proposalAnswerSchema,
  proposalListAnswerSchema,
  type RejectProposalBody,
} from '@anor/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment, treePath } from '../../api/client.ts';

/** Query keys of a tree's proposals (issue 26); every write of the tree may change them. */
export const proposalKeys = {
  all: ['proposals'] as const,
  tree: (treeId: string) => [...proposalKeys.all, treeId] as const,
  list: (treeId: string, status: ProposalStatus | 'all') => [...proposalKeys.tree(treeId), 'list', status] as const,
  detail: (treeId: string, id: string) => [...proposalKeys.tree(treeId), 'detail', id] as const,
};

export const proposalQueries = {
  /** The tree's proposals (a contributor: their own), newest first, of one status or all. */
  list: (treeId: string, status: ProposalStatus | 'all') =>
    queryOptions({
      queryKey: proposalKeys.list(treeId, status),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `proposal?limit=100${status === 'all' ? '' : `&status=${status}`}`), {
          schema: proposalListAnswerSchema,
          signal,
        }),
      staleTime: 0,
    }),
  /** One proposal with its rows, before and after. */
  detail: (treeId: string, id: string) =>
    queryOptions({
      queryKey: proposalKeys.detail(treeId, id),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `proposal/${segment(id)}`), { schema: proposalAnswerSchema, signal }),
      staleTime: 0,
    }),
};

/**
 * Accepting changes the tree (everything it shows may differ), rejecting and withdrawing only the
 * proposals: each refreshes what it may have changed.
 */
export function useDecideProposal(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      decision: { id: string } & ({ kind: 'accept' | 'withdraw' } | { kind: 'reject'; body: RejectProposalBody }),
    ) => {
      const path = treePath(treeId, `proposal/${segment(decision.id)}`);
      if (decision.kind === 'withdraw') return api.delete(path, undefined, { schema: proposalAnswerSchema });
      return api.post(`${path}/${decision.kind}`, decision.kind === 'reject' ? decision.body : {}, {
        schema: proposalAnswerSchema,
      });
    },
    onSuccess: (_answer, decision) =>
      decision.kind === 'accept'
        ? queryClient.invalidateQueries()
        : queryClient.invalidateQueries({ queryKey: proposalKeys.tree(treeId) }),
    onError: () => queryClient.invalidateQueries({ queryKey: proposalKeys.tree(treeId) }),
  });
}

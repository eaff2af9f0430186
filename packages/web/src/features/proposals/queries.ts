import {
  type ProposalStatus,
  proposalAnswerSchema,
  proposalListAnswerSchema,
  type RejectProposalBody,
} from '@anor/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isMethod, isProposalMade, segment, treePath } from '../../api/client.ts';

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

/** The header by which a reviewer sends a proposal's request again, changed, into the same proposal (docs/api.md). */
export const proposalHeader = 'Anor-Proposal';

/** What became of a changed request: the proposal holds it, or it changes nothing of the tree and was not kept. */
export type RevisionOutcome = 'revised' | 'changesNothing';

/**
 * A reviewer changes a pending proposal before deciding (issue 26): its request again, the same
 * method and path with the changed body and the `Anor-Proposal` header. The server checks it as any
 * write and captures its rows anew; its 202 (in the client a `ProposalMade` of this proposal) is the
 * success here. A body that would change nothing is answered as the route answers (nothing kept).
 * Errors show in the editor.
 */
export function useReviseProposal(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      proposal,
      body,
    }: {
      proposal: { id: string; method: string; path: string };
      body: unknown;
    }): Promise<RevisionOutcome> => {
      if (!isMethod(proposal.method)) throw new Error(`A proposal of ${proposal.method} cannot be sent`);
      try {
        await api.request(proposal.method, proposal.path, { body, headers: { [proposalHeader]: proposal.id } });
      } catch (error) {
        if (isProposalMade(error) && error.proposalId === proposal.id) return 'revised';
        throw error;
      }
      return 'changesNothing';
    },
    meta: { errorDisplay: 'inline' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.tree(treeId) }),
  });
}

import {
  type CreateTreeBody,
  type DeleteTreeBody,
  okAnswerSchema,
  type RenameTreeBody,
  type ShareBody,
  type ShareState,
  shareStateSchema,
  type TreeInfo,
  treeInfoSchema,
} from '@anor/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { sessionKeys } from '../session/queries.ts';
import { sharePath, treeKeys } from './queries.ts';

export function useCreateTree(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTreeBody) =>
      api.post(`/api/user/${segment(userId)}/tree`, body, { schema: treeInfoSchema }),
    onSuccess: (tree) => {
      queryClient.setQueryData(treeKeys.detail(tree.id), tree);
      // The list gains a card, and the user's treeIds gain an id.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: treeKeys.list(userId) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]);
    },
    meta: { errorDisplay: 'inline' },
  });
}

export function useRenameTree(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ treeId, body }: { treeId: string; body: RenameTreeBody }) =>
      api.put(`/api/${segment(treeId)}/tree/name`, body, { schema: treeInfoSchema }),
    onSuccess: (tree) => {
      queryClient.setQueryData(treeKeys.detail(tree.id), tree);
      queryClient.setQueryData<TreeInfo[]>(treeKeys.list(userId), (trees) =>
        trees?.map((existing) => (existing.id === tree.id ? tree : existing)),
      );
    },
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

export function useDeleteTree(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ treeId, body }: { treeId: string; body: DeleteTreeBody }) =>
      api.delete(`/api/${segment(treeId)}/tree/${segment(treeId)}`, body, { schema: okAnswerSchema }),
    onSuccess: (_answer, { treeId }) => {
      queryClient.removeQueries({ queryKey: treeKeys.detail(treeId) });
      queryClient.setQueryData<TreeInfo[]>(treeKeys.list(userId), (trees) =>
        trees?.filter((tree) => tree.id !== treeId),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: treeKeys.list(userId) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
        // The tree is now in the user's deleted trees (issue 21).
        queryClient.invalidateQueries({ queryKey: ['trash', 'deleted-trees', userId] }),
      ]);
    },
    meta: { errorDisplay: 'inline' },
  });
}

function putSharing(treeId: string, body: ShareBody): Promise<ShareState> {
  return api.put(sharePath(treeId), body, { schema: shareStateSchema });
}

/**
 * Turns a tree's sharing on or off (owner only). Off forgets the token, so the old link stops
 * working; on makes a new one. A free owner turning it on gets 403 `limit.sharing`.
 */
export function useSetSharing(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => putSharing(treeId, { enabled }),
    onSuccess: (state) => queryClient.setQueryData(treeKeys.share(treeId), state),
    // Whatever happened (a 403 may mean the subscription ended meanwhile), the dialog shows the server's state.
    onSettled: () => queryClient.invalidateQueries({ queryKey: treeKeys.share(treeId) }),
    meta: { errorDisplay: 'inline' },
  });
}

/** A new share link: sharing off (the old token is forgotten) and on again (a new one). */
export function useRenewShareLink(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await putSharing(treeId, { enabled: false });
      return putSharing(treeId, { enabled: true });
    },
    onSuccess: (state) => queryClient.setQueryData(treeKeys.share(treeId), state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: treeKeys.share(treeId) }),
    meta: { errorDisplay: 'inline' },
  });
}

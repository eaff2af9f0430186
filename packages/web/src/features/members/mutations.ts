import {
  acceptedInvitationSchema,
  type InviteBody,
  inviteAnswerSchema,
  type MemberRole,
  okAnswerSchema,
} from '@anor/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { treeKeys } from '../trees/queries.ts';
import { invitationApiPath, memberKeys } from './queries.ts';

/** After any change of members: the list again, and the tree lists (a member who left loses a card). */
function useRefresh(treeId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.list(treeId) }),
      queryClient.invalidateQueries({ queryKey: treeKeys.lists() }),
    ]);
}

export function useInvite(treeId: string) {
  const refresh = useRefresh(treeId);
  return useMutation({
    mutationFn: (body: InviteBody) =>
      api.post(`/api/${segment(treeId)}/member/invitation`, body, { schema: inviteAnswerSchema }),
    onSuccess: refresh,
    meta: { errorDisplay: 'inline' },
  });
}

export function useRevokeInvitation(treeId: string) {
  const refresh = useRefresh(treeId);
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.delete(`/api/${segment(treeId)}/member/invitation/${segment(invitationId)}`, undefined, {
        schema: okAnswerSchema,
      }),
    onSuccess: refresh,
    meta: { errorDisplay: 'inline' },
  });
}

export function useSetMemberRole(treeId: string) {
  const refresh = useRefresh(treeId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
      api.put(`/api/${segment(treeId)}/member/${segment(userId)}`, { role }, { schema: okAnswerSchema }),
    onSuccess: refresh,
    // A refused change (a free owner's editor) shows where it was asked; the list shows the stored role.
    onSettled: refresh,
    meta: { errorDisplay: 'inline' },
  });
}

/** Removes a member (owner and co-owners), or the signed-in member themselves (leaving the tree). */
export function useRemoveMember(treeId: string) {
  const refresh = useRefresh(treeId);
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete(`/api/${segment(treeId)}/member/${segment(userId)}`, undefined, { schema: okAnswerSchema }),
    onSuccess: refresh,
    meta: { errorDisplay: 'inline' },
  });
}

export function useAcceptInvitation(treeId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(invitationApiPath(treeId, token), undefined, { schema: acceptedInvitationSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: treeKeys.all }),
        queryClient.invalidateQueries({ queryKey: memberKeys.invitation(treeId, token) }),
      ]),
    meta: { errorDisplay: 'inline' },
  });
}

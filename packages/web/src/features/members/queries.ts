import { invitationPreviewSchema, membersAnswerSchema } from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';

export const memberKeys = {
  all: ['members'] as const,
  list: (treeId: string) => [...memberKeys.all, 'list', treeId] as const,
  invitation: (treeId: string, token: string) => [...memberKeys.all, 'invitation', treeId, token] as const,
};

/** The API address of an invitation link (`/invitation/{treeId}/{secret}` in the app). */
export function invitationApiPath(treeId: string, token: string): string {
  return `/api/invitation/${segment(treeId)}/${segment(token)}`;
}

export const memberQueries = {
  /** The owner, the members and the open invitations (owner and co-owners). */
  list: (treeId: string) =>
    queryOptions({
      queryKey: memberKeys.list(treeId),
      queryFn: ({ signal }) => api.get(`/api/${segment(treeId)}/member`, { schema: membersAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** What an invitation link offers, before it is accepted. */
  invitation: (treeId: string, token: string) =>
    queryOptions({
      queryKey: memberKeys.invitation(treeId, token),
      queryFn: ({ signal }) => api.get(invitationApiPath(treeId, token), { schema: invitationPreviewSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
};

import type { InviteAnswer, MemberRole } from '@anor/core';
import { type signUp, TestClient } from './client.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

/** Invites `member` to the tree as `role` by `by` (owner or co-owner), and accepts as `member`: the real flow. */
export async function addMember(
  by: TestClient,
  treeId: string,
  member: Account,
  role: MemberRole,
): Promise<InviteAnswer> {
  const invited = await by.post<InviteAnswer>(`/api/${treeId}/member/invitation`, { email: member.email, role });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const accepted = await member.client.post(`/api${invited.body.path}`);
  if (accepted.status !== 200)
    throw new Error(`acceptance failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return invited.body;
}

export { TestClient };

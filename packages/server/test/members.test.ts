import type { InvitationPreview, InviteAnswer, MembersAnswer, TreeInfo } from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, type TestResponse } from './support/client.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { addMember } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 26: members and invitations. The owner (or a co-owner) invites by e-mail with a role; the
 * link is single-use, valid for 14 days, for the invited address's account; a free owner may have
 * one member, a viewer. Each refusal changes nothing.
 */
let t: TestApp;
const year = 365 * 86_400_000;
const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;

type Account = Awaited<ReturnType<typeof signUp>>;

async function paidOwnerWithTree(name: string) {
  const owner = await signUp(t.app, { fName: 'Ägare' });
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, name);
  return { owner, tree };
}

async function invite(by: Account, treeId: string, email: string, role: string) {
  return by.client.post<InviteAnswer>(`/api/${treeId}/member/invitation`, { email, role });
}

/** The invitation link's API address from its path (`/invitation/{treeId}/{secret}`). */
const api = (answer: InviteAnswer) => `/api${answer.path}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('invitations', () => {
  it('sends a link by e-mail that the invited account accepts; the tree is then in their list with the role', async () => {
    const { owner, tree } = await paidOwnerWithTree('Inbjudningsträd');
    const cousin = await signUp(t.app, { fName: 'Kusin' });
    const sent = await invite(owner, tree.id, ` ${cousin.email.toUpperCase()} `, 'viewer');
    expect(sent.status).toBe(201);
    expect(sent.body.invitation).toMatchObject({ email: cousin.email, role: 'viewer' });
    const days = (Date.parse(sent.body.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const mail = (await t.outbox()).filter((each) => each.to === cousin.email).at(-1);
    expect(mail?.links?.invitation).toBe(`http://localhost:3000${sent.body.path}`);
    expect(mail?.text).toContain('Inbjudningsträd');

    const preview = await cousin.client.get<InvitationPreview>(api(sent.body));
    expect(preview.body).toMatchObject({
      treeName: 'Inbjudningsträd',
      inviterName: 'Ägare',
      role: 'viewer',
      state: 'open',
    });

    const accepted = await cousin.client.post(api(sent.body));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ treeId: tree.id, role: 'viewer' });
    const list = await cousin.client.get<TreeInfo[]>(`/api/user/${cousin.user.id}/tree`);
    expect(list.body.map((each) => [each.id, each.role, each.isOwner])).toContainEqual([tree.id, 'viewer', false]);

    const members = await owner.client.get<MembersAnswer>(`/api/${tree.id}/member`);
    expect(members.body.members).toEqual([
      expect.objectContaining({ userId: cousin.user.id, name: 'Kusin', email: cousin.email, role: 'viewer' }),
    ]);
    expect(members.body.invitations).toEqual([]);
    expect((await cousin.client.get<InvitationPreview>(api(sent.body))).body.state).toBe('used');
  });

  it('refuses the wrong account, then is single-use: the same account again is answered alike, anyone else refused', async () => {
    const { owner, tree } = await paidOwnerWithTree('Engångsträd');
    const aunt = await signUp(t.app, { fName: 'Faster' });
    const stranger = await signUp(t.app, { fName: 'Främling' });
    const sent = await invite(owner, tree.id, aunt.email, 'editor');

    const before = await databaseFingerprint(t);
    const wrong = await stranger.client.post(api(sent.body));
    expect([wrong.status, codeOf(wrong)]).toEqual([403, 'member.error.wrongAccount']);
    expect((wrong.body as ErrorBody).error.details).toMatchObject({ email: aunt.email });
    const nobody = await t.app.inject({ method: 'POST', url: api(sent.body) });
    expect(nobody.statusCode).toBe(401);
    expect(await databaseFingerprint(t)).toBe(before);

    expect((await aunt.client.post(api(sent.body))).status).toBe(200);
    const again = await aunt.client.post(api(sent.body));
    expect([again.status, again.body]).toEqual([200, { treeId: tree.id, role: 'editor' }]);
    const reused = await stranger.client.post(api(sent.body));
    expect([reused.status, codeOf(reused)]).toEqual([409, 'member.error.invitationUsed']);
    expect((await stranger.client.get(`/api/${tree.id}/tree`)).status).toBe(404);
  });

  it('expires after 14 days, and a withdrawn or replaced link stops working', async () => {
    const { owner, tree } = await paidOwnerWithTree('Utgångsträd');
    const uncle = await signUp(t.app, { fName: 'Morbror' });
    const first = await invite(owner, tree.id, uncle.email, 'viewer');
    await t.database.db.execute(
      sql`update tree_invitation set expires_at = now() - interval '1 second' where id = ${first.body.invitation.id}`,
    );
    expect((await uncle.client.get<InvitationPreview>(api(first.body))).body.state).toBe('expired');
    const expired = await uncle.client.post(api(first.body));
    expect([expired.status, codeOf(expired)]).toEqual([410, 'member.error.invitationExpired']);

    const second = await invite(owner, tree.id, uncle.email, 'viewer');
    const third = await invite(owner, tree.id, uncle.email, 'editor');
    const replaced = await uncle.client.post(api(second.body));
    expect([replaced.status, codeOf(replaced)]).toEqual([410, 'member.error.invitationRevoked']);
    const withdrawn = await owner.client.delete(`/api/${tree.id}/member/invitation/${third.body.invitation.id}`);
    expect(withdrawn.status).toBe(200);
    const revoked = await uncle.client.post(api(third.body));
    expect([revoked.status, codeOf(revoked)]).toEqual([410, 'member.error.invitationRevoked']);
    expect((await owner.client.get<MembersAnswer>(`/api/${tree.id}/member`)).body.invitations).toEqual([]);

    const mangled = await uncle.client.post(`/api/invitation/${tree.id}/${'x'.repeat(43)}`);
    expect([mangled.status, codeOf(mangled)]).toEqual([404, 'member.error.invitationNotFound']);
    const short = await uncle.client.get(`/api/invitation/${tree.id}/short`);
    expect([short.status, codeOf(short)]).toEqual([404, 'member.error.invitationNotFound']);
  });

  it('refuses to invite the owner or a member, and a stranger, a visitor or a viewer may not invite', async () => {
    const { owner, tree } = await paidOwnerWithTree('Vägrarträd');
    const viewer = await signUp(t.app, { fName: 'Läsare' });
    await addMember(owner.client, tree.id, viewer, 'viewer');
    const self = await invite(owner, tree.id, owner.email, 'editor');
    expect([self.status, codeOf(self)]).toEqual([409, 'member.error.alreadyMember']);
    const twice = await invite(owner, tree.id, viewer.email, 'editor');
    expect([twice.status, codeOf(twice)]).toEqual([409, 'member.error.alreadyMember']);
    const stranger = await signUp(t.app);
    const before = await databaseFingerprint(t);
    const byViewer = await invite(viewer, tree.id, 'someone@example.com', 'viewer');
    expect([byViewer.status, codeOf(byViewer)]).toEqual([403, 'auth.error.forbidden']);
    expect((await invite(stranger, tree.id, 'someone@example.com', 'viewer')).status).toBe(404);
    expect(await databaseFingerprint(t)).toBe(before);
  });
});

describe('a free owner', () => {
  it('may invite one viewer and no other role, nor a second member', async () => {
    const owner = await signUp(t.app, { fName: 'Gratis' });
    const tree = await createTree(owner.client, owner.user.id, 'Gratisträd');
    const editor = await invite(owner, tree.id, 'editor@example.com', 'editor');
    expect([editor.status, codeOf(editor)]).toEqual([403, 'limit.memberRole']);
    const viewer = await signUp(t.app);
    await addMember(owner.client, tree.id, viewer, 'viewer');
    const second = await invite(owner, tree.id, 'second@example.com', 'viewer');
    expect([second.status, codeOf(second)]).toEqual([403, 'limit.members']);
    const promote = await owner.client.put(`/api/${tree.id}/member/${viewer.user.id}`, { role: 'editor' });
    expect([promote.status, codeOf(promote)]).toEqual([403, 'limit.memberRole']);
    // Once paid, any number in any role.
    await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
    expect((await owner.client.put(`/api/${tree.id}/member/${viewer.user.id}`, { role: 'editor' })).status).toBe(200);
    expect((await invite(owner, tree.id, 'second@example.com', 'co_owner')).status).toBe(201);
  });
});

describe('roles at work', () => {
  it('an editor edits, a viewer reads; a changed role and a removal act at once; a member may leave', async () => {
    const { owner, tree } = await paidOwnerWithTree('Rollträd');
    const viewer = await signUp(t.app, { fName: 'Vera' });
    const editor = await signUp(t.app, { fName: 'Erik' });
    await addMember(owner.client, tree.id, viewer, 'viewer');
    await addMember(owner.client, tree.id, editor, 'editor');
    const root = tree.rootId as string;
    const occupation = (who: Account, value: string) =>
      who.client.put(`/api/${tree.id}/person/${root}/occ`, { occupation: value });

    expect((await occupation(editor, 'Bonde')).status).toBe(200);
    const refused = await occupation(viewer, 'Smed');
    expect([refused.status, codeOf(refused)]).toEqual([403, 'auth.error.forbidden']);
    expect((await viewer.client.get<TreeInfo>(`/api/${tree.id}/tree`)).body.role).toBe('viewer');

    // The history names the editor, and still does once they are removed.
    const history = async () =>
      (await owner.client.get<{ changeSets: { userName: string | null }[] }>(`/api/${tree.id}/history`)).body
        .changeSets;
    expect((await history()).map((item) => item.userName)).toContain('Erik');

    expect((await owner.client.put(`/api/${tree.id}/member/${viewer.user.id}`, { role: 'editor' })).status).toBe(200);
    expect((await occupation(viewer, 'Smed')).status).toBe(200);

    expect((await owner.client.delete(`/api/${tree.id}/member/${editor.user.id}`)).status).toBe(200);
    expect((await editor.client.get(`/api/${tree.id}/tree`)).status).toBe(404);
    expect((await occupation(editor, 'Skomakare')).status).toBe(404);
    expect((await history()).map((item) => item.userName)).toContain('Erik');

    expect((await viewer.client.delete(`/api/${tree.id}/member/${viewer.user.id}`)).status).toBe(200);
    const list = await viewer.client.get<TreeInfo[]>(`/api/user/${viewer.user.id}/tree`);
    expect(list.body.map((each) => each.id)).not.toContain(tree.id);
  });

  it('a co-owner manages members and sharing, but cannot delete the tree or remove the owner', async () => {
    const { owner, tree } = await paidOwnerWithTree('Delägarträd');
    const coOwner = await signUp(t.app, { fName: 'Cecilia' });
    await addMember(owner.client, tree.id, coOwner, 'co_owner');
    const cousin = await signUp(t.app);
    await addMember(coOwner.client, tree.id, cousin, 'viewer');
    expect((await coOwner.client.put(`/api/${tree.id}/member/${cousin.user.id}`, { role: 'editor' })).status).toBe(200);
    expect((await coOwner.client.put(`/api/${tree.id}/share`, { enabled: true })).status).toBe(200);
    expect((await coOwner.client.put(`/api/${tree.id}/tree/name`, { name: 'Omdöpt träd' })).status).toBe(200);

    const before = await databaseFingerprint(t);
    const removeOwner = await coOwner.client.delete(`/api/${tree.id}/member/${owner.user.id}`);
    expect([removeOwner.status, codeOf(removeOwner)]).toEqual([409, 'member.error.owner']);
    const demoteOwner = await coOwner.client.put(`/api/${tree.id}/member/${owner.user.id}`, { role: 'viewer' });
    expect([demoteOwner.status, codeOf(demoteOwner)]).toEqual([409, 'member.error.owner']);
    const deleteTree = await coOwner.client.delete(`/api/${tree.id}/tree/${tree.id}`, { password: coOwner.password });
    expect([deleteTree.status, codeOf(deleteTree)]).toEqual([403, 'tree.error.treeDeleteForbidden']);
    const editorRemoves = await cousin.client.delete(`/api/${tree.id}/member/${coOwner.user.id}`);
    expect([editorRemoves.status, codeOf(editorRemoves)]).toEqual([403, 'auth.error.forbidden']);
    expect(await databaseFingerprint(t)).toBe(before);
  });
});

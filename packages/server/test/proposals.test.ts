import type { HistoryAnswer, Person, ProposalAnswer, ProposalListAnswer, ProposalMade } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { treeContent } from './support/history.ts';
import { addMember } from './support/members.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 26, reviewed changes: a contributor's write is kept as a proposal (202, nothing of the tree
 * changed); a reviewer accepts it (applied in one transaction, in the contributor's name), rejects
 * it with a comment, or changes it and accepts it; a proposal whose rows changed since is refused
 * with a conflict and nothing applied; nothing is applied twice.
 */
let t: TestApp;
const year = 365 * 86_400_000;
const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function treeWithContributor(name: string) {
  const owner = await signUp(t.app, { fName: 'Ägare' });
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, name);
  const contributor = await signUp(t.app, { fName: 'Kusin' });
  await addMember(owner.client, tree.id, contributor, 'contributor');
  const api = `/api/${tree.id}`;
  const family = new FamilyBuilder(owner.client, tree.id);
  const anna = await family.create({ fName: 'Anna', lName: 'Berg' });
  const content = () => treeContent(t, tree.id);
  return { owner, tree, contributor, api, family, anna, content };
}

function proposalOf(response: TestResponse): string {
  expect(response.status).toBe(202);
  const made = response.body as ProposalMade;
  expect(made.proposal.status).toBe('pending');
  return made.proposal.id;
}

describe('a contributor proposes', () => {
  it('keeps an edit for review: 202, nothing of the tree changed, the reviewer sees it before and after', async () => {
    const o = await treeWithContributor('Förslagsträd');
    const before = await o.content();
    const proposed = await o.contributor.client.put(`${o.api}/person/${o.anna.id}/name`, {
      fName: 'Annika',
      pName: null,
      lName: 'Berg',
    });
    const id = proposalOf(proposed);
    expect(await o.content()).toEqual(before);
    expect((await o.owner.client.get<Person>(`${o.api}/person/${o.anna.id}`)).body.fName).toBe('Anna');

    const queue = await o.owner.client.get<ProposalListAnswer>(`${o.api}/proposal?status=pending`);
    expect(queue.status).toBe(200);
    expect(queue.body.pending).toBe(1);
    expect(queue.body.proposals).toEqual([
      expect.objectContaining({ id, status: 'pending', userName: 'Kusin', objectKind: 'person', objectId: o.anna.id }),
    ]);
    const one = await o.owner.client.get<ProposalAnswer>(`${o.api}/proposal/${id}`);
    expect(one.body.proposal.changes).toEqual([
      expect.objectContaining({
        op: 'update',
        objectKind: 'person',
        objectId: o.anna.id,
        before: { f_name: 'Anna' },
        after: { f_name: 'Annika' },
      }),
    ]);
    expect(one.body.labels[o.anna.id]).toMatchObject({ kind: 'person', fName: 'Anna' });
    // The contributor sees their own as pending.
    const mine = await o.contributor.client.get<ProposalListAnswer>(`${o.api}/proposal`);
    expect(mine.body.proposals.map((p) => [p.id, p.status])).toEqual([[id, 'pending']]);
  });

  it('is accepted in one transaction, in the contributor’s name, and never twice', async () => {
    const o = await treeWithContributor('Godkänt träd');
    const id = proposalOf(
      await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'Piga i Sunne' }),
    );
    const accepted = await o.owner.client.post<ProposalAnswer>(`${o.api}/proposal/${id}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body.proposal).toMatchObject({ status: 'accepted', reviewerName: 'Ägare' });
    expect((await o.owner.client.get<Person>(`${o.api}/person/${o.anna.id}`)).body.occupation).toBe('Piga i Sunne');
    const history = await o.owner.client.get<HistoryAnswer>(`${o.api}/history`);
    const applied = history.body.changeSets.find((set) => set.id === accepted.body.proposal.changeSetId);
    expect(applied).toMatchObject({ userId: o.contributor.user.id, userName: 'Kusin', objectId: o.anna.id });

    const after = await o.content();
    const again = await o.owner.client.post(`${o.api}/proposal/${id}/accept`, {});
    expect(again.status).toBe(409);
    expect(codeOf(again)).toBe('proposal.error.notPending');
    expect(await o.content()).toEqual(after);
  });

  it('proposes new persons and events with their links; accepted, they are the tree’s with the ids shown', async () => {
    const o = await treeWithContributor('Nya personer');
    const before = await o.content();
    const child = await o.contributor.client.post(`${o.api}/person`, {
      person: { fName: 'Erik', lName: 'Berg', gender: 'male' },
      relation: { type: 'child', personId: o.anna.id },
    });
    const childProposal = proposalOf(child);
    expect(await o.content()).toEqual(before);
    const shown = await o.owner.client.get<ProposalAnswer>(`${o.api}/proposal/${childProposal}`);
    const created = shown.body.proposal.changes.find((change) => change.objectKind === 'person');
    expect(created).toMatchObject({ op: 'create', after: expect.objectContaining({ f_name: 'Erik' }) });
    const erikId = created?.objectId as string;
    expect(shown.body.proposal.changes).toContainEqual(
      expect.objectContaining({ op: 'create', objectKind: 'parentChild', objectId: erikId, relatedId: o.anna.id }),
    );

    expect((await o.owner.client.post(`${o.api}/proposal/${childProposal}/accept`, {})).status).toBe(200);
    const erik = await o.owner.client.get<Person>(`${o.api}/person/${erikId}`);
    expect(erik.status).toBe(200);
    expect(erik.body.fName).toBe('Erik');
    const counted = await o.content();
    expect(counted.counts.persons).toBe(before.counts.persons + 1);
    expect(counted.rows.parent_child).toBe((before.rows.parent_child ?? 0) + 1);

    const birth = proposalOf(
      await o.contributor.client.post(`${o.api}/event`, {
        type: 'birth',
        startDate: '1872-03-04',
        location: 'Sunne, Värmland',
        participants: [{ personId: erikId, role: 'primary' }],
      }),
    );
    expect((await o.owner.client.post(`${o.api}/proposal/${birth}/accept`, {})).status).toBe(200);
    const final = await o.content();
    expect(final.counts.events).toBe(counted.counts.events + 1);
    expect(final.rows.event_participant).toBe((counted.rows.event_participant ?? 0) + 1);
    expect(final.counts.locations).toBeGreaterThan(counted.counts.locations);
  });

  it('is rejected with a comment the contributor reads; nothing of the tree changes', async () => {
    const o = await treeWithContributor('Avslaget träd');
    const id = proposalOf(await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'Fel' }));
    const before = await o.content();
    const rejected = await o.owner.client.post<ProposalAnswer>(`${o.api}/proposal/${id}/reject`, {
      comment: 'Husförhörslängden säger piga.',
    });
    expect(rejected.status).toBe(200);
    expect(await o.content()).toEqual(before);
    const mine = await o.contributor.client.get<ProposalAnswer>(`${o.api}/proposal/${id}`);
    expect(mine.body.proposal).toMatchObject({ status: 'rejected', comment: 'Husförhörslängden säger piga.' });
    expect(codeOf(await o.owner.client.post(`${o.api}/proposal/${id}/accept`, {}))).toBe('proposal.error.notPending');
  });

  it('is refused with a conflict, nothing applied, when its rows changed since; it stays pending', async () => {
    const o = await treeWithContributor('Konfliktträd');
    const id = proposalOf(
      await o.contributor.client.put(`${o.api}/person/${o.anna.id}/name`, {
        fName: 'Annika',
        pName: null,
        lName: 'Berg',
      }),
    );
    await o.owner.client.put(`${o.api}/person/${o.anna.id}/name`, { fName: 'Anne', pName: null, lName: 'Berg' });
    const before = await o.content();
    const accepted = await o.owner.client.post(`${o.api}/proposal/${id}/accept`, {});
    expect(accepted.status).toBe(409);
    expect(codeOf(accepted)).toBe('proposal.error.conflict');
    expect((accepted.body as ErrorBody).error.details).toEqual({
      rows: [{ objectKind: 'person', objectId: o.anna.id, relatedId: null, op: 'update' }],
    });
    expect(await o.content()).toEqual(before);
    const still = await o.owner.client.get<ProposalAnswer>(`${o.api}/proposal/${id}`);
    expect(still.body.proposal.status).toBe('pending');
  });

  it('is changed by the reviewer (the same request again, with the Anor-Proposal header) and then accepted', async () => {
    const o = await treeWithContributor('Ändrat förslag');
    const id = proposalOf(await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'piga' }));
    const before = await o.content();
    const revised = await o.owner.client.request(
      'PUT',
      `${o.api}/person/${o.anna.id}/occ`,
      { occupation: 'Piga' },
      { 'anor-proposal': id },
    );
    expect(proposalOf(revised)).toBe(id);
    expect(await o.content()).toEqual(before);
    const shown = await o.owner.client.get<ProposalAnswer>(`${o.api}/proposal/${id}`);
    expect(shown.body.proposal.body).toEqual({ occupation: 'Piga' });
    expect(shown.body.proposal.changes[0]?.after).toEqual({ occupation: 'Piga' });
    expect((await o.owner.client.post(`${o.api}/proposal/${id}/accept`, {})).status).toBe(200);
    expect((await o.owner.client.get<Person>(`${o.api}/person/${o.anna.id}`)).body.occupation).toBe('Piga');

    // Only a pending proposal of the same request can be changed, and only by a reviewer.
    const other = proposalOf(await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'x' }));
    const wrongRoute = await o.owner.client.request(
      'PUT',
      `${o.api}/person/${o.anna.id}/name`,
      { fName: 'Y', pName: null, lName: 'Berg' },
      { 'anor-proposal': other },
    );
    expect(codeOf(wrongRoute)).toBe('proposal.error.otherRequest');
    const byContributor = await o.contributor.client.request(
      'PUT',
      `${o.api}/person/${o.anna.id}/occ`,
      { occupation: 'z' },
      { 'anor-proposal': other },
    );
    expect(byContributor.status).toBe(403);
    const decided = await o.owner.client.request(
      'PUT',
      `${o.api}/person/${o.anna.id}/occ`,
      { occupation: 'w' },
      { 'anor-proposal': id },
    );
    expect(codeOf(decided)).toBe('proposal.error.notPending');
  });

  it('is withdrawn by its contributor only; a withdrawn proposal cannot be accepted', async () => {
    const o = await treeWithContributor('Återtaget');
    const id = proposalOf(await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'Dräng' }));
    expect(codeOf(await o.owner.client.delete(`${o.api}/proposal/${id}`))).toBe('proposal.error.notYours');
    const withdrawn = await o.contributor.client.delete<ProposalAnswer>(`${o.api}/proposal/${id}`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.proposal.status).toBe('withdrawn');
    expect(codeOf(await o.owner.client.post(`${o.api}/proposal/${id}/accept`, {}))).toBe('proposal.error.notPending');
  });

  it('keeps a removed contributor’s proposals for review, in their name; they no longer see the tree', async () => {
    const o = await treeWithContributor('Borttagen medlem');
    const id = proposalOf(await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'Soldat' }));
    expect((await o.owner.client.delete(`${o.api}/member/${o.contributor.user.id}`)).status).toBe(200);
    expect((await o.contributor.client.get(`${o.api}/proposal/${id}`)).status).toBe(404);
    const queue = await o.owner.client.get<ProposalListAnswer>(`${o.api}/proposal?status=pending`);
    expect(queue.body.proposals.map((p) => [p.id, p.userName])).toEqual([[id, 'Kusin']]);
    const accepted = await o.owner.client.post<ProposalAnswer>(`${o.api}/proposal/${id}/accept`, {});
    expect(accepted.status).toBe(200);
    const history = await o.owner.client.get<HistoryAnswer>(`${o.api}/history`);
    expect(history.body.changeSets[0]).toMatchObject({ userName: 'Kusin' });
  });

  it('cannot propose the tree’s root, decide, or see others’ proposals; a viewer sees none', async () => {
    const o = await treeWithContributor('Gränser');
    const erik = await o.family.create({ fName: 'Erik' });
    const before = await o.content();
    const root = await o.contributor.client.put(`${o.api}/tree/root`, { rootId: erik.id });
    expect(root.status).toBe(403);
    expect(codeOf(root)).toBe('proposal.error.notProposable');
    expect(await o.content()).toEqual(before);
    const id = proposalOf(await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'Bonde' }));
    expect((await o.contributor.client.post(`${o.api}/proposal/${id}/accept`, {})).status).toBe(403);
    expect((await o.contributor.client.post(`${o.api}/proposal/${id}/reject`, {})).status).toBe(403);

    const other = await signUp(t.app, { fName: 'Annan' });
    await addMember(o.owner.client, o.tree.id, other, 'contributor');
    expect((await other.client.get(`${o.api}/proposal/${id}`)).status).toBe(404);
    expect((await other.client.get<ProposalListAnswer>(`${o.api}/proposal`)).body.proposals).toEqual([]);
    const viewer = await signUp(t.app, { fName: 'Läsare' });
    await addMember(o.owner.client, o.tree.id, viewer, 'viewer');
    expect((await viewer.client.get(`${o.api}/proposal`)).status).toBe(403);
    expect((await viewer.client.get(`${o.api}/proposal/${id}`)).status).toBe(403);
    expect((await viewer.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'Nej' })).status).toBe(403);
  });

  it('tells the reviewers by e-mail that a proposal waits, and its contributor of the decision, unless turned off', async () => {
    const o = await treeWithContributor('Aviseringar');
    // The proposals' e-mails (the invitations' are others).
    const proposalMails = async () => (await t.outbox()).filter((mail) => mail.links?.proposals);
    const mailsTo = async (email: string) => (await proposalMails()).filter((mail) => mail.to === email);
    const id = proposalOf(await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'Piga' }));
    // Sent once the answer is out: waited for, not assumed.
    await expect.poll(async () => (await mailsTo(o.owner.email)).length).toBe(1);
    const waiting = (await mailsTo(o.owner.email)).at(-1);
    expect(waiting?.subject).toBe('Kusin proposes a change in Aviseringar');
    expect(waiting?.links?.proposals).toBe(`http://localhost:3000/app/${o.tree.id}/proposals`);
    expect(await mailsTo(o.contributor.email)).toEqual([]);

    const rejected = await o.owner.client.post(`${o.api}/proposal/${id}/reject`, { comment: 'Se husförhöret.' });
    expect(rejected.status).toBe(200);
    const told = (await mailsTo(o.contributor.email)).at(-1);
    expect(told?.subject).toBe('Your proposed change in Aviseringar was not accepted');
    expect(told?.text).toContain('Comment: Se husförhöret.');

    // Turned off: neither the owner nor the contributor is e-mailed again.
    for (const who of [o.owner, o.contributor]) {
      const off = await who.client.put<{ notifyByEmail: boolean }>(`/api/user/${who.user.id}/notifications`, {
        notifyByEmail: false,
      });
      expect(off.body.notifyByEmail).toBe(false);
    }
    const before = (await proposalMails()).length;
    const next = proposalOf(await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'x' }));
    expect((await o.owner.client.post(`${o.api}/proposal/${next}/accept`, {})).status).toBe(200);
    // A new reviewer who wants e-mail is told of the next proposal, so the ones before it were not merely late.
    const editor = await signUp(t.app, { fName: 'Redaktör' });
    await addMember(o.owner.client, o.tree.id, editor, 'editor');
    proposalOf(await o.contributor.client.put(`${o.api}/person/${o.anna.id}/occ`, { occupation: 'y' }));
    await expect.poll(async () => (await mailsTo(editor.email)).length).toBe(1);
    const sent = (await proposalMails()).slice(before).map((mail) => mail.to);
    expect(sent.filter((to) => to === o.owner.email || to === o.contributor.email)).toEqual([]);
    // Another user's setting is not theirs to change.
    const other = await o.contributor.client.put(`/api/user/${o.owner.user.id}/notifications`, { notifyByEmail: true });
    expect(other.status).toBe(403);
  });
});

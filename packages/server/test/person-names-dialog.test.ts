import type { Person, PersonListAnswer } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 19 item 14 in the person dialog: a new person's other names are written with the person in
 * one transaction (a refused one creates nobody), and the name dialog changes the name and the other
 * names in one request, with one new revision.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let api: string;
let family: FamilyBuilder;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + 365 * 86_400_000));
  const tree = await createTree(owner.client, owner.user.id, 'Namn i dialogen');
  api = `/api/${tree.id}`;
  family = new FamilyBuilder(owner.client, tree.id);
}, 120_000);
afterAll(() => t.close());

const codeOf = (response: { body: unknown }) => (response.body as ErrorBody).error.code;
const found = async (q: string) =>
  (await owner.client.get<PersonListAnswer>(`${api}/person?q=${encodeURIComponent(q)}`)).body.items.map((p) => p.id);

describe('other names from the person dialog', () => {
  it('are created with a new person, a new parent and a new child', async () => {
    const anders = await family.create({ fName: 'Anders', lName: 'Holm', gender: 'male' });
    const created = await owner.client.post<Person>(`${api}/person`, {
      person: { fName: 'Maria', lName: 'Holm', names: [{ type: 'birth', lName: 'Nilsdotter', fromDate: '1850' }] },
      relation: { type: 'partner', personId: anders.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.names).toEqual([
      expect.objectContaining({ type: 'birth', fName: null, lName: 'Nilsdotter', fromDate: '1850' }),
    ]);
    expect(await found('nilsdotter')).toEqual([created.body.id]);

    const parent = await owner.client.post<Person>(`${api}/person/${anders.id}/parent`, {
      fName: 'Per',
      lName: 'Holm',
      names: [{ type: 'aka', fName: 'Pelle' }],
    });
    expect(parent.status).toBe(201);
    expect(parent.body.names.map((n) => n.fName)).toEqual(['Pelle']);
    const child = await owner.client.post<Person>(`${api}/person/child`, {
      child: { fName: 'Karin', lName: 'Holm', names: [{ type: 'married', lName: 'Ek' }] },
      parentIds: [anders.id],
    });
    expect(child.status).toBe(201);
    expect(child.body.names.map((n) => n.lName)).toEqual(['Ek']);
  });

  it('a refused other name creates nobody', async () => {
    const before = await found('Olle');
    const refused = await owner.client.post(`${api}/person`, {
      person: { fName: 'Olle', lName: 'Lund', names: [{ type: 'birth' }] },
    });
    expect(refused.status).toBe(400);
    expect(codeOf(refused)).toBe('person.validation.nameRequired');
    expect(await found('Olle')).toEqual(before);
  });

  it('the name and the other names change in one request, with one revision, from the edit’s revision', async () => {
    const lisa = await family.create({ fName: 'Lisa', lName: 'Berg' });
    const renamed = await owner.client.put<Person>(`${api}/person/${lisa.id}/name`, {
      fName: 'Elisabet',
      lName: 'Berg',
      names: [{ type: 'aka', fName: 'Lisa' }],
      revision: lisa.revision,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ fName: 'Elisabet', revision: lisa.revision + 1 });
    expect(renamed.body.names.map((n) => n.fName)).toEqual(['Lisa']);
    // A stale revision changes nothing, neither the name nor the other names.
    const stale = await owner.client.put(`${api}/person/${lisa.id}/name`, {
      fName: 'Beth',
      lName: 'Berg',
      names: [],
      revision: lisa.revision,
    });
    expect(stale.status).toBe(409);
    const stored = await owner.client.get<Person>(`${api}/person/${lisa.id}`);
    expect(stored.body.fName).toBe('Elisabet');
    expect(stored.body.names.map((n) => n.fName)).toEqual(['Lisa']);
    // Without `names` the stored ones stay.
    const named = await owner.client.put<Person>(`${api}/person/${lisa.id}/name`, {
      fName: 'Elisabeth',
      lName: 'Berg',
      revision: stored.body.revision,
    });
    expect(named.body.names.map((n) => n.fName)).toEqual(['Lisa']);
  });
});

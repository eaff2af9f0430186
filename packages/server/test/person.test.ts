import type {
  ChartAnswer,
  ChildrenAnswer,
  FamilyAnswer,
  MainNodesAnswer,
  Person,
  PersonListAnswer,
  TreeInfo,
} from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscription } from '../src/db/schema.ts';
import { updatePerson } from '../src/modules/person/person.repository.ts';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Owner {
  client: TestClient;
  userId: string;
  tree: TreeInfo;
  rootId: string;
  family: FamilyBuilder;
  email: string;
  password: string;
}

async function newOwner(options: { paid?: boolean } = {}): Promise<Owner> {
  const a = await signUp(t.app);
  if (options.paid) {
    await t.database.db
      .insert(subscription)
      .values({ userId: a.user.id, plan: 'monthly', validUntil: new Date(Date.now() + 86_400_000) });
  }
  const tree = await createTree(a.client, a.user.id, 'Släkten');
  const rootId = tree.rootId ?? '';
  const family = new FamilyBuilder(a.client, tree.id);
  return { client: a.client, userId: a.user.id, tree, rootId, family, email: a.email, password: a.password };
}

async function introduceRoot(owner: Owner, fName = 'Astrid', lName = 'Ek') {
  const response = await owner.client.put<Person>(`/api/${owner.tree.id}/person/${owner.rootId}/name`, {
    fName,
    pName: null,
    lName,
  });
  expect(response.status).toBe(200);
  return response.body;
}

const relationOf = async (owner: Owner, id: string) => (await owner.family.get(id)).rootRelation;

describe('the root person and the intro', () => {
  it('starts without a name, and the intro names it', async () => {
    const owner = await newOwner();
    const before = await owner.family.get(owner.rootId);
    expect(before).toMatchObject({ fName: null, lName: null, isRoot: true, rootRelation: 'root', gender: 'unknown' });
    const main = await owner.client.get<MainNodesAnswer>(`/api/${owner.tree.id}/mainnodes`);
    expect(main.body).toMatchObject({ rootId: owner.rootId, canEdit: true, personsAmount: 1 });

    const named = await introduceRoot(owner, '  Åsa ', ' Öberg ');
    expect(named).toMatchObject({ fName: 'Åsa', lName: 'Öberg', pName: null });
    const gender = await owner.client.put(`/api/${owner.tree.id}/person/${owner.rootId}/gender`, { gender: 'female' });
    // SPEC §7 answers the new gender; the revision comes along for the next edit.
    expect(gender.body).toEqual({ gender: 'female', revision: 3 });
  });
});

describe('building a family', () => {
  it('adds parents, grandparents, a partner and children with the right root relations', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const father = await owner.family.parentOf(owner.rootId, { fName: 'Erik', gender: 'male' });
    const mother = await owner.family.parentOf(owner.rootId, { fName: 'Maria', lName: 'Holm', gender: 'female' });
    const grandfather = await owner.family.parentOf(father.id, { fName: 'Johan', gender: 'male' });
    const partner = await owner.family.partnerOf(owner.rootId, { fName: 'Gustav', lName: 'Lind', gender: 'male' });
    const withPartner = await owner.family.childOf(owner.rootId, { fName: 'Karin', lName: 'Lind' }, partner.id);
    await owner.family.childOf(owner.rootId, { fName: 'Nils' });
    const grandchild = await owner.family.childOf(withPartner.id, { fName: 'Lisa' });

    const root = await owner.family.get(owner.rootId);
    expect(root.parentIds).toEqual([father.id, mother.id]);
    // Two parents of one child become partners.
    expect((await owner.family.get(father.id)).partnerIds).toEqual([mother.id]);
    expect(root.partnerIds).toEqual([partner.id]);
    expect(root.children.map((c) => [c.fName, c.otherParentId])).toEqual([
      ['Karin', partner.id],
      ['Nils', null],
    ]);
    expect(father.rootRelation).toBe('ancestor');
    expect(await relationOf(owner, grandfather.id)).toBe('ancestor');
    expect(await relationOf(owner, grandchild.id)).toBe('descendant');
    expect(await relationOf(owner, partner.id)).toBe('none');

    const children = await owner.client.get<ChildrenAnswer>(`/api/${owner.tree.id}/person/${owner.rootId}/child`);
    expect(children.body.otherParents.map((p) => p.id)).toEqual([partner.id]);
    expect(children.body.children).toHaveLength(2);

    const tree = await owner.client.get<TreeInfo>(`/api/${owner.tree.id}/tree`);
    expect(tree.body.personsAmount).toBe(8);
  });

  it('derives full and half siblings from parents, and keeps explicit links where no parent is known', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const father = await owner.family.parentOf(owner.rootId, { fName: 'Erik' });
    const mother = await owner.family.parentOf(owner.rootId, { fName: 'Maria' });
    const full = await owner.family.siblingOf(owner.rootId, { fName: 'Per' });
    expect(full.parentIds.sort()).toEqual([father.id, mother.id].sort());
    const half = await owner.family.childOf(father.id, { fName: 'Olof' });
    const cousin = await owner.family.create({ fName: 'Sven' });
    const explicit = await owner.family.siblingOf(cousin.id, { fName: 'Stina' });
    expect(explicit.parentIds).toEqual([]);

    const root = await owner.family.get(owner.rootId);
    expect(root.siblings.map((s) => [s.fName, s.kind])).toEqual([
      ['Per', 'full'],
      ['Olof', 'half'],
    ]);
    const sven = await owner.family.get(cousin.id);
    expect(sven.siblings.map((s) => [s.fName, s.kind])).toEqual([['Stina', 'explicit']]);
    expect(half.rootRelation).toBe('none');
  });

  it('attaches existing persons as parent, partner with children, sibling and child', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const [a, b, c, d] = await Promise.all(['Anna', 'Bo', 'Cia', 'Dag'].map((fName) => owner.family.create({ fName })));
    if (!a || !b || !c || !d) throw new Error('persons missing');
    const base = `/api/${owner.tree.id}/person`;
    expect((await owner.client.put(`${base}/${owner.rootId}/parent`, { parentId: a.id })).status).toBe(200);
    expect((await owner.client.put(`${base}/${owner.rootId}/child`, { childId: c.id })).status).toBe(200);
    const partnered = await owner.client.put<Person>(`${base}/${owner.rootId}/partner`, {
      partnerId: b.id,
      childIds: [c.id],
    });
    expect(partnered.body.children).toEqual([expect.objectContaining({ id: c.id, otherParentId: b.id })]);
    const sibling = await owner.client.put<Person>(`${base}/${owner.rootId}/sibling`, { siblingId: d.id });
    expect(sibling.body.siblings).toEqual([expect.objectContaining({ id: d.id, kind: 'full' })]);
    expect((await owner.family.get(d.id)).parentIds).toEqual([a.id]);
    // Linking again changes nothing.
    expect((await owner.client.put(`${base}/${owner.rootId}/parent`, { parentId: a.id })).status).toBe(200);
    expect((await owner.family.get(owner.rootId)).parentIds).toEqual([a.id]);
  });
});

describe('rules', () => {
  it.each([
    [{ fName: '', lName: 'Ek' }, 'person.validation.firstNameRequired'],
    [{ fName: 'Anna', lName: '  ' }, 'person.validation.lastNameRequired'],
    [{ fName: 'x'.repeat(51), lName: 'Ek' }, 'person.validation.firstNameTooLong'],
    [{ fName: 'Anna', lName: 'x'.repeat(51) }, 'person.validation.lastNameTooLong'],
    [{ fName: 'Anna', lName: 'Ek', pName: 'x'.repeat(31) }, 'person.validation.nicknameTooLong'],
    [{ fName: 'Anna', lName: 'Ek', occupation: 'x'.repeat(51) }, 'person.validation.occupationTooLong'],
    [{ fName: '<b>Anna</b>', lName: 'Ek' }, 'validation.invalidCharacters'],
    [{ fName: 'Anna', lName: 'Ek', gender: 'robot' }, 'person.validation.invalidGender'],
  ])('refuses %o with %s and creates nothing', async (person, code) => {
    const owner = await newOwner();
    const response = await owner.client.post<ErrorBody>(`/api/${owner.tree.id}/person`, { person });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect((await owner.client.get<TreeInfo>(`/api/${owner.tree.id}/tree`)).body.personsAmount).toBe(1);
  });

  it('accepts the longest allowed values', async () => {
    const owner = await newOwner();
    const person = await owner.family.create({
      fName: 'å'.repeat(50),
      lName: 'Ø'.repeat(50),
      pName: 'p'.repeat(30),
      occupation: 'o'.repeat(50),
    });
    expect(person.fName).toHaveLength(50);
  });

  it('needs at least one parent for a child', async () => {
    const owner = await newOwner();
    const response = await owner.client.post<ErrorBody>(`/api/${owner.tree.id}/person/child`, {
      child: { fName: 'Orphan', lName: 'Ek' },
      parentIds: [],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('person.validation.parentsAtLeastOne');
    const ok = await owner.client.post<Person>(`/api/${owner.tree.id}/person/child`, {
      child: { fName: 'Child', lName: 'Ek' },
      parentIds: [owner.rootId],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.parentIds).toEqual([owner.rootId]);
  });

  it('refuses a third parent, a relation to oneself and a cycle, changing nothing', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const father = await owner.family.parentOf(owner.rootId, { fName: 'Erik' });
    await owner.family.parentOf(owner.rootId, { fName: 'Maria' });
    const third = await owner.client.post<ErrorBody>(`/api/${owner.tree.id}/person/${owner.rootId}/parent`, {
      fName: 'Extra',
      lName: 'Ek',
    });
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe('person.error.tooManyParents');
    expect((await owner.client.get<TreeInfo>(`/api/${owner.tree.id}/tree`)).body.personsAmount).toBe(3);

    const self = await owner.client.put<ErrorBody>(`/api/${owner.tree.id}/person/${owner.rootId}/partner`, {
      partnerId: owner.rootId,
    });
    expect(self.body.error.code).toBe('person.error.selfRelation');

    const child = await owner.family.childOf(owner.rootId, { fName: 'Karl' });
    const grandchild = await owner.family.childOf(child.id, { fName: 'Gun' });
    // Gun cannot become her great-grandfather's parent, nor the root's.
    for (const target of [father.id, owner.rootId]) {
      const cycle = await owner.client.put<ErrorBody>(`/api/${owner.tree.id}/person/${target}/parent`, {
        parentId: grandchild.id,
      });
      expect(cycle.status).toBe(409);
      expect(cycle.body.error.code).toBe('person.error.cycle');
    }
    const viaRelationship = await owner.client.post<ErrorBody>(`/api/${owner.tree.id}/relationship`, {
      type: 'parent',
      startId: grandchild.id,
      endId: father.id,
    });
    expect(viaRelationship.body.error.code).toBe('person.error.cycle');
    expect((await owner.family.get(father.id)).parentIds).toEqual([]);
    expect(await relationOf(owner, grandchild.id)).toBe('descendant');
  });

  it('answers an unknown person id with its code', async () => {
    const owner = await newOwner();
    const missing = '0192c3a4-0000-7000-8000-000000000000';
    const response = await owner.client.get<ErrorBody>(`/api/${owner.tree.id}/person/${missing}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('person.error.notFound');
    const attach = await owner.client.put<ErrorBody>(`/api/${owner.tree.id}/person/${owner.rootId}/parent`, {
      parentId: missing,
    });
    expect(attach.body.error.code).toBe('person.error.notFound');
  });
});

describe('re-rooting', () => {
  it('recomputes every root relation after the root changes', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const father = await owner.family.parentOf(owner.rootId, { fName: 'Erik' });
    const uncle = await owner.family.siblingOf(father.id, { fName: 'Ulf' });
    expect(uncle.parentIds).toEqual([]);
    const child = await owner.family.childOf(owner.rootId, { fName: 'Karl' });
    expect(await relationOf(owner, uncle.id)).toBe('none');

    const moved = await owner.client.put<MainNodesAnswer>(`/api/${owner.tree.id}/tree/root`, { rootId: father.id });
    expect(moved.body.rootId).toBe(father.id);
    expect(await relationOf(owner, father.id)).toBe('root');
    expect(await relationOf(owner, owner.rootId)).toBe('descendant');
    expect(await relationOf(owner, child.id)).toBe('descendant');
    expect(await relationOf(owner, uncle.id)).toBe('none');

    await owner.client.put(`/api/${owner.tree.id}/tree/root`, { rootId: child.id });
    expect(await relationOf(owner, father.id)).toBe('ancestor');
    expect(await relationOf(owner, owner.rootId)).toBe('ancestor');
    expect((await owner.family.get(child.id)).isRoot).toBe(true);
  });

  it('makes a person created as root the root', async () => {
    const owner = await newOwner();
    const created = await owner.family.create({ fName: 'Ny' }, undefined, true);
    expect(created).toMatchObject({ isRoot: true, rootRelation: 'root' });
    expect(await relationOf(owner, owner.rootId)).toBe('none');
  });
});

describe('removing and deleting', () => {
  it('refuses to delete the root; deleting another person removes them and their links', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const root = await owner.client.delete<ErrorBody>(`/api/${owner.tree.id}/person/${owner.rootId}`);
    expect(root.status).toBe(409);
    expect(root.body.error.code).toBe('person.error.rootCannotBeDeleted');

    const child = await owner.family.childOf(owner.rootId, { fName: 'Karl' });
    const grandchild = await owner.family.childOf(child.id, { fName: 'Gun' });
    const deleted = await owner.client.delete(`/api/${owner.tree.id}/person/${child.id}`);
    expect(deleted.body).toEqual({ deletedIds: [child.id] });
    expect((await owner.client.get(`/api/${owner.tree.id}/person/${child.id}`)).status).toBe(404);
    expect((await owner.family.get(owner.rootId)).childIds).toEqual([]);
    const orphan = await owner.family.get(grandchild.id);
    expect(orphan).toMatchObject({ parentIds: [], rootRelation: 'none' });
    expect((await owner.client.get<TreeInfo>(`/api/${owner.tree.id}/tree`)).body.personsAmount).toBe(2);
  });

  it('removes a child from one or both parents, keeping the person', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const partner = await owner.family.partnerOf(owner.rootId, { fName: 'Gustav' });
    const child = await owner.family.childOf(owner.rootId, { fName: 'Karin' }, partner.id);
    const other = await owner.family.childOf(owner.rootId, { fName: 'Nils' }, partner.id);

    const one = await owner.client.delete<Person>(`/api/${owner.tree.id}/person/${child.id}/parent`, {
      parentId: owner.rootId,
    });
    expect(one.body.parentIds).toEqual([partner.id]);
    expect(one.body.rootRelation).toBe('none');
    const both = await owner.client.delete<Person>(`/api/${owner.tree.id}/person/${other.id}/parent`, {
      parentId: owner.rootId,
      removeBothParents: true,
    });
    expect(both.body.parentIds).toEqual([]);
    const again = await owner.client.delete<ErrorBody>(`/api/${owner.tree.id}/person/${other.id}/parent`, {
      parentId: owner.rootId,
    });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('person.error.relationNotFound');
    expect((await owner.client.get<TreeInfo>(`/api/${owner.tree.id}/tree`)).body.personsAmount).toBe(4);
  });

  it('removes partners, explicit siblings and whole families, and refuses siblings through parents', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const base = `/api/${owner.tree.id}/person/${owner.rootId}`;
    const partner = await owner.family.partnerOf(owner.rootId, { fName: 'Gustav' });
    expect((await owner.client.delete<Person>(`${base}/partner`, { partnerId: partner.id })).body.partnerIds).toEqual(
      [],
    );

    const explicit = await owner.family.siblingOf(owner.rootId, { fName: 'Stina' });
    expect((await owner.client.delete<Person>(`${base}/sibling`, { siblingId: explicit.id })).body.siblingIds).toEqual(
      [],
    );

    await owner.family.parentOf(owner.rootId, { fName: 'Erik' });
    const brother = await owner.family.siblingOf(owner.rootId, { fName: 'Per' });
    const through = await owner.client.delete<ErrorBody>(`${base}/sibling`, { siblingId: brother.id });
    expect(through.status).toBe(409);
    expect(through.body.error.code).toBe('person.error.siblingThroughParents');

    const family = await owner.client.delete<Person>(`/api/${owner.tree.id}/person/${brother.id}/family`);
    expect(family.body).toMatchObject({ parentIds: [], siblingIds: [], childIds: [], partnerIds: [] });
    expect((await owner.family.get(owner.rootId)).siblingIds).toEqual([]);
  });

  it('removes any direct relation between two persons', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const father = await owner.family.parentOf(owner.rootId, { fName: 'Erik' });
    const body = { startId: owner.rootId, endId: father.id };
    expect((await owner.client.delete(`/api/${owner.tree.id}/relationship`, body)).status).toBe(200);
    expect((await owner.family.get(owner.rootId)).parentIds).toEqual([]);
    expect(await relationOf(owner, father.id)).toBe('none');
    const none = await owner.client.delete<ErrorBody>(`/api/${owner.tree.id}/relationship`, body);
    expect(none.body.error.code).toBe('person.error.relationNotFound');
  });
});

describe('lists', () => {
  it('searches with all terms, folding case and accents, filters and pages in Swedish order', async () => {
    const owner = await newOwner();
    await introduceRoot(owner, 'Zacke', 'Zorn');
    const names: [string, string, 'male' | 'female'][] = [
      ['Åsa', 'Ek', 'female'],
      ['Asa', 'Öberg', 'female'],
      ['Erik', 'Ek', 'male'],
      ['Ärla', 'Ahl', 'female'],
      ['Olof', 'Östman', 'male'],
    ];
    for (const [fName, lName, gender] of names) await owner.family.create({ fName, lName, gender });
    const list = (query: string) =>
      owner.client.get<PersonListAnswer>(`/api/${owner.tree.id}/person?${query}`).then((r) => r.body);

    const asa = await list('q=ASA%20ek');
    expect(asa.items.map((p) => `${p.fName} ${p.lName}`)).toEqual(['Åsa Ek']);
    expect((await list('q=asa')).total).toBe(2);
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('gender=male')).items.map((p) => p.fName)).toEqual(['Erik', 'Olof']);

    const all = await list('sort=name');
    expect(all.items.map((p) => p.lName)).toEqual(['Ahl', 'Ek', 'Ek', 'Zorn', 'Öberg', 'Östman']);
    const page2 = await list('sort=name&pageSize=4&page=2');
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page2.items.map((p) => p.lName)).toEqual(['Öberg', 'Östman']);

    const ekIds = (await list('q=ek')).items.map((p) => p.id);
    const withoutEk = await list(`exclude=${ekIds.join(',')}`);
    expect(withoutEk.total).toBe(4);
    expect(withoutEk.items.map((p) => p.lName)).not.toContain('Ek');
    // A filtered list counts all its matches on any page (issue 25: counted in the page's own
    // statement), and still on a page past the last match.
    expect(await list('gender=female&sort=name&pageSize=2&page=2')).toMatchObject({
      total: 3,
      items: [{ fName: 'Asa' }],
    });
    expect(await list('gender=female&sort=name&pageSize=2&page=3')).toMatchObject({ total: 3, items: [] });
    expect(await list('q=nobody&page=2')).toMatchObject({ total: 0, items: [] });
    expect((await list('sort=recent&pageSize=1')).items[0]?.fName).toBe('Olof');

    const father = await owner.family.parentOf(owner.rootId, { fName: 'Far', lName: 'Zorn' });
    const direct = await list('lineage=direct');
    expect(direct.items.map((p) => p.id).sort()).toEqual([owner.rootId, father.id].sort());
  });

  it('refuses a malformed query', async () => {
    const owner = await newOwner();
    const response = await owner.client.get<ErrorBody>(`/api/${owner.tree.id}/person?pageSize=100000`);
    expect(response.status).toBe(400);
  });
});

describe('charts', () => {
  it('answers ancestors with pedigree collapse and descendants with partners', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const father = await owner.family.parentOf(owner.rootId, { fName: 'Erik' });
    const mother = await owner.family.parentOf(owner.rootId, { fName: 'Maria' });
    // Father and mother are cousins: they share grandparents.
    const fathersFather = await owner.family.parentOf(father.id, { fName: 'Olle' });
    const mothersMother = await owner.family.parentOf(mother.id, { fName: 'Berta' });
    const shared = await owner.family.parentOf(fathersFather.id, { fName: 'Gammel' });
    await owner.client.put(`/api/${owner.tree.id}/person/${mothersMother.id}/parent`, { parentId: shared.id });

    const ancestors = await owner.client.get<ChartAnswer>(`/api/${owner.tree.id}/person/${owner.rootId}/ancestors/10`);
    expect(ancestors.body.truncated).toBe(false);
    const byName = new Map(ancestors.body.persons.map((p) => [p.fName, p]));
    expect(ancestors.body.persons).toHaveLength(6);
    expect(byName.get('Gammel')?.generation).toBe(3);
    expect(byName.get('Astrid')?.parentIds.sort()).toEqual([father.id, mother.id].sort());
    const two = await owner.client.get<ChartAnswer>(`/api/${owner.tree.id}/person/${owner.rootId}/ancestors/1`);
    expect(two.body.persons.map((p) => p.fName).sort()).toEqual(['Astrid', 'Erik', 'Maria']);

    const partner = await owner.family.partnerOf(owner.rootId, { fName: 'Gustav' });
    const child = await owner.family.childOf(owner.rootId, { fName: 'Karin' }, partner.id);
    const descendants = await owner.client.get<ChartAnswer>(
      `/api/${owner.tree.id}/person/${owner.rootId}/descendants/3`,
    );
    const gustav = descendants.body.persons.find((p) => p.id === partner.id);
    expect(gustav).toMatchObject({ isPartner: true, generation: 0 });
    expect(descendants.body.persons.find((p) => p.id === child.id)).toMatchObject({
      isPartner: false,
      generation: 1,
    });
    expect(descendants.body.persons.find((p) => p.id === owner.rootId)?.partnerIds).toEqual([partner.id]);

    const family = await owner.client.get<FamilyAnswer>(`/api/${owner.tree.id}/person/${owner.rootId}/family`);
    expect(family.body.grandparents.map((p) => p.fName).sort()).toEqual(['Berta', 'Olle']);
    const tooDeep = await owner.client.get(`/api/${owner.tree.id}/person/${owner.rootId}/ancestors/31`);
    expect(tooDeep.status).toBe(400);
  });
});

describe('limits', () => {
  it('stops a free tree at 20 persons with the limit code', async () => {
    const owner = await newOwner();
    for (let i = 1; i < 20; i++) await owner.family.create({ fName: `P${i}` });
    const over = await owner.client.post<ErrorBody>(`/api/${owner.tree.id}/person`, {
      person: { fName: 'Tjugoförsta', lName: 'Ek' },
    });
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('limit.persons');
    expect(over.body.error.details).toEqual({ limit: 'persons', max: 20 });
    expect((await owner.client.get<TreeInfo>(`/api/${owner.tree.id}/tree`)).body.personsAmount).toBe(20);
  });

  it('lets a paid tree pass 20 persons but stops it at 100,000 nodes', async () => {
    const owner = await newOwner({ paid: true });
    for (let i = 1; i <= 20; i++) await owner.family.create({ fName: `P${i}` });
    expect((await owner.client.get<TreeInfo>(`/api/${owner.tree.id}/tree`)).body.personsAmount).toBe(21);
    await fillTree(owner.tree.id, 100_000 - 21);
    const over = await owner.client.post<ErrorBody>(`/api/${owner.tree.id}/person`, {
      person: { fName: 'One', lName: 'Toomany' },
    });
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('limit.nodesPaid');
    expect(over.body.error.details).toEqual({ limit: 'nodes', max: 100_000 });
  }, 60_000);

  it('stops a free tree at 5,000 nodes when its persons came another way (import)', async () => {
    const owner = await newOwner();
    await fillTree(owner.tree.id, 4999);
    const over = await owner.client.post<ErrorBody>(`/api/${owner.tree.id}/person`, {
      person: { fName: 'One', lName: 'Toomany' },
    });
    expect(over.status).toBe(403);
    expect(['limit.persons', 'limit.nodesFree']).toContain(over.body.error.code);
  });
});

/** A second session of the owner (another browser), signed in with the same account. */
async function secondSession(owner: Owner): Promise<TestClient> {
  const client = new TestClient(t.app);
  const signIn = await client.post('/api/auth/signin/credentials', { email: owner.email, password: owner.password });
  expect(signIn.status).toBe(200);
  return client;
}

const errorOf = (response: { body: unknown }) => (response.body as ErrorBody).error;

describe('concurrent edits of one person', () => {
  it('refuses a save from a stale copy (two sessions) with a conflict and the stored person', async () => {
    const owner = await newOwner();
    const other = await secondSession(owner);
    const loaded = await owner.family.create({ fName: 'Karin', lName: 'Ek' });
    expect(loaded.revision).toBe(1);
    const path = `/api/${owner.tree.id}/person/${loaded.id}`;

    const first = await owner.client.put<Person>(`${path}/name`, {
      fName: 'Karin',
      pName: 'Kajsa',
      lName: 'Ek',
      revision: 1,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ pName: 'Kajsa', revision: 2 });

    // Every route that writes the person's own fields refuses the copy loaded at revision 1.
    const stale: [string, Record<string, unknown>][] = [
      [`${path}/occ`, { occupation: 'Smed' }],
      [`${path}/name`, { fName: 'Karolina', pName: null, lName: 'Ek' }],
      [`${path}/gender`, { gender: 'female' }],
      [`/api/${owner.tree.id}/node/${loaded.id}/description`, { description: 'Skriven i den andra fliken.' }],
      [path, { fName: 'Karolina', lName: 'Ek', gender: 'female', occupation: 'Smed' }],
    ];
    for (const [url, body] of stale) {
      const second = await other.put(url, { ...body, revision: 1 });
      expect(second.status, url).toBe(409);
      expect(errorOf(second)).toMatchObject({
        code: 'person.error.conflict',
        message: expect.stringContaining('changed elsewhere'),
        details: { current: { id: loaded.id, fName: 'Karin', pName: 'Kajsa', occupation: null, revision: 2 } },
      });
    }

    // The first session's change is intact and nothing of the second one's got in.
    const stored = await owner.family.get(loaded.id);
    expect(stored).toMatchObject({ fName: 'Karin', pName: 'Kajsa', gender: 'unknown', occupation: null });
    expect(stored).toMatchObject({ description: null, revision: 2, updatedAt: first.body.updatedAt });

    // From the stored revision the second session's save goes through, keeping the first one's name.
    const again = await other.put<Person>(`${path}/occ`, { occupation: 'Smed', revision: 2 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ pName: 'Kajsa', occupation: 'Smed', revision: 3 });
  });

  it('raises the revision on each change of own fields only, and takes SPEC bodies without one', async () => {
    const owner = await newOwner();
    const person = await owner.family.create({ fName: 'Nils' });
    const path = `/api/${owner.tree.id}/person/${person.id}`;
    const revisionNow = async () => (await owner.family.get(person.id)).revision;

    // Without a revision (SPEC §7's bodies) a change is written and still raises it.
    const renamed = await owner.client.put<Person>(`${path}/name`, { fName: 'Nils', pName: null, lName: 'Berg' });
    expect(renamed.body).toMatchObject({ lName: 'Berg', revision: 2 });
    const gender = await owner.client.put(`${path}/gender`, { gender: 'male', revision: 2 });
    expect(gender.body).toEqual({ gender: 'male', revision: 3 });
    const described = await owner.client.put<Person>(`/api/${owner.tree.id}/node/${person.id}/description`, {
      description: 'Bonde i Rud.',
      revision: 3,
    });
    expect(described.body.revision).toBe(4);

    // An unchanged save writes nothing; relations are not the person's own fields.
    const unchanged = await owner.client.put<Person>(`${path}/occ`, { occupation: null, revision: 4 });
    expect(unchanged.body).toMatchObject({ revision: 4, updatedAt: described.body.updatedAt });
    await owner.family.parentOf(person.id, { fName: 'Per' });
    await owner.family.partnerOf(person.id, { fName: 'Elin' });
    expect(await revisionNow()).toBe(4);

    for (const revision of [0, 1.5, '4', null]) {
      const malformed = await owner.client.put(`${path}/occ`, { occupation: 'Bonde', revision });
      expect(malformed.status, String(revision)).toBe(400);
    }
    expect(await owner.family.get(person.id)).toMatchObject({ occupation: null, revision: 4 });
  });

  it('keeps a field that a whole-person save leaves out, and clears one sent empty', async () => {
    const owner = await newOwner();
    const person = await owner.family.create({ fName: 'Kerstin', lName: 'Ek' });
    const path = `/api/${owner.tree.id}/person/${person.id}`;
    await owner.client.put(`${path}/gender`, { gender: 'female' });
    await owner.client.put(`${path}/occ`, { occupation: 'Piga' });
    await owner.client.put(`/api/${owner.tree.id}/node/${person.id}/description`, { description: 'Född i Rud.' });

    const renamed = await owner.client.put<Person>(path, { fName: 'Karin', lName: 'Ek' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      fName: 'Karin',
      lName: 'Ek',
      gender: 'female',
      occupation: 'Piga',
      description: 'Född i Rud.',
    });

    const cleared = await owner.client.put<Person>(path, { occupation: '', description: null, pName: '  ' });
    expect(cleared.body).toMatchObject({ fName: 'Karin', gender: 'female', occupation: null, description: null });

    const blankName = await owner.client.put<ErrorBody>(path, { fName: '  ' });
    expect(blankName.status).toBe(400);
    expect(blankName.body.error.code).toBe('person.validation.firstNameRequired');
    expect((await owner.family.get(person.id)).fName).toBe('Karin');
  });

  it('lets exactly one of two saves sent at once from the same revision win', async () => {
    const owner = await newOwner();
    const other = await secondSession(owner);
    const person = await owner.family.create({ fName: 'Sigrid' });
    const path = `/api/${owner.tree.id}/person/${person.id}/name`;
    for (const revision of [1, 2, 3]) {
      const names = [`Anna${revision}`, `Berta${revision}`];
      const answers = await Promise.all([
        owner.client.put<Person>(path, { fName: names[0], pName: null, lName: 'Ek', revision }),
        other.put<Person>(path, { fName: names[1], pName: null, lName: 'Ek', revision }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)?.body as Person;
      const loser = answers.find((answer) => answer.status === 409) as { body: unknown };
      expect(errorOf(loser)).toMatchObject({
        code: 'person.error.conflict',
        details: { current: { fName: winner.fName, revision: revision + 1 } },
      });
      expect(await owner.family.get(person.id)).toMatchObject({ fName: winner.fName, revision: revision + 1 });
    }
  });

  it('refuses a stale revision in the write itself, not only by the check before it', async () => {
    const owner = await newOwner();
    const person = await owner.family.create({ fName: 'Tora' });
    const write = (revision: number) =>
      updatePerson(t.database.db, owner.tree.id, person.id, revision, { occupation: `Piga ${revision}` });
    expect(await write(1)).toBe(true);
    expect(await write(1)).toBe(false);
    expect(await owner.family.get(person.id)).toMatchObject({ occupation: 'Piga 1', revision: 2 });
  });
});

/** Fills a tree with bare persons straight in the database (as an import would), set-based. */
async function fillTree(treeId: string, amount: number) {
  await t.database.db.execute(sql`
    insert into person (tree_id, id, f_name, l_name)
    select ${treeId}::uuid, gen_random_uuid(), 'Filler', 'Person' || g from generate_series(1, ${amount}) g`);
}

describe('denials', () => {
  it('does not let another user read or change any person of the tree, and anonymous callers get 401', async () => {
    const owner = await newOwner();
    await introduceRoot(owner);
    const other = await owner.family.create({ fName: 'Other' });
    const stranger = await signUp(t.app);
    const tree = owner.tree.id;
    const p = owner.rootId;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/${tree}/mainnodes`],
      ['GET', `/api/${tree}/person`],
      ['GET', `/api/${tree}/person/${p}`],
      ['GET', `/api/${tree}/person/${p}/ancestors/3`],
      ['GET', `/api/${tree}/person/${p}/descendants/3`],
      ['GET', `/api/${tree}/person/${p}/child`],
      ['GET', `/api/${tree}/person/${p}/family`],
      ['POST', `/api/${tree}/person`, { person: { fName: 'X', lName: 'Y' } }],
      ['POST', `/api/${tree}/person/${p}/parent`, { fName: 'X', lName: 'Y' }],
      ['POST', `/api/${tree}/person/child`, { child: { fName: 'X', lName: 'Y' }, parentIds: [p] }],
      ['POST', `/api/${tree}/relationship`, { type: 'partner', startId: p, endId: other.id }],
      ['PUT', `/api/${tree}/person/${p}`, { fName: 'X', lName: 'Y' }],
      ['PUT', `/api/${tree}/person/${p}/name`, { fName: 'X', lName: 'Y' }],
      ['PUT', `/api/${tree}/person/${p}/occ`, { occupation: 'Spy' }],
      ['PUT', `/api/${tree}/person/${p}/gender`, { gender: 'male' }],
      ['PUT', `/api/${tree}/person/${p}/parent`, { parentId: other.id }],
      ['PUT', `/api/${tree}/person/${p}/partner`, { partnerId: other.id }],
      ['PUT', `/api/${tree}/person/${p}/sibling`, { siblingId: other.id }],
      ['PUT', `/api/${tree}/person/${p}/child`, { childId: other.id }],
      ['PUT', `/api/${tree}/node/${p}/description`, { description: 'Hacked' }],
      ['PUT', `/api/${tree}/tree/root`, { rootId: other.id }],
      ['DELETE', `/api/${tree}/person/${other.id}`],
      ['DELETE', `/api/${tree}/person/${p}/parent`, { parentId: other.id }],
      ['DELETE', `/api/${tree}/person/${p}/partner`, { partnerId: other.id }],
      ['DELETE', `/api/${tree}/person/${p}/sibling`, { siblingId: other.id }],
      ['DELETE', `/api/${tree}/person/${p}/family`],
      ['DELETE', `/api/${tree}/relationship`, { startId: p, endId: other.id }],
    ];
    const anonymous = new TestClient(t.app);
    for (const [method, url, body] of calls) {
      const denied = await stranger.client.request<ErrorBody>(method as 'GET', url, body);
      expect(denied.status, `${method} ${url}`).toBe(404);
      expect(denied.body.error.code).toBe('tree.error.notFound');
      const anon = await anonymous.request<ErrorBody>(method as 'GET', url, body);
      expect(anon.status, `anonymous ${method} ${url}`).toBe(401);
    }
    const root = await owner.family.get(p);
    expect(root).toMatchObject({ fName: 'Astrid', occupation: null, description: null, isRoot: true, partnerIds: [] });
    expect((await owner.client.get<TreeInfo>(`/api/${tree}/tree`)).body.personsAmount).toBe(2);
  });
});

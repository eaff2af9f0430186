import type { GedcomImportAnswer, Person, PersonListAnswer, TreeInfo } from '@anor/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personName, person as personTable, subscription } from '../src/db/schema.ts';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 19, items 14–16: a person's other names (stored, validated, searched, in GEDCOM), Nordic
 * letters in search, unknown names last, and a person found by name and year.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Owner {
  client: TestClient;
  userId: string;
  tree: TreeInfo;
  family: FamilyBuilder;
  api: string;
}

async function newOwner(paid = false): Promise<Owner> {
  const a = await signUp(t.app);
  if (paid) {
    await t.database.db
      .insert(subscription)
      .values({ userId: a.user.id, plan: 'monthly', validUntil: new Date(Date.now() + 86_400_000) });
  }
  const tree = await createTree(a.client, a.user.id, 'Namn');
  return {
    client: a.client,
    userId: a.user.id,
    tree,
    family: new FamilyBuilder(a.client, tree.id),
    api: `/api/${tree.id}`,
  };
}

const codeOf = (response: { body: unknown }) => (response.body as ErrorBody).error.code;

async function search(owner: Owner, q: string): Promise<string[]> {
  const response = await owner.client.get<PersonListAnswer>(
    `${owner.api}/person?q=${encodeURIComponent(q)}&sort=name&pageSize=50`,
  );
  expect(response.status).toBe(200);
  return response.body.items.map((item) => [item.fName, item.lName].filter(Boolean).join(' '));
}

describe("a person's other names", () => {
  it('stores them with types and dates, answers them with the person, and search finds them', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    const saved = await o.client.put<Person>(`${o.api}/person/${anna.id}/names`, {
      revision: anna.revision,
      names: [
        { type: 'birth', fName: 'Anna', lName: 'Lindqvist' },
        { type: 'married', lName: 'Öhrström', fromDate: '1878-06-01' },
        { type: 'variant', fName: 'Annika', lName: ' ' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.revision).toBe(anna.revision + 1);
    expect(saved.body.names.map(({ id: _id, ...name }) => name)).toEqual([
      { type: 'birth', typeText: null, fName: 'Anna', pName: null, lName: 'Lindqvist', fromDate: null, toDate: null },
      {
        type: 'married',
        typeText: null,
        fName: null,
        pName: null,
        lName: 'Öhrström',
        fromDate: '1878-06-01',
        toDate: null,
      },
      { type: 'variant', typeText: null, fName: 'Annika', pName: null, lName: null, fromDate: null, toDate: null },
    ]);
    expect((await o.family.get(anna.id)).names).toHaveLength(3);
    expect(await search(o, 'lindqvist')).toEqual(['Anna Berg']);
    expect(await search(o, 'öhrström')).toEqual(['Anna Berg']);
    expect(await search(o, 'annika')).toEqual(['Anna Berg']);

    // A rename keeps the other names in the search text.
    await o.client.put(`${o.api}/person/${anna.id}/name`, { fName: 'Anna', pName: null, lName: 'Ström' });
    expect(await search(o, 'lindqvist')).toEqual(['Anna Ström']);

    // Replacing the list drops the names left out.
    const fresh = await o.family.get(anna.id);
    const replaced = await o.client.put<Person>(`${o.api}/person/${anna.id}/names`, {
      revision: fresh.revision,
      names: [{ type: 'aka', fName: 'Nanna' }],
    });
    expect(replaced.body.names.map((name) => name.fName)).toEqual(['Nanna']);
    expect(await search(o, 'lindqvist')).toEqual([]);
    expect(await search(o, 'nanna')).toEqual(['Anna Ström']);
  });

  it('refuses a name without first and last name, bad characters, reversed dates and a stale revision, changing nothing', async () => {
    const o = await newOwner();
    const bo = await o.family.create({ fName: 'Bo', lName: 'Ek' });
    const put = (body: unknown) => o.client.put<Person>(`${o.api}/person/${bo.id}/names`, body);
    const cases: [unknown, string][] = [
      [{ names: [{ type: 'aka', pName: 'Bosse' }] }, 'person.validation.nameRequired'],
      [{ names: [{ type: 'aka', lName: 'Ek<script>' }] }, 'validation.invalidCharacters'],
      [{ names: [{ type: 'aka', lName: 'x'.repeat(51) }] }, 'person.validation.lastNameTooLong'],
      [{ names: [{ type: 'nickname', lName: 'Ek' }] }, 'common.error.validation'],
      [
        { names: [{ type: 'married', lName: 'Ek', fromDate: '1890', toDate: '1880' }] },
        'events.validation.endBeforeStart',
      ],
      [{ names: [{ type: 'married', lName: 'Ek', fromDate: '1821-02-29' }] }, 'events.validation.invalidDate'],
    ];
    for (const [body, code] of cases) {
      const response = await put(body);
      expect([response.status, codeOf(response)], JSON.stringify(body)).toEqual([400, code]);
    }
    const stale = await put({ revision: bo.revision + 5, names: [{ type: 'aka', lName: 'Eke' }] });
    expect([stale.status, codeOf(stale)]).toEqual([409, 'person.error.conflict']);
    const stored = await t.database.db
      .select()
      .from(personName)
      .where(and(eq(personName.treeId, o.tree.id), eq(personName.personId, bo.id)));
    expect(stored).toEqual([]);
    expect((await o.family.get(bo.id)).revision).toBe(bo.revision);
  });

  it('imports a GEDCOM NAME with TYPE as another name and exports it back as 5.5.1 and 7.0', async () => {
    const o = await newOwner(true);
    const file = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Maria /Öberg/',
      '1 NAME Maria /Lind/',
      '2 TYPE birth',
      '1 NAME Mia /Oberg/',
      '2 TYPE spelling',
      '1 NAME /Ekström/',
      '2 TYPE married',
      '1 NAME Bad <name> /X/',
      '2 TYPE aka',
      '1 SEX F',
      '0 TRLR',
      '',
    ].join('\n');
    const imported = await o.client.request<GedcomImportAnswer>(
      'POST',
      `/api/user/${o.userId}/tree/gedcom?treeName=Namn2`,
      new TextEncoder().encode(file),
    );
    expect(imported.status).toBe(201);
    const treeId = imported.body.tree.id;
    const [maria] = await t.database.db.select().from(personTable).where(eq(personTable.treeId, treeId));
    const person = (await o.client.get<Person>(`/api/${treeId}/person/${maria?.id}`)).body;
    expect([person.fName, person.lName]).toEqual(['Maria', 'Öberg']);
    expect(person.names.map((n) => [n.type, n.typeText, n.fName, n.lName])).toEqual([
      ['birth', null, 'Maria', 'Lind'],
      ['other', 'spelling', 'Mia', 'Oberg'],
      ['married', null, null, 'Ekström'],
    ]);
    // Found by search by every name.
    const found = await o.client.get<PersonListAnswer>(`/api/${treeId}/person?q=ekstr%C3%B6m`);
    expect(found.body.total).toBe(1);

    const v5 = await o.client.get<string>(`/api/${treeId}/gedcom?version=5.5.1`);
    // The name the person is shown by stays the first NAME.
    expect(v5.body.indexOf('1 NAME Maria /Öberg/')).toBeGreaterThan(0);
    expect(v5.body.indexOf('1 NAME Maria /Öberg/')).toBeLessThan(v5.body.indexOf('1 NAME Maria /Lind/'));
    expect(v5.body).toContain('1 NAME Maria /Lind/\n2 TYPE birth\n');
    expect(v5.body).toContain('1 NAME Mia /Oberg/\n2 TYPE spelling\n');
    expect(v5.body).toContain('1 NAME /Ekström/\n2 TYPE married\n');
    // The name the form refuses is kept as the file wrote it.
    expect(v5.body).toContain('1 NAME Bad <name> /X/\n2 TYPE aka\n');
    const v7 = await o.client.get<string>(`/api/${treeId}/gedcom?version=7.0`);
    expect(v7.body).toContain('1 NAME Maria /Lind/\n2 TYPE BIRTH\n');
    expect(v7.body).toContain('1 NAME Mia /Oberg/\n2 TYPE OTHER\n3 PHRASE spelling\n');
  });
});

describe('Nordic letters, unknown names and years in person search (issue 19, items 15, 16)', () => {
  it('finds å, ä, ö only when typed with them, and folded after the exact matches when typed without', async () => {
    const o = await newOwner();
    for (const [fName, lName] of [
      ['Anna', 'Öhman'],
      ['Bo', 'Ohman'],
      ['Cilla', 'Åberg'],
      ['Dan', 'Aberg'],
      ['Elsa', 'Ødegård'],
      ['Frida', 'Müller'],
    ]) {
      await o.family.create({ fName: fName as string, lName: lName as string });
    }
    expect(await search(o, 'Ö')).toEqual(['Anna Öhman']);
    expect(await search(o, 'öhman')).toEqual(['Anna Öhman']);
    expect(await search(o, 'Ohman')).toEqual(['Bo Ohman', 'Anna Öhman']);
    expect(await search(o, 'å')).toEqual(['Cilla Åberg', 'Elsa Ødegård']);
    expect(await search(o, 'aberg')).toEqual(['Dan Aberg', 'Cilla Åberg']);
    expect(await search(o, 'ø')).toEqual(['Elsa Ødegård']);
    expect(await search(o, 'odegard')).toEqual(['Elsa Ødegård']);
    // Other accents fold as before, both ways.
    expect(await search(o, 'muller')).toEqual(['Frida Müller']);
    expect(await search(o, 'müller')).toEqual(['Frida Müller']);
  });

  it('sorts persons without a name after the named', async () => {
    const o = await newOwner();
    // The tree's root has no name until the intro names it.
    await o.family.create({ fName: 'Zelma', lName: 'Ö' });
    await o.family.create({ fName: 'Adam', lName: 'Ek' });
    const response = await o.client.get<PersonListAnswer>(`${o.api}/person?sort=name`);
    expect(response.body.items.map((p) => [p.id === o.tree.rootId, p.lName])).toEqual([
      [false, 'Ek'],
      [false, 'Ö'],
      [true, null],
    ]);
  });

  it('finds a person by name and the year of an event of theirs', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Öberg' });
    await o.family.create({ fName: 'Britta', lName: 'Öberg' });
    const created = await o.client.post(`${o.api}/event`, {
      type: 'birth',
      startDate: '1878-03-02',
      participants: [{ personId: anna.id, role: 'primary' }],
    });
    expect(created.status).toBe(201);
    expect(await search(o, 'öberg 1878')).toEqual(['Anna Öberg']);
    expect(await search(o, 'öberg 1879')).toEqual([]);
    expect(await search(o, 'öberg')).toEqual(['Anna Öberg', 'Britta Öberg']);
  });

  it("finds a person by a public year for a visitor, and never by a living person's year", async () => {
    const o = await newOwner(true);
    const anna = await o.family.create({ fName: 'Anna', lName: 'Öberg' });
    const living = await o.family.create({ fName: 'Lena', lName: 'Öberg' });
    for (const [personId, startDate] of [
      [anna.id, '1878-03-02'],
      [living.id, '2001-05-05'],
    ]) {
      const created = await o.client.post(`${o.api}/event`, {
        type: 'birth',
        startDate,
        participants: [{ personId, role: 'primary' }],
      });
      expect(created.status).toBe(201);
    }
    const share = await o.client.put<{ token: string }>(`${o.api}/share`, { enabled: true });
    const visitor = (q: string) =>
      new TestClient(t.app).request<PersonListAnswer>('GET', `${o.api}/person?q=${encodeURIComponent(q)}`, undefined, {
        'x-anor-share': share.body.token,
      });
    const named = async (q: string) => {
      const response = await visitor(q);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.items.map((item) => item.fName);
    };
    expect(await named('öberg 1878')).toEqual(['Anna']);
    expect(await named('2001')).toEqual([]);
    expect(await named('öberg')).toEqual(['Anna']);
  });
});

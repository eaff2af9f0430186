import type { CreatedLocationAnswer, GedcomImportAnswer, OrphanListAnswer } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Answer<T extends OrphanListAnswer['type']> = Extract<OrphanListAnswer, { type: T }>;

async function newOwner(treeName = 'Översikt') {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, treeName);
  const api = `/api/${tree.id}`;
  const family = new FamilyBuilder(a.client, tree.id);
  const orphans = async <T extends OrphanListAnswer['type']>(type: T, query = '') => {
    const response = await a.client.get<Answer<T>>(`${api}/orphans?type=${type}${query}`);
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    expect(response.body.type).toBe(type);
    return response.body;
  };
  const ids = async (type: OrphanListAnswer['type'], query = '') =>
    (await orphans(type, query)).items.map((item) => item.id).sort();
  const place = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await a.client.post<CreatedLocationAnswer>(`${api}/location`, { location: { name }, ...extra });
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body.location;
  };
  return { ...a, tree, api, family, orphans, ids, place };
}

const sorted = (...values: string[]) => [...values].sort();

function codeOf(response: { body: unknown }): string {
  return (response.body as ErrorBody).error.code;
}

describe('orphan persons', () => {
  it('lists the persons without parent, child, partner or sibling link, and drops them as links are made', async () => {
    const o = await newOwner();
    const root = o.tree.rootId as string;
    // A new tree has its unnamed root person, connected to nobody.
    expect(await o.ids('person')).toEqual([root]);

    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg', occupation: 'Piga' });
    expect(await o.ids('person')).toEqual(sorted(root, anna.id));
    const first = await o.orphans('person');
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(first.items.find((item) => item.id === anna.id)).toEqual({
      id: anna.id,
      fName: 'Anna',
      pName: null,
      lName: 'Berg',
      occupation: 'Piga',
      // Life years and birthplace beside the name (issue 19 item 12); Anna has no birth or death yet.
      born: null,
      died: null,
      birthPlace: null,
    });

    // An explicit sibling link (Anna has no parents) connects both.
    const sister = await o.family.siblingOf(anna.id, { fName: 'Stina', lName: 'Berg' });
    expect(await o.ids('person')).toEqual([root]);

    // A child connects the root.
    const child = await o.family.childOf(root, { fName: 'Carl' });
    expect(await o.ids('person')).toEqual([]);

    // A partner: alone first, then related, then unrelated again.
    const david = await o.family.create({ fName: 'David', lName: 'Ek' });
    expect(await o.ids('person')).toEqual([david.id]);
    const related = await o.client.post(`${o.api}/relationship`, { type: 'partner', startId: david.id, endId: root });
    expect(related.status).toBe(200);
    expect(await o.ids('person')).toEqual([]);
    const removed = await o.client.delete(`${o.api}/person/${david.id}/partner`, { partnerId: root });
    expect(removed.status).toBe(200);
    expect(await o.ids('person')).toEqual([david.id]);

    // A parent link connects the child as much as the parent.
    const erik = await o.family.create({ fName: 'Erik', lName: 'Ek' });
    expect(await o.ids('person')).toEqual(sorted(david.id, erik.id));
    await o.family.parentOf(erik.id, { fName: 'Frida', lName: 'Ek' });
    expect(await o.ids('person')).toEqual([david.id]);

    // all=true: every person, in Swedish name order, with the counter as total.
    const all = await o.orphans('person', '&all=true');
    expect(all.total).toBe(7);
    expect(all.items.map((item) => item.id).sort()).toEqual(
      sorted(
        root,
        anna.id,
        sister.id,
        child.id,
        david.id,
        erik.id,
        all.items.find((i) => i.fName === 'Frida')?.id ?? '',
      ),
    );
    expect(all.items.filter((item) => item.fName).map((item) => item.fName)).toEqual([
      'Anna',
      'Stina',
      'Carl',
      'David',
      'Erik',
      'Frida',
    ]);
  });

  it('searches the names, and pages in name order', async () => {
    const o = await newOwner();
    await o.client.put(`${o.api}/person/${o.tree.rootId}`, { fName: 'Örjan', lName: 'Zetterberg' });
    for (const fName of ['Ada', 'Bo', 'Cecilia', 'Dan', 'Åsa']) await o.family.create({ fName, lName: 'Alm' });
    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await o.orphans('person', `&page=${page}&pageSize=2`);
      expect(answer).toMatchObject({ total: 6, page, pageSize: 2 });
      pages.push(answer.items.map((item) => item.fName));
    }
    expect(pages).toEqual([
      ['Ada', 'Bo'],
      ['Cecilia', 'Dan'],
      ['Åsa', 'Örjan'],
    ]);
    const past = await o.orphans('person', '&page=4&pageSize=2');
    expect(past).toMatchObject({ items: [], total: 6 });

    const found = await o.orphans('person', `&q=${encodeURIComponent('asa ALM')}`);
    expect(found.items.map((item) => item.fName)).toEqual(['Åsa']);
    expect(found.total).toBe(1);
  });
});

describe('orphan places', () => {
  it('lists places without parent, child and event; all=true lists every place', async () => {
    const o = await newOwner();
    const sverige = await o.place('Sverige', { location: { name: 'Sverige', type: 'Land' } });
    expect(await o.orphans('location')).toMatchObject({
      items: [{ id: sverige.id, name: 'Sverige', type: 'Land' }],
      total: 1,
    });
    // A child connects both.
    const varmland = await o.place('Värmland', { ancestorId: sverige.id });
    expect(await o.ids('location')).toEqual([]);

    // An event at a place connects it; deleting the event leaves it alone again.
    const gotland = await o.place('Gotland');
    expect(await o.ids('location')).toEqual([gotland.id]);
    const anna = await o.family.create({ fName: 'Anna' });
    const created = await o.client.post<{ event: { id: string } }>(`${o.api}/event`, {
      type: 'birth',
      startDate: '1850',
      locationId: gotland.id,
      participants: [{ personId: anna.id, role: 'primary' }],
    });
    expect(created.status).toBe(201);
    expect(await o.ids('location')).toEqual([]);
    await o.client.delete(`${o.api}/event/${created.body.event.id}`);
    expect(await o.ids('location')).toEqual([gotland.id]);

    // Disconnecting the child from its parent leaves both alone.
    const moved = await o.client.put(`${o.api}/location/${varmland.id}`, {
      updatedLocation: { name: 'Värmland', parentId: null, coordinates: null },
    });
    expect(moved.status).toBe(200);
    expect(await o.ids('location')).toEqual(sorted(sverige.id, varmland.id, gotland.id));

    const all = await o.orphans('location', '&all=true&pageSize=2');
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.name)).toEqual(['Gotland', 'Sverige']);
    const second = await o.orphans('location', '&all=true&pageSize=2&page=2');
    expect(second.items.map((item) => item.name)).toEqual(['Värmland']);
    expect((await o.orphans('location', '&q=varm')).items.map((item) => item.name)).toEqual(['Värmland']);
  });
});

/** A file with a family whose only event has no partners: the one way an event without participants comes in. */
const gedcom = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Anna /Berg/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 1850',
  '2 PLAC Sunne',
  '0 @I2@ INDI',
  '1 NAME Bertil /Berg/',
  '1 DEAT',
  '0 @F1@ FAM',
  '1 RESI',
  '2 DATE 1900',
  '2 PLAC Rud, Sunne',
  '0 TRLR',
  '',
].join('\n');

describe('orphan events', () => {
  it('lists events without participants with their date and place, and drops them once someone takes part', async () => {
    const a = await signUp(t.app);
    const imported = await a.client.post<GedcomImportAnswer>(
      `/api/user/${a.user.id}/tree/gedcom`,
      new TextEncoder().encode(gedcom),
    );
    expect(imported.status).toBe(201);
    const api = `/api/${imported.body.tree.id}`;
    const get = (query: string) => a.client.get<Answer<'event'>>(`${api}/orphans?type=event${query}`);

    const orphans = await get('');
    expect(orphans.status).toBe(200);
    expect(orphans.body.total).toBe(1);
    const [residence] = orphans.body.items;
    expect(residence).toMatchObject({
      type: 'residence',
      startDate: '1900',
      startDateType: 'exact',
      endDate: '1900',
      endDateType: 'exact',
      participants: [],
      location: { name: 'Rud' },
    });

    // all=true: by date, undated last, each with its participants (person id under `id`) and place.
    const all = await get('&all=true');
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((event) => event.type)).toEqual(['birth', 'residence', 'death']);
    const birth = all.body.items[0];
    expect(birth?.participants).toEqual([
      {
        id: expect.any(String),
        fName: 'Anna',
        pName: null,
        lName: 'Berg',
        role: 'primary',
        // With the life years that tell namesakes apart (issue 19 item 12).
        born: { year: 1850, type: 'exact' },
        died: null,
        birthPlace: 'Sunne',
      },
    ]);
    expect(birth?.location?.name).toBe('Sunne');
    expect(all.body.items[2]).toMatchObject({ startDate: null, location: null });
    const annaId = birth?.participants[0]?.id as string;

    // The residence's place is connected through the event, and so is its parent through its child.
    const places = await a.client.get<Answer<'location'>>(`${api}/orphans?type=location`);
    expect(places.body.items).toEqual([]);

    const joined = await a.client.post(`${api}/event/${residence?.id}/participant`, {
      personId: annaId,
      role: 'primary',
    });
    expect(joined.status).toBe(200);
    expect((await get('')).body).toMatchObject({ items: [], total: 0 });

    // A search matches a participant's name or the place's.
    expect((await get('&all=true&q=rud')).body.items.map((event) => event.type)).toEqual(['residence']);
    expect((await get('&all=true&q=bertil')).body.items.map((event) => event.type)).toEqual(['death']);
  });
});

describe('who may read the overview', () => {
  it('refuses without a session (401), another user (404) and a malformed query (400)', async () => {
    const owner = await newOwner();
    const anonymous = new TestClient(t.app);
    const noSession = await anonymous.get(`${owner.api}/orphans?type=person`);
    expect(noSession.status).toBe(401);
    expect(codeOf(noSession)).toBe('auth.error.sessionRequired');

    const other = await signUp(t.app);
    const foreign = await other.client.get(`${owner.api}/orphans?type=person`);
    expect(foreign.status).toBe(404);
    expect(codeOf(foreign)).toBe('tree.error.notFound');

    for (const query of ['type=tree', 'type=person&all=yes', 'type=person&pageSize=0', 'type=person&extra=1']) {
      const bad = await owner.client.get(`${owner.api}/orphans?${query}`);
      expect(bad.status, query).toBe(400);
    }
    // A NUL, which no database text can hold, is refused before the route (http/nul-guard.ts).
    const nul = await owner.client.get(`${owner.api}/orphans?type=event&all=true&q=%00`);
    expect(nul.status).toBe(400);
    expect(codeOf(nul)).toBe('validation.invalidCharacters');
    const unknownTree = await owner.client.get('/api/00000000-0000-7000-8000-000000000000/orphans');
    expect(unknownTree.status).toBe(404);
  });
});

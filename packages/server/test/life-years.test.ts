import type {
  ChartAnswer,
  ChildrenAnswer,
  Event,
  FamilyAnswer,
  Person,
  PersonListAnswer,
  ShareState,
} from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 19 item 12: every answer that names persons (family, charts, lists and search, the person
 * page's relatives) carries their life years and birthplace, so namesakes can be told apart; a
 * living person shown to a visitor has none, and a visitor's years come from public events only.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let api: string;
let token: string;
const ids = { elder: '', younger: '', lisa: '', grandfather: '' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + 365 * 86_400_000));
  const tree = await createTree(owner.client, owner.user.id, 'Namnar');
  api = `/api/${tree.id}`;
  const family = new FamilyBuilder(owner.client, tree.id);
  const event = async (body: Record<string, unknown>) => {
    const response = await owner.client.post<{ event: Event }>(`${api}/event`, body);
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body.event;
  };
  const primary = (personId: string) => [{ personId, role: 'primary' }];
  // Two namesakes, Anders Berg, father and son, told apart by their years and birthplaces; the
  // son's daughter Lisa is living.
  const elder = await family.create({ fName: 'Anders', lName: 'Berg', gender: 'male' });
  const younger = await family.childOf(elder.id, { fName: 'Anders', lName: 'Berg', gender: 'male' });
  const lisa = await family.childOf(younger.id, { fName: 'Lisa', lName: 'Berg', gender: 'female' });
  const grandfather = await family.parentOf(elder.id, { fName: 'Nils', lName: 'Berg', gender: 'male' });
  Object.assign(ids, { elder: elder.id, younger: younger.id, lisa: lisa.id, grandfather: grandfather.id });
  await event({
    type: 'birth',
    startDate: '1801-02-03',
    location: 'Råshult, Stenbrohult, Kronoberg',
    participants: primary(elder.id),
  });
  await event({ type: 'death', startDate: '1870', startDateType: 'about', participants: primary(elder.id) });
  await event({ type: 'birth', startDate: '1830', location: 'Lysvik, Värmland', participants: primary(younger.id) });
  await event({ type: 'death', startDate: '1901-05-06', participants: primary(younger.id) });
  await event({
    type: 'birth',
    startDate: '1999-09-09',
    location: 'Hemlighult, Värmland',
    participants: primary(lisa.id),
  });
  const share = await owner.client.put<ShareState>(`${api}/share`, { enabled: true });
  token = share.body.token as string;
}, 120_000);
afterAll(() => t.close());

const elderYears = {
  born: { year: 1801, type: 'exact' },
  died: { year: 1870, type: 'about' },
  birthPlace: 'Råshult, Stenbrohult, Kronoberg',
};
const youngerYears = {
  born: { year: 1830, type: 'exact' },
  died: { year: 1901, type: 'exact' },
  birthPlace: 'Lysvik, Värmland',
};
const noYears = { born: null, died: null, birthPlace: null };

describe('life years in the answers that name persons', () => {
  it('the family view has them for everyone in it', async () => {
    const family = await owner.client.get<FamilyAnswer>(`${api}/person/${ids.younger}/family`);
    expect(family.status).toBe(200);
    expect(family.body.person).toMatchObject(youngerYears);
    expect(family.body.parents).toEqual([expect.objectContaining({ id: ids.elder, ...elderYears })]);
    expect(family.body.grandparents).toEqual([expect.objectContaining({ id: ids.grandfather, ...noYears })]);
    expect(family.body.children).toEqual([
      expect.objectContaining({
        id: ids.lisa,
        born: { year: 1999, type: 'exact' },
        birthPlace: 'Hemlighult, Värmland',
      }),
    ]);
  });

  it('the charts have them', async () => {
    const chart = await owner.client.get<ChartAnswer>(`${api}/person/${ids.younger}/ancestors/2`);
    const byId = new Map(chart.body.persons.map((p) => [p.id, p]));
    expect(byId.get(ids.younger)).toMatchObject(youngerYears);
    expect(byId.get(ids.elder)).toMatchObject(elderYears);
    expect(byId.get(ids.grandfather)).toMatchObject({ ...noYears, birth: null, death: null });
    // Issue 23: the birth and death themselves, with their places, for the box's hover text.
    expect(byId.get(ids.elder)).toMatchObject({
      birth: { startDate: '1801-02-03', startDateType: 'exact', place: 'Råshult, Stenbrohult, Kronoberg' },
      death: { startDateType: 'about', place: null },
    });
    const down = await owner.client.get<ChartAnswer>(`${api}/person/${ids.elder}/descendants/2`);
    expect(down.body.persons.find((p) => p.id === ids.younger)).toMatchObject(youngerYears);
  });

  it('lists and search tell the namesakes apart', async () => {
    const list = await owner.client.get<PersonListAnswer>(`${api}/person?q=anders%20berg`);
    expect(list.status).toBe(200);
    const byId = new Map(list.body.items.map((p) => [p.id, p]));
    expect(byId.get(ids.elder)).toMatchObject(elderYears);
    expect(byId.get(ids.younger)).toMatchObject(youngerYears);
  });

  it("the person page's relatives and the children answer have them", async () => {
    const person = await owner.client.get<Person>(`${api}/person/${ids.younger}`);
    expect(person.body.parents).toEqual([expect.objectContaining({ id: ids.elder, ...elderYears })]);
    expect(person.body.children[0]).toMatchObject({ id: ids.lisa, born: { year: 1999, type: 'exact' } });
    const children = await owner.client.get<ChildrenAnswer>(`${api}/person/${ids.elder}/child`);
    expect(children.body.children).toEqual([expect.objectContaining({ id: ids.younger, ...youngerYears })]);
  });
});

describe('a visitor', () => {
  const visitor = () => ({
    get: <T>(url: string) => new TestClient(t.app).request<T>('GET', url, undefined, { 'x-anor-share': token }),
  });

  it('sees a living person as private, without years or birthplace', async () => {
    const family = await visitor().get<FamilyAnswer>(`${api}/person/${ids.younger}/family`);
    expect(family.status).toBe(200);
    expect(family.body.children).toEqual([
      expect.objectContaining({ id: ids.lisa, private: true, fName: null, ...noYears }),
    ]);
    expect(JSON.stringify(family.body)).not.toMatch(/1999|Hemlighult/);
    // The dead keep theirs.
    expect(family.body.person).toMatchObject(youngerYears);
    const chart = await visitor().get<ChartAnswer>(`${api}/person/${ids.elder}/descendants/2`);
    expect(JSON.stringify(chart.body)).not.toMatch(/1999|Hemlighult/);
    expect(chart.body.persons.find((p) => p.id === ids.elder)).toMatchObject(elderYears);
    expect(chart.body.persons.find((p) => p.id === ids.lisa)).toMatchObject({ private: true, birth: null });
  });

  it('finds the dead in the list with their years, and not the living', async () => {
    const list = await visitor().get<PersonListAnswer>(`${api}/person?q=berg`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((p) => p.id).sort()).toEqual([ids.elder, ids.younger, ids.grandfather].sort());
    expect(list.body.items.find((p) => p.id === ids.elder)).toMatchObject(elderYears);
  });
});

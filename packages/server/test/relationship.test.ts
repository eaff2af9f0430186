import type { RelationshipAnswer, ShareState } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, type TestResponse } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The relationship calculator of issue 24 on a known family: the root Rut, her parents, a
 * half-brother and a stepmother's son on the father's side, a husband and his father, and a
 * pedigree collapse (Rut's farfar and morfar are brothers, so her parents are cousins).
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let api: string;
let token: string;
const ids: Record<string, string> = {};

async function ok<T>(pending: Promise<TestResponse<T>>, what: string): Promise<T> {
  const response = await pending;
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + 365 * 86_400_000));
  const tree = await createTree(owner.client, owner.user.id, 'Släktskap');
  api = `/api/${tree.id}`;
  const c = owner.client;
  const add = async (label: string, fName: string, gender: string, relation?: Record<string, unknown>) => {
    const body = { person: { fName, lName: 'Ek', gender }, ...(relation ? { relation } : {}) };
    ids[label] = (await ok(c.post<{ id: string }>(`${api}/person`, body), label)).id;
  };
  ids.rut = tree.rootId as string;
  await ok(c.put(`${api}/person/${ids.rut}`, { fName: 'Rut', lName: 'Ek', gender: 'female' }), 'root');
  await add('far', 'Frans', 'male', { type: 'parent', personId: ids.rut });
  await add('mor', 'Maja', 'female', { type: 'partner', personId: ids.far, childIds: [ids.rut] });
  await add('farfar', 'Folke', 'male', { type: 'parent', personId: ids.far });
  await add('farmor', 'Frida', 'female', { type: 'partner', personId: ids.farfar, childIds: [ids.far] });
  await add('farbror', 'Ulf', 'male', { type: 'child', personId: ids.farfar, otherParentId: ids.farmor });
  await add('kusin', 'Kurt', 'male', { type: 'child', personId: ids.farbror });
  await add('morfar', 'Måns', 'male', { type: 'parent', personId: ids.mor });
  // The collapse: farfar and morfar are the sons of one couple.
  await add('ff', 'Gustav', 'male', { type: 'parent', personId: ids.farfar });
  await add('fm', 'Greta', 'female', { type: 'partner', personId: ids.ff, childIds: [ids.farfar] });
  await ok(c.put(`${api}/person/${ids.morfar}/parent`, { parentId: ids.ff }), 'morfar’s father');
  await ok(c.put(`${api}/person/${ids.morfar}/parent`, { parentId: ids.fm }), 'morfar’s mother');
  // Half and step: the father's second wife, their son, and her son by another man.
  await add('styvmor', 'Stina', 'female', { type: 'partner', personId: ids.far });
  await add('halvbror', 'Hugo', 'male', { type: 'child', personId: ids.far, otherParentId: ids.styvmor });
  await add('styvmorsMan', 'Sixten', 'male', { type: 'partner', personId: ids.styvmor });
  await add('styvbror', 'Sam', 'male', { type: 'child', personId: ids.styvmor, otherParentId: ids.styvmorsMan });
  // In-law: Rut's husband and his father.
  await add('make', 'Pelle', 'male', { type: 'partner', personId: ids.rut });
  await add('svarfar', 'Per', 'male', { type: 'parent', personId: ids.make });
  // The dead: everyone above Rut's generation but the stepmother's family; Rut, her cousin and the rest live.
  for (const label of ['far', 'mor', 'farfar', 'farmor', 'morfar', 'ff', 'fm', 'farbror']) {
    await ok(
      c.post(`${api}/event`, {
        type: 'death',
        startDate: '1950',
        participants: [{ personId: ids[label], role: 'primary' }],
      }),
      `${label} died`,
    );
  }
  token = (await ok(c.put<ShareState>(`${api}/share`, { enabled: true }), 'share')).token as string;
}, 120_000);
afterAll(() => t.close());

const ask = (a: string, b: string, language = 'sv', headers: Record<string, string> = {}) =>
  owner.client.request<RelationshipAnswer>('GET', `${api}/relationship/${ids[a]}/${ids[b]}`, undefined, {
    'accept-language': language,
    ...headers,
  });
const words = async (a: string, b: string, language = 'sv') => {
  const response = await ask(a, b, language);
  expect(response.status).toBe(200);
  return response.body.paths.map((path) => path.words);
};

describe('relationship between two persons', () => {
  it('words blood relations in the asked language, with the path’s persons', async () => {
    const response = await ask('rut', 'kusin');
    expect(response.status).toBe(200);
    const [first] = response.body.paths;
    expect(first?.words).toBe('kusin');
    expect(first?.personIds).toEqual([ids.rut, ids.far, ids.farfar, ids.farbror, ids.kusin]);
    expect(first?.steps).toEqual(['parent', 'parent', 'child', 'child']);
    // Full blood: farfar's wife is the other common ancestor.
    expect(first?.topPartnerId).toBe(ids.farmor);
    expect(response.body.persons.map((person) => person.fName)).toEqual(expect.arrayContaining(['Rut', 'Kurt', 'Ulf']));
    expect((await words('rut', 'kusin', 'da'))[0]).toBe('fætter');
    expect((await words('rut', 'kusin', 'fi'))[0]).toBe('serkku');
    expect((await words('rut', 'farbror'))[0]).toBe('farbror');
    expect((await words('kusin', 'rut', 'en'))[0]).toBe('first cousin');
    expect((await words('far', 'rut'))[0]).toBe('dotter');
  });

  it('gives every line of a pedigree collapse, shortest first', async () => {
    expect(await words('rut', 'ff')).toEqual(['farfars far', 'morfars far']);
    // Ulf is Rut's farbror and, through her mother, her mother's cousin.
    expect(await words('rut', 'farbror')).toEqual(['farbror', 'mors kusin']);
    expect(await words('rut', 'farbror', 'en')).toEqual(['uncle', 'first cousin once removed']);
  });

  it('tells half blood, step and in-law apart', async () => {
    expect((await words('rut', 'halvbror'))[0]).toBe('halvbror');
    expect((await words('rut', 'halvbror', 'en'))[0]).toBe('half-brother');
    expect((await words('rut', 'styvmor'))[0]).toBe('styvmor');
    expect((await words('rut', 'styvbror'))[0]).toBe('styvbror');
    expect((await words('rut', 'styvbror', 'no'))[0]).toBe('stebror');
    expect((await words('rut', 'make'))[0]).toBe('make');
    expect((await words('rut', 'svarfar'))[0]).toBe('svärfar');
    expect((await words('rut', 'svarfar', 'fi'))[0]).toBe('appi');
    expect((await words('make', 'far', 'en'))[0]).toBe('father-in-law');
    // The half-brother's mother is his mother, not a stepmother: only Rut's path makes her one.
    expect(await words('halvbror', 'styvmor')).toEqual(['mor']);
  });

  it('answers no path between unrelated persons, and 404 for a person of no tree', async () => {
    expect(await words('kusin', 'styvmorsMan')).toEqual([]);
    const missing = await owner.client.get<ErrorBody>(`${api}/relationship/${ids.rut}/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('person.error.notFound');
  });

  it('shows a visitor the living as private, and words them without their sex', async () => {
    const visit = (a: string, b: string, language: string) =>
      t.app.inject({
        method: 'GET',
        url: `${api}/relationship/${ids[a]}/${ids[b]}`,
        headers: { 'x-anor-share': token, 'accept-language': language },
      });
    const response = await visit('rut', 'kusin', 'da');
    expect(response.statusCode).toBe(200);
    const body = JSON.parse(response.body) as RelationshipAnswer;
    // Kurt lives: a visitor is not told he is a fætter (male), only a søskendebarn.
    expect(body.paths[0]?.words).toBe('søskendebarn');
    const kurt = body.persons.find((person) => person.id === ids.kusin);
    expect(kurt).toMatchObject({ private: true, fName: null, gender: 'unknown' });
    expect(response.body).not.toContain('Kurt');
    expect(response.body).not.toContain('Rut');
    // The dead keep their names and sexes.
    expect(body.persons.find((person) => person.id === ids.farfar)?.fName).toBe('Folke');
    const collapse = JSON.parse((await visit('rut', 'ff', 'sv')).body) as RelationshipAnswer;
    expect(collapse.paths.map((path) => path.words)).toEqual(['farfars far', 'morfars far']);
  });
});

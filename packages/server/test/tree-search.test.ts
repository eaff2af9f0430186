import type { CitationHitsAnswer, NoteHitsAnswer } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscription } from '../src/db/schema.ts';
import { createTree, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The tree-wide search (issue 19, item 16): note texts, citation texts, event descriptions and
 * occupations, places by any part of their path; a visitor finds nothing of the living.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newOwner() {
  const a = await signUp(t.app);
  await t.database.db
    .insert(subscription)
    .values({ userId: a.user.id, plan: 'monthly', validUntil: new Date(Date.now() + 86_400_000) });
  const tree = await createTree(a.client, a.user.id, 'Sök');
  const api = `/api/${tree.id}`;
  const ok = async <T>(response: Promise<{ status: number; body: T }>) => {
    const answer = await response;
    if (answer.status >= 300) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return { ...a, tree, api, ok, family: new FamilyBuilder(a.client, tree.id) };
}

type Owner = Awaited<ReturnType<typeof newOwner>>;

async function placeOf(o: Owner, name: string, ancestorId: string | null) {
  const body = { location: { name }, ancestorId };
  return (await o.ok(o.client.post<{ location: { id: string } }>(`${o.api}/location`, body))).location.id;
}

describe('the tree-wide search', () => {
  it('finds note texts and titles, citation pages and transcriptions, Nordic letters as typed', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    await o.ok(
      o.client.post(`${o.api}/note`, {
        note: { title: 'Flytten', text: '<p>Hon flyttade till <b>Göteborg</b> år 1901.</p>' },
        connectedNodeIds: [anna.id],
      }),
    );
    await o.ok(
      o.client.post(`${o.api}/note`, {
        note: { title: 'Gården', text: '<p>Gotland var hennes hem.</p>' },
        connectedNodeIds: [anna.id],
      }),
    );
    const record = await o.ok(
      o.client.post<{ id: string }>(`${o.api}/source/record`, { record: { title: 'Husförhör' } }),
    );
    await o.ok(
      o.client.post(`${o.api}/source/citation`, {
        citation: {
          sourceRecordId: record.id,
          whereWithinSourceText: 'Sida 12',
          textFromSource: '<p>Piga hos bonden på Östergården</p>',
        },
      }),
    );
    const notes = async (q: string) =>
      (await o.client.get<NoteHitsAnswer>(`${o.api}/search/notes?q=${encodeURIComponent(q)}`)).body;
    const found = await notes('göteborg 1901');
    expect(found.items.map((n) => [n.title, n.text])).toEqual([['Flytten', 'Hon flyttade till Göteborg år 1901.']]);
    expect(found.total).toBe(1);
    // "goteborg" finds Göteborg too; "gö" does not find Gotland; markup is not text.
    expect((await notes('goteborg')).total).toBe(1);
    expect((await notes('gö')).items.map((n) => n.title)).toEqual(['Flytten']);
    expect((await notes('go')).total).toBe(2);
    expect((await notes('<b>')).total).toBe(0);
    const citations = async (q: string) =>
      (await o.client.get<CitationHitsAnswer>(`${o.api}/search/citations?q=${encodeURIComponent(q)}`)).body;
    const hit = await citations('ÖSTERGÅRDEN piga');
    expect(hit.items.map((c) => [c.recordTitle, c.whereWithinSourceText, c.textFromSource])).toEqual([
      ['Husförhör', 'Sida 12', 'Piga hos bonden på Östergården'],
    ]);
    expect((await citations('sida 12')).total).toBe(1);
    expect((await citations('dräng')).total).toBe(0);
    const bad = await o.client.get(`${o.api}/search/notes?pageSize=1000`);
    expect(bad.status).toBe(400);
  });

  it('finds events by description and occupation, and places by any part of their path', async () => {
    const o = await newOwner();
    const carl = await o.family.create({ fName: 'Carl', lName: 'Linné' });
    const kronoberg = await placeOf(o, 'Kronobergs län', null);
    const stenbrohult = await placeOf(o, 'Stenbrohult', kronoberg);
    await placeOf(o, 'Råshult', stenbrohult);
    await placeOf(o, 'Stenbrohult', null);
    await o.ok(
      o.client.post(`${o.api}/event`, {
        type: 'occupation',
        causeOfEvent: 'Kyrkoherde',
        description: 'Tillträdde tjänsten efter fadern',
        participants: [{ personId: carl.id, role: 'primary' }],
      }),
    );
    const events = async (q: string) =>
      (await o.client.get<{ total: number }>(`${o.api}/event?q=${encodeURIComponent(q)}`)).body.total;
    expect(await events('kyrkoherde')).toBe(1);
    expect(await events('tillträdde fadern')).toBe(1);
    expect(await events('linne kyrkoherde')).toBe(1);
    expect(await events('klockare')).toBe(0);
    const places = async (q: string) =>
      (
        await o.client.get<{ items: { name: string }[]; total: number }>(
          `${o.api}/location?q=${encodeURIComponent(q)}&pageSize=50`,
        )
      ).body.items.map((place) => place.name);
    expect(await places('stenbrohult kronoberg')).toEqual(['Råshult', 'Stenbrohult']);
    expect(await places('råshult kronoberg')).toEqual(['Råshult']);
    expect(await places('stenbrohult')).toEqual(['Stenbrohult', 'Stenbrohult', 'Råshult']);
  });

  it("leaves a living person's notes and citations out of a visitor's search", async () => {
    const o = await newOwner();
    const dead = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    const living = await o.family.create({ fName: 'Lena', lName: 'Berg' });
    await o.ok(
      o.client.post(`${o.api}/event`, {
        type: 'birth',
        startDate: '1850',
        participants: [{ personId: dead.id, role: 'primary' }],
      }),
    );
    const birth = await o.ok(
      o.client.post<{ event: { id: string } }>(`${o.api}/event`, {
        type: 'birth',
        startDate: '2001',
        participants: [{ personId: living.id, role: 'primary' }],
      }),
    );
    for (const [who, word] of [
      [dead.id, 'Gammal'],
      [living.id, 'Hemlig'],
    ] as const) {
      await o.ok(
        o.client.post(`${o.api}/note`, {
          note: { title: word, text: `<p>${word} anteckning</p>` },
          connectedNodeIds: [who],
        }),
      );
    }
    await o.ok(
      o.client.post(`${o.api}/source/citation`, {
        citation: { whereWithinSourceText: 'Hemlig sida' },
        nodeId: birth.event.id,
      }),
    );
    const share = await o.ok(o.client.put<{ token: string }>(`${o.api}/share`, { enabled: true }));
    const visitor = new TestClient(t.app);
    const ask = async <T>(path: string) => {
      const response = await visitor.request<T>('GET', `${o.api}${path}`, undefined, { 'x-anor-share': share.token });
      expect(response.status).toBe(200);
      return response.body;
    };
    const all = await ask<NoteHitsAnswer>('/search/notes?q=anteckning');
    expect(all.items.map((n) => n.title)).toEqual(['Gammal']);
    expect(all.total).toBe(1);
    expect((await ask<NoteHitsAnswer>('/search/notes?q=hemlig')).total).toBe(0);
    expect((await ask<CitationHitsAnswer>('/search/citations?q=hemlig')).total).toBe(0);
    // The owner finds all of it.
    expect((await o.client.get<NoteHitsAnswer>(`${o.api}/search/notes?q=anteckning`)).body.total).toBe(2);
    expect((await o.client.get<CitationHitsAnswer>(`${o.api}/search/citations?q=hemlig`)).body.total).toBe(1);
  });
});

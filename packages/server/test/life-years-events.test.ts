import type { Citation, Event, Person, ShareState } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 19 item 12 for events: an event's participants (the event editor, the events list, the
 * contemporary residences) and the residence wizard's family candidates carry their life years
 * and birthplace; a visitor gets none for a living person, and a dead person's years only from
 * events without a living participant.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let api: string;
let token: string;
const ids = {
  anders: '',
  lisa: '',
  per: '',
  residence: '',
  perDeath: '',
  lisaResidence: '',
  citation: '',
  lisaCitation: '',
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + 365 * 86_400_000));
  const tree = await createTree(owner.client, owner.user.id, 'Händelser');
  api = `/api/${tree.id}`;
  const family = new FamilyBuilder(owner.client, tree.id);
  const event = async (body: Record<string, unknown>) => {
    const response = await owner.client.post<{ event: Event }>(`${api}/event`, body);
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body.event;
  };
  const primary = (personId: string) => ({ personId, role: 'primary' });
  const anders = await family.create({ fName: 'Anders', lName: 'Berg', gender: 'male' });
  const lisa = await family.childOf(anders.id, { fName: 'Lisa', lName: 'Berg', gender: 'female' });
  const per = await family.create({ fName: 'Per', lName: 'Ek', gender: 'male' });
  Object.assign(ids, { anders: anders.id, lisa: lisa.id, per: per.id });
  await event({
    type: 'birth',
    startDate: '1801-02-03',
    location: 'Råshult, Stenbrohult',
    participants: [primary(anders.id)],
  });
  await event({ type: 'death', startDate: '1870', participants: [primary(anders.id)] });
  await event({ type: 'birth', startDate: '1999-09-09', location: 'Hemlighult', participants: [primary(lisa.id)] });
  // Per's death was told by living Lisa: a private event, so a visitor learns nothing from it.
  ids.perDeath = (
    await event({
      type: 'death',
      startDate: '1850',
      participants: [primary(per.id), { personId: lisa.id, role: 'informant' }],
    })
  ).id;
  ids.residence = (
    await event({
      type: 'residence',
      startDate: '1840',
      location: 'Lysvik',
      participants: [primary(anders.id), { personId: per.id, role: 'lodger' }],
    })
  ).id;
  // Citations: one on the residence (Anders its main person), one on Lisa's birth.
  const cite = async (nodeId: string, page: string) => {
    const response = await owner.client.post<{ id: string }>(`${api}/source/citation`, {
      citation: { whereWithinSourceText: page },
      nodeId,
    });
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body.id;
  };
  ids.citation = await cite(ids.residence, 'Husförhörslängd s. 12');
  const lisaEvents = await owner.client.post<{ events: Event[] }>(`${api}/event/node/${lisa.id}`, {});
  const lisaBirth = lisaEvents.body.events.find((e) => e.type === 'birth')?.id as string;
  ids.lisaCitation = await cite(lisaBirth, 'Födelsebok s. 3');
  const share = await owner.client.put<ShareState>(`${api}/share`, { enabled: true });
  token = share.body.token as string;
}, 120_000);
afterAll(() => t.close());

const andersYears = {
  born: { year: 1801, type: 'exact' },
  died: { year: 1870, type: 'exact' },
  birthPlace: 'Råshult, Stenbrohult',
};
const noYears = { born: null, died: null, birthPlace: null };

describe("an event's participants carry their life years", () => {
  it('in the event and in the events list', async () => {
    const one = await owner.client.get<Event>(`${api}/event/${ids.residence}`);
    expect(one.status).toBe(200);
    const byId = new Map(one.body.participants.map((p) => [p.personId, p]));
    expect(byId.get(ids.anders)).toMatchObject(andersYears);
    expect(byId.get(ids.per)).toMatchObject({ born: null, died: { year: 1850, type: 'exact' }, birthPlace: null });

    const list = await owner.client.get<{ items: Event[] }>(`${api}/event?q=lysvik`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((e) => e.id)).toEqual([ids.residence]);
    expect(list.body.items[0]?.participants.find((p) => p.personId === ids.anders)).toMatchObject(andersYears);

    const death = await owner.client.get<Event>(`${api}/event/${ids.perDeath}`);
    expect(death.body.participants.find((p) => p.personId === ids.lisa)).toMatchObject({
      born: { year: 1999, type: 'exact' },
      birthPlace: 'Hemlighult',
    });
  });

  it("in the person's own answer and the residence wizard's family candidates", async () => {
    const person = await owner.client.get<Person>(`${api}/person/${ids.anders}`);
    expect(person.body).toMatchObject(andersYears);
    const candidates = await owner.client.get<{ persons: { id: string }[] }>(
      `${api}/person/${ids.anders}/event/type/residence/possibleParticipants?startDate=1880&startDateType=exact`,
    );
    expect(candidates.status).toBe(200);
    expect(candidates.body.persons).toEqual([
      expect.objectContaining({ id: ids.lisa, born: { year: 1999, type: 'exact' }, birthPlace: 'Hemlighult' }),
    ]);
  });
});

describe("a citation's events name their main persons with life years", () => {
  it("in the citation's used-in list", async () => {
    const citation = await owner.client.get<Citation>(`${api}/source/citation/${ids.citation}`);
    expect(citation.status).toBe(200);
    const [residence] = citation.body.connectedNodes.events;
    expect(residence?.primaries).toEqual([expect.objectContaining({ id: ids.anders, ...andersYears })]);
    const lisas = await owner.client.get<Citation>(`${api}/source/citation/${ids.lisaCitation}`);
    expect(lisas.body.connectedNodes.events[0]?.primaries).toEqual([
      expect.objectContaining({ id: ids.lisa, born: { year: 1999, type: 'exact' }, birthPlace: 'Hemlighult' }),
    ]);
  });
});

describe("the overview's events name their participants with life years", () => {
  it('in the list of all events', async () => {
    const page = await owner.client.get<{ items: { id: string; participants: { id: string }[] }[] }>(
      `${api}/orphans?type=event&all=true&q=lysvik`,
    );
    expect(page.status).toBe(200);
    const residence = page.body.items.find((item) => item.id === ids.residence);
    expect(residence?.participants.find((p) => p.id === ids.anders)).toMatchObject(andersYears);
  });
});

describe('a visitor', () => {
  const get = <T>(url: string) => new TestClient(t.app).request<T>('GET', url, undefined, { 'x-anor-share': token });

  it("gets no years of a living participant, and a dead one's only from public events", async () => {
    // The event told by a living person: Per is named, but neither Lisa's years nor Per's death from it.
    const death = await get<Event>(`${api}/event/${ids.perDeath}`);
    expect(death.status).toBe(200);
    const byId = new Map(death.body.participants.map((p) => [p.personId, p]));
    expect(byId.get(ids.lisa)).toMatchObject({ private: true, ...noYears });
    expect(byId.get(ids.per)).toMatchObject({ fName: 'Per', ...noYears });
    expect(JSON.stringify(death.body)).not.toMatch(/1999|Hemlighult|1850/);

    // The public residence: Anders has his years; Per's death (known only from the private event) is not there.
    const residence = await get<Event>(`${api}/event/${ids.residence}`);
    const shown = new Map(residence.body.participants.map((p) => [p.personId, p]));
    expect(shown.get(ids.anders)).toMatchObject(andersYears);
    expect(shown.get(ids.per)).toMatchObject(noYears);
    const list = await get<{ items: Event[] }>(`${api}/event?q=lysvik`);
    expect(list.body.items[0]?.participants.find((p) => p.personId === ids.per)).toMatchObject(noYears);
    expect(JSON.stringify(list.body)).not.toMatch(/1850/);
  });

  it("gets a dead person's years in a citation's used-in list, and none of a living person's", async () => {
    const citation = await get<Citation>(`${api}/source/citation/${ids.citation}`);
    expect(citation.status).toBe(200);
    expect(citation.body.connectedNodes.events[0]?.primaries).toEqual([
      expect.objectContaining({ id: ids.anders, ...andersYears }),
    ]);
    const lisas = await get<Citation>(`${api}/source/citation/${ids.lisaCitation}`);
    expect(JSON.stringify(lisas.body)).not.toMatch(/1999|Hemlighult/);
  });

  it("gets no years from a private event in the overview's events", async () => {
    const page = await get<{ items: { id: string; participants: { id: string }[] }[] }>(
      `${api}/orphans?type=event&all=true`,
    );
    expect(page.status).toBe(200);
    const residence = page.body.items.find((item) => item.id === ids.residence);
    expect(residence?.participants.find((p) => p.id === ids.anders)).toMatchObject(andersYears);
    expect(residence?.participants.find((p) => p.id === ids.per)).toMatchObject(noYears);
    expect(JSON.stringify(page.body)).not.toMatch(/1999|Hemlighult|1850/);
  });

  it("gets no living person's years in the wizard's candidates or the person answer", async () => {
    const lisa = await get<Person>(`${api}/person/${ids.lisa}`);
    expect(JSON.stringify(lisa.body)).not.toMatch(/1999|Hemlighult/);
    const candidates = await get<{ persons: { id: string }[] }>(
      `${api}/person/${ids.anders}/event/type/residence/possibleParticipants?startDate=1880&startDateType=exact`,
    );
    expect(JSON.stringify(candidates.body)).not.toMatch(/1999|Hemlighult/);
  });
});

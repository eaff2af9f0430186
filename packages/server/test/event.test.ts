import type { Event, TreeInfo } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Created {
  event: Event;
  locationsCreated: number;
}

async function newOwner() {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Händelser');
  const family = new FamilyBuilder(a.client, tree.id);
  const api = `/api/${tree.id}`;
  const post = (body: Record<string, unknown>) => a.client.post<Created>(`${api}/event`, body);
  const create = async (body: Record<string, unknown>) => {
    const response = await post(body);
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body.event;
  };
  const info = async () => (await a.client.get<TreeInfo>(`${api}/tree`)).body;
  return { ...a, tree, family, api, post, create, info };
}

function codeOf(response: { body: unknown }): string {
  return (response.body as unknown as ErrorBody).error.code;
}

const primary = (personId: string) => ({ personId, role: 'primary' });

describe('creating events', () => {
  it('stores a birth with an "about" date and a typed place, creating the place levels once', async () => {
    const o = await newOwner();
    const anna = await o.family.create({ fName: 'Anna', lName: 'Berg' });
    const response = await o.post({
      type: 'birth',
      startDate: '1850',
      startDateType: 'about',
      location: 'Västra Fors, Sunne, Värmland, Sverige',
      participants: [primary(anna.id)],
    });
    expect(response.status).toBe(201);
    expect(response.body.locationsCreated).toBe(4);
    expect(response.body.event).toMatchObject({
      type: 'birth',
      startDate: '1850',
      startDateType: 'about',
      // The end defaults to the start.
      endDate: '1850',
      endDateType: 'about',
      location: { name: 'Västra Fors', text: 'Västra Fors, Sunne, Värmland, Sverige' },
      participants: [{ personId: anna.id, fName: 'Anna', role: 'primary' }],
      revision: 1,
    });
    const tree = await o.info();
    expect(tree).toMatchObject({ eventsAmount: 1, locationsAmount: 4 });
    // The event shows its place's coordinates once the place has them.
    const placeId = response.body.event.location?.id as string;
    await o.client.put(`${o.api}/location/${placeId}`, {
      updatedLocation: {
        name: 'Västra Fors',
        coordinates: { lat: 59.83, lng: 13.14 },
        parentId: (await o.client.get<{ parentId: string }>(`${o.api}/location/${placeId}`)).body.parentId,
      },
    });
    const withCoordinates = await o.client.get<Event>(`${o.api}/event/${response.body.event.id}`);
    expect(withCoordinates.body.location?.coordinates).toEqual({ lat: 59.83, lng: 13.14 });

    // The same place typed again (other case, no accents) is found, not created again.
    const baptism = await o.post({
      type: 'baptism',
      startDate: '1850-03-02',
      location: 'vastra fors, SUNNE, varmland, sverige',
      participants: [primary(anna.id)],
    });
    expect(baptism.body.locationsCreated).toBe(0);
    expect(baptism.body.event.location?.id).toBe(response.body.event.location?.id);
  });

  it('pads short years for storage and keeps the stored form', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Olof' });
    const event = await o.create({ type: 'birth', startDate: '850-03', participants: [primary(p.id)] });
    expect(event.startDate).toBe('0850-03');
  });

  it('maps typed role names in any language to the roles of the type, and keeps other text', async () => {
    const o = await newOwner();
    const child = await o.family.create({ fName: 'Karl' });
    const father = await o.family.parentOf(child.id, { fName: 'Erik', gender: 'male' });
    const godmother = await o.family.create({ fName: 'Brita' });
    const godfather = await o.family.create({ fName: 'Nils' });
    const priest = await o.family.create({ fName: 'Johannes' });
    const event = await o.create({
      type: 'baptism',
      subtype: 'christening',
      startDate: '1851-04-06',
      participants: [
        { personId: child.id, role: 'Huvudperson' },
        { personId: father.id, role: 'förälder' },
        { personId: godmother.id, role: 'Fadder', description: 'bondhustru i Rud' },
        { personId: godfather.id, role: 'godparent' },
        { personId: priest.id, role: 'kyrkoherde i Sunne' },
      ],
    });
    expect(event.participants.map((p) => p.role)).toEqual([
      'primary',
      'parent',
      'godparent',
      'godparent',
      'kyrkoherde i Sunne',
    ]);
    expect(event.participants[2]?.description).toBe('bondhustru i Rud');
  });

  it('takes exactly two primaries for a marriage and refuses a third', async () => {
    const o = await newOwner();
    const [a, b, c] = await Promise.all(['Per', 'Maja', 'Lisa'].map((fName) => o.family.create({ fName })));
    const ids = [a, b, c].map((p) => (p as { id: string }).id) as [string, string, string];
    const one = await o.post({ type: 'marriage', startDate: '1875-06-12', participants: [primary(ids[0])] });
    expect(one.status).toBe(400);
    expect(codeOf(one)).toBe('events.validation.couplePrimaries');
    const three = await o.post({ type: 'marriage', participants: ids.map(primary) });
    expect(three.status).toBe(400);
    expect(codeOf(three)).toBe('events.validation.roleNotAvailable');
    expect((three.body as unknown as ErrorBody).error.details).toMatchObject({ path: ['participants', 2, 'role'] });
    const two = await o.post({
      type: 'marriage',
      startDate: '1875-06-12',
      participants: [primary(ids[0]), primary(ids[1])],
    });
    expect(two.status).toBe(201);
    expect((await o.info()).eventsAmount).toBe(1);
  });

  it('refuses a second birth or death for the same person', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Sven' });
    await o.create({ type: 'birth', startDate: '1801', participants: [primary(p.id)] });
    const again = await o.post({ type: 'birth', startDate: '1802', participants: [primary(p.id)] });
    expect(again.status).toBe(409);
    expect(codeOf(again)).toBe('events.validation.alreadyHasEvent');
    await o.create({ type: 'death', startDate: '1870', participants: [primary(p.id)] });
    const secondDeath = await o.post({ type: 'death', startDate: '1871', participants: [primary(p.id)] });
    expect(codeOf(secondDeath)).toBe('events.validation.alreadyHasEvent');
    // Taking part in someone else's birth in another role is fine.
    const child = await o.family.childOf(p.id, { fName: 'Ebba' });
    const childBirth = await o.post({
      type: 'birth',
      participants: [primary(child.id), { personId: p.id, role: 'parent' }],
    });
    expect(childBirth.status).toBe(201);
  });

  it('applies every event rule of SPEC §5 with its own code, and a refused event changes nothing', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Elin' });
    const q = await o.family.create({ fName: 'Hans' });
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'burial', participants: [] }, 'events.validation.noParticipants'],
      [{ type: 'death', participants: [{ personId: p.id, role: 'witness' }] }, 'events.validation.noPrimaryRole'],
      [{ type: 'occupation', participants: [primary(p.id)] }, 'events.validation.noOccupation'],
      [{ type: 'residence', startDate: '1880', participants: [primary(p.id)] }, 'events.validation.dateAndLocation'],
      [{ type: 'residence', location: 'Sunne', participants: [primary(p.id)] }, 'events.validation.dateAndLocation'],
      [{ type: 'birth', startDate: '1900-02-29', participants: [primary(p.id)] }, 'events.validation.invalidDate'],
      [{ type: 'birth', startDate: '1850-13', participants: [primary(p.id)] }, 'events.validation.invalidDate'],
      [
        { type: 'education', startDate: '1860', endDate: '1855', participants: [primary(p.id)] },
        'events.validation.startAfterEnd',
      ],
      [{ type: 'burial', subtype: 'christening', participants: [primary(p.id)] }, 'events.validation.invalidSubtype'],
      [
        { type: 'burial', participants: [primary(p.id), { personId: p.id, role: 'witness' }] },
        'events.validation.duplicateParticipant',
      ],
      [{ type: 'burial', participants: [{ personId: p.id, role: '  ' }] }, 'events.validation.roleRequired'],
      [{ type: 'festival', participants: [primary(p.id)] }, 'events.validation.invalidType'],
      [{ type: 'burial', participants: [primary('0190a5a0-0000-7000-8000-00000000beef')] }, 'person.error.notFound'],
      [
        { type: 'burial', locationId: '0190a5a0-0000-7000-8000-00000000beef', participants: [primary(p.id)] },
        'location.error.notFound',
      ],
      [
        { type: 'burial', location: 'A, , ', participants: [primary(q.id)], startDate: 'x' },
        'events.validation.invalidDate',
      ],
    ];
    for (const [body, code] of cases) {
      const response = await o.post(body);
      expect({ body, code: codeOf(response) }).toEqual({ body, code });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await o.info()).toMatchObject({ eventsAmount: 0, locationsAmount: 0 });
  });

  it('allows a residence without a primary participant, and an "other" event with its own name', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Gustaf' });
    const residence = await o.create({
      type: 'residence',
      startDate: '1880',
      endDate: '1890',
      location: 'Rud, Sunne',
      participants: [{ personId: p.id, role: 'husband' }],
    });
    expect(residence.participants[0]?.role).toBe('husband');
    const other = await o.create({
      type: 'other',
      typeName: 'Husförhör',
      typeNameVerb: 'förhördes',
      startDate: '1885',
      participants: [primary(p.id)],
    });
    expect(other).toMatchObject({ typeName: 'Husförhör', typeNameVerb: 'förhördes' });
  });

  it('stops at the free limit of 30 events', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Tora' });
    const many = Array.from({ length: 30 }, (_, i) => ({
      type: 'residence',
      startDate: String(1850 + i),
      location: 'Rud',
      participants: [primary(p.id)],
    }));
    expect((await o.client.post(`${o.api}/event/bulk`, { events: many })).status).toBe(201);
    const over = await o.post({ type: 'burial', participants: [primary(p.id)] });
    expect(over.status).toBe(403);
    expect(codeOf(over)).toBe('limit.events');
    expect((await o.info()).eventsAmount).toBe(30);
  });
});

describe('updating events', () => {
  it('answers the change comparison and raises the revision', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Anders' });
    const witness = await o.family.create({ fName: 'Jöns' });
    const stored = await o.create({
      type: 'death',
      startDate: '1890',
      location: 'Rud, Sunne',
      participants: [primary(p.id)],
    });
    const response = await o.client.put<{ event: Event; changes: unknown }>(`${o.api}/event/${stored.id}`, {
      oldEvent: stored,
      newEvent: {
        type: 'death',
        startDate: '1890-05-04',
        causeOfEvent: 'Lunginflammation',
        location: 'Sunne',
        participants: [primary(p.id), { personId: witness.id, role: 'witness' }],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.event).toMatchObject({
      startDate: '1890-05-04',
      causeOfEvent: 'Lunginflammation',
      revision: 2,
    });
    expect(response.body.changes).toEqual({
      fields: ['startDate', 'endDate', 'causeOfEvent'],
      notes: { added: [], deleted: [], changed: [] },
      sources: { added: [], deleted: [] },
      location: 'changed',
      participants: { added: [witness.id], removed: [], changed: [] },
    });
  });

  it('writes nothing when nothing changed', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Kerstin' });
    const stored = await o.create({ type: 'burial', startDate: '1900', participants: [primary(p.id)] });
    const response = await o.client.put<{ event: Event }>(`${o.api}/event/${stored.id}`, {
      oldEvent: stored,
      newEvent: { type: 'burial', startDate: '1900', participants: [{ personId: p.id, role: 'Huvudperson' }] },
    });
    expect(response.status).toBe(200);
    expect(response.body.event.revision).toBe(1);
    expect(response.body.event.updatedAt).toBe(stored.updatedAt);
  });

  it('refuses a save from a stale copy (two tabs) with a conflict and the stored version', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Ingrid' });
    const loaded = await o.create({ type: 'burial', startDate: '1900', participants: [primary(p.id)] });
    const firstTab = await o.client.put(`${o.api}/event/${loaded.id}`, {
      oldEvent: loaded,
      newEvent: { type: 'burial', startDate: '1900-11-02', participants: [primary(p.id)] },
    });
    expect(firstTab.status).toBe(200);
    const secondTab = await o.client.put(`${o.api}/event/${loaded.id}`, {
      oldEvent: loaded,
      newEvent: { type: 'burial', startDate: '1901', participants: [primary(p.id)] },
    });
    expect(secondTab.status).toBe(409);
    expect(codeOf(secondTab)).toBe('events.error.conflict');
    expect((secondTab.body as unknown as ErrorBody).error.details).toMatchObject({
      current: { startDate: '1900-11-02', revision: 2 },
    });
    const now = await o.client.get<Event>(`${o.api}/event/${loaded.id}`);
    expect(now.body.startDate).toBe('1900-11-02');
  });

  it('lets exactly one of two saves sent at once from the same copy win', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Ingrid' });
    const loaded = await o.create({ type: 'burial', startDate: '1900', participants: [primary(p.id)] });
    const save = (startDate: string) =>
      o.client.put<{ event: Event }>(`${o.api}/event/${loaded.id}`, {
        oldEvent: loaded,
        newEvent: { type: 'burial', startDate, participants: [primary(p.id)] },
      });
    const answers = await Promise.all([save('1901'), save('1902')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)?.body.event as Event;
    const loser = answers.find((answer) => answer.status === 409) as { body: unknown };
    expect(codeOf(loser)).toBe('events.error.conflict');
    expect((loser.body as ErrorBody).error.details).toMatchObject({
      current: { startDate: winner.startDate, revision: 2 },
    });
    const now = await o.client.get<Event>(`${o.api}/event/${loaded.id}`);
    expect(now.body).toMatchObject({ startDate: winner.startDate, revision: 2 });
  });

  it('does not change the type of a residence or an "other" event', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Lars' });
    const stored = await o.create({
      type: 'residence',
      startDate: '1880',
      location: 'Rud',
      participants: [primary(p.id)],
    });
    const response = await o.client.put(`${o.api}/event/${stored.id}`, {
      oldEvent: stored,
      newEvent: { type: 'emigration', startDate: '1880', participants: [primary(p.id)] },
    });
    expect(codeOf(response)).toBe('events.validation.typeChangeNotAllowed');
  });

  it('adds, changes and removes participants, keeping the rules', async () => {
    const o = await newOwner();
    const [a, b, c] = await Promise.all(['Per', 'Maja', 'Lisa'].map((fName) => o.family.create({ fName })));
    const ids = [a, b, c].map((p) => (p as { id: string }).id) as [string, string, string];
    const marriage = await o.create({ type: 'marriage', participants: [primary(ids[0]), primary(ids[1])] });
    const third = await o.client.post(`${o.api}/event/${marriage.id}/participant`, primary(ids[2]));
    expect(codeOf(third)).toBe('events.validation.roleNotAvailable');
    // The relationship call of SPEC §7 adds a person to an event too.
    const viaRelationship = await o.client.post(`${o.api}/relationship`, {
      type: 'event',
      startId: ids[2],
      endId: marriage.id,
      relData: { role: 'Vittne', description: 'brudens syster' },
    });
    expect(viaRelationship.status).toBe(200);
    const changed = await o.client.put<Event>(`${o.api}/event/${marriage.id}/participant/${ids[2]}`, {
      role: 'officiator',
    });
    expect(changed.body.participants.map((p) => [p.personId, p.role])).toEqual([
      [ids[0], 'primary'],
      [ids[1], 'primary'],
      [ids[2], 'officiator'],
    ]);
    expect(changed.body.revision).toBe(3);
    const removePrimary = await o.client.delete(`${o.api}/event/${marriage.id}/participant/${ids[0]}`);
    expect(codeOf(removePrimary)).toBe('events.validation.couplePrimaries');
    const removed = await o.client.delete<Event>(`${o.api}/event/${marriage.id}/participant/${ids[2]}`);
    expect(removed.body.participants).toHaveLength(2);
  });
});

describe('reading events', () => {
  it("lists a person's and a place's events, by type and over the places below", async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Karin' });
    const partner = await o.family.partnerOf(p.id, { fName: 'Olof' });
    const birth = await o.create({
      type: 'birth',
      startDate: '1850',
      location: 'Rud, Sunne, Värmland',
      participants: [primary(p.id)],
    });
    const marriage = await o.create({
      type: 'marriage',
      startDate: '1872',
      location: 'Sunne, Värmland',
      participants: [primary(p.id), primary(partner.id)],
    });
    await o.create({ type: 'baptism', participants: [primary(partner.id), { personId: p.id, role: 'witness' }] });

    const all = await o.client.post<{ events: Event[] }>(`${o.api}/event/node/${p.id}`, {});
    expect(all.body.events).toHaveLength(3);
    const own = await o.client.post<{ events: Event[] }>(`${o.api}/event/node/${p.id}`, {
      onlyPrimary: true,
      excludeEventTypes: ['marriage'],
    });
    expect(own.body.events.map((e) => e.id)).toEqual([birth.id]);
    const byType = await o.client.post<{ events: Event[] }>(`${o.api}/person/${p.id}/event/type`, {
      eventTypes: ['marriage'],
    });
    expect(byType.body.events.map((e) => e.id)).toEqual([marriage.id]);

    const sunne = marriage.location?.id as string;
    const here = await o.client.get<{ events: Event[] }>(`${o.api}/location/${sunne}/event/all`);
    expect(here.body.events.map((e) => e.id)).toEqual([marriage.id]);
    const below = await o.client.get<{ events: Event[] }>(
      `${o.api}/location/${sunne}/event/all?includeDescendants=true`,
    );
    expect(below.body.events.map((e) => e.id)).toEqual([birth.id, marriage.id]);
    const births = await o.client.get<{ events: Event[] }>(
      `${o.api}/location/${sunne}/event/birth?includeDescendants=true`,
    );
    expect(births.body.events.map((e) => e.id)).toEqual([birth.id]);
    const atPlace = await o.client.post<{ events: Event[] }>(`${o.api}/event/node/${sunne}`, {});
    expect(atPlace.body.events.map((e) => e.id)).toEqual([marriage.id]);
  });

  it('gives the person page the birth and death with their places, for the age line', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Maria' });
    const birth = await o.create({
      type: 'birth',
      startDate: '1850-03-12',
      location: 'Rud, Sunne',
      participants: [primary(p.id)],
    });
    await o.create({ type: 'death', startDate: '1900', startDateType: 'about', participants: [primary(p.id)] });
    const person = await o.family.get(p.id);
    expect(person.birth).toEqual({
      eventId: birth.id,
      startDate: '1850-03-12',
      startDateType: 'exact',
      endDate: '1850-03-12',
      endDateType: 'exact',
      place: 'Rud, Sunne',
    });
    expect(person.death).toMatchObject({ startDate: '1900', startDateType: 'about', place: null });
    const other = await o.family.create({ fName: 'Okänd' });
    expect(await o.family.get(other.id)).toMatchObject({ birth: null, death: null });
  });

  it("pages the tree's events by date or type, and searches names and places", async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Åsa', lName: 'Öberg' });
    const q = await o.family.create({ fName: 'Nils', lName: 'Dahl' });
    await o.create({ type: 'death', startDate: '1920', participants: [primary(p.id)] });
    await o.create({ type: 'birth', startDate: '1850', location: 'Östmark', participants: [primary(p.id)] });
    await o.create({
      type: 'birth',
      startDate: '1800',
      startDateType: 'before',
      participants: [primary(q.id)],
    });
    const byDate = await o.client.get<{ items: Event[]; total: number }>(`${o.api}/event?sort=date`);
    expect(byDate.body.total).toBe(3);
    expect(byDate.body.items.map((e) => e.startDate)).toEqual(['1800', '1850', '1920']);
    const desc = await o.client.get<{ items: Event[] }>(`${o.api}/event?sort=date&direction=desc`);
    expect(desc.body.items.map((e) => e.startDate)).toEqual(['1920', '1850', '1800']);
    const byType = await o.client.get<{ items: Event[] }>(`${o.api}/event?sort=type`);
    expect(byType.body.items.map((e) => e.type)).toEqual(['birth', 'birth', 'death']);
    const search = await o.client.get<{ items: Event[]; total: number }>(
      `${o.api}/event?q=${encodeURIComponent('asa oberg')}`,
    );
    expect(search.body.total).toBe(2);
    const place = await o.client.get<{ items: Event[]; total: number }>(`${o.api}/event?q=ostmark`);
    expect(place.body.items.map((e) => e.location?.name)).toEqual(['Östmark']);
    const births = await o.client.get<{ items: Event[]; total: number }>(`${o.api}/event/type/birth?pageSize=1`);
    expect(births.body).toMatchObject({ total: 2, pageSize: 1 });
  });

  it('finds contemporary residences: overlapping dates at the same place or below it', async () => {
    const o = await newOwner();
    const [a, b, c] = await Promise.all(['Per', 'Maja', 'Lisa'].map((fName) => o.family.create({ fName })));
    const ids = [a, b, c].map((p) => (p as { id: string }).id) as [string, string, string];
    const mine = await o.create({
      type: 'residence',
      startDate: '1880',
      endDate: '1885',
      location: 'Sunne, Värmland',
      participants: [primary(ids[0])],
    });
    const overlapping = await o.create({
      type: 'residence',
      startDate: '1884-06',
      endDate: '1890',
      location: 'Rud, Sunne, Värmland',
      participants: [primary(ids[1])],
    });
    // Same time, other place; same place, other time.
    await o.create({
      type: 'residence',
      startDate: '1882',
      location: 'Karlstad, Värmland',
      participants: [primary(ids[2])],
    });
    await o.create({
      type: 'residence',
      startDate: '1886',
      location: 'Sunne, Värmland',
      participants: [primary(ids[2])],
    });
    // "before 1880" ends on 1879-12-31: it does not overlap.
    await o.create({
      type: 'residence',
      startDate: '1880',
      startDateType: 'before',
      location: 'Sunne, Värmland',
      participants: [primary(ids[1])],
    });
    const response = await o.client.post<{ events: Event[] }>(`${o.api}/event/${mine.id}/simultaneous`, {
      eventTypes: ['residence'],
    });
    expect(response.body.events.map((e) => e.id)).toEqual([overlapping.id]);
  });
});

describe('the residence wizard', () => {
  it('offers the family with dates clamped to their lives, and says why others cannot join', async () => {
    const o = await newOwner();
    const father = await o.family.create({ fName: 'Erik', gender: 'male' });
    const mother = await o.family.partnerOf(father.id, { fName: 'Anna', gender: 'female' });
    const son = await o.family.childOf(father.id, { fName: 'Karl' }, mother.id);
    const daughter = await o.family.childOf(father.id, { fName: 'Stina' }, mother.id);
    const late = await o.family.childOf(father.id, { fName: 'Johan' }, mother.id);
    const grandfather = await o.family.parentOf(father.id, { fName: 'Olof' });
    await o.create({ type: 'birth', startDate: '1873-05-10', participants: [primary(son.id)] });
    await o.create({ type: 'birth', startDate: '1890', participants: [primary(late.id)] });
    await o.create({ type: 'death', startDate: '1876-02', participants: [primary(grandfather.id)] });
    await o.create({ type: 'death', startDate: '1860', participants: [primary(mother.id)] });
    const sunne = (await o.client.post<{ location: { id: string } }>(`${o.api}/location/match`, { text: 'Sunne' })).body
      .location.id;
    // Stina already lives there then.
    await o.create({ type: 'residence', startDate: '1872', locationId: sunne, participants: [primary(daughter.id)] });

    const query = `startDate=1870&endDate=1880&locationId=${sunne}`;
    const response = await o.client.get<{ persons: Record<string, unknown>[] }>(
      `${o.api}/person/${father.id}/event/type/residence/possibleParticipants?${query}`,
    );
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(response.body.persons.map((p) => [p.fName, p]));
    expect(byName.Karl).toMatchObject({ relation: 'child', available: true, startDate: '1873-05-10', endDate: '1880' });
    expect(byName.Stina).toMatchObject({ available: false, reason: 'similarEvent' });
    expect(byName.Johan).toMatchObject({ available: false, reason: 'notBorn' });
    expect(byName.Olof).toMatchObject({ relation: 'parent', available: true, startDate: '1870', endDate: '1876-02' });
    expect(byName.Anna).toMatchObject({ relation: 'partner', reason: 'dead', available: false });
  });

  it('creates shared residences all or none', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Per' });
    const q = await o.family.create({ fName: 'Maja' });
    const good = { type: 'residence', startDate: '1880', location: 'Rud', participants: [primary(p.id)] };
    const bad = { type: 'residence', location: 'Rud', participants: [primary(q.id)] };
    const refused = await o.client.post(`${o.api}/event/bulk`, { events: [good, bad] });
    expect(codeOf(refused)).toBe('events.validation.dateAndLocation');
    expect(await o.info()).toMatchObject({ eventsAmount: 0, locationsAmount: 0 });
    const created = await o.client.post<{ events: Event[]; locationsCreated: number }>(`${o.api}/event/bulk`, {
      events: [good, { ...bad, startDate: '1880' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.events).toHaveLength(2);
    expect(created.body.locationsCreated).toBe(1);
    expect(await o.info()).toMatchObject({ eventsAmount: 2, locationsAmount: 1 });

    // A batch is checked as a whole: an unknown person names its event, two births of one person are refused.
    const unknown = await o.client.post(`${o.api}/event/bulk`, {
      events: [good, { ...good, participants: [primary('0190a5a0-0000-7000-8000-00000000beef')] }],
    });
    expect(codeOf(unknown)).toBe('person.error.notFound');
    expect((unknown.body as unknown as ErrorBody).error.details).toMatchObject({
      path: ['events', 1, 'participants', 0, 'personId'],
    });
    const births = await o.client.post(`${o.api}/event/bulk`, {
      events: [
        { type: 'birth', participants: [primary(q.id)] },
        { type: 'birth', participants: [primary(q.id)] },
      ],
    });
    expect(codeOf(births)).toBe('events.validation.alreadyHasEvent');
    expect(await o.info()).toMatchObject({ eventsAmount: 2, locationsAmount: 1 });
  });
});

describe('deleting', () => {
  it('deletes an event and lowers the count', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Per' });
    const e = await o.create({ type: 'burial', participants: [primary(p.id)] });
    const response = await o.client.delete<{ deletedIds: string[] }>(`${o.api}/event/${e.id}`);
    expect(response.body.deletedIds).toEqual([e.id]);
    expect((await o.client.get(`${o.api}/event/${e.id}`)).status).toBe(404);
    expect((await o.info()).eventsAmount).toBe(0);
  });

  it("deletes with a person the events that cannot stand without them, and keeps the partner's marriage", async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Per' });
    const partner = await o.family.partnerOf(p.id, { fName: 'Maja' });
    const birth = await o.create({
      type: 'birth',
      participants: [primary(p.id), { personId: partner.id, role: 'witness' }],
    });
    const marriage = await o.create({ type: 'marriage', participants: [primary(p.id), primary(partner.id)] });
    const witnessed = await o.create({
      type: 'burial',
      participants: [primary(partner.id), { personId: p.id, role: 'witness' }],
    });
    const response = await o.client.delete<{ deletedIds: string[] }>(`${o.api}/person/${p.id}`);
    expect(response.body.deletedIds.sort()).toEqual([p.id, birth.id].sort());
    const kept = await o.client.get<Event>(`${o.api}/event/${marriage.id}`);
    expect(kept.body.participants.map((x) => x.personId)).toEqual([partner.id]);
    const burial = await o.client.get<Event>(`${o.api}/event/${witnessed.id}`);
    expect(burial.body.participants).toHaveLength(1);
    expect((await o.info()).eventsAmount).toBe(2);
  });

  it('moves the events of a deleted place to its parent', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Per' });
    const e = await o.create({ type: 'burial', location: 'Rud, Sunne, Värmland', participants: [primary(p.id)] });
    const rud = e.location?.id as string;
    const sunne = (await o.client.get<{ parentId: string }>(`${o.api}/location/${rud}`)).body.parentId;
    await o.client.delete(`${o.api}/location/${rud}`);
    expect((await o.client.get<Event>(`${o.api}/event/${e.id}`)).body.location?.id).toBe(sunne);
    await o.client.delete(`${o.api}/location/${sunne}/descendants`);
    expect((await o.client.get<Event>(`${o.api}/event/${e.id}`)).body.location?.name).toBe('Värmland');
  });
});

describe('access', () => {
  it("answers an event's notes, and events.error.notFound (404) for an id that is no event of the tree", async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Per' });
    const e = await o.create({ type: 'burial', participants: [primary(p.id)] });
    const note = { note: { title: 'Gravsten', text: '<p>Sten</p>' }, connectedNodeIds: [e.id] };
    expect((await o.client.post(`${o.api}/note`, note)).status).toBe(201);
    const notes = await o.client.get<{ notes: { title: string }[] }>(`${o.api}/event/${e.id}/notes`);
    expect(notes.status).toBe(200);
    expect(notes.body.notes.map((n) => n.title)).toEqual(['Gravsten']);
    // Another owner's event, an unknown id and a person's id: none is an event of this tree.
    const other = await newOwner();
    const olle = await other.family.create({ fName: 'Olle' });
    const theirs = await other.create({ type: 'burial', participants: [primary(olle.id)] });
    for (const id of [theirs.id, '0190a5a0-0000-7000-8000-00000000beef', p.id]) {
      const response = await o.client.get(`${o.api}/event/${id}/notes`);
      expect({ id, status: response.status, code: codeOf(response) }).toEqual({
        id,
        status: 404,
        code: 'events.error.notFound',
      });
    }
  });

  it('refuses every event route to other users (404) and to the signed-out (401)', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Per' });
    const e = await o.create({ type: 'burial', location: 'Rud', participants: [primary(p.id)] });
    const stranger = (await signUp(t.app)).client;
    const anonymous = new TestClient(t.app);
    const body = { type: 'burial', participants: [primary(p.id)] };
    const calls: [string, string, unknown?][] = [
      ['GET', `${o.api}/event`],
      ['GET', `${o.api}/event/${e.id}`],
      ['GET', `${o.api}/event/${e.id}/notes`],
      ['GET', `${o.api}/event/type/burial`],
      ['GET', `${o.api}/location/${e.location?.id}/event/all`],
      ['GET', `${o.api}/person/${p.id}/event/type/residence/possibleParticipants`],
      ['POST', `${o.api}/event/node/${p.id}`, {}],
      ['POST', `${o.api}/event/${e.id}/simultaneous`, { eventTypes: ['residence'] }],
      ['POST', `${o.api}/person/${p.id}/event/type`, { eventTypes: ['burial'] }],
      ['POST', `${o.api}/event`, body],
      ['POST', `${o.api}/event/bulk`, { events: [body] }],
      ['PUT', `${o.api}/event/${e.id}`, { oldEvent: e, newEvent: body }],
      ['POST', `${o.api}/event/${e.id}/participant`, { personId: p.id, role: 'witness' }],
      ['PUT', `${o.api}/event/${e.id}/participant/${p.id}`, { role: 'witness' }],
      ['DELETE', `${o.api}/event/${e.id}/participant/${p.id}`],
      ['DELETE', `${o.api}/event/${e.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const asStranger = await stranger.request(method as 'GET', url, payload);
      expect({ method, url, status: asStranger.status }).toEqual({ method, url, status: 404 });
      const asAnonymous = await anonymous.request(method as 'GET', url, payload);
      expect({ method, url, status: asAnonymous.status }).toEqual({ method, url, status: 401 });
    }
    const still = await o.client.get<Event>(`${o.api}/event/${e.id}`);
    expect(still.body).toMatchObject({ revision: 1, participants: [{ personId: p.id, role: 'primary' }] });
  });
});

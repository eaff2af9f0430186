import type {
  ChartAnswer,
  Event,
  FamilyAnswer,
  Media,
  Person,
  PersonListAnswer,
  PersonSummary,
  Portrait,
  ShareState,
} from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, signUp, TestClient, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { jpeg, upload } from './support/media.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Portraits in person summaries (issue 22): every list of persons (the person list, the family, a
 * person's relatives, an event's participants) carries each person's portrait, read in the list's
 * own statement; a share-link visitor never gets a living person's, nor one whose image is linked to
 * anyone living (they could not load its file).
 */
let t: TestApp;
let api: string;
let owner: Awaited<ReturnType<typeof signUp>>;
let token: string;
let father: Person;
let mother: Person;
let child: Person;
let deathEvent: Event;
const portraits: Record<'father' | 'mother' | 'child', Portrait> = {} as never;

async function uploaded(response: TestResponse<{ media: Media }>): Promise<Media> {
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body.media;
}

async function died(personId: string, year: string): Promise<Event> {
  const response = await owner.client.post<{ event: Event }>(`${api}/event`, {
    type: 'death',
    startDate: year,
    participants: [{ personId, role: 'primary' }],
  });
  expect(response.status).toBe(201);
  return response.body.event;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  // Share links are a paid tree's.
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + 365 * 86_400_000));
  const tree = await createTree(owner.client, owner.user.id, 'Porträttlistor');
  api = `/api/${tree.id}`;
  const family = new FamilyBuilder(owner.client, tree.id);
  father = await family.create({ fName: 'Gustav', lName: 'Gammal' });
  mother = await family.partnerOf(father.id, { fName: 'Karin', lName: 'Gammal' });
  child = await family.childOf(father.id, { fName: 'Livia', lName: 'Levande' }, mother.id);
  deathEvent = await died(father.id, '1920');
  await died(mother.id, '1931');
  const crop = { x: 0.25, y: 0, width: 0.5, height: 0.75 };
  const setPortrait = async (who: keyof typeof portraits, personId: string, linkTo: string) => {
    const media = await uploaded(
      await upload(
        owner.client,
        tree.id,
        { name: `${who}.jpg`, bytes: await jpeg(40, 40) },
        {
          nodeId: linkTo,
          nodeKind: 'person',
        },
      ),
    );
    const set = await owner.client.put(`${api}/person/${personId}/portrait`, { mediaId: media.id, crop });
    expect(set.status).toBe(200);
    portraits[who] = { mediaId: media.id, crop };
  };
  await setPortrait('father', father.id, father.id);
  // The mother's portrait is a photo linked to her living daughter: a visitor may not see it.
  await setPortrait('mother', mother.id, child.id);
  await setPortrait('child', child.id, child.id);
  const share = await owner.client.put<ShareState>(`${api}/share`, { enabled: true });
  token = share.body.token as string;
}, 120_000);
afterAll(() => t.close());

const byId = (items: readonly PersonSummary[]) => new Map(items.map((item) => [item.id, item.portrait]));

describe('the owner', () => {
  it('gets each listed person’s portrait in the person list', async () => {
    const list = await owner.client.get<PersonListAnswer>(`${api}/person?sort=created`);
    expect(list.status).toBe(200);
    const portraitOf = byId(list.body.items);
    expect(portraitOf.get(father.id)).toEqual(portraits.father);
    expect(portraitOf.get(mother.id)).toEqual(portraits.mother);
    expect(portraitOf.get(child.id)).toEqual(portraits.child);
  });

  it('gets them on the family, the person’s relatives and the event’s participants', async () => {
    const family = await owner.client.get<FamilyAnswer>(`${api}/person/${child.id}/family`);
    expect(family.body.person.portrait).toEqual(portraits.child);
    expect(byId(family.body.parents)).toEqual(
      new Map([
        [father.id, portraits.father],
        [mother.id, portraits.mother],
      ]),
    );
    const person = await owner.client.get<Person>(`${api}/person/${father.id}`);
    expect(person.body.partners[0]?.portrait).toEqual(portraits.mother);
    expect(person.body.children[0]?.portrait).toEqual(portraits.child);
    const event = await owner.client.get<Event>(`${api}/event/${deathEvent.id}`);
    expect(event.body.participants[0]?.portrait).toEqual(portraits.father);
  });

  it('gets them in the ancestor and descendant charts (issue 23: the portrait in the box)', async () => {
    const up = await owner.client.get<ChartAnswer>(`${api}/person/${child.id}/ancestors/2`);
    expect(up.status).toBe(200);
    expect(byId(up.body.persons)).toEqual(
      new Map([
        [child.id, portraits.child],
        [father.id, portraits.father],
        [mother.id, portraits.mother],
      ]),
    );
    const down = await owner.client.get<ChartAnswer>(`${api}/person/${father.id}/descendants/2`);
    expect(byId(down.body.persons).get(child.id)).toEqual(portraits.child);
  });

  it('gets null for a person without one', async () => {
    const other = await new FamilyBuilder(owner.client, api.slice(5)).siblingOf(child.id, { fName: 'Utan' });
    const list = await owner.client.get<PersonListAnswer>(`${api}/person?q=utan`);
    expect(list.body.items.map((item) => [item.id, item.portrait])).toEqual([[other.id, null]]);
  });
});

describe('a share-link visitor', () => {
  const visitorGet = <T>(url: string) =>
    new TestClient(t.app).request<T>('GET', url, undefined, { 'x-anor-share': token });

  it('gets the portrait of the dead, never of the living nor an image linked to the living', async () => {
    const list = await visitorGet<PersonListAnswer>(`${api}/person?sort=created`);
    expect(list.status).toBe(200);
    const portraitOf = byId(list.body.items);
    expect(portraitOf.get(father.id)).toEqual(portraits.father);
    expect(portraitOf.get(mother.id)).toBeNull();
    expect(portraitOf.has(child.id)).toBe(false);
    expect((await visitorGet(`${api}/person/${father.id}/portrait/file`)).status).toBe(200);
  });

  it('gets no portrait of the living, nor one linked to the living, in the charts', async () => {
    const up = await visitorGet<ChartAnswer>(`${api}/person/${child.id}/ancestors/2`);
    expect(up.status).toBe(200);
    const portraitOf = byId(up.body.persons);
    expect(portraitOf.get(father.id)).toEqual(portraits.father);
    expect(portraitOf.get(mother.id) ?? null).toBeNull();
    expect(portraitOf.get(child.id) ?? null).toBeNull();
    expect(JSON.stringify(up.body)).not.toContain(portraits.child.mediaId);
    expect(JSON.stringify(up.body)).not.toContain(portraits.mother.mediaId);
  });

  it('gets no portrait of the living in the family or a person’s relatives', async () => {
    const family = await visitorGet<FamilyAnswer>(`${api}/person/${father.id}/family`);
    expect(family.body.person.portrait).toEqual(portraits.father);
    expect(family.body.partners.map((p) => p.portrait)).toEqual([null]);
    const [living] = family.body.children;
    expect(living?.private).toBe(true);
    expect(living?.portrait).toBeNull();
    const person = await visitorGet<Person>(`${api}/person/${father.id}`);
    expect(person.body.children[0]?.portrait).toBeNull();
    expect(JSON.stringify([family.body, person.body])).not.toContain(portraits.child.mediaId);
    expect(JSON.stringify([family.body, person.body])).not.toContain(portraits.mother.mediaId);
  });
});

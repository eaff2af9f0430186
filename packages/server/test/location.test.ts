import type { CreatedLocationAnswer, Location, TreeInfo } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newOwner() {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Platser');
  const base = `/api/${tree.id}/location`;
  const create = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await a.client.post<CreatedLocationAnswer>(base, { location: { name }, ...extra });
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body.location;
  };
  const match = (text: string) => a.client.post<CreatedLocationAnswer>(`${base}/match`, { text });
  const count = async () => (await a.client.get<TreeInfo>(`/api/${tree.id}/tree`)).body.locationsAmount;
  return { ...a, tree, base, create, match, count };
}

describe('typed places', () => {
  it('creates the missing levels once, and finds them again ignoring case and accents', async () => {
    const o = await newOwner();
    const first = await o.match('Västra Fors, Sunne, Värmland, Sverige');
    expect(first.status).toBe(200);
    expect(first.body.amountCreated).toBe(4);
    expect(first.body.location.name).toBe('Västra Fors');
    expect(first.body.location.ancestors.map((a) => a.name)).toEqual(['Sverige', 'Värmland', 'Sunne']);

    const again = await o.match('  vastra fors ,SUNNE, varmland,  sverige ');
    expect(again.body).toMatchObject({ amountCreated: 0, location: { id: first.body.location.id } });
    const sibling = await o.match('Östra Ämtervik, Sunne, Värmland, Sverige');
    expect(sibling.body.amountCreated).toBe(1);
    expect(sibling.body.location.ancestors.map((a) => a.id)).toEqual(first.body.location.ancestors.map((a) => a.id));
    // A single name finds the one place that has it, wherever it is.
    const sunne = await o.match('sunne');
    expect(sunne.body).toMatchObject({ amountCreated: 0, location: { name: 'Sunne' } });
    expect(await o.count()).toBe(5);
  });

  it('refuses empty text with locationRequired', async () => {
    const o = await newOwner();
    for (const text of ['', ' , ,  ']) {
      const response = await o.match(text);
      expect(response.status).toBe(400);
      expect((response.body as unknown as ErrorBody).error.code).toBe('events.validation.locationRequired');
    }
    expect(await o.count()).toBe(0);
  });
});

describe('places and their rules', () => {
  it('creates a place with all fields and answers its ancestors, root first', async () => {
    const o = await newOwner();
    const country = await o.create('Sverige', { location: { name: 'Sverige', type: 'Land' } });
    const county = await o.create('Värmland', { ancestorId: country.id });
    const parish = await o.client.post<CreatedLocationAnswer>(o.base, {
      location: {
        name: 'Sunne',
        type: 'Socken',
        description: 'Fryksdalen',
        coordinates: { lat: 59.837, lng: 13.1437 },
        primaryLink: 'https://sv.wikipedia.org/wiki/Sunne_socken',
      },
      ancestorId: county.id,
    });
    expect(parish.status).toBe(201);
    expect(parish.body.amountCreated).toBe(1);
    expect(parish.body.location).toMatchObject({
      name: 'Sunne',
      type: 'Socken',
      coordinates: { lat: 59.837, lng: 13.1437 },
      parentId: county.id,
      ancestors: [
        { id: country.id, name: 'Sverige' },
        { id: county.id, name: 'Värmland' },
      ],
    });
    const top = await o.client.get<Location>(`${o.base}/${country.id}`);
    expect(top.body).toMatchObject({ childrenCount: 1, descendantsCount: 2, descendantsHaveCoordinates: true });
  });

  it.each([
    [{ name: '' }, 'location.validation.nameRequired'],
    [{ name: 'A, B' }, 'location.validation.nameHasComma'],
    [{ name: 'X', coordinates: { lat: 91, lng: 0 } }, 'location.validation.invalidCoordinates'],
    [{ name: 'X', coordinates: { lat: 0, lng: -180.5 } }, 'location.validation.invalidCoordinates'],
    [{ name: 'X', coordinates: { lat: '59', lng: 13 } }, 'location.validation.invalidCoordinates'],
    [{ name: 'X', primaryLink: 'javascript:alert(1)' }, 'location.validation.urlValidWebpage'],
    [{ name: 'X', primaryLink: 'not a url' }, 'location.validation.urlValidWebpage'],
  ])('refuses %o with %s and creates nothing', async (location, code) => {
    const o = await newOwner();
    const response = await o.client.post<ErrorBody>(o.base, { location });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect(await o.count()).toBe(0);
  });

  it('accepts the extreme coordinates', async () => {
    const o = await newOwner();
    const pole = await o.create('Pole', { location: { name: 'Pole', coordinates: { lat: -90, lng: 180 } } });
    expect(pole.coordinates).toEqual({ lat: -90, lng: 180 });
  });

  it('updates only what changed and refuses to put a place inside itself', async () => {
    const o = await newOwner();
    const country = await o.create('Norge');
    const county = await o.create('Innlandet', { ancestorId: country.id });
    const town = await o.create('Hamar', { ancestorId: county.id });
    const body = (location: Partial<Location> & { name: string }) => ({
      updatedLocation: { name: location.name, parentId: location.parentId ?? null, coordinates: null },
    });
    const same = await o.client.put<Location>(
      `${o.base}/${county.id}`,
      body({ name: 'Innlandet', parentId: country.id }),
    );
    expect(same.body.updatedAt).toBe(county.updatedAt);

    const renamed = await o.client.put<Location>(
      `${o.base}/${county.id}`,
      body({ name: 'Hedmark', parentId: country.id }),
    );
    expect(renamed.body.name).toBe('Hedmark');
    expect(renamed.body.updatedAt).not.toBe(county.updatedAt);

    for (const parentId of [country.id, town.id]) {
      const cycle = await o.client.put<ErrorBody>(`${o.base}/${country.id}`, body({ name: 'Norge', parentId }));
      expect(cycle.status).toBe(409);
      expect(cycle.body.error.code).toBe('location.error.cycle');
    }
    // Disconnecting from the parent is an update to no parent.
    const disconnected = await o.client.put<Location>(`${o.base}/${town.id}`, body({ name: 'Hamar', parentId: null }));
    expect(disconnected.body).toMatchObject({ parentId: null, ancestors: [] });
  });

  it('inserts a new level above an existing place', async () => {
    const o = await newOwner();
    const country = await o.create('Danmark');
    const town = await o.create('Ribe', { ancestorId: country.id });
    const region = await o.create('Syddanmark', { ancestorId: country.id, descendantId: town.id });
    const moved = await o.client.get<Location>(`${o.base}/${town.id}`);
    expect(moved.body.ancestors.map((a) => a.id)).toEqual([country.id, region.id]);
    const cycle = await o.client.post<ErrorBody>(o.base, {
      location: { name: 'Loop' },
      ancestorId: town.id,
      descendantId: country.id,
    });
    expect(cycle.body.error.code).toBe('location.error.cycle');
  });
});

describe('deleting places', () => {
  async function hierarchy() {
    const o = await newOwner();
    const made = await o.match('Gård, Socken, Län, Land');
    const [land, lan, socken] = made.body.location.ancestors;
    return { o, land, lan, socken, gard: made.body.location };
  }

  it('deletes only one level, moving its children up to its parent', async () => {
    const { o, lan, socken, gard } = await hierarchy();
    const response = await o.client.delete(`${o.base}/${lan?.id}`);
    expect(response.body).toEqual({ deletedIds: [lan?.id] });
    const child = await o.client.get<Location>(`${o.base}/${socken?.id}`);
    expect(child.body.ancestors.map((a) => a.name)).toEqual(['Land']);
    expect((await o.client.get<Location>(`${o.base}/${gard.id}`)).body.ancestors.map((a) => a.name)).toEqual([
      'Land',
      'Socken',
    ]);
    expect(await o.count()).toBe(3);
  });

  it('deletes a place with all its descendants and answers their ids', async () => {
    const { o, land, lan, socken, gard } = await hierarchy();
    const response = await o.client.delete<{ deletedIds: string[] }>(`${o.base}/${lan?.id}/descendants`);
    expect(response.body.deletedIds.sort()).toEqual([lan?.id, socken?.id, gard.id].sort());
    expect((await o.client.get(`${o.base}/${gard.id}`)).status).toBe(404);
    expect((await o.client.get<Location>(`${o.base}/${land?.id}`)).body.descendantsCount).toBe(0);
    expect(await o.count()).toBe(1);
  });
});

describe('lists and limits', () => {
  it('searches folded names and pages in Swedish order', async () => {
    const o = await newOwner();
    for (const name of ['Örebro', 'Åmål', 'Arvika', 'Zinkgruvan']) await o.create(name);
    const list = await o.client.get<{ items: { name: string }[]; total: number }>(`${o.base}?pageSize=10`);
    expect(list.body.items.map((l) => l.name)).toEqual(['Arvika', 'Zinkgruvan', 'Åmål', 'Örebro']);
    expect(list.body.total).toBe(4);
    const search = await o.client.get<{ items: { name: string }[] }>(`${o.base}?q=AMAL`);
    expect(search.body.items.map((l) => l.name)).toEqual(['Åmål']);
  });

  it('stops a free tree at 30 places, also for typed places, creating nothing partly', async () => {
    const o = await newOwner();
    for (let i = 0; i < 28; i++) await o.create(`Plats ${i}`);
    const over = await o.match('Ny gård, Ny socken, Nytt län');
    expect(over.status).toBe(403);
    expect((over.body as unknown as ErrorBody).error).toMatchObject({ code: 'limit.locations', details: { max: 30 } });
    expect(await o.count()).toBe(28);
    await o.create('Plats 28');
    await o.create('Plats 29');
    const thirtyFirst = await o.client.post<ErrorBody>(o.base, { location: { name: 'Plats 30' } });
    expect(thirtyFirst.body.error.code).toBe('limit.locations');
  });
});

describe('denials', () => {
  it("does not let another user or an anonymous caller touch a tree's places", async () => {
    const o = await newOwner();
    const place = await o.create('Hemlig');
    const stranger = await signUp(t.app);
    const anonymous = new TestClient(t.app);
    const calls: [string, string, unknown?][] = [
      ['GET', o.base],
      ['GET', `${o.base}/${place.id}`],
      ['GET', `${o.base}/${place.id}/descendants`],
      ['GET', `${o.base}/${place.id}/tree`],
      ['POST', `${o.base}/${place.id}/map`, { includeRelatives: true }],
      ['POST', `/api/${o.tree.id}/suggestions/location`, { searchString: 'hem' }],
      ['POST', o.base, { location: { name: 'X' } }],
      ['POST', `${o.base}/match`, { text: 'X, Y' }],
      ['PUT', `${o.base}/${place.id}`, { updatedLocation: { name: 'Stolen' } }],
      ['DELETE', `${o.base}/${place.id}`],
      ['DELETE', `${o.base}/${place.id}/descendants`],
    ];
    for (const [method, url, body] of calls) {
      const denied = await stranger.client.request<ErrorBody>(method as 'GET', url, body);
      expect(denied.status, `${method} ${url}`).toBe(404);
      expect((await anonymous.request(method as 'GET', url, body)).status, `anonymous ${method} ${url}`).toBe(401);
    }
    expect((await o.client.get<Location>(`${o.base}/${place.id}`)).body.name).toBe('Hemlig');
    expect(await o.count()).toBe(1);
  });
});

describe('maps, the place tree and suggestions', () => {
  it('answers markers of a place and of the places below it that have coordinates', async () => {
    const o = await newOwner();
    const county = await o.create('Värmland', {
      location: { name: 'Värmland', coordinates: { lat: 59.7, lng: 13.2 } },
    });
    await o.create('Sunne', {
      location: { name: 'Sunne', coordinates: { lat: 59.84, lng: 13.14 } },
      ancestorId: county.id,
    });
    await o.create('Okänd by', { ancestorId: county.id });
    const own = await o.client.post<{ markers: { name: string; depth: number }[] }>(`${o.base}/${county.id}/map`, {});
    expect(own.body.markers.map((m) => m.name)).toEqual(['Värmland']);
    const all = await o.client.post<{ markers: { name: string; depth: number }[] }>(`${o.base}/${county.id}/map`, {
      includeRelatives: true,
    });
    expect(all.body.markers.map((m) => [m.name, m.depth])).toEqual([
      ['Värmland', 0],
      ['Sunne', 1],
    ]);
  });

  it('answers the whole hierarchy a place belongs to, from its top', async () => {
    const o = await newOwner();
    const made = await o.match('Gård, Socken, Län');
    await o.match('Annan gård, Socken, Län');
    await o.match('Fristående');
    const tree = await o.client.get<{ rootId: string; nodes: { name: string; depth: number }[] }>(
      `${o.base}/${made.body.location.id}/tree`,
    );
    expect(tree.body.rootId).toBe(made.body.location.ancestors[0]?.id);
    expect(tree.body.nodes.map((n) => [n.name, n.depth])).toEqual([
      ['Län', 0],
      ['Socken', 1],
      ['Annan gård', 2],
      ['Gård', 2],
    ]);
  });

  it('suggests places with their paths, accent-insensitively, those starting with the term first', async () => {
    const o = await newOwner();
    await o.match('Västra Fors, Sunne, Värmland');
    await o.match('Östra Sund, Sundsvall');
    const response = await o.client.post<{ suggestions: { name: string; text: string }[] }>(
      `/api/${o.tree.id}/suggestions/location`,
      { searchString: 'SUND', type: 'location' },
    );
    expect(response.body.suggestions.map((s) => s.text).sort()).toEqual(['Sundsvall', 'Östra Sund, Sundsvall'].sort());
    const fors = await o.client.post<{ suggestions: { text: string }[] }>(`/api/${o.tree.id}/suggestions/location`, {
      searchString: 'vastra',
    });
    expect(fors.body.suggestions.map((s) => s.text)).toEqual(['Västra Fors, Sunne, Värmland']);
    const none = await o.client.post<{ suggestions: unknown[] }>(`/api/${o.tree.id}/suggestions/location`, {
      searchString: '%',
    });
    expect(none.body.suggestions).toEqual([]);
  });
});

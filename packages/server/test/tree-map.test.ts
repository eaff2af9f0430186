import type { CreatedLocationAnswer, ErrorCode, TreeMapAnswer } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ownerWithPlaces() {
  const owner = await signUp(t.app);
  const tree = await createTree(owner.client, owner.user.id, 'Kartan');
  const create = async (location: Record<string, unknown>, ancestorId?: string) => {
    const response = await owner.client.post<CreatedLocationAnswer>(`/api/${tree.id}/location`, {
      location,
      ancestorId,
    });
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body.location;
  };
  const sweden = await create({ name: 'Sverige', type: 'Land' });
  const county = await create({ name: 'Värmland', type: 'Län', coordinates: { lat: 59.7, lng: 13.2 } }, sweden.id);
  const parish = await create({ name: 'Sunne', type: 'Socken', coordinates: { lat: 59.837, lng: 13.1437 } }, county.id);
  const farm = await create({ name: 'Östra gården', coordinates: { lat: -33.5, lng: -70.25 } });
  return { ...owner, tree, mapUrl: `/api/${tree.id}/map`, county, parish, farm };
}

describe('the tree-wide map', () => {
  it('answers every place with coordinates, and only those, in Swedish order', async () => {
    const o = await ownerWithPlaces();
    const response = await o.client.get<TreeMapAnswer>(o.mapUrl);
    expect(response.status).toBe(200);
    expect(response.body.markers).toEqual([
      {
        id: o.parish.id,
        name: 'Sunne',
        type: 'Socken',
        parentId: o.county.id,
        coordinates: { lat: 59.837, lng: 13.1437 },
        depth: 0,
      },
      {
        id: o.county.id,
        name: 'Värmland',
        type: 'Län',
        parentId: o.county.parentId,
        coordinates: { lat: 59.7, lng: 13.2 },
        depth: 0,
      },
      {
        id: o.farm.id,
        name: 'Östra gården',
        type: null,
        parentId: null,
        coordinates: { lat: -33.5, lng: -70.25 },
        depth: 0,
      },
    ]);
  });

  it('answers no markers for a tree whose places have no coordinates, whatever other trees hold', async () => {
    await ownerWithPlaces();
    const other = await signUp(t.app);
    const tree = await createTree(other.client, other.user.id, 'Utan koordinater');
    await other.client.post(`/api/${tree.id}/location`, { location: { name: 'Okänd by' } });
    const response = await other.client.get<TreeMapAnswer>(`/api/${tree.id}/map`);
    expect(response.status).toBe(200);
    expect(response.body.markers).toEqual([]);
  });

  it('answers 401 to an anonymous caller and 404 to another user', async () => {
    const o = await ownerWithPlaces();
    const anonymous = await new TestClient(t.app).get<ErrorBody>(o.mapUrl);
    expect(anonymous.status).toBe(401);
    const stranger = await signUp(t.app);
    const denied = await stranger.client.get<ErrorBody>(o.mapUrl);
    expect(denied.status).toBe(404);
    expect(denied.body.error.code).toBe('tree.error.notFound' satisfies ErrorCode);
  });
});

import type { CreatedLocationAnswer, LocationListItem, TreeInfo, TypedPlaceAnswer } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rashult = 'Råshult, Stenbrohult, Kronobergs län, Sverige';

async function newOwner() {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Typade platser');
  const base = `/api/${tree.id}/location`;
  const match = (text: string) => a.client.post<CreatedLocationAnswer>(`${base}/match`, { text });
  const preview = (text: string) => a.client.post<TypedPlaceAnswer>(`${base}/match/preview`, { text });
  const count = async () => (await a.client.get<TreeInfo>(`/api/${tree.id}/tree`)).body.locationsAmount;
  const made = await match(rashult);
  expect(made.body.amountCreated).toBe(4);
  return { ...a, tree, base, match, preview, count, rashult: made.body.location };
}

describe('typed places matched on any consecutive part of a path', () => {
  it('finds "Råshult, Stenbrohult" as the existing place, whatever the case and accents, creating nothing', async () => {
    const o = await newOwner();
    for (const text of ['Råshult, Stenbrohult', 'RASHULT,stenbrohult', 'Råshult, Stenbrohult, Kronobergs län']) {
      const preview = await o.preview(text);
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual({
        existing: [{ id: o.rashult.id, name: 'Råshult', text: rashult }],
        within: [],
        create: [],
        chosenId: o.rashult.id,
      });
      const found = await o.match(text);
      expect(found.body).toMatchObject({ amountCreated: 0, location: { id: o.rashult.id, name: 'Råshult' } });
    }
    // A middle part of the path is found too.
    const parish = await o.match('stenbrohult, kronobergs lan');
    expect(parish.body).toMatchObject({ amountCreated: 0, location: { name: 'Stenbrohult' } });
    expect(await o.count()).toBe(4);
  });

  it('says which places a typed place would create, and where, then creates exactly those', async () => {
    const o = await newOwner();
    const preview = await o.preview('Norrgården, Råshult, Stenbrohult');
    expect(preview.body).toEqual({
      existing: [],
      within: [{ id: o.rashult.id, name: 'Råshult', text: rashult }],
      create: ['Norrgården'],
      chosenId: o.rashult.id,
    });
    expect(await o.count()).toBe(4);
    const made = await o.match('Norrgården, Råshult, Stenbrohult');
    expect(made.body.amountCreated).toBe(1);
    expect(made.body.location.ancestors.map((a) => a.name)).toEqual([
      'Sverige',
      'Kronobergs län',
      'Stenbrohult',
      'Råshult',
    ]);
    // Nothing of the typed text exists: all levels are new, at the top.
    const fresh = await o.preview('Sunne, Värmland');
    expect(fresh.body).toEqual({ existing: [], within: [], create: ['Värmland', 'Sunne'], chosenId: null });
  });

  it('refuses a name several places have with location.error.ambiguous, and more levels tell them apart', async () => {
    const o = await newOwner();
    await o.match('Berg, Stenbrohult, Kronobergs län, Sverige');
    await o.match('Berg, Linneryd, Kronobergs län, Sverige');
    const before = await o.count();
    const preview = await o.preview('Berg');
    expect(preview.body.existing.map((place) => place.text)).toEqual([
      'Berg, Stenbrohult, Kronobergs län, Sverige',
      'Berg, Linneryd, Kronobergs län, Sverige',
    ]);
    expect(preview.body.chosenId).toBeNull();
    const refused = await o.match('Berg');
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as ErrorBody).error.code).toBe('location.error.ambiguous');
    // A new place within an ambiguous one is refused too, creating nothing.
    const within = await o.match('Lillstugan, Berg');
    expect((within.body as unknown as ErrorBody).error.code).toBe('location.error.ambiguous');
    expect(await o.count()).toBe(before);

    const linneryd = await o.match('berg, linneryd');
    expect(linneryd.body.amountCreated).toBe(0);
    expect(linneryd.body.location.ancestors.map((a) => a.name)).toEqual(['Sverige', 'Kronobergs län', 'Linneryd']);
    const inside = await o.match('Lillstugan, Berg, Linneryd, Kronobergs län, Sverige');
    expect(inside.body.amountCreated).toBe(1);
    expect(inside.body.location.ancestors.at(-1)?.id).toBe(linneryd.body.location.id);
  });

  it('keeps Å and A apart: "Åby" is not Aby, "Aby" is Aby where both exist, and finds Åby where only it does', async () => {
    const o = await newOwner();
    const aby = (await o.match('Aby, Kronobergs län')).body.location;
    const aaby = (await o.match('Åby, Kronobergs län')).body.location;
    expect(aaby.id).not.toBe(aby.id);
    expect((await o.match('aby')).body.location.id).toBe(aby.id);
    expect((await o.match('ÅBY')).body.location.id).toBe(aaby.id);
    const preview = await o.preview('Aby');
    expect(preview.body.chosenId).toBe(aby.id);
    expect(preview.body.existing.map((place) => place.name)).toEqual(['Aby', 'Åby']);

    const other = await newOwner();
    const only = (await other.match('Åby, Kronobergs län')).body;
    expect((await other.match('Aby')).body).toMatchObject({ amountCreated: 0, location: { id: only.location.id } });
  });

  it('offers Åby for a typed "Aby", and creates Aby beside it when the user asks for a different place', async () => {
    const o = await newOwner();
    const aaby = (await o.match('Åby, Kronobergs län')).body.location;
    const county = aaby.ancestors.at(-1);
    const before = await o.count();
    // Typed without the ring, Åby is offered (and taken by a plain match).
    const offered = await o.preview('Aby, Kronobergs län');
    expect(offered.body).toMatchObject({ existing: [{ id: aaby.id, name: 'Åby' }], create: [], chosenId: aaby.id });
    // "A different place": only names with the typed letters count; Aby is created within the county.
    const distinct = (text: string) => ({ text, distinct: true });
    const previewed = await o.client.post<TypedPlaceAnswer>(`${o.base}/match/preview`, distinct('Aby, Kronobergs län'));
    expect(previewed.body).toMatchObject({ existing: [], within: [{ id: county?.id }], create: ['Aby'] });
    expect(await o.count()).toBe(before);
    const made = await o.client.post<CreatedLocationAnswer>(`${o.base}/match`, distinct('Aby, Kronobergs län'));
    expect(made.status).toBe(200);
    expect(made.body.amountCreated).toBe(1);
    expect(made.body.location).toMatchObject({ name: 'Aby' });
    expect(made.body.location.id).not.toBe(aaby.id);
    expect(made.body.location.ancestors.at(-1)?.id).toBe(county?.id);
    expect(await o.count()).toBe(before + 1);
    // Both stay what they are: each spelling finds its own place, and nothing more is created.
    expect((await o.match('aby')).body.location.id).toBe(made.body.location.id);
    expect((await o.match('Åby')).body.location.id).toBe(aaby.id);
    const again = await o.client.post<CreatedLocationAnswer>(`${o.base}/match`, distinct('Åby, Kronobergs län'));
    expect(again.body).toMatchObject({ amountCreated: 0, location: { id: aaby.id } });
    expect(await o.count()).toBe(before + 1);
  });

  it('an event with an ambiguous typed place is refused and creates nothing', async () => {
    const o = await newOwner();
    await o.match('Berg, Stenbrohult');
    await o.match('Berg, Linneryd');
    const before = await o.count();
    const event = await o.client.post<ErrorBody>(`/api/${o.tree.id}/event`, {
      type: 'birth',
      startDate: '1707',
      location: 'Berg',
      participants: [{ personId: o.tree.rootId, role: 'primary' }],
    });
    expect(event.status).toBe(409);
    expect(event.body.error.code).toBe('location.error.ambiguous');
    expect(await o.count()).toBe(before);
  });

  it("answers the preview only to the tree's owner", async () => {
    const o = await newOwner();
    const stranger = await signUp(t.app);
    const refused = await stranger.client.post<ErrorBody>(`${o.base}/match/preview`, { text: 'Råshult' });
    expect([403, 404]).toContain(refused.status);
    expect(JSON.stringify(refused.body)).not.toContain('Stenbrohult');
  });

  it('suggests places by a path typed with commas, the last level by its beginning', async () => {
    const o = await newOwner();
    await o.match('Råshult, Annat, Sverige');
    const suggest = (searchString: string) =>
      o.client.post<{ suggestions: { id: string; text: string }[] }>(`/api/${o.tree.id}/suggestions/location`, {
        searchString,
      });
    expect((await suggest('råshult, stenbr')).body.suggestions).toEqual([
      { id: o.rashult.id, name: 'Råshult', text: rashult },
    ]);
    expect((await suggest('Rashult,  Stenbrohult, kron')).body.suggestions.map((s) => s.id)).toEqual([o.rashult.id]);
    expect((await suggest('råshult, x')).body.suggestions).toEqual([]);
  });

  it('lists each place with where it lies and how many places lie within it', async () => {
    const o = await newOwner();
    const list = await o.client.get<{ items: LocationListItem[] }>(`${o.base}?pageSize=10`);
    const byName = new Map(list.body.items.map((item) => [item.name, item]));
    expect(byName.get('Råshult')).toMatchObject({ within: 'Stenbrohult, Kronobergs län, Sverige', childrenCount: 0 });
    expect(byName.get('Sverige')).toMatchObject({ within: '', childrenCount: 1 });
  });
});

import type { Event, SanityCheckAnswer } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/*
 * Issue 19 item 7: POST /api/{treeId}/event/sanity answers the sanity warnings of an event as the
 * editor holds it, read from the stored family with the shared rules of @anor/core; it saves
 * nothing, and a save with the same data is never refused for a warning.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function family() {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Rimlighet');
  const builder = new FamilyBuilder(a.client, tree.id);
  const api = `/api/${tree.id}`;
  const mother = await builder.create({ fName: 'Brita', lName: 'Ek', gender: 'female' });
  const father = await builder.partnerOf(mother.id, { fName: 'Olof', lName: 'Ek', gender: 'male' });
  const child = await builder.childOf(mother.id, { fName: 'Karin', lName: 'Ek', gender: 'female' }, father.id);
  const save = async (type: string, personId: string, startDate: string, startDateType = 'exact') => {
    const response = await a.client.post<{ event: Event }>(`${api}/event`, {
      type,
      startDate,
      startDateType,
      participants: [{ personId, role: 'primary' }],
    });
    expect(response.status).toBe(201);
    return response.body.event;
  };
  const check = (body: Record<string, unknown>) => a.client.post<SanityCheckAnswer>(`${api}/event/sanity`, body);
  return { ...a, tree, api, mother, father, child, save, check };
}

describe('the sanity check of an event', () => {
  it('warns of a child born after the mother died and long after the father died, with names', async () => {
    const f = await family();
    await f.save('death', f.mother.id, '1860-05-01');
    await f.save('death', f.father.id, '1859-01-10');
    const response = await f.check({
      type: 'birth',
      startDate: '1861-03-02',
      participants: [{ personId: f.child.id, role: 'primary' }],
    });
    expect(response.status).toBe(200);
    const codes = response.body.warnings.map((warning) => [warning.code, warning.personId, warning.relatedPersonId]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['sanity.bornAfterMotherDeath', f.mother.id, f.child.id],
        ['sanity.bornLongAfterFatherDeath', f.father.id, f.child.id],
      ]),
    );
    expect(codes).toHaveLength(2);
    expect(response.body.names).toEqual({
      [f.mother.id]: 'Brita Ek',
      [f.father.id]: 'Olof Ek',
      [f.child.id]: 'Karin Ek',
    });
  });

  it('warns of a parent too young and a mother too old from the parent side too', async () => {
    const f = await family();
    await f.save('birth', f.child.id, '1880-06-01');
    // Editing the mother's birth: she would be 11 at her daughter's birth.
    const young = await f.check({
      type: 'birth',
      startDate: '1869-01-01',
      participants: [{ personId: f.mother.id, role: 'huvudperson' }],
    });
    expect(young.body.warnings).toMatchObject([
      { code: 'sanity.parentTooYoung', personId: f.mother.id, relatedPersonId: f.child.id, values: { age: 11 } },
    ]);
    const old = await f.check({
      type: 'birth',
      startDate: '1820',
      participants: [{ personId: f.mother.id, role: 'primary' }],
    });
    expect(old.body.warnings).toMatchObject([{ code: 'sanity.motherTooOld', values: { age: 59, limit: 55 } }]);
    // The father at 59 is no warning.
    const father = await f.check({
      type: 'birth',
      startDate: '1820',
      participants: [{ personId: f.father.id, role: 'primary' }],
    });
    expect(father.body.warnings).toEqual([]);
  });

  it('replaces the stored version of the event being edited, and leaves old problems elsewhere out', async () => {
    const f = await family();
    const birth = await f.save('birth', f.child.id, '1850-03-12');
    // Another problem of the family, not about this event: the mother dies before her own birth.
    await f.save('birth', f.mother.id, '1900');
    await f.save('death', f.mother.id, '1899');
    const death = await f.check({
      type: 'death',
      startDate: '1849',
      participants: [{ personId: f.child.id, role: 'primary' }],
    });
    expect(death.body.warnings.map((warning) => warning.code)).toEqual(['sanity.deathBeforeBirth']);
    await f.save('death', f.child.id, '1849');
    // The stored birth itself, moved to before the death, is judged without its stored date.
    const moved = await f.check({
      eventId: birth.id,
      type: 'birth',
      startDate: '1848',
      participants: [{ personId: f.child.id, role: 'primary' }],
    });
    expect(moved.body.warnings).toEqual([]);
    const unchanged = await f.check({
      eventId: birth.id,
      type: 'birth',
      startDate: '1850-03-12',
      participants: [{ personId: f.child.id, role: 'primary' }],
    });
    expect(unchanged.body.warnings).toMatchObject([
      { code: 'sanity.deathBeforeBirth', eventIds: [birth.id, expect.any(String)] },
    ]);
  });

  it('warns of an event after the death and of an age over 110, reading uncertain dates generously', async () => {
    const f = await family();
    await f.save('birth', f.child.id, '1790', 'about');
    await f.save('death', f.child.id, '1850-02-01');
    const residence = (startDate: string, startDateType = 'exact') =>
      f.check({
        type: 'residence',
        startDate,
        startDateType,
        participants: [{ personId: f.child.id, role: 'resident' }],
      });
    expect((await residence('1851')).body.warnings.map((warning) => warning.code)).toEqual(['sanity.afterDeath']);
    expect((await residence('1850', 'about')).body.warnings).toEqual([]);
    expect((await residence('1850', 'after')).body.warnings.map((warning) => warning.code)).toEqual([
      'sanity.afterDeath',
    ]);
    const other = await f.check({
      type: 'other',
      startDate: '1902-01-01',
      participants: [{ personId: f.father.id, role: 'primary' }],
    });
    expect(other.body.warnings).toEqual([]);
    await f.save('birth', f.father.id, '1790-01-01');
    const aged = await f.check({
      type: 'occupation',
      startDate: '1901-06-01',
      participants: [{ personId: f.father.id, role: 'primary' }],
    });
    expect(aged.body.warnings).toMatchObject([{ code: 'sanity.ageOver110', values: { age: 111 } }]);
  });

  it('never blocks the save: the event with warnings saves as sent', async () => {
    const f = await family();
    await f.save('death', f.mother.id, '1860-05-01');
    const saved = await f.save('birth', f.child.id, '1861-03-02');
    expect(saved.startDate).toBe('1861-03-02');
  });

  it('refuses a date the shared schema refuses, and anyone who may not edit the tree', async () => {
    const f = await family();
    const bad = await f.check({ type: 'birth', startDate: '1881-5', participants: [] });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ErrorBody).error.code).toBe('events.validation.invalidDate');
    const stranger = await signUp(t.app);
    const refused = await stranger.client.post(`${f.api}/event/sanity`, {
      type: 'birth',
      startDate: '1850',
      participants: [{ personId: f.child.id, role: 'primary' }],
    });
    expect([403, 404]).toContain(refused.status);
    // A person of another tree is not found, as in the event's save.
    const other = await family();
    const foreign = await f.check({
      type: 'birth',
      startDate: '1850',
      participants: [{ personId: other.child.id, role: 'primary' }],
    });
    expect(foreign.status).toBe(404);
    expect((foreign.body as unknown as ErrorBody).error.code).toBe('person.error.notFound');
  });
});

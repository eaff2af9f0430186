import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { PersonMergePage } from './pages/person-merge.ts';

/**
 * Issue 21, a person merge end to end: from the duplicate finder's pair, the merge page shows both
 * side by side; the user takes the other's name, sees the second birth listed as an alternative
 * and the shared father joined, merges, and lands on the survivor with the other name kept.
 */
describe.skipIf(!browserAvailable())('a person merge in the browser', () => {
  const session = useBrowserSession({ name: 'merge-persons' });
  let page: Page;
  let shell: AppShell;
  let send: Awaited<ReturnType<typeof registerApiUser>>['send'];
  const ids = { tree: '', root: '', per: '' };

  beforeAll(async () => {
    const user = await registerApiUser(session.server, { fName: 'Karin', password: 'slå-ihop-två-annor-1' });
    send = user.send;
    const tree = await send<{ id: string; rootId: string }>('POST', `user/${user.userId}/tree`, {
      treeName: 'Släkten Ek',
    });
    ids.tree = tree.id;
    ids.root = tree.rootId;
    await send('PUT', `${tree.id}/person/${tree.rootId}`, { fName: 'Karin', lName: 'Ek', gender: 'female' });
    const place = await send<{ location: { id: string } }>('POST', `${tree.id}/location`, {
      location: { name: 'Stenbrohult' },
    });
    const father = await send<{ id: string }>('POST', `${tree.id}/person`, {
      person: { fName: 'Anders', lName: 'Persson', gender: 'male' },
    });
    const anna = async (lName: string, year: string) => {
      const created = await send<{ id: string }>('POST', `${tree.id}/person`, {
        person: { fName: 'Anna', lName, gender: 'female' },
        relation: { type: 'child', personId: father.id },
      });
      await send('POST', `${tree.id}/event`, {
        type: 'birth',
        startDate: year,
        locationId: place.location.id,
        participants: [{ personId: created.id, role: 'primary' }],
      });
      return created.id;
    };
    const per = await send<{ id: string }>('POST', `${tree.id}/person`, { person: { fName: 'Per', lName: 'Ek' } });
    ids.per = per.id;
    await send('POST', `${tree.id}/person`, { person: { fName: 'Pehr', lName: 'Eek' } });
    await anna('Andersdotter', '1850');
    await anna('Andersson', '1851');
    await session.signIn(user.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
  });

  it('merges Anna Andersson into Anna Andersdotter from the duplicates page, keeping both births and both names', async () => {
    await shell.goto(`/app/${ids.tree}/duplicates`);
    const pair = page.getByTestId('duplicate-pair').filter({ hasText: 'Anna Andersdotter' });
    await pair.waitFor();
    await pair.getByTestId('duplicate-merge').click();
    const merge = new PersonMergePage(page);
    await merge.waitUntilShown();
    // Whichever of the two the finder named first is kept; the test takes the other's name.
    const kept = await merge.sideName('kept');
    const other = await merge.sideName('other');
    expect([kept, other].sort()).toEqual(['Anna Andersdotter', 'Anna Andersson']);
    const relatives = await merge.rows('relatives');
    expect(relatives).toEqual([
      `${sv('personMerge.relation.parent')} Anders Persson|${sv('personMerge.outcome.joined')}`,
    ]);
    const events = await merge.rows('events');
    expect(events).toHaveLength(2);
    expect(events.filter((row) => row.endsWith(`|${sv('personMerge.outcome.alternative')}`))).toHaveLength(1);
    await expect
      .poll(() => merge.problems().first().textContent())
      .toContain(sv('personMerge.problem.alternativeEvent'));

    await merge.takeFromOther('name');
    await expect
      .poll(() => merge.rows('names'))
      .toEqual(
        expect.arrayContaining([
          `${kept}|${sv('personMerge.outcome.added')}`,
          `${other}|${sv('personMerge.outcome.kept')}`,
        ]),
      );
    await session.screenshot('merge-persons-1280.png', { fullPage: true });
    await merge.confirm();

    await page.getByTestId('person-page').waitFor();
    await expect.poll(() => page.getByText(sv('personMerge.done', { name: other })).count()).toBe(1);
    await expect.poll(() => page.getByTestId('person-name').textContent()).toContain(other);
    const persons = await send<{ total: number }>('GET', `${ids.tree}/person`, undefined);
    expect(persons.total).toBe(5);
  });

  it('opens the merge of two persons from a person page\'s "Merge with…", and swaps which one is kept', async () => {
    await shell.goto(`/app/${ids.tree}/person/${ids.per}`);
    await page.getByTestId('person-page').waitFor();
    const merge = new PersonMergePage(page);
    await merge.pickFromPersonPage('Pehr', 'Pehr Eek');
    expect(await merge.sideName('kept')).toBe('Per Ek');
    expect(await merge.sideName('other')).toBe('Pehr Eek');
    await page.getByTestId('person-merge-swap').click();
    await expect.poll(() => merge.sideName('kept')).toBe('Pehr Eek');
    expect(await merge.sideName('other')).toBe('Per Ek');
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';

/**
 * The relationship calculator (issue 24): the person page says how the person is related to the
 * root ("Din farfars far"), its link opens every path in words and as a small chart, and another
 * person picked with the search shows theirs (a cousin through the farfar couple).
 */
describe.skipIf(!browserAvailable())('the relationship calculator in the browser', () => {
  const session = useBrowserSession({ name: 'relationship', timeout: 20_000 });
  let page: Page;
  let shell: AppShell;
  let api: ApiUser;
  let treeId = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    page = session.page;
    shell = new AppShell(page, session.server.url);
    api = await registerApiUser(session.server, { fName: 'Rut', password: 'slaktskap-ord-1' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Ek',
    });
    treeId = tree.id;
    ids.rut = tree.rootId;
    await api.send('PUT', `${treeId}/person/${ids.rut}`, { fName: 'Rut', lName: 'Ek', gender: 'female' });
    const add = async (label: string, fName: string, gender: string, relation: Record<string, unknown>) => {
      const body = { person: { fName, lName: 'Ek', gender }, relation };
      ids[label] = (await api.send<{ id: string }>('POST', `${treeId}/person`, body)).id;
    };
    await add('far', 'Frans', 'male', { type: 'parent', personId: ids.rut });
    await add('farfar', 'Folke', 'male', { type: 'parent', personId: ids.far });
    await add('farmor', 'Frida', 'female', { type: 'partner', personId: ids.farfar, childIds: [ids.far] });
    await add('ff', 'Gustav', 'male', { type: 'parent', personId: ids.farfar });
    await add('farbror', 'Ulf', 'male', { type: 'child', personId: ids.farfar, otherParentId: ids.farmor });
    await add('kusin', 'Kurt', 'male', { type: 'child', personId: ids.farbror });
    await session.signIn(api.cookie);
  });

  it('words the relation to the root on the person page and draws its path', async () => {
    await shell.goto(`/app/${treeId}/person/${ids.ff}`);
    const kinship = page.getByTestId('person-kinship');
    await expect.poll(() => kinship.textContent()).toBe('Din farfars far');
    await kinship.click();
    await page.getByTestId('relationship-path').first().waitFor();
    expect(await page.getByTestId('relationship-words').allTextContents()).toEqual(['Farfars far']);
    const boxes = page.getByTestId('relationship-path').first().getByTestId('relationship-box');
    expect(await boxes.allTextContents()).toEqual(['Rut Ek', 'Frans Ek', 'Folke Ek', 'Gustav Ek']);
  });

  it('picks another person and shows the cousin path with the couple on top', async () => {
    await page.getByTestId('relationship-pick-other').click();
    const picker = page.getByTestId('relationship-picker');
    await picker.getByTestId('person-search-search').fill('Kurt');
    await picker.getByTestId('person-row').filter({ hasText: 'Kurt Ek' }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('relationship-words').allTextContents()).toEqual(['Kusin']);
    expect(await page.getByTestId('relationship-top-partner').textContent()).toBe(
      sv('relationship.andPartner', { name: 'Frida Ek' }),
    );
    expect(page.url()).toContain(`to=${ids.kusin}`);
    // Swapped: Rut is Kurt's kusin too.
    await page.getByTestId('relationship-swap').click();
    await expect.poll(() => page.url()).toContain(`to=${ids.rut}`);
    await expect.poll(() => page.getByTestId('relationship-words').allTextContents()).toEqual(['Kusin']);
    await session.screenshot('relationship-cousin-1280.png', { fullPage: true });
  });
});

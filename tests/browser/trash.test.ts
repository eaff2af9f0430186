import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { PersonPage } from './pages/person-page.ts';
import { TrashPage } from './pages/trash.ts';

/**
 * The trash in the web (issue 21): a deleted person is listed in the tree's trash with the links
 * that went with them, "Restore" brings them back with their relations; a deleted tree is listed on
 * the trees page with its purge date and comes back from there.
 */
describe.skipIf(!browserAvailable())('the trash in the browser', () => {
  const session = useBrowserSession({ name: 'trash' });
  let page: Page;
  let api: ApiUser;
  let treeId = '';
  let rootId = '';
  let trash: TrashPage;

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Signe', password: 'papperskorgen-ok-1', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Vik',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Signe', lName: 'Vik', gender: 'female' });
    await session.signIn(api.cookie);
    page = session.page;
    trash = new TrashPage(page);
  });

  it('restores a deleted person from the trash, with their relations', async () => {
    const erik = await api.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Erik', lName: 'Vik', gender: 'male' },
      relation: { type: 'child', personId: rootId },
    });
    const person = new PersonPage(page);
    await page.goto(`${session.server.url}/app/${treeId}/person/${erik.id}`);
    await person.waitUntilShown('Erik');
    await person.deleteButton().click();
    await page.getByTestId('delete-person-confirm').click();
    await page.getByTestId('delete-person-form').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await api.send<{ items: unknown[] }>('GET', `${treeId}/trash`, undefined)).items.length)
      .toBe(1);

    await page.getByTestId('nav-tree-trash').click();
    await trash.waitUntilShown();
    const item = trash.item('Erik Vik');
    await item.waitFor();
    expect(await item.getByTestId('trash-item-kind').textContent()).toBe(sv('trash.kinds.person'));
    expect(await item.getByTestId('trash-item-links').textContent()).toContain(sv('trash.linkKinds.parentChild'));
    await session.screenshot('trash-1280.png');

    await trash.restore('Erik Vik');
    await page.getByText(sv('trash.restored', { name: 'Erik Vik' }), { exact: true }).waitFor();
    await page.getByTestId('trash-empty').waitFor();

    await page.goto(`${session.server.url}/app/${treeId}/person/${erik.id}`);
    await person.waitUntilShown('Erik');
    await person.relativeChip('parent', 'Signe').waitFor();
  });

  it('lists a deleted tree on the trees page and restores it', async () => {
    const other = await api.send<{ id: string }>('POST', `user/${api.userId}/tree`, { treeName: 'Gamla grenen' });
    await api.send('DELETE', `${other.id}/tree/${other.id}`, { password: 'papperskorgen-ok-1' });
    await page.goto(`${session.server.url}/trees`);
    const deleted = trash.deletedTree('Gamla grenen');
    await deleted.waitFor();
    await deleted.getByTestId('deleted-tree-restore').click();
    await page.getByText(sv('trees.deleted.restored', { name: 'Gamla grenen' }), { exact: true }).waitFor();
    await page.getByTestId('tree-list').getByText('Gamla grenen').waitFor();
    await deleted.waitFor({ state: 'detached' });
  });
});

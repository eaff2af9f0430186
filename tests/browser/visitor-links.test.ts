import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, useBrowserSession } from './harness.ts';

/**
 * Deep links for visitors (issue 19 item 18): the share token travels in the page address, so a
 * visitor can open a page in a new tab, bookmark it, or send it to a relative, who opens it in a
 * browser that has never seen the share link.
 */
describe.skipIf(!browserAvailable())('a visitor’s page addresses', () => {
  const session = useBrowserSession({ name: 'visitor-links' });
  let owner: ApiUser;
  let page: Page;
  let treeId: string;
  let rootId: string;
  let gustavId: string;
  let token: string;

  beforeAll(async () => {
    owner = await registerApiUser(session.server, {
      fName: 'Lankagare',
      password: 'dela-länkar-med-släkten',
      paid: true,
    });
    const tree = await owner.send<{ id: string; rootId: string }>('POST', `user/${owner.userId}/tree`, {
      treeName: 'Släkten Länk',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await owner.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Hedvig', lName: 'Länk', gender: 'female' });
    const gustav = await owner.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Gustav', lName: 'Länk' },
      relation: { type: 'parent', personId: rootId },
    });
    gustavId = gustav.id;
    const primary = (personId: string) => [{ personId, role: 'primary' }];
    await owner.send('POST', `${treeId}/event`, { type: 'birth', startDate: '1850', participants: primary(gustavId) });
    await owner.send('POST', `${treeId}/event`, { type: 'death', startDate: '1920', participants: primary(gustavId) });
    await owner.send('POST', `${treeId}/event`, { type: 'birth', startDate: '1880', participants: primary(rootId) });
    await owner.send('POST', `${treeId}/event`, { type: 'death', startDate: '1960', participants: primary(rootId) });
    token = (await owner.send<{ token: string }>('PUT', `${treeId}/share`, { enabled: true })).token;
    page = session.page;
  });

  it('keeps the token in the address of the page the share link opens, and in the tree’s links', async () => {
    await page.goto(`${session.server.url}/share/${token}`);
    await page.waitForURL(`**/share/${token}/${treeId}/person/${rootId}`);
    await expect.poll(() => page.getByTestId('person-name').textContent()).toContain('Hedvig');
    await page.getByTestId('visitor-banner').waitFor();
    const persons = page.getByTestId('nav-tree-search').first();
    expect(await persons.getAttribute('href')).toBe(`/share/${token}/${treeId}/persons`);
  });

  it('opens a link in a new tab, which has never seen the share link', async () => {
    const opened = session.context.waitForEvent('page');
    await page
      .getByTestId('nav-tree-search')
      .first()
      .click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForURL(`**/share/${token}/${treeId}/persons`);
    await expect.poll(() => tab.locator('body').innerText()).toContain('Gustav');
    await tab.getByTestId('visitor-banner').waitFor();
    await tab.close();
  });

  it('opens a bookmarked or sent person address in another browser, read-only', async () => {
    const relative = await session.browser.newContext({ locale: 'sv-SE' });
    try {
      await relative.addInitScript(() => localStorage.setItem('anor.cookieConsent', 'necessary'));
      const tab = await relative.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      tab.on('response', (response) => {
        if (response.status() >= 400 && response.url().includes('/api/'))
          errors.push(`${response.url()} ${response.status()}`);
      });
      await tab.goto(`${session.server.url}/share/${token}/${treeId}/person/${gustavId}`);
      await expect.poll(() => tab.getByTestId('person-name').textContent()).toContain('Gustav');
      await tab.getByTestId('visitor-banner').waitFor();
      expect(await tab.getByTestId('person-name-edit').count()).toBe(0);
      expect(await tab.getByTestId('person-add-event').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await relative.close();
    }
  });

  it('stops opening once the owner turns sharing off', async () => {
    await owner.send('PUT', `${treeId}/share`, { enabled: false });
    session.expectHttpError(404, /\/api\//);
    const tab = await session.newPage();
    await tab.goto(`${session.server.url}/share/${token}/${treeId}/person/${gustavId}`);
    await tab.getByTestId('error-view').waitFor();
    expect(await tab.locator('body').innerText()).not.toContain('Gustav');
    await tab.close();
  });
});

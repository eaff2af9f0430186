import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { EventModal } from './pages/event-modal.ts';
import { PersonEdits } from './pages/person-edits.ts';

/**
 * Saves and deletes confirm with a short notice (issue 19 item 22): a person's own field, an event
 * saved and deleted in the editor. Notes and trees have theirs in trees-and-account.test.ts.
 */
describe.skipIf(!browserAvailable())('short notices after saves and deletes', () => {
  const session = useBrowserSession({ name: 'notices' });
  let page: Page;
  let api: ApiUser;
  let treeId = '';
  let rootId = '';

  const notice = (key: 'common.notice.saved' | 'common.notice.deleted') => page.getByText(sv(key), { exact: true });

  async function closeNotices(): Promise<void> {
    for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
      await close.click().catch(() => undefined);
    }
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Nora', password: 'korta-besked-1', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Lund',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Nora', lName: 'Lund', gender: 'female' });
    await session.signIn(api.cookie);
    page = session.page;
  });

  it('confirms a saved occupation on the person page', async () => {
    await page.goto(`${session.server.url}/app/${treeId}/person/${rootId}`);
    await page.getByTestId('person-page').waitFor();
    await new PersonEdits(page).saveOccupation('Sömmerska');
    await notice('common.notice.saved').waitFor();
    await closeNotices();
  });

  it('confirms an event saved in the editor, and its delete', async () => {
    await page.getByTestId('person-add-event').click();
    const modal = new EventModal(page);
    await modal.waitForPicker();
    await modal.chooseType('birth');
    await modal.setDate({ start: '1901' });
    await modal.saveAndWaitClosed();
    await notice('common.notice.saved').waitFor();
    await closeNotices();

    const { events } = await api.send<{ events: { id: string; type: string }[] }>(
      'POST',
      `${treeId}/event/node/${rootId}`,
      {},
    );
    const saved = events.find((event) => event.type === 'birth');
    expect(saved).toBeDefined();
    await page.goto(`${session.server.url}/app/${treeId}/event/${saved?.id}`);
    await page.getByTestId('event-page-edit').click();
    await modal.waitForEditor();
    await modal.delete();
    await notice('common.notice.deleted').waitFor();
  });
});

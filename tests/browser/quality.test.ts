import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';

/**
 * Issue 24, the data-quality report: the owner sees its counts on the overview, opens the report,
 * finds the person without events under its rule, marks it "checked, it is right" (it stays
 * dismissed after a reload) and takes that back.
 */
describe.skipIf(!browserAvailable())('the data-quality report in the browser', () => {
  const session = useBrowserSession({ name: 'quality' });
  let page: Page;
  let shell: AppShell;
  const ids = { tree: '', root: '' };

  beforeAll(async () => {
    const { cookie, userId, send } = await registerApiUser(session.server, {
      fName: 'Karin',
      password: 'kvalitet-och-kontroll-1',
    });
    const tree = await send<{ id: string; rootId: string }>('POST', `user/${userId}/tree`, { treeName: 'Släkten Ek' });
    ids.tree = tree.id;
    ids.root = tree.rootId;
    // The root, Karin, has no events: the one finding of the tree.
    await send('PUT', `${tree.id}/person/${tree.rootId}`, { fName: 'Karin', lName: 'Ek', gender: 'female' });
    await session.signIn(cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
  });

  it('counts on the overview, lists the finding under its rule, and keeps it dismissed until undone', async () => {
    await shell.goto(`/app/${ids.tree}/overview`);
    const link = page.getByTestId('overview-quality-link');
    await link.waitFor();
    expect(await link.textContent()).toBe(sv('quality.overviewLink', { count: 1 }));
    await link.click();
    await shell.waitForPath(`/app/${ids.tree}/quality`);

    const group = page.locator('[data-testid="quality-group"][data-rule="quality.noEvents"]');
    await group.waitFor();
    expect(await page.getByTestId('quality-group').count()).toBe(1);
    expect(await group.getByTestId('quality-count').textContent()).toBe(sv('quality.count_one', { count: 1 }));
    await group.getByText(sv('quality.rules.noEvents')).click();
    const item = group.getByTestId('quality-item');
    await item.waitFor();
    expect(await item.getByTestId('quality-link').textContent()).toBe('Karin Ek');
    expect(await item.getByTestId('quality-link').getAttribute('href')).toBe(`/app/${ids.tree}/person/${ids.root}`);
    expect(await item.getByTestId('quality-message').textContent()).toBe(
      sv('quality.noEvents', { person: 'Karin Ek' }),
    );

    await item.getByTestId('quality-dismiss').click();
    await group.getByTestId('quality-dismissed-count').waitFor();
    expect(await group.getByTestId('quality-count').textContent()).toBe(sv('quality.count_other', { count: 0 }));

    // Stored on the server: still dismissed after a reload.
    await page.reload();
    await group.waitFor();
    expect(await group.getByTestId('quality-dismissed-count').textContent()).toBe(
      sv('quality.dismissedCount_one', { count: 1 }),
    );
    await group.getByText(sv('quality.rules.noEvents')).click();
    await item.getByTestId('quality-undismiss').click();
    await group.getByTestId('quality-dismissed-count').waitFor({ state: 'detached' });
    expect(await group.getByTestId('quality-count').textContent()).toBe(sv('quality.count_one', { count: 1 }));
    await item.getByTestId('quality-dismiss').waitFor();
  });
});

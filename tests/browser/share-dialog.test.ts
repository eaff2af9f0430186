import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';

interface ShareState {
  shared: boolean;
  token: string | null;
  canShare: boolean;
}

/**
 * The tree share dialog (SPEC §2, §1: sharing is a paid feature), opened from the tree card.
 * Needs the server's share routes (GET/PUT /api/{treeId}/share, GET /api/share/{token}).
 */
describe.skipIf(!browserAvailable())('the tree share dialog in the browser', () => {
  const session = useBrowserSession({ name: 'share-dialog', timeout: 10_000 });
  const { pageErrors } = session;
  let page: Page;
  let shell: AppShell;

  /** A user with one tree whose root is named; paid or free. */
  async function owner(fName: string, paid: boolean) {
    const api = await registerApiUser(session.server, { fName, password: 'dela-mitt-träd-1', paid });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: `Släkten ${fName}`,
    });
    await api.send('PUT', `${tree.id}/person/${tree.rootId}`, { fName, lName: 'Dahl', gender: 'female' });
    return { api, treeId: tree.id, rootId: tree.rootId };
  }

  const dialog = () => page.getByTestId('share-dialog');
  const shareState = (api: ApiUser, treeId: string) => api.send<ShareState>('GET', `${treeId}/share`, undefined);
  /** What a share link opens, without a session: its status. */
  const openShareLink = async (token: string) =>
    (await fetch(`${session.server.url}/api/share/${token}`, { headers: { Accept: 'application/json' } })).status;

  async function openFromTreeCard(treeId: string) {
    await shell.goto('/trees');
    const card = page.locator(`[data-testid="tree-card"][data-tree-id="${treeId}"]`);
    await card.waitFor();
    await card.getByTestId('tree-card-share').click();
    // The modal's root has no box of its own: wait for its content.
    await dialog().getByTestId('share-close').waitFor();
  }

  /** The switch's track: Mantine's input itself is hidden behind it. */
  const sharedSwitch = (): Locator => dialog().locator('.mantine-Switch-track');
  const isSwitchOn = () => dialog().getByTestId('share-switch').isChecked();

  beforeAll(async () => {
    page = session.page;
    shell = new AppShell(page, session.server.url);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.url });
  });

  it('offers a free owner the subscription instead of a link', async () => {
    const free = await owner('Frida', false);
    await session.signIn(free.api.cookie);
    await openFromTreeCard(free.treeId);
    await dialog().getByTestId('share-offer').waitFor();
    expect(await dialog().getByTestId('share-switch').count()).toBe(0);
    expect(await dialog().getByTestId('share-link').count()).toBe(0);
    expect(await dialog().getByTestId('share-offer').textContent()).toContain(sv('share.paidTitle'));
    await session.screenshot('share-dialog-free-1280.png');

    // The subscription dialog opens above it, and closes back to it.
    await dialog().getByTestId('share-subscribe').click();
    const subscription = page.getByTestId('subscription-dialog');
    await subscription.getByTestId('subscription-instructions').waitFor();
    await page.keyboard.press('Escape');
    await subscription.getByTestId('subscription-instructions').waitFor({ state: 'detached' });
    await dialog().getByTestId('share-offer').waitFor();

    // "See prices" leads to the pricing page.
    await dialog().getByTestId('share-pricing').click();
    await shell.waitForPath('/pricing');
    await page.getByTestId('share-close').waitFor({ state: 'detached' });

    // The server refuses a free owner too.
    await expect(free.api.send('PUT', `${free.treeId}/share`, { enabled: true })).rejects.toThrow(
      /403.*limit\.sharing/,
    );
  });

  it('lets a paid owner share, copy and open the link, make a new one, and stop sharing', async () => {
    const paid = await owner('Petra', true);
    await session.signIn(paid.api.cookie);
    await openFromTreeCard(paid.treeId);
    await dialog().getByTestId('share-switch').waitFor({ state: 'attached' });
    expect(await isSwitchOn()).toBe(false);
    expect(await dialog().getByTestId('share-link').count()).toBe(0);
    expect(await dialog().getByTestId('share-visitors').textContent()).toBe(sv('share.visitors'));

    // On: a link to /share/{token}.
    await sharedSwitch().click();
    const link = dialog().getByTestId('share-link');
    await link.waitFor();
    expect(await isSwitchOn()).toBe(true);
    const stored = await shareState(paid.api, paid.treeId);
    expect(stored.shared).toBe(true);
    const url = `${session.server.url}/share/${stored.token}`;
    expect(await link.inputValue()).toBe(url);
    expect(await dialog().getByTestId('share-open').getAttribute('href')).toBe(url);
    expect(await openShareLink(stored.token ?? '')).toBe(200);

    await dialog().getByTestId('share-copy').click();
    await expect.poll(() => dialog().getByTestId('share-copy').getAttribute('data-copied')).toBe('true');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await session.screenshot('share-dialog-shared-1280.png');

    // A new link, after the question: the old one stops working.
    await dialog().getByTestId('share-renew').click();
    await dialog().getByTestId('share-renew-confirm').waitFor();
    await dialog().getByTestId('share-renew-submit').click();
    await dialog().getByTestId('share-renew-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => link.inputValue()).not.toBe(url);
    const renewed = await shareState(paid.api, paid.treeId);
    expect(renewed.token).not.toBe(stored.token);
    expect(await link.inputValue()).toBe(`${session.server.url}/share/${renewed.token}`);
    expect(await openShareLink(stored.token ?? '')).toBe(404);
    expect(await openShareLink(renewed.token ?? '')).toBe(200);

    // Off: no link, and the link stops working.
    await sharedSwitch().click();
    await link.waitFor({ state: 'detached' });
    expect(await isSwitchOn()).toBe(false);
    expect((await shareState(paid.api, paid.treeId)).shared).toBe(false);
    expect(await openShareLink(renewed.token ?? '')).toBe(404);
    await session.screenshot('share-dialog-off-1280.png');

    // "Preview as visitor" goes to the root person with the preview flag.
    await dialog().getByTestId('share-preview').click();
    await page.waitForURL(
      (address) =>
        address.pathname === `/app/${paid.treeId}/person/${paid.rootId}` &&
        address.searchParams.get('preview') === 'visitor',
    );
    await page.getByTestId('share-close').waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});

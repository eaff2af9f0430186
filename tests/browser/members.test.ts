import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';

/**
 * Issue 26: a tree's owner invites a cousin as editor from the tree card's members dialog; the
 * cousin opens the link, accepts, works in the tree with the role shown on its card, and leaves.
 */
describe.skipIf(!browserAvailable())('members and invitations in the browser', () => {
  const session = useBrowserSession({ name: 'members', timeout: 10_000 });
  let page: Page;
  let shell: AppShell;

  beforeAll(() => {
    page = session.page;
    shell = new AppShell(page, session.server.url);
  });

  const card = (treeId: string) => page.locator(`[data-testid="tree-card"][data-tree-id="${treeId}"]`);
  const dialog = () => page.getByTestId('members-dialog');

  it('invites by e-mail with a role; the invited account accepts, sees the tree with its role, and may leave', async () => {
    const owner = await registerApiUser(session.server, { fName: 'Ingrid', password: 'bjud-in-kusinen-1', paid: true });
    const tree = await owner.send<{ id: string; rootId: string }>('POST', `user/${owner.userId}/tree`, {
      treeName: 'Släkten Åberg',
    });
    await owner.send('PUT', `${tree.id}/person/${tree.rootId}`, { fName: 'Märta', lName: 'Åberg', gender: 'female' });
    const cousin = await registerApiUser(session.server, { fName: 'Kalle', password: 'kusinens-lösen-1' });

    // The owner invites the cousin as editor.
    await session.signIn(owner.cookie);
    await shell.goto('/trees');
    await card(tree.id).getByTestId('tree-card-members').click();
    await dialog().getByTestId('members-none').waitFor();
    await dialog().getByTestId('invite-email').fill(cousin.email);
    await dialog().getByTestId('invite-role').click();
    await page.getByRole('option', { name: new RegExp(`^${sv('members.roles.editor')}:`) }).click();
    await dialog().getByTestId('invite-submit').click();
    const link = dialog().getByTestId('invite-link');
    await link.waitFor();
    const address = new URL(await link.inputValue());
    expect(address.pathname).toMatch(new RegExp(`^/invitation/${tree.id}/[A-Za-z0-9_-]{43}$`));
    await dialog().getByTestId('invitation-row').waitFor();
    expect(await dialog().getByTestId('invitation-row').textContent()).toContain(cousin.email);
    // The e-mail carries the same link.
    const mail = (await session.server.readOutbox()).filter((each) => each.to === cousin.email).at(-1);
    expect(mail?.links?.invitation).toBe(`${session.server.url}${address.pathname}`);
    await session.screenshot('members-dialog-1280.png');
    await session.signOut();

    // The cousin opens the link, accepts, and lands in the tree.
    await session.signIn(cousin.cookie);
    await shell.goto(address.pathname);
    await page.getByTestId('invitation-accept').waitFor();
    expect(await page.getByTestId('invitation-page').textContent()).toContain('Släkten Åberg');
    await page.getByTestId('invitation-accept').click();
    await shell.waitForPath(`/app/${tree.id}/overview`);

    // The tree list shows it with the role, and without the owner's actions.
    await shell.goto('/trees');
    await card(tree.id).getByTestId('tree-card-role').waitFor();
    expect(await card(tree.id).getByTestId('tree-card-role').textContent()).toBe(sv('members.roles.editor'));
    expect(await card(tree.id).getByTestId('tree-card-delete').count()).toBe(0);
    expect(await card(tree.id).getByTestId('tree-card-members').count()).toBe(0);

    // As an editor the cousin may change the tree; the owner's list names them with the role.
    await cousin.send('PUT', `${tree.id}/person/${tree.rootId}/occ`, { occupation: 'Bonde' });
    const members = await owner.send<{ members: { userId: string; role: string }[] }>(
      'GET',
      `${tree.id}/member`,
      undefined,
    );
    expect(members.members).toEqual([expect.objectContaining({ userId: cousin.userId, role: 'editor' })]);

    // Leaving: the card goes, with a notice.
    await card(tree.id).getByTestId('tree-card-leave').click();
    await page.getByTestId('leave-tree-submit').click();
    await page.getByText(sv('members.left', { tree: 'Släkten Åberg' })).waitFor();
    await card(tree.id).waitFor({ state: 'detached' });
    const after = await owner.send<{ members: unknown[] }>('GET', `${tree.id}/member`, undefined);
    expect(after.members).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { PersonPage } from './pages/person-page.ts';

/**
 * Issue 26, reviewed changes: the owner invites a cousin as contributor; the cousin accepts, changes
 * a person's occupation (sent for review: the form closes as after a save, the notice says where the
 * change went, the tree is unchanged and the cousin sees it pending); the owner finds it among the
 * proposals with its before and after, changes the proposed value (a refused value is shown in the
 * editor), accepts it, and the person page then shows the value as the owner changed it. A proposed
 * new person closes its dialog where the contributor is.
 */
describe.skipIf(!browserAvailable())('proposed changes in the browser', () => {
  const session = useBrowserSession({ name: 'proposals', timeout: 10_000 });
  let page: Page;
  let shell: AppShell;

  beforeAll(() => {
    page = session.page;
    shell = new AppShell(page, session.server.url);
  });

  const card = (treeId: string) => page.locator(`[data-testid="tree-card"][data-tree-id="${treeId}"]`);
  const proposal = () => page.getByTestId('proposal');

  it('invite → accept → contribute → review → accept', async () => {
    const owner = await registerApiUser(session.server, {
      fName: 'Ingrid',
      password: 'granska-forslagen-1',
      paid: true,
    });
    const tree = await owner.send<{ id: string; rootId: string }>('POST', `user/${owner.userId}/tree`, {
      treeName: 'Släkten Berg',
    });
    await owner.send('PUT', `${tree.id}/person/${tree.rootId}`, { fName: 'Märta', lName: 'Berg', gender: 'female' });
    const cousin = await registerApiUser(session.server, { fName: 'Kalle', password: 'kusinens-forslag-1' });

    // The owner invites the cousin as contributor.
    await session.signIn(owner.cookie);
    await shell.goto('/trees');
    await card(tree.id).getByTestId('tree-card-members').click();
    const dialog = page.getByTestId('members-dialog');
    await dialog.getByTestId('members-none').waitFor();
    await dialog.getByTestId('invite-email').fill(cousin.email);
    await dialog.getByTestId('invite-role').click();
    await page.getByRole('option', { name: new RegExp(`^${sv('members.roles.contributor')}:`) }).click();
    await dialog.getByTestId('invite-submit').click();
    const link = dialog.getByTestId('invite-link');
    await link.waitFor();
    const address = new URL(await link.inputValue());
    await session.signOut();

    // The cousin accepts and proposes an occupation for Märta on her page.
    await session.signIn(cousin.cookie);
    await shell.goto(address.pathname);
    await page.getByTestId('invitation-accept').click();
    await shell.waitForPath(`/app/${tree.id}/overview`);
    await page.getByTestId('overview-contributor-note').waitFor();
    await shell.goto(`/app/${tree.id}/person/${tree.rootId}`);
    await page.getByTestId('person-occupation-edit').click();
    await page.getByTestId('occupation-edit-input').fill('Sömmerska i Sunne');
    await page.getByTestId('occupation-edit-submit').click();
    // The form closes as after a save; the app's notice says it was sent for review, with the way to
    // the cousin's proposals. Nothing of the tree changed: the page still shows no occupation.
    const notice = page.getByTestId('proposal-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(sv('proposals.sentForReview'));
    expect(await notice.getByTestId('proposal-notice-link').getAttribute('href')).toBe(`/app/${tree.id}/proposals`);
    await page.getByTestId('occupation-edit-form').waitFor({ state: 'detached' });
    expect(await page.getByTestId('form-error').count()).toBe(0);
    expect(await shell.pathname()).toBe(`/app/${tree.id}/person/${tree.rootId}`);
    expect(await page.getByTestId('person-occupation-text').textContent()).toBe(sv('person.occupation.none'));

    // The cousin's own proposals list it, waiting.
    await page.getByTestId('nav-tree-proposals').first().click();
    await proposal().waitFor();
    expect(await proposal().getAttribute('data-status')).toBe('pending');
    expect(await proposal().getByTestId('proposal-accept').count()).toBe(0);
    await proposal().getByTestId('proposal-withdraw').waitFor();
    await session.signOut();

    // The owner reviews it: who, what before and after; accepts it.
    await session.signIn(owner.cookie);
    await shell.goto(`/app/${tree.id}/proposals`);
    await proposal().getByTestId('proposal-changes').waitFor();
    const shown = (await proposal().textContent()) ?? '';
    expect(shown).toContain('Kalle');
    expect(shown).toContain('Sömmerska i Sunne');
    await session.screenshot('proposals-1280.png');

    // The owner changes the proposed value first: the request's body as fields, by their path.
    await proposal().getByTestId('proposal-edit').click();
    const editor = page.getByTestId('proposal-editor');
    const occupation = editor.locator('[data-testid="proposal-field"][data-key="occupation"]');
    await occupation.waitFor();
    expect(await occupation.inputValue()).toBe('Sömmerska i Sunne');
    // A value the route refuses is shown under its field, and nothing is kept.
    session.expectHttpError(400, /\/person\/[^/]+\/occ$/);
    await occupation.fill('S'.repeat(60));
    await editor.getByTestId('proposal-editor-save').click();
    await editor.getByText(sv('person.validation.occupationTooLong')).waitFor();
    await occupation.fill('Sömmerska och väverska i Sunne');
    await editor.getByTestId('proposal-editor-save').click();
    await editor.waitFor({ state: 'detached' });
    // The before and after show the changed value.
    await expect
      .poll(async () => (await proposal().getByTestId('proposal-changes').textContent()) ?? '')
      .toContain('Sömmerska och väverska i Sunne');
    expect(await proposal().getAttribute('data-status')).toBe('pending');
    await proposal().getByTestId('proposal-accept').click();
    await page.getByTestId('proposals-empty').waitFor();
    await page.getByTestId('proposals-filter').getByText(sv('proposals.filter.all')).click();
    await page.locator('[data-testid="proposals-list"][data-status="all"]').waitFor();
    expect(await proposal().getAttribute('data-status')).toBe('accepted');

    // Märta's page shows the accepted occupation.
    await shell.goto(`/app/${tree.id}/person/${tree.rootId}`);
    await expect
      .poll(() => page.getByTestId('person-occupation-text').textContent())
      .toBe('Sömmerska och väverska i Sunne');

    // The owner turns the e-mails about proposals off in the account settings; it stays off.
    await shell.goto('/account');
    const setting = page.getByTestId('account-notify-by-email');
    expect(await setting.isChecked()).toBe(true);
    await setting.click();
    await page.getByText(sv('common.notice.saved')).waitFor();
    await shell.goto('/account');
    await expect.poll(() => page.getByTestId('account-notify-by-email').isChecked()).toBe(false);
    await session.signOut();

    // A new person proposed by the cousin: nothing to show yet, so the dialog closes where the cousin
    // is (no "add another?" question about a person who does not exist yet), and the notice says it.
    await session.signIn(cousin.cookie);
    await shell.goto(`/app/${tree.id}/person/${tree.rootId}`);
    const personPage = new PersonPage(page);
    await personPage.openAddDialog('child');
    await personPage.form.fill({ firstName: 'Anders', lastName: 'Berg' });
    await personPage.form.submit();
    await page.getByTestId('proposal-notice').waitFor();
    await personPage.form.waitUntilClosed();
    expect(await page.getByTestId('person-form-another').count()).toBe(0);
    expect(await shell.pathname()).toBe(`/app/${tree.id}/person/${tree.rootId}`);
    expect(await page.getByTestId('person-children').textContent()).not.toContain('Anders');
  });
});

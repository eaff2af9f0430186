import { translate } from '@anor/core/i18n';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, browserAvailable, desktop, phone, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { LandingPage } from './pages/landing-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/password-pages.ts';
import { RegisterPage } from './pages/register-page.ts';
import { TreesPage } from './pages/trees-page.ts';

/** The newest e-mail's reset link, from its named links or else from its text, once it has arrived. */
async function newestResetLink(server: AppServer, to: string): Promise<string> {
  const link = async () => {
    const newest = (await server.readOutbox()).filter((mail) => mail.to === to).at(-1);
    return newest?.links?.resetPassword ?? newest?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  };
  await expect.poll(link, { message: `a reset e-mail to ${to} in the outbox` }).toBeTruthy();
  return (await link()) ?? '';
}

describe.skipIf(!browserAvailable())('account flow in the browser', () => {
  // The first visit shows the cookie banner, which this file answers itself.
  const session = useBrowserSession({ name: 'account', cookieConsent: false });
  let server: AppServer;
  let page: Page;

  beforeAll(() => {
    server = session.server;
    page = session.page;
  });

  const user = { firstName: 'Astrid', email: `astrid.${Date.now()}@example.com`, password: 'första-lösenordet' };
  const newPassword = 'andra-lösenordet-123';
  const treeName = 'Släkten Lindqvist';
  const renamedTree = 'Släkten Lindqvist från Uppsala';

  it('shows the landing page, at desktop and phone width', async () => {
    const shell = new AppShell(page, server.url);
    const landing = new LandingPage(page);
    await shell.goto('/');
    await landing.waitUntilShown();
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    await page.getByTestId('cookie-banner').waitFor();
    await shell.chooseNecessaryCookies();
    await session.screenshot('landing-1280.png', { fullPage: true });

    await page.setViewportSize(phone);
    await page.getByTestId('nav-burger').waitFor();
    await session.screenshot('landing-375.png', { fullPage: true });
    await page.setViewportSize(desktop);
  });

  it('registers, which signs the user in', async () => {
    await new LandingPage(page).tryForFree();
    await new AppShell(page, server.url).waitForPath('/register');
    await new RegisterPage(page).register(user);
    await new AppShell(page, server.url).waitForPath('/trees');
    await new TreesPage(page).waitUntilShown();
  });

  it('creates a tree, lands at its root with the welcome that closes, and shows its card', async () => {
    const trees = new TreesPage(page);
    await page.getByTestId('create-tree-name').fill(treeName);
    await page.getByTestId('create-tree-submit').click();
    // The new tree opens at its empty root, which the welcome asks to name; it can be closed.
    await new AppShell(page, server.url).waitForPath(/^\/app\/[^/]+\/person\/[^/]+$/);
    const welcome = page.locator('[data-testid="person-form-dialog"][data-mode="intro"]');
    await welcome.waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: translate('sv', 'common.close') })
      .click();
    await welcome.waitFor({ state: 'detached' });
    expect(await page.getByTestId('person-tree-name').textContent()).toBe(treeName);
    await page.goBack();
    await trees.waitUntilShown();
    const card = trees.card(treeName);
    await card.waitFor();
    // A free account's binding limit is its 20 persons, not the 5,000 items; and it has its one tree.
    expect(await card.getByTestId('tree-card-total').textContent()).toBe('1 av 20');
    expect(await card.getByTestId('tree-card-edit').isVisible()).toBe(true);
    await page.getByTestId('tree-limit').waitFor();

    await session.screenshot('trees-1280.png', { fullPage: true });
    await page.setViewportSize(phone);
    await session.screenshot('trees-375.png', { fullPage: true });
    await page.setViewportSize(desktop);

    await trees.openTree(treeName);
    await new AppShell(page, server.url).waitForPath(/^\/app\/[^/]+\/person\/[^/]+$/);
    await page.getByTestId('person-page').waitFor();
    expect(await page.getByTestId('person-tree-name').textContent()).toBe(treeName);
    await page.goBack();
    await trees.waitUntilShown();
  });

  it('renames the tree', async () => {
    const trees = new TreesPage(page);
    await trees.renameTree(treeName, renamedTree);
    expect(await trees.cardNames()).toEqual([renamedTree]);
  });

  it('signs out, after which the tree list asks for a session', async () => {
    const shell = new AppShell(page, server.url);
    await shell.logOut();
    await shell.goto('/trees');
    await shell.waitForPath('/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe('/trees');
    expect(await new LoginPage(page).notice()).toBe(translate('sv', 'auth.error.sessionRequired'));
  });

  it('resets the forgotten password through the e-mailed link', async () => {
    const login = new LoginPage(page);
    await login.openForgotPassword();
    await new ForgotPasswordPage(page).requestLink(user.email);

    const link = await newestResetLink(server, user.email);
    const target = new URL(link);
    expect(target.pathname).toBe('/reset-password');
    expect(target.searchParams.get('token')).toBeTruthy();
    await page.goto(new URL(`${target.pathname}${target.search}`, server.url).toString());

    const reset = new ResetPasswordPage(page);
    await reset.setPassword(newPassword);
    await reset.goToLogin();
  });

  it('refuses the old password and signs in with the new one', async () => {
    const login = new LoginPage(page);
    session.expectHttpError(401, /\/api\/auth\/signin\/credentials$/);
    await login.logIn(user.email, user.password);
    expect(await login.formError()).toBe(translate('sv', 'auth.error.invalidCredentials'));

    await login.logIn(user.email, newPassword);
    await new AppShell(page, server.url).waitForPath('/trees');
    const trees = new TreesPage(page);
    await trees.waitUntilShown();
    await trees.card(renamedTree).waitFor();
  });

  it('deletes the tree with the password, showing a wrong password in the dialog', async () => {
    const trees = new TreesPage(page);
    session.expectHttpError(401, /\/api\/[^/]+\/tree\/[^/]+$/);
    await trees.submitDeleteTree(renamedTree, 'not-the-password');
    // 401 wrongPassword belongs to the form: the user stays signed in, on this page.
    expect(await trees.deletePasswordError()).toBe(translate('sv', 'auth.error.wrongPassword'));
    expect(await new AppShell(page, server.url).pathname()).toBe('/trees');

    await trees.submitDeleteTree(renamedTree, newPassword);
    await trees.waitForDeleteDialogToClose();
    await page.getByTestId('trees-empty').waitFor();
    expect(await trees.cardNames()).toEqual([]);
  });
});

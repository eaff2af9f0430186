import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { fieldError, isInvalid } from './pages/fields.ts';
import { LoginPage } from './pages/login-page.ts';

/**
 * The account page's e-mail and password changes: each needs the current password, says what was
 * wrong under the field it belongs to, and afterwards only the new address or password signs in.
 */
describe.skipIf(!browserAvailable())('changing e-mail and password in the browser', () => {
  const session = useBrowserSession({ name: 'account-settings', timeout: 15_000 });
  let page: Page;
  let shell: AppShell;
  let api: ApiUser;
  let oldEmail = '';
  let otherEmail = '';
  const newEmail = `greta.ny.${Date.now()}@example.com`;
  const password = 'gamla-lösenordet-1';
  const newPassword = 'nya-lösenordet-22';

  const currentEmail = () => page.getByTestId('account-current-email').textContent();
  const notice = (key: string) =>
    page
      .locator('.mantine-Notification-root')
      .filter({ hasText: sv(key) })
      .waitFor();

  /** Signs in through the form (signed out); whether it worked: the tree list, or the form's error. */
  async function signsIn(email: string, secret: string): Promise<boolean> {
    await shell.goto('/login');
    session.expectHttpError(401, /\/api\/auth\/signin\/credentials$/);
    await new LoginPage(page).logIn(email, secret);
    const error = page.getByTestId('form-error');
    await error.or(page.getByTestId('trees-page')).first().waitFor();
    return (await error.count()) === 0;
  }

  beforeAll(async () => {
    page = session.page;
    shell = new AppShell(page, session.server.url);
    api = await registerApiUser(session.server, { fName: 'Greta', password });
    const other = await registerApiUser(session.server, { fName: 'Olle', password: 'någon-annans-1' });
    otherEmail = other.email;
    await session.signIn(api.cookie);
  });

  it('shows the current address on the account page', async () => {
    await shell.goto('/account');
    await page.getByTestId('account-page').waitFor();
    oldEmail = api.email;
    await expect.poll(currentEmail).toBe(oldEmail);
  });

  it('refuses to change the e-mail without the current password, or with a wrong one', async () => {
    await page.getByTestId('change-email-input').fill(newEmail);
    await page.getByTestId('change-email-submit').click();
    expect(await fieldError(page, 'change-email-password')).not.toBe('');

    session.expectHttpError(401, /\/api\/user\/[^/]+\/email$/);
    await page.getByTestId('change-email-password').fill('fel-lösenord-99');
    await page.getByTestId('change-email-submit').click();
    await page.locator('[data-testid="change-email-password"][aria-invalid="true"]').waitFor();
    expect(await fieldError(page, 'change-email-password')).toMatch(/lösenord/i);
    expect(await isInvalid(page, 'change-email-input')).toBe(false);
    expect(await currentEmail()).toBe(oldEmail);
  });

  it("refuses another account's address under the e-mail field", async () => {
    session.expectHttpError(409, /\/api\/user\/[^/]+\/email$/);
    await page.getByTestId('change-email-input').fill(otherEmail);
    await page.getByTestId('change-email-password').fill(password);
    await page.getByTestId('change-email-submit').click();
    expect(await fieldError(page, 'change-email-input')).toBe(sv('auth.error.emailExists'));
    expect(await currentEmail()).toBe(oldEmail);
  });

  it('changes the e-mail with the current password and tells the old address', async () => {
    await page.getByTestId('change-email-input').fill(newEmail);
    await page.getByTestId('change-email-password').fill(password);
    await page.getByTestId('change-email-submit').click();
    await notice('account.email.done');
    await expect.poll(currentEmail).toBe(newEmail);
    // The form is emptied, the password not kept in it.
    expect(await page.getByTestId('change-email-input').inputValue()).toBe('');
    expect(await page.getByTestId('change-email-password').inputValue()).toBe('');
    await expect.poll(async () => (await session.server.readOutbox()).some((mail) => mail.to === oldEmail)).toBe(true);
  });

  it('signs in with the new address only', async () => {
    await shell.logOut();
    expect(await signsIn(oldEmail, password)).toBe(false);
    expect(await signsIn(newEmail, password)).toBe(true);
  });

  it('checks the new password in the form: long enough, typed twice alike', async () => {
    await shell.goto('/account');
    await page.getByTestId('change-password-form').waitFor();
    await page.getByTestId('change-password-current').fill(password);
    await page.getByTestId('change-password-new').fill('kort');
    await page.getByTestId('change-password-confirm').fill('kort');
    await page.getByTestId('change-password-submit').click();
    expect(await fieldError(page, 'change-password-new')).not.toBe('');

    await page.getByTestId('change-password-new').fill(newPassword);
    await page.getByTestId('change-password-confirm').fill(`${newPassword}x`);
    await page.getByTestId('change-password-submit').click();
    expect(await fieldError(page, 'change-password-confirm')).toBe(sv('auth.error.passwordMismatch'));
  });

  it('refuses a wrong current password under its field', async () => {
    session.expectHttpError(401, /\/api\/user\/[^/]+\/password$/);
    await page.getByTestId('change-password-current').fill('fel-lösenord-99');
    await page.getByTestId('change-password-confirm').fill(newPassword);
    await page.getByTestId('change-password-submit').click();
    expect(await fieldError(page, 'change-password-current')).toMatch(/lösenord/i);
    // Still signed in, on the same page.
    expect(await shell.pathname()).toBe('/account');
  });

  it('changes the password, after which only the new one signs in', async () => {
    await page.getByTestId('change-password-current').fill(password);
    await page.getByTestId('change-password-new').fill(newPassword);
    await page.getByTestId('change-password-confirm').fill(newPassword);
    await page.getByTestId('change-password-submit').click();
    await notice('account.password.done');
    expect(await page.getByTestId('change-password-current').inputValue()).toBe('');

    await shell.logOut();
    expect(await signsIn(newEmail, password)).toBe(false);
    expect(await signsIn(newEmail, newPassword)).toBe(true);
  });
});

import { prices } from '@anor/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { fieldError } from './pages/fields.ts';

/** Swedish numbers as the pages write them (a no-break space between thousands). */
const amount = (value: number) => sv('pricing.amount', { amount: new Intl.NumberFormat('sv-SE').format(value) });

/**
 * The public pages around the tree: the cookie choice (banner and policy page), the contact form
 * and the pricing page with its subscription dialog, signed out and signed in.
 */
describe.skipIf(!browserAvailable())('cookie choice, contact form and pricing in the browser', () => {
  // The cookie choice is this file's subject: nothing is chosen before the first page.
  const session = useBrowserSession({ name: 'site-pages', cookieConsent: false, timeout: 15_000 });
  let page: Page;
  let shell: AppShell;

  const storedConsent = () => page.evaluate(() => localStorage.getItem('anor.cookieConsent'));

  beforeAll(() => {
    page = session.page;
    shell = new AppShell(page, session.server.url);
  });

  describe('the cookie choice', () => {
    it('asks on the first visit, links to the policy, and stays away once all are accepted', async () => {
      await shell.goto('/');
      const banner = page.getByTestId('cookie-banner');
      await banner.waitFor();
      expect(await storedConsent()).toBeNull();
      expect(await banner.textContent()).toContain(sv('cookies.banner.text'));

      // The policy page has the choice on it, so the banner leaves it alone.
      await banner.getByRole('link', { name: sv('cookies.banner.readMore') }).click();
      await shell.waitForPath('/cookies');
      await page.getByTestId('cookie-policy-page').waitFor();
      await banner.waitFor({ state: 'detached' });
      expect(await page.getByTestId('cookie-current-choice').textContent()).toBe(sv('cookies.policy.noChoice'));
      await page.goBack();
      await shell.waitForPath('/');

      await banner.getByTestId('cookie-accept-all').click();
      await banner.waitFor({ state: 'detached' });
      expect(await storedConsent()).toBe('all');
      await page.reload();
      await page.getByTestId('landing-page').waitFor();
      expect(await banner.count()).toBe(0);
    });

    it('changes the choice on the policy page, where the current one is shown', async () => {
      await shell.goto('/cookies');
      const current = page.getByTestId('cookie-current-choice');
      await current.waitFor();
      expect(await current.textContent()).toBe(
        sv('cookies.policy.currentChoice', { choice: sv('cookies.acceptAllChoice') }),
      );
      const necessary = page.getByTestId('cookie-policy-only-necessary');
      const all = page.getByTestId('cookie-policy-accept-all');
      expect(await all.getAttribute('aria-pressed')).toBe('true');
      expect(await necessary.getAttribute('aria-pressed')).toBe('false');

      await necessary.click();
      await page.locator('[data-testid="cookie-policy-only-necessary"][aria-pressed="true"]').waitFor();
      expect(await all.getAttribute('aria-pressed')).toBe('false');
      expect(await current.textContent()).toBe(
        sv('cookies.policy.currentChoice', { choice: sv('cookies.onlyNecessaryChoice') }),
      );
      await page
        .getByRole('status')
        .filter({ hasText: sv('cookies.policy.saved') })
        .waitFor();
      expect(await storedConsent()).toBe('necessary');

      // Kept across pages and visits.
      await shell.goto('/');
      await page.getByTestId('landing-page').waitFor();
      expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    });

    it('asks again once the choice is gone, and "only necessary" answers it', async () => {
      await page.evaluate(() => localStorage.removeItem('anor.cookieConsent'));
      await shell.goto('/pricing');
      const banner = page.getByTestId('cookie-banner');
      await banner.getByTestId('cookie-only-necessary').click();
      await banner.waitFor({ state: 'detached' });
      expect(await storedConsent()).toBe('necessary');
    });
  });

  describe('the contact form', () => {
    it('checks the message where it is typed, then sends it to support with the reply address', async () => {
      await shell.goto('/contact');
      const form = page.getByTestId('contact-form');
      await form.waitFor();
      const sender = page.getByTestId('contact-sender');
      expect(await sender.inputValue()).toBe('');

      // Nothing typed: refused in the form, nothing sent.
      await sender.fill('karin.ek@example.com');
      await page.getByTestId('contact-submit').click();
      expect(await fieldError(page, 'contact-text')).toBe(sv('contact.validation.textRequired'));

      // Too long: the counter says so, and the form refuses it.
      const text = page.getByTestId('contact-text');
      await text.fill('x'.repeat(501));
      await expect
        .poll(() => page.getByTestId('contact-counter').textContent())
        .toBe(sv('contact.form.counter', { length: 501, max: 500 }));
      await page.getByTestId('contact-submit').click();
      expect(await fieldError(page, 'contact-text')).toBe(sv('contact.validation.textTooLong'));
      expect((await session.server.readOutbox()).filter((mail) => mail.replyTo === 'karin.ek@example.com')).toEqual([]);

      const message = 'Hej! Hur för jag över mitt släktträd från ett annat program?';
      await text.fill(message);
      await page.getByTestId('contact-submit').click();
      const thanks = page.getByTestId('contact-thanks');
      await thanks.waitFor();
      expect(await thanks.textContent()).toContain(sv('contact.thanks.text', { email: 'karin.ek@example.com' }));

      const [mail] = (await session.server.readOutbox()).filter((sent) => sent.replyTo === 'karin.ek@example.com');
      expect(mail?.to).toBe('support@anor.local');
      expect(mail?.subject).toBe(`${sv('email.contact.subject')} (karin.ek@example.com)`);
      expect(mail?.text).toContain(message);

      // Another message starts from an empty text, the address kept.
      await thanks.getByRole('button', { name: sv('contact.thanks.again') }).click();
      await form.waitFor();
      expect(await sender.inputValue()).toBe('karin.ek@example.com');
      expect(await text.inputValue()).toBe('');
    });

    it("starts with a signed-in user's address", async () => {
      const user = await registerApiUser(session.server, { fName: 'Karin', password: 'kontakta-oss-1' });
      await session.signIn(user.cookie);
      await shell.goto('/contact');
      const sender = page.getByTestId('contact-sender');
      await expect.poll(() => sender.inputValue()).toMatch(/^karin\.\d+@example\.com$/);
      await shell.logOut();
    });
  });

  describe('pricing and the subscription dialog', () => {
    let api: ApiUser;

    it('shows the three plans with their prices and the yearly saving', async () => {
      await shell.goto('/pricing');
      await page.getByTestId('pricing-page').waitFor();
      for (const plan of ['free', 'monthly', 'yearly'] as const) {
        expect(await page.getByTestId(`pricing-price-${plan}`).textContent()).toBe(amount(prices[plan]));
      }
      expect(await page.getByTestId('pricing-savings').count()).toBe(1);
      expect(await page.getByTestId('pricing-card-yearly').getByTestId('pricing-savings').count()).toBe(1);
      // Signed out, the free plan leads to registering.
      expect(await page.getByTestId('pricing-start-free').getAttribute('href')).toBe('/register');
    });

    it('shows a visitor how to pay and to register first, and closes', async () => {
      await page.getByTestId('pricing-subscribe-yearly').click();
      const dialog = page.getByTestId('subscription-dialog');
      const number = dialog.getByTestId('subscription-payment-number');
      await number.waitFor();
      expect(await number.textContent()).toBe('123 456 78 90');
      expect(await dialog.getByTestId('subscription-payment-recipient').textContent()).toBe('Anor Test AB');
      expect(await dialog.getByTestId('subscription-option-monthly').textContent()).toContain(amount(prices.monthly));
      expect(await dialog.getByTestId('subscription-option-yearly').textContent()).toContain(amount(prices.yearly));
      const steps = dialog.getByTestId('subscription-instructions');
      expect(await steps.textContent()).toContain(sv('subscription.step2'));
      const register = dialog.getByRole('link', { name: sv('landing.tryFree') });
      expect(await register.getAttribute('href')).toBe('/register');

      await dialog
        .getByRole('button', { name: sv('common.close'), exact: true })
        .last()
        .click();
      await dialog.waitFor({ state: 'hidden' });
    });

    it('copies the payment number', async () => {
      await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.url });
      await page.getByTestId('pricing-subscribe-monthly').click();
      const dialog = page.getByTestId('subscription-dialog');
      await dialog.getByRole('button', { name: sv('subscription.copy') }).click();
      await dialog.getByRole('button', { name: sv('subscription.copied') }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('123 456 78 90');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });

    it("tells a signed-in user that the payment's e-mail is their own, and the free plan leads to the trees", async () => {
      api = await registerApiUser(session.server, { fName: 'Nils', password: 'prenumerera-1' });
      await session.signIn(api.cookie);
      await shell.goto('/pricing');
      const free = page.getByTestId('pricing-start-free');
      await page.locator('[data-testid="pricing-start-free"][href="/trees"]').waitFor();
      expect(await free.textContent()).toBe(sv('pricing.goToTrees'));

      await page.getByTestId('pricing-subscribe-monthly').click();
      const dialog = page.getByTestId('subscription-dialog');
      const steps = dialog.getByTestId('subscription-instructions');
      await steps.waitFor();
      expect(await steps.textContent()).toMatch(/nils\.\d+@example\.com/);
      expect(await dialog.getByRole('link', { name: sv('landing.tryFree') }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await free.click();
      await shell.waitForPath('/trees');
    });
  });
});

import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('login-form').waitFor();
  }

  async notice(): Promise<string> {
    return (await this.page.getByTestId('login-notice').textContent()) ?? '';
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.waitUntilShown();
    await this.page.getByTestId('login-email').fill(email);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  /** The error shown above the button after a failed attempt. */
  async formError(): Promise<string> {
    const error = this.page.getByTestId('form-error');
    await error.waitFor();
    return (await error.textContent()) ?? '';
  }

  async openForgotPassword(): Promise<void> {
    await this.page.getByTestId('login-forgot-password').click();
  }
}

import type { Page } from 'playwright-core';

export class ForgotPasswordPage {
  constructor(private readonly page: Page) {}

  async requestLink(email: string): Promise<void> {
    await this.page.getByTestId('forgot-form').waitFor();
    await this.page.getByTestId('forgot-email').fill(email);
    await this.page.getByTestId('forgot-submit').click();
    await this.page.getByTestId('forgot-sent').waitFor();
  }
}

export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  async setPassword(password: string): Promise<void> {
    await this.page.getByTestId('reset-form').waitFor();
    await this.page.getByTestId('reset-password').fill(password);
    await this.page.getByTestId('reset-confirm').fill(password);
    await this.page.getByTestId('reset-submit').click();
    await this.page.getByTestId('reset-done').waitFor();
  }

  async goToLogin(): Promise<void> {
    await this.page.getByTestId('reset-login').click();
  }
}

import type { Page } from 'playwright-core';

export class RegisterPage {
  constructor(private readonly page: Page) {}

  async register(user: { firstName: string; email: string; password: string }): Promise<void> {
    await this.page.getByTestId('register-form').waitFor();
    await this.page.getByTestId('register-first-name').fill(user.firstName);
    await this.page.getByTestId('register-email').fill(user.email);
    await this.page.getByTestId('register-password').fill(user.password);
    await this.page.getByTestId('register-submit').click();
  }
}

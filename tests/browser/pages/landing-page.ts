import type { Page } from 'playwright-core';

export class LandingPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('landing-page').waitFor();
    await this.page.getByTestId('landing-try-free').waitFor();
  }

  async tryForFree(): Promise<void> {
    await this.page.getByTestId('landing-try-free').click();
  }
}

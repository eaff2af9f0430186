import type { Page } from 'playwright-core';

/** The header, burger menu and cookie banner that every page shares. */
export class AppShell {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
  }

  /** Answers the cookie banner (if it shows) with "only necessary". */
  async chooseNecessaryCookies(): Promise<void> {
    const button = this.page.getByTestId('cookie-only-necessary');
    await button.waitFor();
    await button.click();
    await this.page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
  }

  /** Logs out through the header, or through the burger menu on a small screen. */
  async logOut(): Promise<void> {
    const headerButton = this.page.getByTestId('header-logout');
    if (await headerButton.isVisible()) {
      await headerButton.click();
    } else {
      await this.page.getByTestId('nav-burger').click();
      await this.page.getByTestId('navbar-logout').click();
    }
    await this.page.getByTestId('signout-done').waitFor();
  }

  async pathname(): Promise<string> {
    return new URL(this.page.url()).pathname;
  }

  async waitForPath(pathname: string | RegExp): Promise<void> {
    await this.page.waitForURL((url) =>
      typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
    );
  }
}

import type { Locator, Page } from 'playwright-core';

export type SearchType = 'persons' | 'events' | 'places' | 'records' | 'repositories';

/** The tree-wide search (/app/:treeId/search): one search box, a tab per type with its count, the tab's list. */
export class SearchPage {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('search-page');
  }

  get input(): Locator {
    return this.page.getByTestId('search-input');
  }

  async waitUntilShown(): Promise<void> {
    await this.root.waitFor();
  }

  async search(text: string): Promise<void> {
    await this.input.fill(text);
  }

  tab(type: SearchType): Locator {
    return this.page.getByTestId(`search-tab-${type}`);
  }

  /** The tab's count once this search's count is in (not one kept from the previous search). */
  async count(type: SearchType): Promise<number | null> {
    const badge = this.tab(type).getByTestId('search-tab-count');
    if ((await badge.count()) === 0 || (await badge.getAttribute('data-stale')) !== null) return null;
    return Number((await badge.textContent())?.replace(/\D/g, ''));
  }

  async counts(): Promise<Record<SearchType, number | null>> {
    return {
      persons: await this.count('persons'),
      events: await this.count('events'),
      places: await this.count('places'),
      records: await this.count('records'),
      repositories: await this.count('repositories'),
    };
  }

  /** Which tab is shown. */
  async activeTab(): Promise<string | null> {
    const active = this.page.locator('[data-testid^="search-tab-"][aria-selected="true"]');
    return ((await active.getAttribute('data-testid')) ?? '').replace('search-tab-', '') || null;
  }

  async showTab(type: SearchType): Promise<void> {
    await this.tab(type).click();
    await this.page.getByTestId(`search-${type}`).waitFor();
  }

  /** The rows of the list shown (`person-row`, `event-row`, `place-row`, `record-row`, `repository-row`). */
  rows(type: SearchType): Locator {
    const rowTestId = {
      persons: 'person-row',
      events: 'event-row',
      places: 'place-row',
      records: 'record-row',
      repositories: 'repository-row',
    }[type];
    return this.page.getByTestId(`search-${type}`).getByTestId(rowTestId);
  }
}

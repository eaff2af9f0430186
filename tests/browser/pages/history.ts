import type { Locator, Page } from 'playwright-core';

/** The change history's parts (issue 21): an object's History section and the Recent changes page. */
export class HistoryPanel {
  constructor(private readonly page: Page) {}

  /** The change sets shown (in an object's section or on the recent changes page), newest first. */
  get changeSets(): Locator {
    return this.page.getByTestId('history-change-set');
  }

  changeSet(id: number): Locator {
    return this.page.locator(`[data-testid="history-change-set"][data-change-set="${id}"]`);
  }

  /** Opens the History section of a person, event or place page. */
  async openObjectHistory(): Promise<void> {
    await this.page.getByTestId('object-history-toggle').click();
    await this.page.getByTestId('object-history-list').or(this.page.getByTestId('object-history-empty')).waitFor();
  }

  /** Clicks "Undo" on a change set and confirms it. */
  async undo(changeSet: Locator): Promise<void> {
    await changeSet.getByTestId('history-undo').first().click();
    await this.page.getByTestId('history-undo-confirm').click();
  }

  /** Waits until the recent changes page shows the list drawn for a kind filter, with nothing being fetched. */
  async recentListFor(kind: string): Promise<void> {
    await this.page
      .locator(`[data-testid="recent-changes-list"][data-kind-filter="${kind}"][aria-busy="false"]`)
      .waitFor();
  }

  /**
   * Waits until the recent changes page shows the list (or its empty text) drawn for these filters
   * (the others unset), with nothing being fetched.
   */
  async recentShownFor(filters: { kind?: string; person?: string; from?: string; to?: string }): Promise<void> {
    const attributes = [
      `[data-kind-filter="${filters.kind ?? ''}"]`,
      `[data-person-filter="${filters.person ?? ''}"]`,
      `[data-from-filter="${filters.from ?? ''}"]`,
      `[data-to-filter="${filters.to ?? ''}"]`,
      '[aria-busy="false"]',
    ].join('');
    await this.page
      .locator(`[data-testid="recent-changes-list"]${attributes}, [data-testid="recent-changes-empty"]${attributes}`)
      .waitFor();
  }

  /** The name of the object each change set shown changed first, newest first. */
  async objectLabels(): Promise<string[]> {
    return this.changeSets.evaluateAll((cards) =>
      cards.map((card) => card.querySelector('[data-testid="history-object-label"]')?.textContent ?? ''),
    );
  }

  /** Chooses a person in the recent changes page's filter, found by a search. */
  async filterByPerson(search: string, name: string): Promise<void> {
    await this.page.getByTestId('recent-changes-person').click();
    const dialog = this.page.getByTestId('recent-changes-person-dialog');
    await dialog.getByTestId('person-search-search').fill(search);
    await dialog.getByTestId('person-row').filter({ hasText: name }).first().click();
    await dialog.waitFor({ state: 'detached' });
  }

  /**
   * Sets the recent changes page's dates (YYYY-MM-DD; '' clears one), one after the other: each is
   * written to the address before the next is typed, as a user's typing would be.
   */
  async filterByDates(from: string, to: string): Promise<void> {
    for (const [name, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      await this.page.getByTestId(`recent-changes-${name}`).fill(value);
      await this.page.waitForURL((url) => (url.searchParams.get(name) ?? '') === value);
    }
  }

  /** Chooses a kind in the recent changes page's filter (its label in the page's language). */
  async filterByKind(label: string): Promise<void> {
    await this.page.getByTestId('recent-changes-kind').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }
}

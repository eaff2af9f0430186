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

  /** Chooses a kind in the recent changes page's filter (its label in the page's language). */
  async filterByKind(label: string): Promise<void> {
    await this.page.getByTestId('recent-changes-kind').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }
}

import type { Locator, Page } from 'playwright-core';

/** The person list of a tree (/app/:treeId/persons) and its list component. */
export class PersonListPage {
  constructor(private readonly page: Page) {}

  get rows(): Locator {
    return this.page.getByTestId('person-row');
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('person-list-page').waitFor();
    await this.page.getByTestId('person-list-rows').waitFor();
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('person-list-search').fill(text);
  }

  async clearSearch(): Promise<void> {
    await this.page.getByTestId('person-list-search-clear').click();
  }

  /** Picks a gender in the filter by its visible label. */
  async filterGender(label: string): Promise<void> {
    await this.page.getByTestId('person-filter-gender').getByText(label, { exact: true }).click();
  }

  async chooseListType(label: string): Promise<void> {
    await this.page.getByTestId('person-list-type').getByText(label, { exact: true }).click();
  }

  /** The names of the rows shown, top to bottom. */
  async names(): Promise<string[]> {
    return this.page.getByTestId('person-row-name').allTextContents();
  }

  async genders(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-gender') ?? ''));
  }

  /** The initial letters shown in the alphabetical gutter, top to bottom. */
  async groupLetters(): Promise<string[]> {
    return this.page.getByTestId('person-list-group').allTextContents();
  }

  async summary(): Promise<string> {
    return (await this.page.getByTestId('person-list-summary').textContent()) ?? '';
  }

  /** The current page's number, or null when there is only one page (and no pagination). */
  async currentPage(): Promise<string | null> {
    const current = this.page.locator('[data-testid="person-list-pagination-page"][aria-current="page"]');
    return (await current.count()) > 0 ? current.textContent() : null;
  }

  async nextPage(): Promise<void> {
    await this.page.getByTestId('person-list-pagination-next').click();
  }

  async goToPage(page: number): Promise<void> {
    await this.page.locator(`[data-testid="person-list-pagination-page"][data-page="${page}"]`).click();
  }

  async openRow(name: string): Promise<void> {
    await this.rows.filter({ has: this.page.getByText(name, { exact: true }) }).click();
  }
}

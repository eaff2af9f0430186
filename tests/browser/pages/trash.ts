import type { Locator, Page } from 'playwright-core';

/** The tree's trash at /app/:treeId/trash, and the deleted trees on the trees page (issue 21). */
export class TrashPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('trash-page').waitFor();
  }

  /** A deleted object's card, by the name it had. */
  item(name: string): Locator {
    return this.page
      .getByTestId('trash-item')
      .filter({ has: this.page.getByTestId('trash-item-name').getByText(name, { exact: true }) });
  }

  async restore(name: string): Promise<void> {
    await this.item(name).getByTestId('trash-restore').click();
  }

  deletedTree(name: string): Locator {
    return this.page.getByTestId('deleted-tree').filter({ hasText: name });
  }
}

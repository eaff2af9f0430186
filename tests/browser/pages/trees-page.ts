import type { Locator, Page } from 'playwright-core';

/** The tree list at /trees: the create form, the tree cards and their rename and delete dialogs. */
export class TreesPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('trees-page').waitFor();
    await this.page.getByTestId('create-tree-form').waitFor();
  }

  card(name: string): Locator {
    return this.page.getByTestId('tree-card').filter({
      has: this.page.getByTestId('tree-card-name').getByText(name, { exact: true }),
    });
  }

  async cardNames(): Promise<string[]> {
    return this.page.getByTestId('tree-card-name').allTextContents();
  }

  /** Creates a tree with the form; the app then opens the new tree at its root person. */
  async createTree(name: string): Promise<void> {
    await this.page.getByTestId('create-tree-name').fill(name);
    await this.page.getByTestId('create-tree-submit').click();
    await this.page.waitForURL((address) => /^\/app\/[^/]+\/person\/[^/]+$/.test(address.pathname));
  }

  async openTree(name: string): Promise<void> {
    await this.card(name).getByTestId('tree-card-name').click();
  }

  async renameTree(from: string, to: string): Promise<Locator> {
    await this.card(from).getByTestId('tree-card-edit').click();
    const input = this.page.getByTestId('rename-tree-name');
    await input.waitFor();
    await input.fill(to);
    await this.page.getByTestId('rename-tree-submit').click();
    await this.page.getByTestId('rename-tree-form').waitFor({ state: 'detached' });
    const card = this.card(to);
    await card.waitFor();
    return card;
  }

  /** Opens the delete dialog of a tree and submits the password; the dialog stays open on an error. */
  async submitDeleteTree(name: string, password: string): Promise<void> {
    const form = this.page.getByTestId('delete-tree-form');
    if (!(await form.isVisible())) await this.card(name).getByTestId('tree-card-delete').click();
    await this.page.getByTestId('delete-tree-password').fill(password);
    await this.page.getByTestId('delete-tree-submit').click();
  }

  /** The error under the password field of the delete dialog. */
  async deletePasswordError(): Promise<string> {
    const input = this.page.getByTestId('delete-tree-password');
    await this.page.locator('[data-testid="delete-tree-password"][aria-invalid="true"]').waitFor();
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    return errorId ? ((await this.page.locator(`[id="${errorId}"]`).textContent()) ?? '') : '';
  }

  async waitForDeleteDialogToClose(): Promise<void> {
    await this.page.getByTestId('delete-tree-form').waitFor({ state: 'detached' });
  }
}

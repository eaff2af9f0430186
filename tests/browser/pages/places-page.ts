import type { Locator, Page } from 'playwright-core';

/** The places list of a tree (/app/:treeId/places) with its "find or add a place" picker. */
export class PlacesPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('places-page').waitFor();
    await this.page.getByTestId('places-list').waitFor();
  }

  get picker(): Locator {
    return this.page.getByTestId('places-find-input');
  }

  /** Types a place into the picker and confirms it with Enter before any suggestion shows. */
  async findOrAdd(text: string): Promise<void> {
    await this.picker.fill(text);
    await this.picker.press('Enter');
  }

  /** Types, waits for the suggestions (they open after the pause in typing), and takes one with the keyboard. */
  async chooseSuggestion(text: string, name: string): Promise<void> {
    await this.picker.fill(text);
    const option = this.page.getByTestId('places-find-input-option').filter({ hasText: name }).first();
    await option.waitFor();
    const options = await this.page.getByTestId('places-find-input-option').allTextContents();
    const index = options.findIndex((label) => label.startsWith(name));
    for (let step = 0; step <= index; step += 1) await this.picker.press('ArrowDown');
    await this.picker.press('Enter');
  }

  /** The names of the rows shown, top to bottom. */
  async names(): Promise<string[]> {
    return this.page.getByTestId('place-row-name').allTextContents();
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('places-list-search').fill(text);
  }
}

/** The location dialog (a modal) or its inline form on the location page. */
export class LocationDialog {
  constructor(private readonly page: Page) {}

  get modal(): Locator {
    return this.page.getByTestId('location-dialog');
  }

  get details(): Locator {
    return this.page.getByTestId('location-details').first();
  }

  /** Waits until the dialog shows the place (in view mode). */
  async waitForPlace(name: string): Promise<void> {
    await this.page.locator('[data-testid="location-details"][data-mode="view"]').waitFor();
    await this.page.getByTestId('location-name').filter({ hasText: name }).waitFor();
  }

  async locationId(): Promise<string> {
    return (await this.details.getAttribute('data-location-id')) ?? '';
  }

  async name(): Promise<string> {
    return (await this.page.getByTestId('location-name').textContent()) ?? '';
  }

  async breadcrumb(): Promise<string[]> {
    return this.page.getByTestId('location-breadcrumb-item').allTextContents();
  }

  async jumpTo(ancestor: string): Promise<void> {
    await this.page.getByTestId('location-breadcrumb-item').filter({ hasText: ancestor }).click();
    await this.waitForPlace(ancestor);
  }

  async edit(): Promise<void> {
    await this.page.getByTestId('location-edit').click();
    await this.page.getByTestId('location-edit-form').waitFor();
  }

  async save(): Promise<void> {
    await this.page.getByTestId('location-save').click();
  }

  /** Closes the modal with Escape and waits until it is gone. */
  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('location-details').waitFor({ state: 'detached' });
  }
}

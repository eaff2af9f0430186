import type { Locator, Page } from 'playwright-core';

/**
 * The person page's edits of the person's own fields (the name dialog and the description), and
 * the notice a save meets when the person was saved elsewhere since the form loaded it.
 */
export class PersonEdits {
  constructor(private readonly page: Page) {}

  get firstName(): Locator {
    return this.page.getByTestId('name-edit-first-name');
  }

  get description(): Locator {
    return this.page.getByTestId('person-description-input');
  }

  get conflict(): Locator {
    return this.page.getByTestId('person-conflict');
  }

  /** The stored values the conflict notice shows. */
  async storedValues(): Promise<string> {
    return (await this.page.getByTestId('person-conflict-stored').textContent()) ?? '';
  }

  async openNameEdit(): Promise<void> {
    await this.page.getByTestId('person-name-edit').click();
    await this.page.getByTestId('name-edit-form').waitFor();
  }

  async saveName(): Promise<void> {
    await this.page.getByTestId('name-edit-submit').click();
  }

  async waitNameEditClosed(): Promise<void> {
    await this.page.getByTestId('name-edit-form').waitFor({ state: 'detached' });
  }

  /** Opens the gender dialog and chooses the gender by its label (the dialog stays open). */
  async chooseGender(label: string): Promise<void> {
    await this.page.getByTestId('person-gender-edit').click();
    await this.page.getByTestId('gender-edit-form').waitFor();
    await this.page.getByTestId('gender-edit-control').getByText(label, { exact: true }).click();
  }

  async saveGender(): Promise<void> {
    await this.page.getByTestId('gender-edit-submit').click();
  }

  async waitGenderEditClosed(): Promise<void> {
    await this.page.getByTestId('gender-edit-form').waitFor({ state: 'detached' });
  }

  /** Adds or changes the occupation and saves it. */
  async saveOccupation(occupation: string): Promise<void> {
    await this.page.getByTestId('person-occupation-edit').click();
    await this.page.getByTestId('occupation-edit-input').fill(occupation);
    await this.page.getByTestId('occupation-edit-submit').click();
    await this.page.getByTestId('occupation-edit-form').waitFor({ state: 'detached' });
  }

  async saveDescription(): Promise<void> {
    await this.page.getByTestId('person-description-save').click();
  }

  /** The conflict's ways out: the stored version into the form, or the typed one saved over it. */
  async takeStored(): Promise<void> {
    await this.page.getByTestId('person-conflict-reload').click();
    await this.conflict.waitFor({ state: 'detached' });
  }

  async saveOver(): Promise<void> {
    await this.page.getByTestId('person-conflict-overwrite').click();
  }
}

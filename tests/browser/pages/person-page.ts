import type { Locator, Page } from 'playwright-core';

export type RootRelation = 'root' | 'ancestor' | 'descendant' | 'none';

export interface NewPerson {
  firstName: string;
  lastName?: string;
  /** The gender's label in the interface language, as the segmented control shows it. */
  genderLabel?: string;
}

/** The person create dialog: "search existing" and "create new", and the "add another?" question. */
export class PersonFormDialog {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.locator('.mantine-Modal-content').filter({ has: this.page.getByTestId('person-form-dialog') });
  }

  async waitForMode(mode: string): Promise<void> {
    await this.page.locator(`[data-testid="person-form-dialog"][data-mode="${mode}"]`).waitFor();
    await this.page.getByTestId('person-form').waitFor();
  }

  async fill(person: NewPerson): Promise<void> {
    await this.page.getByTestId('person-form-first-name').fill(person.firstName);
    if (person.lastName !== undefined) await this.page.getByTestId('person-form-last-name').fill(person.lastName);
    if (person.genderLabel) {
      await this.page.getByTestId('person-form-gender').getByText(person.genderLabel, { exact: true }).click();
    }
  }

  async suggestSurname(): Promise<string> {
    await this.page.getByTestId('person-form-suggest-surname').click();
    return this.page.getByTestId('person-form-last-name').inputValue();
  }

  async chooseOtherParent(personId: string | 'unknown'): Promise<void> {
    const choice =
      personId === 'unknown'
        ? this.page.getByTestId('person-form-other-parent-unknown')
        : this.page.locator(`[data-testid="person-form-other-parent-option"][value="${personId}"]`);
    await choice.check();
  }

  /** In the "search existing" tab: searches and picks the person, which attaches them. */
  async pickExisting(query: string, name: string): Promise<void> {
    await this.page.getByTestId('person-form-tab-search').click();
    await this.page.getByTestId('person-search-search').fill(query);
    await this.page.getByTestId('person-row').filter({ hasText: name }).click();
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('person-form-submit').click();
  }

  /** Answers the "add another?" question that follows a child, a sibling or a first parent. */
  async answerAddAnother(answer: 'yes' | 'no'): Promise<void> {
    await this.page.getByTestId('person-form-another').waitFor();
    await this.page.getByTestId(`person-form-another-${answer}`).click();
  }

  async waitUntilClosed(): Promise<void> {
    await this.page.getByTestId('person-form').waitFor({ state: 'detached' });
  }

  async genderValue(): Promise<string | null> {
    return this.page.getByTestId('person-form-gender').locator('input:checked').getAttribute('value');
  }
}

/** The person page at /app/:treeId/person/:personId, with its family, children and dialogs. */
export class PersonPage {
  readonly form: PersonFormDialog;

  constructor(private readonly page: Page) {
    this.form = new PersonFormDialog(page);
  }

  async waitUntilShown(personName?: string): Promise<void> {
    await this.page.getByTestId('person-page').waitFor();
    if (personName) {
      await this.page.getByTestId('person-name').filter({ hasText: personName }).waitFor();
    }
  }

  async personId(): Promise<string> {
    return (await this.page.getByTestId('person-page').getAttribute('data-person-id')) ?? '';
  }

  async name(): Promise<string> {
    return (await this.page.getByTestId('person-name').textContent()) ?? '';
  }

  async rootRelation(): Promise<string | null> {
    return this.page.getByTestId('person-page').getAttribute('data-root-relation');
  }

  async ageLine(): Promise<string> {
    return (await this.page.getByTestId('person-age').textContent()) ?? '';
  }

  /** Fills the required root-person intro. */
  async introduceRoot(person: NewPerson): Promise<void> {
    await this.form.waitForMode('intro');
    await this.form.fill(person);
    await this.form.submit();
    await this.form.waitUntilClosed();
    await this.waitUntilShown(person.firstName);
  }

  async openAddDialog(mode: 'father' | 'mother' | 'parent' | 'partner' | 'sibling' | 'child'): Promise<void> {
    await this.page.getByTestId(`add-${mode}`).click();
    await this.form.waitForMode(mode);
  }

  /** A relative's chip in the family section, by relation and name. */
  relativeChip(relation: 'parent' | 'partner' | 'sibling', name: string): Locator {
    return this.page.getByTestId(`${relation}-chip`).filter({ hasText: name });
  }

  childrenGroups(): Locator {
    return this.page.getByTestId('person-children').getByTestId('children-group');
  }

  /** The other parent of each group (a person id, or "unknown") with the names of its children. */
  async childrenByOtherParent(): Promise<Record<string, string[]>> {
    const groups: Record<string, string[]> = {};
    for (const group of await this.childrenGroups().all()) {
      const key = (await group.getAttribute('data-other-parent-id')) ?? '';
      groups[key] = await group.getByTestId('child-chip-name').allTextContents();
    }
    return groups;
  }

  childRow(name: string): Locator {
    return this.page.getByTestId('person-children').getByTestId('child-row').filter({ hasText: name });
  }

  /** The colour of a chip's bar, as the browser computed it. */
  async chipColour(chip: Locator): Promise<string> {
    return chip.evaluate((element) => getComputedStyle(element).borderLeftColor);
  }

  async headerColour(): Promise<string> {
    return this.page.getByTestId('person-header').evaluate((element) => getComputedStyle(element).borderTopColor);
  }

  async openRelative(relation: 'parent' | 'partner' | 'sibling', name: string): Promise<void> {
    await this.relativeChip(relation, name).getByTestId(`${relation}-chip-link`).click();
    await this.waitUntilShown(name);
  }

  /** Opens the remove-person modal for a child, chooses "only from the relation" or "delete", and confirms. */
  async removeChild(name: string, choice: 'relation' | 'delete'): Promise<void> {
    await this.childRow(name).getByTestId('child-remove').click();
    await this.page.getByTestId('remove-person-form').waitFor();
    await this.page
      .getByTestId(choice === 'delete' ? 'remove-person-choice-delete' : 'remove-person-choice-relation')
      .click();
    await this.page.getByTestId('remove-person-confirm').click();
    await this.page.getByTestId('remove-person-form').waitFor({ state: 'detached' });
    await this.childRow(name).waitFor({ state: 'detached' });
  }

  deleteButton(): Locator {
    return this.page.getByTestId('person-delete');
  }

  async rootDeleteExplanation(): Promise<string> {
    return (await this.page.getByTestId('person-delete-root-explanation').textContent()) ?? '';
  }

  async makeRoot(): Promise<void> {
    await this.page.getByTestId('person-make-root').click();
    await this.page.getByTestId('change-root-confirm').click();
    await this.page.getByTestId('change-root-form').waitFor({ state: 'detached' });
  }

  /** Searches the tree with the go-to-person dialog and waits for a row with the name; closes the dialog. */
  async findInSearch(query: string, name: string): Promise<void> {
    await this.page.getByTestId('person-go-to-person').click();
    const dialog = this.page.getByTestId('go-to-person-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('person-search-search').fill(query);
    await dialog.getByTestId('person-row').filter({ hasText: name }).waitFor();
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  async goToRoot(): Promise<void> {
    await this.page.getByTestId('person-go-to-root').click();
  }
}

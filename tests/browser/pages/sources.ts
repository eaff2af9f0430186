import type { Locator, Page } from 'playwright-core';

/**
 * The sources UI (packages/web/src/features/source): the source page (`/app/{treeId}/sources`),
 * the three source dialogs (repository, record, citation: they stack, the newest on top) and the
 * source panel of an event or a place (`event-sources`, `location-sources`).
 *
 * The dialogs' forms are `repository-form`, `record-form` and `citation-form`; a dialog's root
 * (`repository-dialog`, …) has no box of its own, so the models wait for the forms.
 */
export class SourcesPage {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('sources-page');
  }

  async waitFor(): Promise<void> {
    await this.root.waitFor();
  }

  /** Records ("Källor") or repositories ("Arkiv"). */
  async showKind(kind: 'records' | 'repositories'): Promise<void> {
    await this.page
      .getByTestId('sources-kind')
      .getByText(kind === 'records' ? /^Källor$/ : /^Arkiv$/)
      .click();
    await this.page.getByTestId(kind === 'records' ? 'sources-records' : 'sources-repositories').waitFor();
  }

  async newRepository(): Promise<RepositoryDialog> {
    await this.page.getByTestId('sources-new-repository').click();
    return RepositoryDialog.opened(this.page);
  }

  async newRecord(): Promise<RecordDialog> {
    await this.page.getByTestId('sources-new-record').click();
    return RecordDialog.opened(this.page);
  }

  recordRows(): Locator {
    return this.page.getByTestId('record-row');
  }

  repositoryRows(): Locator {
    return this.page.getByTestId('repository-row');
  }

  async openRecord(title: string): Promise<RecordDialog> {
    await this.recordRows().filter({ hasText: title }).first().click();
    return RecordDialog.opened(this.page);
  }

  async openRepository(title: string): Promise<RepositoryDialog> {
    await this.repositoryRows().filter({ hasText: title }).first().click();
    return RepositoryDialog.opened(this.page);
  }
}

/** What the three dialogs share: save, cancel, delete with its choices. */
abstract class SourceDialog {
  constructor(
    protected readonly page: Page,
    protected readonly kind: 'repository' | 'record' | 'citation',
  ) {}

  get form(): Locator {
    return this.page.getByTestId(`${this.kind}-form`);
  }

  field(name: string): Locator {
    return this.page.getByTestId(`${this.kind}-${name}`);
  }

  /** The stored source's id ('' while new). */
  async id(): Promise<string> {
    return (await this.form.getAttribute(`data-${this.kind}-id`)) ?? '';
  }

  async save(): Promise<void> {
    await this.page.getByTestId(`${this.kind}-save`).click();
  }

  /** Saves and waits until the dialog has closed (saved, or nothing to save). */
  async saveAndWaitClosed(): Promise<void> {
    const dialogs = await this.page.getByTestId(`${this.kind}-dialog`).count();
    await this.save();
    await this.waitForCount(dialogs - 1);
  }

  async cancel(): Promise<void> {
    const dialogs = await this.page.getByTestId(`${this.kind}-dialog`).count();
    await this.page.getByTestId(`${this.kind}-cancel`).click();
    await this.waitForCount(dialogs - 1);
  }

  private async waitForCount(count: number): Promise<void> {
    await this.page.waitForFunction(
      ([testId, expected]) => document.querySelectorAll(`[data-testid="${testId}"]`).length === expected,
      [`${this.kind}-dialog`, count] as const,
    );
  }

  /** The error shown under a field (by its test id) or above the buttons ('form'). */
  async errorOf(field: string): Promise<string> {
    if (field === 'form') return (await this.page.getByTestId(`${this.kind}-form-error`).textContent()) ?? '';
    const wrapper = this.form.locator('.mantine-InputWrapper-root').filter({ has: this.field(field) });
    const error = wrapper.locator('.mantine-InputWrapper-error');
    await error.first().waitFor();
    return (await error.first().textContent()) ?? '';
  }

  /** Opens the delete question; its header (SPEC §8) is `deleteModal`'s `data-header`. */
  async openDelete(): Promise<Locator> {
    await this.page.getByTestId(`${this.kind}-delete`).click();
    const modal = this.page.getByTestId('source-delete-modal');
    await modal.waitFor({ state: 'attached' });
    await this.page
      .locator('.mantine-Modal-content')
      .filter({ has: this.page.getByTestId('source-delete-cancel') })
      .waitFor();
    return modal;
  }

  /** Chooses in the delete question: a single confirmation, or delete only it, with children, or disengage. */
  async chooseDelete(choice: 'confirm' | 'delete' | 'withChildren' | 'disengage'): Promise<void> {
    await this.page.getByTestId(`source-delete-${choice}`).click();
    await this.page.getByTestId('source-delete-modal').waitFor({ state: 'detached' });
  }
}

export class RepositoryDialog extends SourceDialog {
  constructor(page: Page) {
    super(page, 'repository');
  }

  static async opened(page: Page): Promise<RepositoryDialog> {
    const dialog = new RepositoryDialog(page);
    await dialog.form.waitFor();
    return dialog;
  }

  /** Fills fields by name: title, address, city, state, postalCode, country, phone, email, fax, www. */
  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
  }

  get recordRows(): Locator {
    return this.page.getByTestId('repository-record');
  }

  async addRecord(): Promise<RecordDialog> {
    await this.page.getByTestId('repository-add-record').click();
    await this.page.locator('[data-testid="record-form"]:not([data-record-id])').waitFor();
    return new RecordDialog(this.page);
  }

  async openRecord(title: string): Promise<RecordDialog> {
    await this.recordRows.filter({ hasText: title }).getByTestId('repository-record-open').click();
    return RecordDialog.opened(this.page);
  }
}

export class RecordDialog extends SourceDialog {
  constructor(page: Page) {
    super(page, 'record');
  }

  static async opened(page: Page): Promise<RecordDialog> {
    const dialog = new RecordDialog(page);
    await dialog.form.waitFor();
    return dialog;
  }

  /** The chosen repository's title, or '' when none is chosen. */
  async repositoryTitle(): Promise<string> {
    const chooser = this.field('repository');
    if ((await chooser.getAttribute('data-state')) !== 'chosen') return '';
    return ((await chooser.getByTestId('record-repository-open').textContent()) ?? '').trim();
  }

  get citationRows(): Locator {
    return this.page.getByTestId('record-citation');
  }

  async citationTitles(): Promise<string[]> {
    return (await this.citationRows.getByTestId('record-citation-title').allTextContents()).map((text) => text.trim());
  }

  async addCitation(): Promise<CitationDialog> {
    await this.page.getByTestId('record-add-citation').click();
    await this.page.locator('[data-testid="citation-form"]:not([data-citation-id])').waitFor();
    return new CitationDialog(this.page);
  }

  async openCitation(page: string): Promise<CitationDialog> {
    await this.citationRows.filter({ hasText: page }).getByTestId('record-citation-open').click();
    return CitationDialog.opened(this.page);
  }
}

export class CitationDialog extends SourceDialog {
  constructor(page: Page) {
    super(page, 'citation');
  }

  static async opened(page: Page): Promise<CitationDialog> {
    const dialog = new CitationDialog(page);
    await dialog.form.or(page.getByTestId('citation-view')).first().waitFor();
    return dialog;
  }

  get where(): Locator {
    return this.page.getByTestId('citation-where');
  }

  get url(): Locator {
    return this.page.getByTestId('citation-url');
  }

  /** The URL as shown under its field: `valid` (a link), `invalid` (struck through) or none. */
  get urlPreview(): Locator {
    return this.page.getByTestId('citation-url-preview');
  }

  async recordTitle(): Promise<string> {
    const chooser = this.page.getByTestId('citation-record');
    if ((await chooser.getAttribute('data-state')) !== 'chosen') return '';
    return ((await chooser.getByTestId('citation-record-open').textContent()) ?? '').trim();
  }

  /** Writes the transcription in its own modal (plain text typed into the rich-text editor). */
  async writeTranscription(text: string): Promise<void> {
    await this.page.getByTestId('citation-transcription-edit').click();
    const content = this.page.getByTestId('transcription-editor-content');
    await content.waitFor();
    await content.click();
    await this.page.keyboard.type(text);
    await this.page.getByTestId('transcription-done').click();
    await this.page.getByTestId('transcription-editor-content').waitFor({ state: 'detached' });
  }

  get transcription(): Locator {
    return this.page.getByTestId('citation-transcription-text');
  }

  /** The "used in" rows: kind (event, location, note), id, title, and whether the row opens its item. */
  async usedIn(): Promise<{ kind: string; id: string; title: string; opens: boolean }[]> {
    const rows = await this.page.getByTestId('citation-used-in-row').all();
    return Promise.all(
      rows.map(async (row) => ({
        kind: (await row.getAttribute('data-kind')) ?? '',
        id: (await row.getAttribute('data-id')) ?? '',
        title: ((await row.getByTestId('citation-used-in-row-title').textContent()) ?? '').trim(),
        opens: (await row.getByTestId('citation-used-in-row-open').count()) > 0,
      })),
    );
  }
}

/** The source panel of an event or place: its records and citations, add, cite existing, suggest. */
export class SourcePanelModel {
  constructor(
    private readonly page: Page,
    private readonly testId: 'event-sources' | 'location-sources' | 'note-sources' = 'event-sources',
  ) {}

  get root(): Locator {
    return this.page.getByTestId(this.testId);
  }

  async citationTitles(): Promise<string[]> {
    return (await this.page.getByTestId(`${this.testId}-citation-title`).allTextContents()).map((text) => text.trim());
  }

  async recordTitles(): Promise<string[]> {
    return (await this.page.getByTestId(`${this.testId}-record-title`).allTextContents()).map((text) => text.trim());
  }

  /** The placeholder of the empty citations list ("Inga källhänvisningar"), '' when it has rows. */
  async citationsPlaceholder(): Promise<string> {
    const empty = this.page.getByTestId(`${this.testId}-citations-empty`);
    return (await empty.count()) > 0 ? ((await empty.textContent()) ?? '').trim() : '';
  }

  /** Cites an existing citation found by searching (its page text), choosing the first match. */
  async citeExisting(search: string): Promise<void> {
    const before = await this.page.getByTestId(`${this.testId}-citation`).count();
    const input = this.page.getByTestId(`${this.testId}-existing`);
    await input.fill(search);
    await this.page.getByTestId(`${this.testId}-existing-option`).first().click();
    await this.page.waitForFunction(
      ([testId, count]) => document.querySelectorAll(`[data-testid="${testId}"]`).length > count,
      [`${this.testId}-citation`, before] as const,
    );
  }

  get suggestButton(): Locator {
    return this.page.getByTestId(`${this.testId}-suggest`);
  }

  get contemporaryButton(): Locator {
    return this.page.getByTestId(`${this.testId}-contemporary`);
  }

  /** Opens the suggestions; answers the offered citations' ids. */
  async openSuggestions(): Promise<string[]> {
    await this.suggestButton.click();
    const rows = this.page.getByTestId(`${this.testId}-suggestion`);
    await rows.first().waitFor();
    return rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-citation-id') ?? ''));
  }

  /** Uses one suggestion (one click) and closes the suggestions. */
  async useSuggestion(citationId: string): Promise<void> {
    await this.page
      .locator(`[data-testid="${this.testId}-suggestion"][data-citation-id="${citationId}"]`)
      .getByTestId(`${this.testId}-suggestion-use`)
      .click();
    await this.page.getByTestId(`${this.testId}-suggestions-close`).click();
    await this.page.getByTestId(`${this.testId}-suggestions-close`).waitFor({ state: 'hidden' });
  }

  async openCitation(page: string): Promise<CitationDialog> {
    await this.page
      .getByTestId(`${this.testId}-citation`)
      .filter({ hasText: page })
      .getByTestId(`${this.testId}-citation-open`)
      .click();
    return CitationDialog.opened(this.page);
  }
}

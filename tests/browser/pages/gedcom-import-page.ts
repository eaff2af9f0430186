import type { Locator, Page } from 'playwright-core';

/** A file for the picker: a path on disk, or a name and its bytes. */
export type GedcomFile = string | { name: string; mimeType: string; buffer: Buffer };

/** The GEDCOM import page (/trees/import): the form, its progress and errors, the limit dialog and the report. */
export class GedcomImportPage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('gedcom-import-page').waitFor();
    await this.page.getByTestId('gedcom-import-form').waitFor();
  }

  async chooseFile(file: GedcomFile): Promise<void> {
    await this.page.getByTestId('gedcom-file-input').setInputFiles(file);
  }

  get treeName(): Locator {
    return this.page.getByTestId('gedcom-tree-name');
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('gedcom-import-submit').click();
  }

  /** The error under the file field. */
  async fileError(): Promise<string> {
    const field = this.page.getByTestId('gedcom-file');
    await this.page.locator('[data-testid="gedcom-file"][aria-invalid="true"]').waitFor();
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    return errorId ? ((await this.page.locator(`[id="${errorId}"]`).textContent()) ?? '') : '';
  }

  get limitDialog(): Locator {
    return this.page.getByTestId('limit-dialog');
  }

  /** One row of the limit dialog's counts: its cells' texts (kind, found, allowed). */
  async contentRow(kind: 'persons' | 'events' | 'places' | 'sourcesPerNode' | 'images'): Promise<string[]> {
    return this.page.getByTestId(`gedcom-content-${kind}`).locator('td').allTextContents();
  }

  /** The import's job, once the file has arrived (its state in data-state). */
  get job(): Locator {
    return this.page.getByTestId('gedcom-job');
  }

  /** The preview the job waits with before writing anything. */
  get preview(): Locator {
    return this.page.getByTestId('gedcom-preview');
  }

  async previewCount(kind: string): Promise<string> {
    return (await this.page.getByTestId(`gedcom-preview-${kind}`).textContent()) ?? '';
  }

  /** Waits for the preview and confirms it: the job goes on to write the tree. */
  async confirmPreview(): Promise<void> {
    await this.preview.waitFor({ timeout: 60_000 });
    await this.page.getByTestId('gedcom-job-confirm').click();
  }

  async cancelJob(): Promise<void> {
    await this.page.getByTestId('gedcom-job-cancel').click();
  }

  get report(): Locator {
    return this.page.getByTestId('gedcom-report');
  }

  async waitForReport(): Promise<void> {
    await this.report.waitFor({ timeout: 60_000 });
  }

  async created(kind: string): Promise<string> {
    return (await this.page.getByTestId(`gedcom-created-${kind}`).textContent()) ?? '';
  }

  async fileFact(kind: 'size' | 'encoding' | 'declared' | 'version' | 'program'): Promise<string> {
    return (await this.page.getByTestId(`gedcom-file-${kind}`).textContent()) ?? '';
  }

  warning(code: string): Locator {
    return this.page.locator(`[data-testid="gedcom-warning"][data-code="${code}"]`);
  }

  kept(path: string): Locator {
    return this.page.locator(`[data-testid="gedcom-kept"][data-path="${path}"]`);
  }

  get rootName(): Locator {
    return this.page.getByTestId('gedcom-root-name');
  }

  /** Chooses another root person through the search dialog. */
  async changeRoot(search: string, name: string): Promise<void> {
    await this.page.getByTestId('gedcom-root-change').click();
    const dialog = this.page.getByTestId('gedcom-root-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('person-search-search').fill(search);
    await dialog.getByTestId('person-row').filter({ hasText: name }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async openTree(): Promise<void> {
    await this.page.getByTestId('gedcom-open-tree').click();
  }
}

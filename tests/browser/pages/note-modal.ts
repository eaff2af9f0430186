import type { Locator, Page } from 'playwright-core';

/** A button of the rich-text editor's toolbar (its test id is `<editor test id>-<control>`). */
export type ToolbarControl =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'heading2'
  | 'heading3'
  | 'blockquote'
  | 'bulletList'
  | 'orderedList'
  | 'indent'
  | 'outdent'
  | 'link'
  | 'unlink';

/**
 * A list of notes (packages/web/src/features/note, `NoteList`): the person page's notes card
 * (`person-note-list`), the event editor's and event view's (`event-notes`), the location dialog's
 * (`location-notes`), the residence wizard's (`residence-notes`), a citation dialog's. Pass the test
 * id of the list to use, or a locator of it.
 *
 * Each note is a `note-item` with `data-note-id` (saved) or `data-temp-id` (local: written on an
 * item that is not saved yet, and saved with it); its title is `note-title`, its text as the
 * reader sees it (sanitized HTML) is `note-text`.
 */
export class NoteListModel {
  readonly root: Locator;

  constructor(
    private readonly page: Page,
    list: string | Locator = 'note-list',
  ) {
    this.root = typeof list === 'string' ? page.getByTestId(list) : list;
  }

  get addButton(): Locator {
    return this.root.locator('[data-testid$="-add"]').first();
  }

  get items(): Locator {
    return this.root.getByTestId('note-item');
  }

  /** The note whose title is exactly `title`. */
  item(title: string): Locator {
    return this.items.filter({ has: this.page.getByTestId('note-title').getByText(title, { exact: true }) });
  }

  async titles(): Promise<string[]> {
    return (await this.items.getByTestId('note-title').allTextContents()).map((text) => text.trim());
  }

  /** The rendered text of a note (query inside it: `strong`, `ul li`, `a[href]`). */
  text(title: string): Locator {
    return this.item(title).getByTestId('note-text');
  }

  /** Opens the note modal to write a new note. */
  async openAdd(): Promise<NoteModal> {
    await this.addButton.click();
    const modal = new NoteModal(this.page);
    await modal.waitFor('add');
    return modal;
  }

  async openEdit(title: string): Promise<NoteModal> {
    await this.item(title).getByTestId('note-edit').click();
    const modal = new NoteModal(this.page);
    await modal.waitFor('edit');
    return modal;
  }

  /** Opens the note to read (clicking its title). */
  async openView(title: string): Promise<NoteModal> {
    await this.item(title).getByTestId('note-title').click();
    const modal = new NoteModal(this.page);
    await modal.waitFor('view');
    return modal;
  }

  /**
   * Deletes a note after the confirmation. A note that other items have too offers `unlink`
   * (remove it only from this item) beside deleting it everywhere.
   */
  async delete(title: string, choice: 'delete' | 'unlink' = 'delete'): Promise<void> {
    await this.item(title).getByTestId('note-delete').click();
    await this.page
      .getByTestId(choice === 'unlink' ? 'note-delete-confirm-unlink' : 'note-delete-confirm-confirm')
      .click();
    await this.page.getByTestId('note-delete-confirm-cancel').waitFor({ state: 'hidden' });
  }
}

/**
 * The note modal (add, edit, view): a title and the rich-text editor (Mantine's Tiptap editor,
 * loaded lazily). Text is typed into the editor as a user types it; formats come from the toolbar
 * or the keyboard (Ctrl+B, Ctrl+I, Ctrl+U). A typical note:
 *
 *   const modal = await list.openAdd();
 *   await modal.setTitle('Husförhör 1850');
 *   await modal.typeText('Bodde på ');
 *   await modal.typeBold('Rud');                 // Ctrl+B, text, Ctrl+B
 *   await modal.newParagraph();
 *   await modal.typeBulletList(['Anna', 'Erik']); // toolbar button, one item a line, out of the list
 *   await modal.typeLink('Riksarkivet', 'https://sok.riksarkivet.se/');
 *   await modal.saveAndWaitClosed();
 *   // then: list.text('Husförhör 1850').locator('strong'), … 'ul li', … 'a[href]'
 */
export class NoteModal {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('note-modal');
  }

  /** Waits until the modal shows in that mode, with the editor loaded (add and edit). */
  async waitFor(mode?: 'add' | 'edit' | 'view'): Promise<void> {
    const selector = mode ? `[data-testid="note-modal"][data-mode="${mode}"]` : '[data-testid="note-modal"]';
    // The modal's root is a layout-less wrapper: attached, while its content is what shows.
    await this.page.locator(selector).waitFor({ state: 'attached' });
    if (mode === 'view') await this.page.getByTestId('note-view').waitFor();
    else await this.content.waitFor();
  }

  async mode(): Promise<string> {
    return (await this.root.getAttribute('data-mode')) ?? '';
  }

  get titleInput(): Locator {
    return this.page.getByTestId('note-modal-title');
  }

  /** The editable text (a contenteditable element whose innerHTML is the note's HTML). */
  get content(): Locator {
    return this.page.getByTestId('note-modal-text-content');
  }

  control(name: ToolbarControl): Locator {
    return this.page.getByTestId(`note-modal-text-${name}`);
  }

  async setTitle(title: string): Promise<void> {
    await this.titleInput.fill(title);
  }

  /** Puts the caret at the end of the text. */
  async focusEnd(): Promise<void> {
    await this.content.click();
    await this.page.keyboard.press('ControlOrMeta+End');
  }

  /** Types at the caret (the first call puts it at the end of the text). */
  async typeText(text: string): Promise<void> {
    if (!(await this.content.evaluate((element) => element.contains(document.activeElement)))) await this.focusEnd();
    await this.page.keyboard.type(text);
  }

  /** Bold text by the keyboard: Ctrl+B, the text, Ctrl+B. */
  async typeBold(text: string): Promise<void> {
    await this.typeText('');
    await this.page.keyboard.press('ControlOrMeta+b');
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('ControlOrMeta+b');
  }

  async newParagraph(): Promise<void> {
    await this.typeText('');
    await this.page.keyboard.press('Enter');
  }

  /** A bullet list from the toolbar, one item per line; ends in a new paragraph after the list. */
  async typeBulletList(items: readonly string[]): Promise<void> {
    await this.typeText('');
    await this.control('bulletList').click();
    for (const item of items) {
      await this.page.keyboard.type(item);
      await this.page.keyboard.press('Enter');
    }
    // Enter on an empty item leaves the list.
    await this.page.keyboard.press('Enter');
  }

  /** Types the text, selects it and makes it a link to `href` through the toolbar's link editor. */
  async typeLink(text: string, href: string): Promise<void> {
    await this.typeText(text);
    for (let i = 0; i < text.length; i += 1) await this.page.keyboard.press('Shift+ArrowLeft');
    await this.control('link').click();
    const address = this.page.locator('.mantine-RichTextEditor-linkEditor input[type="url"]');
    await address.waitFor();
    await address.fill(href);
    await address.press('Enter');
    await address.waitFor({ state: 'hidden' });
    await this.content.click();
    await this.page.keyboard.press('ControlOrMeta+End');
  }

  /** The HTML the editor holds now. */
  async html(): Promise<string> {
    return this.content.innerHTML();
  }

  /** The error under the text (the empty-text message), '' when none. */
  async textError(): Promise<string> {
    const error = this.root.locator('.mantine-InputWrapper-error');
    return (await error.count()) > 0 ? ((await error.first().textContent()) ?? '').trim() : '';
  }

  /** Another error of the form (from the server), '' when none. */
  async formError(): Promise<string> {
    const error = this.page.getByTestId('note-modal-error');
    return (await error.count()) > 0 ? ((await error.textContent()) ?? '').trim() : '';
  }

  async save(): Promise<void> {
    await this.page.getByTestId('note-modal-save').click();
  }

  async saveAndWaitClosed(): Promise<void> {
    await this.save();
    await this.root.waitFor({ state: 'detached' });
  }

  /** Cancel; with changes the "discard changes?" question follows (see `discard`/`keepEditing`). */
  async cancel(): Promise<void> {
    await this.page.getByTestId('note-modal-cancel').click();
  }

  async discard(): Promise<void> {
    await this.page.getByTestId('note-discard-confirm').click();
    await this.root.waitFor({ state: 'detached' });
  }

  async keepEditing(): Promise<void> {
    await this.page.getByTestId('note-discard-cancel').click();
  }

  // ---- View mode ----

  get viewTitle(): Locator {
    return this.page.getByTestId('note-view-title');
  }

  get viewText(): Locator {
    return this.page.getByTestId('note-view-text');
  }

  /** From view mode to edit mode (editors only). */
  async edit(): Promise<void> {
    await this.page.getByTestId('note-modal-edit').click();
    await this.waitFor('edit');
  }

  async close(): Promise<void> {
    await this.page.getByTestId('note-modal-close').click();
    await this.root.waitFor({ state: 'detached' });
  }
}

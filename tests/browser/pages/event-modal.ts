import type { Locator, Page } from 'playwright-core';
import { sv } from '../harness.ts';

/**
 * The event modal (packages/web/src/features/event): the type picker, the editor, the participant
 * dialog and the questions it asks (discard changes, delete). Open it from wherever the app offers
 * it (the person page's "add event", an event row, the event page's edit button); this model
 * starts once it is open.
 *
 * Dates are filled field by field as a user types them; roles are typed as free text (a role's
 * name in the interface language, "Fadder", maps to its key). Persons are picked in the
 * participant dialog's search by a search text and the name shown in the row.
 */
export class EventModal {
  constructor(private readonly page: Page) {}

  /**
   * The modal: its root, which carries the `event-modal` test id and holds the overlay and the
   * content box (title, close button, and the type picker, editor or view). The test id is on the
   * root, not on `.mantine-Modal-content`, so the content box is found inside it, never by filtering.
   */
  get modal(): Locator {
    return this.page.getByTestId('event-modal');
  }

  get editor(): Locator {
    return this.page.getByTestId('event-editor');
  }

  // ---- Type picker ----

  async waitForPicker(): Promise<void> {
    await this.page.getByTestId('event-type-picker').waitFor();
  }

  typeOption(type: string): Locator {
    return this.page.locator(`[data-testid="event-type-option"][data-type="${type}"]`);
  }

  /** Whether the picker greys the type out (a second birth or death of the person). */
  async isTypeRestricted(type: string): Promise<boolean> {
    return (await this.typeOption(type).getAttribute('data-restricted')) === 'true';
  }

  /** The tooltip text of a restricted type, shown on hover. */
  async restrictionText(type: string): Promise<string> {
    await this.typeOption(type).hover();
    const tooltip = this.page.getByRole('tooltip');
    await tooltip.waitFor();
    return (await tooltip.textContent()) ?? '';
  }

  async chooseType(type: string): Promise<void> {
    await this.typeOption(type).click();
    await this.waitForEditor();
  }

  // ---- Editor ----

  async waitForEditor(): Promise<void> {
    await this.editor.waitFor();
  }

  /** The saved event's id in the editor, '' for a new event. */
  async eventId(): Promise<string> {
    return (await this.editor.getAttribute('data-event-id')) ?? '';
  }

  async title(): Promise<string> {
    return (await this.page.getByTestId('event-editor-title').textContent()) ?? '';
  }

  /**
   * Sets the date: the date type (exact, about, before, after, between) and the start as
   * "YYYY", "YYYY-MM" or "YYYY-MM-DD"; `end` for "between" and ranges.
   */
  async setDate(date: { type?: string; start: string; end?: string }): Promise<void> {
    const root = this.page.getByTestId('event-date');
    if (date.type) await root.getByTestId('date-type').selectOption(date.type);
    await this.fillDate(root.getByTestId('date-start'), date.start);
    if (date.end !== undefined) await this.fillDate(root.getByTestId('date-end'), date.end);
  }

  private async fillDate(field: Locator, value: string): Promise<void> {
    const [year = '', month = '', day = ''] = value.split('-');
    await field.getByTestId('date-year').fill(year);
    if (month) await field.getByTestId('date-month').fill(month);
    if (day) await field.getByTestId('date-day').fill(day);
    await field.getByTestId('date-year').press('Tab');
  }

  /** Types a place ("Rud, Sunne, Värmland"); missing places are created when the event is saved. */
  async typePlace(text: string): Promise<void> {
    await this.page.getByTestId('event-location').fill(text);
  }

  get cause(): Locator {
    return this.page.getByTestId('event-cause');
  }

  get description(): Locator {
    return this.page.getByTestId('event-description');
  }

  /** The "add main person" button: shown only while the event has a free main-person place. */
  get addPrimaryButton(): Locator {
    return this.page.getByTestId('event-add-primary');
  }

  get addParticipantButton(): Locator {
    return this.page.getByTestId('event-add-participant');
  }

  /** Adds a main person: searches, picks the person, keeps the role "main person". */
  async addPrimary(search: string, name: string): Promise<void> {
    await this.addPrimaryButton.click();
    await this.participantDialog.pickPerson(search, name);
    await this.participantDialog.done();
  }

  /** Adds a participant with a role typed as text, and waits until the participant dialog has closed. */
  async addParticipant(search: string, name: string, role: string): Promise<void> {
    await this.addParticipantButton.click();
    await this.participantDialog.pickPerson(search, name);
    await this.participantDialog.setRole(role);
    await this.participantDialog.done();
    await this.participantDialog.waitClosed();
  }

  get participantDialog(): ParticipantDialog {
    return new ParticipantDialog(this.page);
  }

  participant(personId: string): Locator {
    return this.page.locator(`[data-testid="event-participant"][data-person-id="${personId}"]`);
  }

  /** The participants as listed (main persons first): person id, role key or own text, and the shown name. */
  async participants(): Promise<{ personId: string; role: string; name: string }[]> {
    const rows = await this.editor.getByTestId('event-participant').all();
    return Promise.all(
      rows.map(async (row) => ({
        personId: (await row.getAttribute('data-person-id')) ?? '',
        role: (await row.getAttribute('data-role')) ?? '',
        // The name alone: a person of the tree is shown with life years and birthplace beside it.
        name: (
          (await ((await row.getByTestId('event-participant-label-name').count()) > 0
            ? row.getByTestId('event-participant-label-name')
            : row.getByTestId('event-participant-name')
          ).textContent()) ?? ''
        ).trim(),
      })),
    );
  }

  async editParticipant(personId: string): Promise<void> {
    await this.participant(personId).getByTestId('event-participant-edit').click();
    await this.page.getByTestId('participant-form').waitFor();
  }

  async removeParticipant(personId: string): Promise<void> {
    await this.participant(personId).getByTestId('event-participant-remove').click();
  }

  /** The error shown under a field: 'participants', a participant's person id, 'form', or a field's test id. */
  async errorOf(where: 'participants' | 'form' | { participant: string }): Promise<string> {
    const locator =
      where === 'participants'
        ? this.page.getByTestId('event-participants-error')
        : where === 'form'
          ? this.page.getByTestId('event-form-error')
          : this.participant(where.participant).getByTestId('event-participant-error');
    await locator.waitFor();
    return (await locator.textContent()) ?? '';
  }

  async save(): Promise<void> {
    await this.page.getByTestId('event-save').click();
  }

  /** Saves and waits until the modal has closed (saved, or nothing to save). */
  async saveAndWaitClosed(): Promise<void> {
    await this.save();
    await this.waitClosed();
  }

  async waitClosed(): Promise<void> {
    await this.page.getByTestId('event-modal').waitFor({ state: 'detached' });
  }

  /** The conflict notice of a save refused because the event changed elsewhere. */
  get conflict(): Locator {
    return this.page.getByTestId('event-conflict');
  }

  async reloadStored(): Promise<void> {
    await this.page.getByTestId('event-conflict-reload').click();
  }

  async copy(): Promise<void> {
    await this.page.getByTestId('event-copy').click();
    await this.page.getByTestId('event-copy-notice').waitFor();
  }

  async delete(): Promise<void> {
    await this.page.getByTestId('event-delete').click();
    await this.page.getByTestId('event-delete-confirm-confirm').click();
    await this.waitClosed();
  }

  /** Closes with the X; with unsaved changes the discard question follows (see `answerDiscard`). */
  async closeWithX(): Promise<void> {
    await this.modal.locator('.mantine-Modal-close').click();
  }

  /** The "discard the changes?" question (its visible content; the modal's root has no box of its own). */
  get discardQuestion(): Locator {
    return this.page.getByTestId('event-discard').locator('.mantine-Modal-content');
  }

  async answerDiscard(answer: 'discard' | 'keep'): Promise<void> {
    await this.page.getByTestId(answer === 'discard' ? 'event-discard-confirm' : 'event-discard-cancel').click();
  }
}

/** The participant dialog: the person (search for a new participant), role, description, own dates. */
export class ParticipantDialog {
  constructor(private readonly page: Page) {}

  async pickPerson(search: string, name: string): Promise<void> {
    await this.page.getByTestId('participant-search').waitFor();
    await this.page.getByTestId('person-search-search').fill(search);
    await this.page.getByTestId('person-row').filter({ hasText: name }).first().click();
    await this.page.getByTestId('participant-form').waitFor();
  }

  get role(): Locator {
    return this.page.getByTestId('participant-role');
  }

  /**
   * The role field's suggestions while they are open (a listbox outside the dialog, over its
   * buttons), named by the field's label: the place field's suggestions may still be open beside it
   * on a loaded machine (a CI run failed on the two matching).
   */
  get roleSuggestionList(): Locator {
    return this.page.getByRole('listbox', { name: sv('eventEditor.participant.role') });
  }

  /** Types the role and closes its suggestions, which would cover the dialog's buttons. */
  async setRole(text: string): Promise<void> {
    await this.role.fill(text);
    await this.closeRoleSuggestions();
  }

  /**
   * Closes the role's suggestions if they are open. Escape only while they are: with them closed,
   * Escape would close the whole dialog.
   */
  async closeRoleSuggestions(): Promise<void> {
    if (await this.roleSuggestionList.isVisible()) await this.role.press('Escape');
    await this.roleSuggestionList.waitFor({ state: 'hidden' });
  }

  /** The role suggestions the dropdown offers when the role field is empty. */
  async roleSuggestions(): Promise<string[]> {
    await this.role.fill('');
    await this.role.click();
    await this.roleSuggestionList.waitFor();
    const options = await this.roleSuggestionList.getByRole('option').allTextContents();
    await this.closeRoleSuggestions();
    return options;
  }

  async setDescription(text: string): Promise<void> {
    await this.page.getByTestId('participant-description').fill(text);
  }

  async roleError(): Promise<string> {
    const error = this.page
      .locator('.mantine-Modal-content')
      .filter({ has: this.role })
      .locator('.mantine-InputWrapper-error');
    await error.first().waitFor();
    return (await error.first().textContent()) ?? '';
  }

  async done(): Promise<void> {
    await this.page.getByTestId('participant-done').click();
  }

  async cancel(): Promise<void> {
    await this.page.getByTestId('participant-cancel').click();
  }

  async waitClosed(): Promise<void> {
    await this.page.getByTestId('participant-form').waitFor({ state: 'detached' });
  }
}

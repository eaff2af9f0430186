import type { Locator, Page } from 'playwright-core';

/** A date as the date input takes it: "1850", "1850-03" or "1850-03-12", and its type's value. */
export interface DateFields {
  type?: 'exact' | 'about' | 'before' | 'after' | 'between';
  start: string;
  end?: string;
}

/** Types a partial date into one date input (`date-start` or `date-end` inside `scope`). */
export async function fillDate(scope: Locator, which: 'date-start' | 'date-end', value: string): Promise<void> {
  const [year = '', month = '', day = ''] = value.split('-');
  const input = scope.getByTestId(which);
  await input.getByTestId('date-year').fill(year);
  if (month) await input.getByTestId('date-month').fill(month);
  if (day) await input.getByTestId('date-day').fill(day);
}

/** Fills an event date input (type, start and, for ranges, the end) inside `scope`. */
export async function fillEventDate(scope: Locator, date: DateFields): Promise<void> {
  if (date.type) await scope.getByTestId('date-type').selectOption(date.type);
  await fillDate(scope, 'date-start', date.start);
  if (date.end) await fillDate(scope, 'date-end', date.end);
}

/** The events section of the person page, its residences modal and the age line. */
export class PersonEventsSection {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('person-events');
  }

  get rows(): Locator {
    return this.page.getByTestId('person-events-list').getByTestId('person-event');
  }

  /** Each row's type (data-event-type), top to bottom. */
  async types(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-type') ?? ''));
  }

  row(type: string): Locator {
    return this.rows.and(this.page.locator(`[data-event-type="${type}"]`));
  }

  async headings(): Promise<string[]> {
    return this.rows.getByTestId('person-event-heading').allTextContents();
  }

  async addEvent(): Promise<void> {
    await this.page.getByTestId('person-add-event').click();
  }

  async openEvent(type: string): Promise<void> {
    await this.row(type).first().getByTestId('person-event-open').click();
  }

  async birthText(): Promise<string> {
    return (await this.page.getByTestId('person-birth').textContent()) ?? '';
  }

  async deathText(): Promise<string> {
    return (await this.page.getByTestId('person-death').textContent()) ?? '';
  }

  async ageText(): Promise<string> {
    return (await this.page.getByTestId('person-age').textContent()) ?? '';
  }

  async residenceCount(): Promise<string> {
    return (await this.page.getByTestId('person-residences-count').textContent()) ?? '';
  }

  get residencesModal(): Locator {
    return this.page
      .locator('.mantine-Modal-content')
      .filter({ has: this.page.getByTestId('person-residences-modal') });
  }

  /** Opens the residences modal and answers each residence's date text. */
  async residenceDates(): Promise<string[]> {
    await this.page.getByTestId('person-residences-button').click();
    await this.page.getByTestId('person-residences-list').waitFor();
    const dates = await this.page
      .getByTestId('person-residences-list')
      .getByTestId('person-event-date')
      .allTextContents();
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('person-residences-list').waitFor({ state: 'detached' });
    return dates;
  }
}

/** The residence wizard: stage 0 date and place, stage 1 details, the choices, stage 2 other people. */
export class ResidenceWizard {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('residence-wizard');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('person-add-residence').click();
    await this.page.getByTestId('residence-stage-when-where').waitFor();
  }

  async stage(): Promise<string | null> {
    return this.page.locator('[data-testid="residence-wizard"][data-stage]').getAttribute('data-stage');
  }

  async fillDate(date: DateFields): Promise<void> {
    await fillEventDate(this.page.getByTestId('residence-date'), date);
  }

  async typePlace(text: string): Promise<void> {
    await this.page.getByTestId('residence-place').fill(text);
  }

  async next(): Promise<void> {
    await this.page.getByTestId('residence-next').click();
  }

  /** The error texts shown under the date and the place. */
  async errors(): Promise<string[]> {
    return this.page.getByTestId('residence-stage-when-where').locator('.mantine-InputWrapper-error').allTextContents();
  }

  async describe(text: string): Promise<void> {
    await this.page.getByTestId('residence-description').fill(text);
  }

  async contemporaryText(): Promise<string> {
    return (await this.page.getByTestId('residence-contemporary').textContent()) ?? '';
  }

  async share(): Promise<void> {
    await this.page.getByTestId('residence-choices-share').click();
    await this.page.getByTestId('residence-stage-people').waitFor();
  }

  async finish(): Promise<void> {
    await this.page.getByTestId('residence-choices-done').click();
  }

  candidate(personId: string): Locator {
    return this.page.locator(`[data-testid="residence-candidate"][data-person-id="${personId}"]`);
  }

  async choose(personId: string): Promise<void> {
    await this.candidate(personId).getByTestId('residence-candidate-check').check();
  }

  async saveShared(): Promise<void> {
    await this.page.getByTestId('residence-share').click();
  }
}

import type { Locator, Page } from 'playwright-core';

/** The person merge page at /app/:treeId/person/:personId/merge/:otherId (issue 21). */
export class PersonMergePage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('person-merge-page').waitFor();
  }

  /** The name shown for the kept person, or for the one merged into it. */
  async sideName(side: 'kept' | 'other'): Promise<string> {
    return (await this.page.getByTestId(`person-merge-${side}`).getByRole('link').textContent()) ?? '';
  }

  /** A section's rows (names, events, relatives, attachments) as "kind label|outcome" (the side left out). */
  async rows(section: 'names' | 'events' | 'relatives' | 'attachments'): Promise<string[]> {
    const rows = this.page.getByTestId(`person-merge-${section}`).getByTestId('person-merge-item');
    const texts: string[] = [];
    for (const row of await rows.all()) {
      const cells = await row.getByRole('cell').allTextContents();
      texts.push(`${cells.slice(0, -2).join(' ')}|${cells.at(-1) ?? ''}`);
    }
    return texts;
  }

  problems(): Locator {
    return this.page.getByTestId('person-merge-problem');
  }

  /** Chooses the other person's value of a field. */
  async takeFromOther(field: string): Promise<void> {
    await this.page.getByTestId(`person-merge-field-${field}`).getByRole('radio').nth(1).check();
  }

  /** On a person page: "Merge with…", then the person found by `query` whose row says `name`. */
  async pickFromPersonPage(query: string, name: string): Promise<void> {
    await this.page.getByTestId('person-merge').click();
    const dialog = this.page.getByTestId('person-merge-pick-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('person-search-search').fill(query);
    const row = dialog.getByTestId('person-row').filter({ hasText: name });
    await row.waitFor();
    await row.click();
    await this.waitUntilShown();
  }

  async confirm(): Promise<void> {
    await this.page.getByTestId('person-merge-confirm').click();
  }
}

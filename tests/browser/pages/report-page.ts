import type { Locator, Page } from 'playwright-core';

/** The printable report page (issue 23): its controls and the report drawn below them. */
export class ReportPage {
  constructor(private readonly page: Page) {}

  get report(): Locator {
    return this.page.getByTestId('report');
  }

  /** Waits until the report of this kind is drawn, with its title. */
  async waitForReport(kind: string): Promise<void> {
    await this.page.locator(`[data-testid="report"][data-kind="${kind}"] [data-testid="report-title"]`).waitFor();
  }

  async title(): Promise<string> {
    return (await this.page.getByTestId('report-title').textContent()) ?? '';
  }

  /** Each entry's number and name, in the report's order: `['1', 'Åsa Öberg']`. */
  async numberedNames(): Promise<[string, string][]> {
    return this.page
      .getByTestId('report-entry')
      .evaluateAll((entries) =>
        entries.map((entry): [string, string] => [
          entry.querySelector('[data-testid="report-number"]')?.textContent ?? '',
          entry.querySelector('[data-testid="report-name"]')?.textContent ?? '',
        ]),
      );
  }

  /** Chooses a number of generations in the select. */
  async chooseGenerations(count: number): Promise<void> {
    await this.page.getByTestId('report-generations').click();
    await this.page.getByRole('option', { name: String(count), exact: true }).click();
  }

  /** Chooses another report by its label. */
  async chooseKind(label: string): Promise<void> {
    await this.page.getByTestId('report-kind').getByText(label, { exact: true }).click();
  }

  get printButton(): Locator {
    return this.page.getByTestId('report-print');
  }

  get downloadButton(): Locator {
    return this.page.getByTestId('report-download');
  }
}

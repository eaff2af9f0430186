import type { Locator, Page } from 'playwright-core';

export type ChartKind = 'ancestors' | 'descendants';

export interface ViewTransform {
  x: number;
  y: number;
  k: number;
}

/** The family tree view at /app/:treeId/tree/:personId: tabs, chart boxes, zoom and pan. */
export class FamilyTreePage {
  constructor(private readonly page: Page) {}

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('family-tree-page').waitFor();
    await this.page.getByTestId('family-tree-name').waitFor();
  }

  async personName(): Promise<string> {
    return (await this.page.getByTestId('family-tree-name').textContent()) ?? '';
  }

  async openTab(tab: 'ancestors' | 'descendants' | 'family' | 'table'): Promise<void> {
    await this.page.getByTestId(`tab-${tab}`).click();
  }

  chart(kind: ChartKind): Locator {
    return this.page.getByTestId(`${kind}-chart`);
  }

  boxes(): Locator {
    return this.page.getByTestId('chart-box');
  }

  box(personId: string): Locator {
    return this.page.locator(`[data-testid="chart-box"][data-person-id="${personId}"]`).first();
  }

  /** Waits until the chart shows exactly `count` boxes. */
  async waitForBoxes(count: number, timeout = 30_000): Promise<void> {
    try {
      await this.page.waitForFunction(
        (expected) => document.querySelectorAll('[data-testid="chart-box"]').length === expected,
        count,
        { timeout },
      );
    } catch (error) {
      const shown = await this.boxes().count();
      throw new Error(`Expected ${count} chart boxes, the chart shows ${shown}`, { cause: error });
    }
  }

  /** Puts the chart in the middle of the window, clear of the fixed header. */
  async scrollChartIntoView(): Promise<void> {
    await this.page
      .getByTestId('chart-svg')
      .evaluate((svg) => svg.scrollIntoView({ block: 'center', behavior: 'instant' }));
  }

  /** Chooses generations (ancestors) or depth (descendants) by the option's text. */
  async chooseSize(kind: ChartKind, optionLabel: string): Promise<void> {
    await this.page.getByTestId(`${kind}-size`).click();
    await this.page.getByRole('option', { name: optionLabel, exact: true }).click();
  }

  async transform(): Promise<ViewTransform> {
    // d3-zoom's transform as text; the drawing itself is moved by the CSS transform made from it.
    const value = (await this.page.getByTestId('chart-viewport').getAttribute('data-transform')) ?? '';
    const match = value.match(/translate\(([-\d.e]+),([-\d.e]+)\) scale\(([-\d.e]+)\)/);
    if (!match) return { x: 0, y: 0, k: 1 };
    return { x: Number(match[1]), y: Number(match[2]), k: Number(match[3]) };
  }

  async zoomIn(): Promise<void> {
    await this.page.getByTestId('chart-zoom-in').click();
  }

  async zoomOut(): Promise<void> {
    await this.page.getByTestId('chart-zoom-out').click();
  }

  async fit(): Promise<void> {
    await this.page.getByTestId('chart-fit').click();
  }

  /** Drags the chart by (dx, dy) from the middle of the view. */
  async drag(dx: number, dy: number): Promise<void> {
    await this.scrollChartIntoView();
    const area = await this.page.getByTestId('chart-svg').boundingBox();
    if (!area) throw new Error('no chart');
    const x = area.x + area.width / 2;
    const y = area.y + area.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
    await this.page.mouse.move(x + dx, y + dy, { steps: 4 });
    await this.page.mouse.up();
  }

  async wheel(deltaY: number): Promise<void> {
    await this.scrollChartIntoView();
    const area = await this.page.getByTestId('chart-svg').boundingBox();
    if (!area) throw new Error('no chart');
    await this.page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await this.page.mouse.wheel(0, deltaY);
  }

  /** Focuses a box as the Tab key would, which pans the chart to it when it is out of view. */
  async focusBox(personId: string): Promise<void> {
    await this.box(personId).locator('[data-action="open"]').focus();
    await this.scrollChartIntoView();
  }

  async openPerson(personId: string): Promise<void> {
    await this.focusBox(personId);
    await this.box(personId).locator('[data-action="open"]').click();
  }

  async showInChart(personId: string): Promise<void> {
    await this.focusBox(personId);
    await this.box(personId).locator('[data-action="recentre"]').click();
  }
}

import type { Locator, Page } from 'playwright-core';

/** The map of a tree's places (/app/:treeId/map): Leaflet markers and clusters. */
export class MapPage {
  constructor(private readonly page: Page) {}

  get map(): Locator {
    return this.page.getByTestId('tree-map');
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('map-page').waitFor();
  }

  /** A single place's marker, found by its title (the place name). */
  marker(name: string): Locator {
    return this.map.locator(`.leaflet-marker-icon[title="${name}"]`);
  }

  /** The cluster icons (several places drawn as one, with their number). */
  get clusters(): Locator {
    return this.map.locator('.marker-cluster');
  }

  /** The names of the single markers shown, sorted. */
  async markerNames(): Promise<string[]> {
    const titles = await this.map
      .locator('.leaflet-marker-icon[title]')
      .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('title') ?? ''));
    return titles.sort();
  }

  async count(): Promise<string> {
    return (await this.page.getByTestId('map-count').textContent()) ?? '';
  }

  /** The map's attribution, as shown in its corner. */
  async attribution(): Promise<string> {
    return (await this.map.locator('.leaflet-control-attribution').textContent()) ?? '';
  }
}

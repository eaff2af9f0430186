import type { Locator, Page } from 'playwright-core';
import { settled } from '../harness.ts';

/** A file for an `<input type=file>`, made in the test. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Photos and documents (packages/web/src/features/media): a `MediaCollection` with its upload zone
 * (`media-upload`, the hidden `media-file-input`, one `media-upload-item` per file with `data-state`
 * uploading/processing/done/error and `data-error-code`), thumbnails (`media-thumb` with
 * `data-media-id`; `media-thumb-open` opens it, `media-thumb-menu` its actions `media-action-*`).
 * The person page's gallery is `media-gallery` inside `person-media`; the tree's page `media-list`.
 */
export class MediaCollectionModel {
  readonly root: Locator;

  constructor(
    private readonly page: Page,
    collection: string | Locator = 'media-gallery',
  ) {
    this.root = typeof collection === 'string' ? page.getByTestId(collection) : collection;
  }

  get uploads(): Locator {
    return this.root.getByTestId('media-upload-item');
  }

  get thumbs(): Locator {
    return this.root.getByTestId('media-thumb');
  }

  thumb(title: string): Locator {
    return this.thumbs.filter({ has: this.page.getByTestId('media-thumb-title').getByText(title, { exact: true }) });
  }

  /** Chooses the files as the file dialog would (several at once). */
  async upload(files: TestFile[]): Promise<void> {
    await this.root.getByTestId('media-file-input').setInputFiles(files);
  }

  /** Waits until `count` uploads have ended (done or refused). */
  async waitForUploads(count: number): Promise<void> {
    await this.root
      .locator('[data-testid="media-upload-item"]:is([data-state="done"], [data-state="error"])')
      .nth(count - 1)
      .waitFor();
  }

  async openMenu(thumb: Locator): Promise<void> {
    await thumb.getByTestId('media-thumb-menu').click();
  }

  async chooseAction(thumb: Locator, action: 'edit' | 'portrait' | 'unlink' | 'delete'): Promise<void> {
    await this.openMenu(thumb);
    await this.page.getByTestId(`media-action-${action}`).click();
  }

  async open(thumb: Locator): Promise<MediaViewerModel> {
    await thumb.getByTestId('media-thumb-open').click();
    const viewer = new MediaViewerModel(this.page);
    await viewer.stage.waitFor();
    return viewer;
  }
}

/** The media details dialog (`media-edit-form`): title, date, description. */
export class MediaEditModel {
  constructor(private readonly page: Page) {}

  get form(): Locator {
    return this.page.getByTestId('media-edit-form');
  }

  async fill(values: { title?: string; date?: string; description?: string }): Promise<void> {
    if (values.title !== undefined) await this.page.getByTestId('media-edit-title').fill(values.title);
    if (values.date !== undefined) await this.page.getByTestId('media-edit-date').fill(values.date);
    if (values.description !== undefined)
      await this.page.getByTestId('media-edit-description').fill(values.description);
  }

  async saveAndWaitClosed(): Promise<void> {
    await this.page.getByTestId('media-edit-save').click();
    await this.form.waitFor({ state: 'detached' });
  }
}

/** "Use as portrait": the square `portrait-crop-box` (data-x, data-y, data-size) over the image. */
export class PortraitCropModel {
  constructor(private readonly page: Page) {}

  get box(): Locator {
    return this.page.getByTestId('portrait-crop-box');
  }

  /** Waits for the square over the loaded image, and for the dialog's opening to end (it moves the square). */
  async waitReady(): Promise<void> {
    await this.box.waitFor();
    await settled(this.page);
  }

  async geometry(): Promise<{ x: number; y: number; size: number }> {
    const read = async (name: string) => Number(await this.box.getAttribute(`data-${name}`));
    return { x: await read('x'), y: await read('y'), size: await read('size') };
  }

  /** Drags with the mouse from the middle of `target` by (dx, dy). */
  private async drag(target: Locator, dx: number, dy: number): Promise<void> {
    const bounds = await target.boundingBox();
    if (!bounds) throw new Error('The crop control is not on the page');
    const x = bounds.x + bounds.width / 2;
    const y = bounds.y + bounds.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 5 });
    await this.page.mouse.up();
  }

  async move(dx: number, dy: number): Promise<void> {
    await this.drag(this.box, dx, dy);
  }

  async resizeFrom(corner: 'nw' | 'ne' | 'sw' | 'se', dx: number, dy: number): Promise<void> {
    await this.drag(this.page.getByTestId(`portrait-crop-handle-${corner}`), dx, dy);
  }

  async saveAndWaitClosed(): Promise<void> {
    await this.page.getByTestId('portrait-crop-save').click();
    await this.box.waitFor({ state: 'detached' });
  }
}

/** The full-screen viewer: `viewer-stage` with `data-scale` (d3-zoom's k), `data-loaded`, `data-variant`. */
export class MediaViewerModel {
  constructor(private readonly page: Page) {}

  get stage(): Locator {
    return this.page.getByTestId('viewer-stage');
  }

  async waitLoaded(): Promise<void> {
    await this.page.locator('[data-testid="viewer-stage"][data-loaded]').waitFor();
  }

  async scale(): Promise<number> {
    return Number(await this.stage.getAttribute('data-scale'));
  }

  async zoomIn(): Promise<void> {
    await this.page.getByTestId('viewer-zoom-in').click();
  }

  async fit(): Promise<void> {
    await this.page.getByTestId('viewer-fit').click();
  }

  async pressKey(key: string): Promise<void> {
    await this.stage.focus();
    await this.page.keyboard.press(key);
  }

  /** Switches to the original and waits until it is shown. */
  async showFullResolution(): Promise<void> {
    await this.page.getByTestId('viewer-full-resolution').click();
    await this.page.locator('[data-testid="viewer-stage"][data-variant="original"]').waitFor();
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.stage.waitFor({ state: 'detached' });
  }
}

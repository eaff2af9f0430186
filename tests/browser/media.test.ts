import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { type ApiUser, type AppServer, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { MediaCollectionModel, MediaEditModel, PortraitCropModel, type TestFile } from './pages/media.ts';

/** A photograph made for the test: a face (a dark circle) in the upper middle of a light background. */
async function portraitPhoto(): Promise<TestFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#e8dcc0"/>
    <circle cx="300" cy="260" r="130" fill="#5a4030"/>
    <rect x="140" y="420" width="320" height="380" fill="#303848"/>
  </svg>`;
  return { name: 'anna-1890.jpg', mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

/** A "scanned church record": a large page of ruled lines with handwriting-like strokes. */
async function scannedPage(): Promise<TestFile> {
  const lines = Array.from({ length: 40 }, (_, row) => {
    const y = 120 + row * 60;
    return `<line x1="80" y1="${y}" x2="1920" y2="${y}" stroke="#b0a080" stroke-width="2"/>
      <path d="M100 ${y - 10} q 40 -30 80 0 t 80 0 t 80 0 t 80 0" stroke="#302010" fill="none" stroke-width="3"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2600">
    <rect width="2000" height="2600" fill="#f4ecd8"/>${lines}</svg>`;
  return {
    name: 'husforhor-sunne-1850.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer(),
  };
}

interface StoredPerson {
  portrait?: { mediaId: string; crop: { x: number; y: number; width: number; height: number } } | null;
}

describe.skipIf(!browserAvailable())('photos and scanned documents in the browser', () => {
  const session = useBrowserSession({ name: 'media', reducedMotion: 'reduce' });
  let server: AppServer;
  let page: Page;
  let api: ApiUser;
  let treeId = '';
  let annaId = '';

  async function openPersonPage(): Promise<MediaCollectionModel> {
    await page.goto(`${server.url}/app/${treeId}/person/${annaId}`);
    await page.getByTestId('person-page').waitFor();
    const gallery = new MediaCollectionModel(page, 'media-gallery');
    await gallery.root.waitFor();
    return gallery;
  }

  beforeAll(async () => {
    server = session.server;
    page = session.page;
    api = await registerApiUser(server, { fName: 'Anna', password: 'bilder-och-dokument-1', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Rud',
    });
    treeId = tree.id;
    annaId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${annaId}`, { fName: 'Anna', lName: 'Rud', gender: 'female' });
    await session.signIn(api.cookie);
  });

  it('uploads a photo to a person, crops it as the portrait and shows it at the top of the person page', async () => {
    const gallery = await openPersonPage();
    await expect.poll(() => gallery.root.textContent()).toContain(sv('media.gallery.empty'));
    expect(await page.getByTestId('person-portrait').count()).toBe(0);

    await gallery.upload([await portraitPhoto()]);
    await gallery.waitForUploads(1);
    expect(await gallery.uploads.first().getAttribute('data-state')).toBe('done');
    const thumb = gallery.thumbs.first();
    await thumb.waitFor();
    // The thumbnail's image has loaded (a real picture, not the PDF or missing-file icon).
    await expect
      .poll(() => thumb.getByTestId('media-thumb-image').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    // Title and date afterwards, from the upload's row.
    await gallery.uploads.first().getByTestId('media-upload-edit').click();
    const details = new MediaEditModel(page);
    await details.fill({ title: 'Anna i Sunne', date: 'omkring 1890' });
    await details.saveAndWaitClosed();
    await gallery.thumb('Anna i Sunne').waitFor();

    await gallery.chooseAction(gallery.thumb('Anna i Sunne'), 'portrait');
    const crop = new PortraitCropModel(page);
    await crop.waitReady();
    const start = await crop.geometry();
    await crop.resizeFrom('se', -80, -80);
    const smaller = await crop.geometry();
    expect(smaller.size).toBeLessThan(start.size);
    expect(smaller.x).toBe(start.x);
    await crop.move(20, -15);
    const moved = await crop.geometry();
    expect(moved.x).toBeGreaterThan(smaller.x);
    expect(moved.size).toBe(smaller.size);
    await session.screenshot('media-portrait-crop-1280.png');
    expect(await seriousViolations(page, { include: '.mantine-Modal-content' })).toEqual([]);
    await crop.saveAndWaitClosed();

    // Stored as fractions of the image: a square on a 600 × 800 photo is 600/800 as tall in fractions as wide.
    const person = await api.send<StoredPerson>('GET', `${treeId}/person/${annaId}`, undefined);
    const stored = person.portrait?.crop;
    expect(stored).toBeDefined();
    expect((stored?.height ?? 0) / (stored?.width ?? 1)).toBeCloseTo(600 / 800, 2);
    expect(stored?.x).toBeGreaterThan(0);

    const portrait = page.getByTestId('person-portrait');
    await portrait.waitFor();
    await expect.poll(() => portrait.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await portrait.getAttribute('alt')).toBe(sv('media.portrait.alt', { name: 'Anna Rud' }));

    // After a reload, too.
    await openPersonPage();
    await page.getByTestId('person-portrait').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await session.screenshot('media-person-portrait-1280.png');
    expect(await seriousViolations(page)).toEqual([]);

    // And small in her box of the chart (issue 23); a failing file request would fail the test.
    await page.goto(`${server.url}/app/${treeId}/tree/${annaId}?view=ancestors&generations=2`);
    const box = page.getByTestId('chart-box').filter({ hasText: 'Anna' }).first();
    const boxPortrait = box.getByTestId('chart-box-portrait');
    await boxPortrait.waitFor();
    expect(await boxPortrait.getAttribute('href')).toContain(annaId);
  });

  it("fits the tree's links, now with the media page's, in one header row at the narrowest wide width", async () => {
    await page.setViewportSize({ width: 1200, height: 900 });
    try {
      await openPersonPage();
      await page.getByTestId('nav-tree-media').waitFor();
      const overflow = await page.evaluate(() => {
        const nav = document.querySelector('header nav');
        return {
          page: document.documentElement.scrollWidth - window.innerWidth,
          nav: nav ? nav.scrollWidth - nav.clientWidth : 0,
          header: (document.querySelector('header')?.getBoundingClientRect().height ?? 0) > 80,
        };
      });
      expect(overflow).toEqual({ page: 0, nav: 0, header: false });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('refuses an SVG and an empty file before sending them, and a false JPEG on the server, each with its message', async () => {
    const gallery = await openPersonPage();
    await gallery.upload([
      { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { name: 'tom.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) },
    ]);
    await gallery.waitForUploads(2);
    const svgRow = gallery.uploads.filter({ hasText: 'logo.svg' });
    const emptyRow = gallery.uploads.filter({ hasText: 'tom.jpg' });
    expect(await svgRow.getAttribute('data-error-code')).toBe('media.error.unsupportedType');
    expect(await svgRow.getByRole('alert').textContent()).toContain(sv('media.error.unsupportedType'));
    expect(await emptyRow.getAttribute('data-error-code')).toBe('media.error.empty');

    // A file that is not what its name and type say is the server's to refuse (read from its bytes).
    session.expectHttpError(415, /\/media$/);
    session.expectHttpError(422, /\/media$/);
    await gallery.upload([
      { name: 'kyrkbok.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('inte en bild\n'.repeat(50)) },
    ]);
    await gallery.waitForUploads(3);
    const fakeRow = gallery.uploads.filter({ hasText: 'kyrkbok.jpg' });
    const code = await fakeRow.getAttribute('data-error-code');
    expect(['media.error.unsupportedType', 'media.error.corrupt']).toContain(code);
    expect(await fakeRow.getByRole('alert').textContent()).toContain(sv(code ?? ''));
    expect(await gallery.thumbs.count()).toBe(1);
  });

  it("uploads a scan on the tree's media page and reads it in the viewer, zoomed in and at full resolution", async () => {
    await page.goto(`${server.url}/app/${treeId}/person/${annaId}`);
    await page.getByTestId('person-page').waitFor();
    await page.getByTestId('nav-tree-media').click();
    const list = new MediaCollectionModel(page, 'media-list');
    await list.root.waitFor();
    // The portrait's photo is there already.
    await list.thumb('Anna i Sunne').waitFor();

    await list.upload([await scannedPage()]);
    await list.waitForUploads(1);
    const scan = list.thumb('husforhor-sunne-1850.jpg');
    await scan.waitFor();
    // Newest first.
    expect(await list.thumbs.first().getAttribute('data-media-id')).toBe(await scan.getAttribute('data-media-id'));

    const viewer = await list.open(scan);
    await viewer.waitLoaded();
    const fitted = await viewer.scale();
    // A 2000 × 2600 page is shrunk to the window.
    expect(fitted).toBeLessThan(1);

    await viewer.zoomIn();
    await expect.poll(() => viewer.scale()).toBeGreaterThan(fitted);
    const zoomed = await viewer.scale();
    await viewer.pressKey('+');
    await expect.poll(() => viewer.scale()).toBeGreaterThan(zoomed);
    await viewer.showFullResolution();
    await session.screenshot('media-viewer-1280.png');
    expect(await seriousViolations(page, { include: '.mantine-Modal-content' })).toEqual([]);
    await viewer.pressKey('0');
    await expect.poll(() => viewer.scale()).toBeCloseTo(fitted, 5);
    await viewer.close();
  });

  it('gives a place and an event galleries of their own, uploads linked to them at once', async () => {
    const sunne = await api.send<{ location: { id: string } }>('POST', `${treeId}/location`, {
      location: { name: 'Sunne', type: 'Socken' },
    });
    await page.goto(`${server.url}/app/${treeId}/location/${sunne.location.id}`);
    await page.getByTestId('location-page').waitFor();
    const placeGallery = new MediaCollectionModel(page, page.getByTestId('location-media'));
    await placeGallery.root.getByTestId('media-empty').waitFor();
    await placeGallery.upload([{ ...(await portraitPhoto()), name: 'sunne-kyrka.jpg' }]);
    await placeGallery.thumb('sunne-kyrka.jpg').waitFor();
    const linked = await api.send<{ media: { fileName: string }[] }>(
      'GET',
      `${treeId}/media/node/${sunne.location.id}`,
      undefined,
    );
    expect(linked.media.map((item) => item.fileName)).toEqual(['sunne-kyrka.jpg']);

    const { event: baptism } = await api.send<{ event: { id: string } }>('POST', `${treeId}/event`, {
      // Undated: a date would be a clue to Anna's age for the privacy rule of the visitor's test.
      type: 'baptism',
      participants: [{ personId: annaId, role: 'primary' }],
    });
    await page.goto(`${server.url}/app/${treeId}/event/${baptism.id}`);
    await page.getByTestId('event-page').waitFor();
    const eventGallery = new MediaCollectionModel(page, page.getByTestId('event-media'));
    await eventGallery.root.getByTestId('media-empty').waitFor();
    expect(await eventGallery.root.getByTestId('media-upload').count()).toBe(1);

    // The scan of the church record belongs to the baptism too: one file, several items.
    await eventGallery.root.getByTestId('media-link-existing').click();
    const choices = new MediaCollectionModel(page, 'media-link-choices');
    await choices.thumb('husforhor-sunne-1850.jpg').getByTestId('media-thumb-open').click();
    await choices.root.waitFor({ state: 'detached' });
    await eventGallery.thumb('husforhor-sunne-1850.jpg').waitFor();
    const scanId = await eventGallery.thumbs.first().getAttribute('data-media-id');
    const scan = await api.send<{ links: { nodeId: string }[] }>('GET', `${treeId}/media/${scanId}`, undefined);
    expect(scan.links.map((link) => link.nodeId)).toEqual([baptism.id]);

    // The tree card says how much the tree's files take.
    await page.goto(`${server.url}/trees`);
    const storage = page.getByTestId('tree-card-media');
    await storage.waitFor();
    expect(await storage.textContent()).toMatch(/^Använt lagringsutrymme: [\d,]+ (kB|MB)$/);
  });

  it('shows portraits small in lists, a record’s own gallery above its dialog, Undo of an upload, and the trash', async () => {
    // Anna's portrait (the first test's) beside her name in the person list.
    await page.goto(`${server.url}/app/${treeId}/persons`);
    const annaThumb = page
      .locator(`[data-testid="person-row"][data-person-id="${annaId}"]`)
      .getByTestId('person-portrait-thumb');
    await annaThumb.waitFor();
    await expect.poll(() => annaThumb.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const record = await api.send<{ id: string }>('POST', `${treeId}/source/record`, {
      record: { title: 'Sunne husförhör 1845–1850' },
    });
    await page.goto(`${server.url}/app/${treeId}/sources`);
    await page.locator(`[data-testid="record-row"][data-id="${record.id}"]`).click();
    const dialog = page.getByTestId('record-dialog');
    const gallery = new MediaCollectionModel(page, dialog.getByTestId('record-media'));
    await gallery.root.getByTestId('media-empty').waitFor();
    const photo = { ...(await portraitPhoto()), name: 'husforhor-sida-12.jpg' };
    // An upload is a save like the others: its notice undoes it.
    await gallery.upload([photo]);
    await gallery.thumb(photo.name).waitFor();
    await page.getByTestId('notice-undo').click();
    await gallery.thumb(photo.name).waitFor({ state: 'detached' });
    await gallery.root.getByTestId('media-empty').waitFor();

    // Uploaded again, it opens in the viewer above the record's dialog, and is deleted from its menu.
    await gallery.upload([photo]);
    const thumb = gallery.thumb(photo.name);
    await thumb.waitFor();
    const viewer = await gallery.open(thumb);
    await viewer.waitLoaded();
    await viewer.close();
    await gallery.chooseAction(thumb, 'delete');
    await page.getByTestId('media-delete-confirm-button').click();
    await thumb.waitFor({ state: 'detached' });

    // The deleted photo waits in the trash, and comes back from there to the record.
    await page.goto(`${server.url}/app/${treeId}/trash`);
    const item = page.getByTestId('trash-item').filter({ hasText: photo.name });
    await item.waitFor();
    expect(await item.getByTestId('trash-item-kind').textContent()).toBe(sv('trash.kinds.media'));
    await item.getByTestId('trash-restore').click();
    await item.waitFor({ state: 'detached' });
    const linked = await api.send<{ media: { fileName: string }[] }>(
      'GET',
      `${treeId}/media/node/${record.id}`,
      undefined,
    );
    expect(linked.media.map((media) => media.fileName)).toEqual([photo.name]);
    // Out of the way of the visitor's list below (a record's photo is anyone's to see).
    await page.goto(`${server.url}/app/${treeId}/sources`);
    await page.locator(`[data-testid="record-row"][data-id="${record.id}"]`).click();
    await gallery.chooseAction(gallery.thumb(photo.name), 'delete');
    await page.getByTestId('media-delete-confirm-button').click();
    await gallery.root.getByTestId('media-empty').waitFor();
  });

  it('shows a visitor of the shared tree the photos of the dead, none of the living, and no controls', async () => {
    // Gustav (1850–1920) is dead, so shown to visitors; Anna, born 1990, is presumed living.
    const gustav = await api.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Gustav', lName: 'Rud' },
      relation: { type: 'parent', personId: annaId },
    });
    const primary = [{ personId: gustav.id, role: 'primary' }];
    await api.send('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1990',
      participants: [{ personId: annaId, role: 'primary' }],
    });
    await api.send('POST', `${treeId}/event`, { type: 'birth', startDate: '1850', participants: primary });
    await api.send('POST', `${treeId}/event`, { type: 'death', startDate: '1920', participants: primary });
    const photo = await portraitPhoto();
    const form = new FormData();
    form.append('title', 'Gustav på gården');
    form.append('nodeId', gustav.id);
    form.append('nodeKind', 'person');
    form.append('file', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), 'gustav.jpg');
    const uploaded = await fetch(`${server.url}/api/${treeId}/media`, {
      method: 'POST',
      headers: { Origin: server.url, Cookie: `${api.cookie.name}=${api.cookie.value}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { token } = await api.send<{ token: string }>('PUT', `${treeId}/share`, { enabled: true });

    // Signed out, by the share link.
    await session.signOut();
    await page.goto(`${server.url}/share/${token}/${treeId}/person/${gustav.id}`);
    await page.getByTestId('person-page').waitFor();
    const gallery = new MediaCollectionModel(page, 'media-gallery');
    const thumb = gallery.thumb('Gustav på gården');
    await thumb.waitFor();
    await expect
      .poll(() => thumb.getByTestId('media-thumb-image').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await gallery.root.getByTestId('media-upload').count()).toBe(0);
    expect(await thumb.getByTestId('media-thumb-menu').count()).toBe(0);
    const viewer = await gallery.open(thumb);
    await viewer.waitLoaded();
    await viewer.close();

    // The tree's media page: Gustav's photo and the place's, not Anna's photo nor the scan of her baptism.
    await page.getByTestId('nav-tree-media').click();
    const list = new MediaCollectionModel(page, 'media-list');
    await list.thumb('Gustav på gården').waitFor();
    await list.thumb('sunne-kyrka.jpg').waitFor();
    expect(await list.root.getByTestId('media-thumb-title').allTextContents()).toEqual([
      'Gustav på gården',
      'sunne-kyrka.jpg',
    ]);
    expect(await list.root.getByTestId('media-upload').count()).toBe(0);
    // Nor Anna's portrait on her (private) page.
    await page.goto(`${server.url}/share/${token}/${treeId}/person/${annaId}`);
    await page.getByTestId('person-page').waitFor();
    expect(await page.getByTestId('person-portrait').count()).toBe(0);
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, settled, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { NoteListModel } from './pages/note-modal.ts';
import { SourcesPage } from './pages/sources.ts';

/**
 * Cross-site scripting (issue 9, docs/security.md): hostile notes, transcriptions, names, place
 * names, descriptions and links are stored through the API (the server refuses some and sanitizes
 * the rich text; the test asserts what it kept), then the pages and dialogs that show them are
 * opened. Nothing may run: no dialog, no request to another origin, no script setting
 * `window.__pwned`, no element with an event handler or a `javascript:` link in the page, and no
 * Content-Security-Policy violation (which would mean markup got in and only the policy stopped it).
 */

/** Each payload, if it ever ran, sets window.__pwned to its own number, opens a dialog or calls out. */
const pwn = (n: number) => `window.__pwned=${n}`;
const hostileHtml = [
  `<p>Vanlig text före.</p>`,
  `<img src=x onerror="${pwn(1)}">`,
  `<script>${pwn(2)}</script>`,
  `<svg onload="${pwn(3)}"><circle r="1"/></svg>`,
  `<a href="javascript:${pwn(4)}">klicka</a>`,
  `<iframe src="javascript:${pwn(5)}"></iframe>`,
  `<a href="https://evil.example/x" onclick="${pwn(6)}">extern länk</a>`,
  `<p style="background:url(https://evil.example/bg.png)" onmouseover="${pwn(7)}">stil</p>`,
  `<img src="https://evil.example/pixel.png">`,
  `<math><mi xlink:href="javascript:${pwn(8)}">m</mi></math>`,
  `<form action="https://evil.example/steal"><button formaction="javascript:${pwn(9)}">skicka</button></form>`,
  `<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">`,
  `<a href="data:text/html,<script>${pwn(10)}</script>">data</a>`,
  `<details open ontoggle="${pwn(11)}"><summary>s</summary></details>`,
  `<p>Vanlig text efter.</p>`,
].join('');

/** Attributes and elements that must never be in the page: any of them means markup got through. */
const dangerous =
  '[onerror],[onload],[onclick],[onmouseover],[ontoggle],[formaction],script:not([src]),iframe,object,embed,' +
  'a[href^="javascript:" i],a[href^="data:" i],img[src="x"],img[src^="https://evil" i],[style*="evil.example"]';

describe.skipIf(!browserAvailable())('hostile content in the browser', () => {
  const session = useBrowserSession({ name: 'xss', timeout: 15_000 });
  const { pageErrors } = session;
  let api: ApiUser;
  let page: Page;
  let shell: AppShell;
  let treeId = '';
  let personId = '';
  let locationId = '';
  let eventId = '';
  const dialogs: string[] = [];
  const foreignRequests: string[] = [];
  const ids = { note: '', record: '', citation: '' };
  const text = {
    fName: 'javascript:window.__pwned=20//',
    lName: '" onmouseover="window.__pwned=21" x="',
    description: `<img src=x onerror="${pwn(22)}"> & <script>${pwn(23)}</script>`,
    noteTitle: `" autofocus onfocus="${pwn(24)}`,
    place: "javascript:alert('plats')",
    placeDescription: `<svg onload="${pwn(25)}"></svg>`,
    placeLink: `https://evil.example/"><img src=x onerror="${pwn(26)}">`,
    recordTitle: `<img src=x onerror="${pwn(27)}">Kyrkbok`,
    page: `<b onmouseover="${pwn(28)}">sida 4</b>`,
    citationUrl: `https://evil.example/?"><script>${pwn(29)}</script>`,
  };

  /** A call to the API as the signed-in user, answering the status and body (refusals included). */
  async function call<T>(method: string, apiPath: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${session.server.url}/api/${apiPath}`, {
      method,
      headers: {
        Origin: session.server.url,
        'Content-Type': 'application/json',
        Cookie: `${api.cookie.name}=${api.cookie.value}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async function created<T>(method: string, apiPath: string, body: unknown): Promise<T> {
    const response = await call<T>(method, apiPath, body);
    if (response.status >= 300)
      throw new Error(`${method} ${apiPath}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  /** Waits for late effects (an image's onerror, a lazy chunk), then checks that nothing ran or got in. */
  async function expectNothingRan(where: string): Promise<void> {
    // Late effects have had their chance once every image has loaded or failed (its onerror run)
    // and the network is quiet (lazy chunks fetched), however slow the machine.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === 'lazy'));
    await page.waitForLoadState('networkidle');
    await settled(page);
    const state = await page.evaluate((selector) => {
      const w = window as unknown as { __pwned?: unknown; __violations?: string[] };
      return {
        pwned: w.__pwned ?? null,
        violations: w.__violations ?? [],
        dangerous: [...document.querySelectorAll(selector)].map((element) => element.outerHTML.slice(0, 200)),
      };
    }, dangerous);
    expect({ where, ...state, dialogs, foreignRequests, pageErrors }).toEqual({
      where,
      pwned: null,
      violations: [],
      dangerous: [],
      dialogs: [],
      foreignRequests: [],
      pageErrors: [],
    });
  }

  beforeAll(async () => {
    const { server, context } = session;
    api = await registerApiUser(server, { fName: 'Hanna', password: 'hostile-content-1', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Fientligt innehåll',
    });
    treeId = tree.id;
    personId = tree.rootId;

    await session.signIn(api.cookie);
    // Everything outside the app's own origin is recorded and refused: an image, a script, a beacon.
    const own = new URL(server.url).origin;
    await context.route(
      (url) => url.origin !== own,
      (route) => {
        foreignRequests.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
    await context.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        const source = `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`;
        w.__violations.push(`${event.violatedDirective} ${event.blockedURI} at ${source} ${event.sample}`);
      });
    });
    page = session.page;
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    shell = new AppShell(page, server.url);
  });

  it('stores hostile names and texts as text and the rich text sanitized, refusing script addresses', async () => {
    // Names: markup characters are refused; quotes and a script address are only text.
    const markupName = await call('PUT', `${treeId}/person/${personId}`, { fName: '<img src=x onerror=alert(1)>' });
    expect(markupName.status).toBe(400);
    await created('PUT', `${treeId}/person/${personId}`, {
      fName: text.fName,
      lName: text.lName,
      gender: 'female',
      occupation: "'); DROP TABLE person; --",
      description: text.description,
    });
    const person = await created<{ fName: string; lName: string; description: string }>(
      'GET',
      `${treeId}/person/${personId}`,
      undefined,
    );
    expect(person).toMatchObject({ fName: text.fName, lName: text.lName, description: text.description });

    // Places: a script address as the link is refused; a web address with markup in it is kept as it is.
    const scriptLink = await call('POST', `${treeId}/location`, {
      location: { name: 'Sunne', primaryLink: `javascript:${pwn(30)}` },
    });
    expect(scriptLink.status).toBe(400);
    const markupPlace = await call('POST', `${treeId}/location`, { location: { name: '<svg onload=alert(1)>' } });
    expect(markupPlace.status).toBe(400);
    const place = await created<{ location: { id: string; name: string; primaryLink: string; description: string } }>(
      'POST',
      `${treeId}/location`,
      {
        location: {
          name: text.place,
          description: text.placeDescription,
          primaryLink: text.placeLink,
          coordinates: { lat: 59.83, lng: 13.14 },
        },
        newNotes: [{ title: 'Platsens anteckning', text: hostileHtml }],
      },
    );
    locationId = place.location.id;
    expect(place.location).toMatchObject({
      name: text.place,
      description: text.placeDescription,
      primaryLink: text.placeLink,
    });

    // A note: the title is text, the HTML is cut down to the editor's formatting.
    const titleWithMarkup = await call('POST', `${treeId}/note`, {
      note: { title: '<script>alert(1)</script>', text: '<p>x</p>' },
      connectedNodeIds: [personId],
    });
    expect(titleWithMarkup.status).toBe(400);
    const note = await created<{ id: string; title: string; text: string }>('POST', `${treeId}/note`, {
      note: { title: text.noteTitle, text: hostileHtml },
      connectedNodeIds: [personId],
    });
    ids.note = note.id;
    expect(note.title).toBe(text.noteTitle);
    expectSanitized(note.text);

    // Sources: a record titled with markup, a citation with hostile page text, address and transcription.
    ids.record = (
      await created<{ id: string }>('POST', `${treeId}/source/record`, { record: { title: text.recordTitle } })
    ).id;
    const scriptUrl = await call('POST', `${treeId}/source/citation`, {
      citation: { sourceRecordId: ids.record, whereWithinSourceURL: `javascript:${pwn(31)}` },
    });
    expect(scriptUrl.status).toBe(400);
    const citation = await created<{
      id: string;
      textFromSource: string;
      whereWithinSourceText: string;
      whereWithinSourceURL: string;
    }>('POST', `${treeId}/source/citation`, {
      citation: {
        sourceRecordId: ids.record,
        whereWithinSourceText: text.page,
        whereWithinSourceURL: text.citationUrl,
        textFromSource: hostileHtml,
      },
      newNotes: [{ title: 'Citatets anteckning', text: hostileHtml }],
    });
    ids.citation = citation.id;
    expect(citation.whereWithinSourceText).toBe(text.page);
    expect(citation.whereWithinSourceURL).toBe(text.citationUrl);
    expectSanitized(citation.textFromSource);

    // An event at the place, cited, with a hostile description.
    const event = await created<{ event: { id: string } }>('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1850',
      locationId,
      description: text.description,
      participants: [{ personId, role: 'primary' }],
      sourceIds: [ids.citation],
      newNotes: [{ title: 'Händelsens anteckning', text: hostileHtml }],
    });
    eventId = event.event.id;
  });

  function expectSanitized(html: string) {
    expect(html).toContain('Vanlig text före.');
    expect(html).toContain('Vanlig text efter.');
    expect(html).toContain('href="https://evil.example/x"');
    for (const tag of ['script', 'img', 'svg', 'iframe', 'object', 'embed', 'form', 'button', 'math', 'details']) {
      expect(html, tag).not.toMatch(new RegExp(`<${tag}\\b`, 'i'));
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/style=|javascript:|data:/i);
  }

  it('serves the page under a policy that forbids inline scripts, with no inline script of its own', async () => {
    const response = await page.goto(`${session.server.url}/app/${treeId}/person/${personId}`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(await page.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(0);
  });

  it('runs nothing on the person page, in the note view and in the note editor', async () => {
    await shell.goto(`/app/${treeId}/person/${personId}`);
    await page.getByTestId('person-page').waitFor();
    await page.getByText(text.fName).first().waitFor();
    const notes = new NoteListModel(page, 'person-note-list');
    await notes.item(text.noteTitle).waitFor();
    await expect.poll(() => notes.text(text.noteTitle).textContent()).toContain('Vanlig text efter.');
    // The link that survived is a plain, safe link to the other site.
    const link = notes.text(text.noteTitle).locator('a[href="https://evil.example/x"]');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await link.hover();
    await expectNothingRan('person page');

    await notes.openView(text.noteTitle);
    await page.getByTestId('note-view').getByText('Vanlig text efter.').waitFor();
    await expectNothingRan('note view');
    await page.keyboard.press('Escape');
    await page.getByTestId('note-view').waitFor({ state: 'detached' });

    const editor = await notes.openEdit(text.noteTitle);
    await editor.content.getByText('Vanlig text efter.').waitFor();
    await expectNothingRan('note editor');
    await page.keyboard.press('Escape');
  });

  it('runs nothing on the place page with its link, description and notes', async () => {
    await shell.goto(`/app/${treeId}/location/${locationId}`);
    await page.getByTestId('location-name').filter({ hasText: text.place }).first().waitFor();
    await page.getByText('Platsens anteckning').first().waitFor();
    await expectNothingRan('place page');
  });

  it('runs nothing in the citation dialog with its transcription and note', async () => {
    await shell.goto(`/app/${treeId}/sources`);
    const sources = new SourcesPage(page);
    await sources.waitFor();
    const record = await sources.openRecord('Kyrkbok');
    const citation = await record.openCitation('sida 4');
    await expect.poll(() => citation.transcription.textContent()).toContain('Vanlig text efter.');
    await page.getByText('Citatets anteckning').first().waitFor();
    await expectNothingRan('citation dialog');
  });

  it('runs nothing on the event page and in a search for markup', async () => {
    await shell.goto(`/app/${treeId}/event/${eventId}`);
    await page.getByText('Händelsens anteckning').first().waitFor();
    await expectNothingRan('event page');
    await shell.goto(`/app/${treeId}/search?q=${encodeURIComponent(`<img src=x onerror="${pwn(40)}">`)}`);
    await page.waitForLoadState('networkidle');
    await expectNothingRan('search');
  });
});

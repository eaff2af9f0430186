import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, phone, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { SearchPage } from './pages/search-page.ts';

/**
 * The tree-wide search: one box over persons, events, places, sources and archives, each a tab
 * with its count, through the list endpoints (terms split on spaces, all must match).
 */
describe.skipIf(!browserAvailable())('the tree-wide search in the browser', () => {
  const session = useBrowserSession({ name: 'search', timeout: 10_000 });
  const { pageErrors } = session;
  let page: Page;
  let shell: AppShell;
  let search: SearchPage;
  let api: ApiUser;
  let treeId = '';
  let rootId = '';
  let karinId = '';
  let recordId = '';

  const searchPath = () => `/app/${treeId}/search`;

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Olof', password: 'sök-överallt-1' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Berg',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Olof', lName: 'Berg', gender: 'male' });
    karinId = (
      await api.send<{ id: string }>('POST', `${treeId}/person`, {
        person: { fName: 'Karin', lName: 'Bergström', gender: 'female', occupation: 'Piga' },
      })
    ).id;
    const annaId = (
      await api.send<{ id: string }>('POST', `${treeId}/person`, {
        person: { fName: 'Anna', lName: 'Lind', gender: 'female' },
      })
    ).id;
    // Olof's birth at Bergsjö (creates the places Bergsjö and Hälsingland); Anna's in Sunne, which has no "berg".
    await api.send('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1850-03-17',
      startDateType: 'exact',
      location: 'Bergsjö, Hälsingland',
      participants: [{ personId: rootId, role: 'primary' }],
    });
    await api.send('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1860',
      startDateType: 'exact',
      location: 'Sunne, Värmland',
      participants: [{ personId: annaId, role: 'primary' }],
    });
    recordId = (
      await api.send<{ id: string }>('POST', `${treeId}/source/record`, { record: { title: 'Bergsjö kyrkoarkiv' } })
    ).id;
    await api.send('POST', `${treeId}/source/repository`, { repository: { title: 'Riksarkivet' } });

    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    search = new SearchPage(page);
  });

  it('opens from the tree navigation with a hint and the box focused', async () => {
    await shell.goto(`/app/${treeId}/person/${rootId}`);
    await page.getByTestId('person-page').waitFor();
    await page.getByTestId('nav-tree-search-all').click();
    await shell.waitForPath(searchPath());
    await search.waitUntilShown();
    await page.getByTestId('search-hint').waitFor();
    expect(await page.getByTestId('search-hint').textContent()).toContain(sv('search.hintTitle'));
    await expect.poll(() => search.input.evaluate((input) => input === document.activeElement)).toBe(true);
    // The person list keeps its own entry.
    expect(await page.getByTestId('nav-tree-search').getAttribute('href')).toBe(`/app/${treeId}/persons`);
    await session.screenshot('search-hint-1280.png');
  });

  it('finds "berg" in every type at once, with each count, and keeps the search in the address', async () => {
    await search.search('berg');
    await expect.poll(() => search.counts()).toEqual({ persons: 2, events: 1, places: 1, records: 1, repositories: 0 });
    expect(new URL(page.url()).searchParams.get('q')).toBe('berg');
    // The first type with hits is shown.
    expect(await search.activeTab()).toBe('persons');
    await expect
      .poll(() => search.rows('persons').getByTestId('person-row-name').allTextContents())
      .toEqual(['Olof Berg', 'Karin Bergström']);
    await session.screenshot('search-results-1280.png');

    await search.showTab('events');
    await expect.poll(() => search.rows('events').count()).toBe(1);
    expect(await search.rows('events').first().getByTestId('event-row-when-where').textContent()).toContain('Bergsjö');
    expect(new URL(page.url()).searchParams.get('type')).toBe('events');

    await search.showTab('places');
    await expect.poll(() => search.rows('places').getByTestId('place-row-name').allTextContents()).toEqual(['Bergsjö']);

    await search.showTab('records');
    await expect
      .poll(() => search.rows('records').getByTestId('record-row-title').allTextContents())
      .toEqual(['Bergsjö kyrkoarkiv']);

    await search.showTab('repositories');
    await page.getByTestId('search-repositories-empty').waitFor();
  });

  it('opens a record in its dialog, as the source page does', async () => {
    await search.showTab('records');
    await search.rows('records').first().click();
    const form = page.getByTestId('record-form');
    await form.waitFor();
    expect(await form.getAttribute('data-record-id')).toBe(recordId);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await shell.waitForPath(searchPath());
  });

  it('opens a person page from a row, and the back button returns to the same search', async () => {
    await search.showTab('persons');
    await search.rows('persons').filter({ hasText: 'Karin Bergström' }).click();
    await shell.waitForPath(`/app/${treeId}/person/${karinId}`);
    await page.getByTestId('person-page').waitFor();
    await page.goBack();
    await search.waitUntilShown();
    expect(await search.input.inputValue()).toBe('berg');
    expect(await search.activeTab()).toBe('persons');
    await expect.poll(() => search.rows('persons').count()).toBe(2);
  });

  it('needs every word to match, and says when nothing does', async () => {
    await shell.goto(searchPath());
    await search.waitUntilShown();
    await search.search('olof   berg');
    await expect.poll(() => search.counts()).toEqual({ persons: 1, events: 1, places: 0, records: 0, repositories: 0 });

    await search.search('berg xyzzy');
    await page.getByTestId('search-no-results').waitFor();
    expect(await page.getByTestId('search-no-results').textContent()).toContain(sv('search.noResults'));

    await search.input.fill('');
    await page.getByTestId('search-hint').waitFor();
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);
  });

  it('opens a linked search on its tab, and a place row opens the location page', async () => {
    await shell.goto(`${searchPath()}?q=${encodeURIComponent('bergsjö')}&type=places`);
    await search.waitUntilShown();
    expect(await search.input.inputValue()).toBe('bergsjö');
    expect(await search.activeTab()).toBe('places');
    await search.rows('places').filter({ hasText: 'Bergsjö' }).click();
    await shell.waitForPath(new RegExp(`^/app/${treeId}/location/`));
    await page.getByTestId('location-page').waitFor();
  });

  it('fits a phone', async () => {
    await page.setViewportSize(phone);
    await shell.goto(`${searchPath()}?q=berg`);
    await search.waitUntilShown();
    await expect.poll(() => search.count('persons')).toBe(2);
    await expect.poll(() => search.rows('persons').count()).toBe(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await session.screenshot('search-results-375.png');
    expect(pageErrors).toEqual([]);
  });
});

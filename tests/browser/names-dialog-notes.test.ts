import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { PersonPage } from './pages/person-page.ts';

interface StoredPerson {
  id: string;
  fName: string | null;
  lName: string | null;
  revision: number;
  partnerIds: string[];
  names: { type: string; fName: string | null; lName: string | null; fromDate: string | null }[];
}

/**
 * Issue 19 item 14 in the person dialog: other names (birth name, married name, …) are given when
 * a person is created, in the same request as the person (a refused one creates nobody), and edited
 * with the name in the name dialog, in one request. Item 16: a note found by the tree-wide search
 * opens when its row is clicked, and can be edited there.
 */
describe.skipIf(!browserAvailable())('other names in the person dialog, and notes opened from search', () => {
  const session = useBrowserSession({ name: 'names-dialog-notes' });
  let page: Page;
  let shell: AppShell;
  let api: ApiUser;
  let treeId = '';
  let rootId = '';
  let noteId = '';

  const getPerson = (id: string) => api.send<StoredPerson>('GET', `${treeId}/person/${id}`, undefined);
  const findPersons = async (q: string) =>
    (await api.send<{ items: { id: string }[] }>('GET', `${treeId}/person?q=${encodeURIComponent(q)}`, undefined))
      .items;

  async function addOtherName(row: number, type: string, last: string, from?: string): Promise<void> {
    await page.getByTestId('other-name-add').click();
    const fields = page.getByTestId('other-name-row').nth(row);
    await fields.getByTestId('other-name-type').click();
    await page.getByRole('option', { name: sv(`person.otherNames.types.${type}`) }).click();
    await fields.getByTestId('other-name-last').fill(last);
    if (from) await fields.getByTestId('other-name-from').fill(from);
  }

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Greta', password: 'namn-i-dialogen-1', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Holm',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Erik', lName: 'Holm', gender: 'male' });
    noteId = (
      await api.send<{ id: string }>('POST', `${treeId}/note`, {
        note: { title: 'Flytten', text: '<p>De flyttade till Karlstad år 1890.</p>' },
        connectedNodeIds: [rootId],
      })
    ).id;
    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
  });

  it('item 14: a new partner is created with a birth name; an invalid other name creates nobody', async () => {
    await shell.goto(`/app/${treeId}/person/${rootId}`);
    const person = new PersonPage(page);
    await person.waitUntilShown('Erik Holm');
    await person.openAddDialog('partner');
    await person.form.fill({ firstName: 'Maria', lastName: 'Holm', genderLabel: sv('person.gender.female') });

    // A row without a name is refused where it is typed, and nothing is sent.
    await page.getByTestId('other-name-add').click();
    await person.form.submit();
    await page.getByTestId('other-name-error').waitFor();
    expect(await page.getByTestId('other-name-error').textContent()).toBe(sv('person.validation.nameRequired'));
    expect(await findPersons('maria')).toEqual([]);

    await page.getByTestId('other-name-remove').click();
    await addOtherName(0, 'birth', 'Nilsdotter');
    await person.form.submit();
    await person.form.waitUntilClosed();

    const [maria] = await findPersons('nilsdotter');
    expect(maria).toBeDefined();
    const stored = await getPerson(maria?.id ?? '');
    expect(stored).toMatchObject({ fName: 'Maria', lName: 'Holm', partnerIds: [rootId] });
    expect(stored.names).toEqual([expect.objectContaining({ type: 'birth', fName: null, lName: 'Nilsdotter' })]);
  });

  it('item 14: the name dialog edits the name and the other names in one save', async () => {
    await shell.goto(`/app/${treeId}/person/${rootId}`);
    await new PersonPage(page).waitUntilShown('Erik Holm');
    const before = await getPerson(rootId);
    await page.getByTestId('person-name-edit').click();
    const form = page.getByTestId('name-edit-form');
    await form.waitFor();
    await form.getByTestId('name-edit-first-name').fill('Erik Johan');
    await addOtherName(0, 'aka', 'Holmén', '1880');
    await page.getByTestId('name-edit-submit').click();
    await form.waitFor({ state: 'detached' });

    const after = await getPerson(rootId);
    expect(after.fName).toBe('Erik Johan');
    expect(after.names).toEqual([expect.objectContaining({ type: 'aka', lName: 'Holmén', fromDate: '1880' })]);
    // One request: one new revision for both.
    expect(after.revision).toBe(before.revision + 1);
    await page.getByTestId('person-other-name').waitFor();
    expect(await page.getByTestId('person-other-name').textContent()).toBe(
      `${sv('person.otherNames.types.aka')}: Holmén (1880–)`,
    );
    expect((await findPersons('holmén')).map((p) => p.id)).toEqual([rootId]);

    // Opened again, the dialog shows the stored other names; taking one out saves the list without it.
    await page.getByTestId('person-name-edit').click();
    await form.waitFor();
    expect(await form.getByTestId('other-name-last').inputValue()).toBe('Holmén');
    await form.getByTestId('other-name-remove').click();
    await page.getByTestId('name-edit-submit').click();
    await form.waitFor({ state: 'detached' });
    expect((await getPerson(rootId)).names).toEqual([]);
  });

  it('item 16: a note found by the search opens when clicked, and is edited there', async () => {
    await shell.goto(`/app/${treeId}/search?q=${encodeURIComponent('karlstad 1890')}&type=notes`);
    const row = page.locator(`[data-testid="search-note-row"][data-note-id="${noteId}"]`);
    await row.waitFor();
    await row.click();
    const view = page.getByTestId('note-view');
    await view.waitFor();
    expect(await page.getByTestId('note-view-title').textContent()).toBe('Flytten');
    expect(await page.getByTestId('note-view-text').textContent()).toBe('De flyttade till Karlstad år 1890.');

    await page.getByTestId('note-modal-edit').click();
    await page.getByTestId('note-modal-title').fill('Flytten till Karlstad');
    await page.getByTestId('note-modal-save').click();
    await page.getByTestId('note-modal').waitFor({ state: 'detached' });
    const stored = await api.send<{ title: string }>('GET', `${treeId}/note/${noteId}`, undefined);
    expect(stored.title).toBe('Flytten till Karlstad');
    // The list shows the new title.
    await expect.poll(() => row.locator('p').first().textContent()).toBe('Flytten till Karlstad');
  });
});

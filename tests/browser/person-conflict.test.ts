import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { PersonEdits } from './pages/person-edits.ts';

interface StoredPerson {
  fName: string | null;
  gender: string;
  pName: string | null;
  lName: string | null;
  occupation: string | null;
  description: string | null;
  revision: number;
}

describe.skipIf(!browserAvailable())('two sessions editing one person', () => {
  const session = useBrowserSession({ name: 'person-conflict', reducedMotion: 'reduce', timeout: 10_000 });
  const { pageErrors, screenshot } = session;
  let api: ApiUser;
  let treeId = '';
  let personId = '';
  const stored = () => api.send<StoredPerson>('GET', `${treeId}/person/${personId}`, undefined);

  async function openPersonPage(tab: Page): Promise<PersonEdits> {
    await tab.goto(new URL(`/app/${treeId}/person/${personId}`, session.server.url).toString());
    await tab.getByTestId('person-page').waitFor();
    return new PersonEdits(tab);
  }

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Greta', password: 'två-flikar-samtidigt' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Holm',
    });
    treeId = tree.id;
    personId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${personId}`, { fName: 'Greta', lName: 'Holm', gender: 'female' });
    await session.signIn(api.cookie);
  });

  it('refuses the second tab’s stale name, keeps what it typed, and saves it over on request', async () => {
    // The stale tab's save is refused on purpose: 409 for its old revision.
    session.expectHttpError(409, /\/(person|node)\/[^/]+(\/\w+)?$/);
    const first = await openPersonPage(session.page);
    const otherTab = await session.newPage();
    const second = await openPersonPage(otherTab);
    const before = await stored();

    await first.openNameEdit();
    await first.firstName.fill('Margareta');
    await first.saveName();
    await first.waitNameEditClosed();

    // The second tab still shows the name it loaded, and its dialog starts from it.
    await second.openNameEdit();
    expect(await second.firstName.inputValue()).toBe('Greta');
    await second.firstName.fill('Greta Maria');
    await second.saveName();
    await second.conflict.waitFor();
    expect(await second.conflict.textContent()).toContain(sv('person.error.conflict'));
    expect(await second.storedValues()).toContain('Margareta');
    // Nothing lost: the typed name is still in the form, and the stored one is the first tab's.
    expect(await second.firstName.inputValue()).toBe('Greta Maria');
    expect(await stored()).toMatchObject({ fName: 'Margareta', revision: before.revision + 1 });
    await screenshot('person-conflict-name-1280.png', { page: otherTab });

    await second.saveOver();
    await second.waitNameEditClosed();
    expect(await stored()).toMatchObject({ fName: 'Greta Maria', lName: 'Holm', revision: before.revision + 2 });
    await otherTab.getByTestId('person-name').filter({ hasText: 'Greta Maria' }).waitFor();
    await otherTab.close();
  });

  it('refuses a stale gender, saves it over on request, and the next edit goes on from the stored person', async () => {
    // The stale tab's save is refused on purpose: 409 for its old revision.
    session.expectHttpError(409, /\/(person|node)\/[^/]+(\/\w+)?$/);
    const edits = await openPersonPage(session.page);
    await api.send('PUT', `${treeId}/person/${personId}/occ`, { occupation: 'Sömmerska' });
    await edits.chooseGender(sv('person.gender.other'));
    await edits.saveGender();
    await edits.conflict.waitFor();
    expect(await edits.storedValues()).toContain(sv('person.gender.female'));
    expect((await stored()).occupation).toBe('Sömmerska');

    await edits.saveOver();
    await edits.waitGenderEditClosed();
    expect(await stored()).toMatchObject({ gender: 'other', occupation: 'Sömmerska' });
    // Saved over another change, the page fetches the person again (the other session's occupation
    // shows), and its next save goes on from there.
    await session.page.getByTestId('person-occupation-text').filter({ hasText: 'Sömmerska' }).waitFor();
    await edits.saveOccupation('Sömmerska och piga');
    expect(await stored()).toMatchObject({ gender: 'other', occupation: 'Sömmerska och piga' });
  });

  it('keeps a typed description when another session changed it, and loads the stored one on request', async () => {
    // The stale tab's save is refused on purpose: 409 for its old revision.
    session.expectHttpError(409, /\/(person|node)\/[^/]+(\/\w+)?$/);
    const edits = await openPersonPage(session.page);
    await edits.description.fill('Sömmerska i Karlstad, skriven här.');
    // Meanwhile another session saves the person (SPEC's body, without a revision).
    await api.send('PUT', `${treeId}/node/${personId}/description`, { description: 'Piga på Rud.' });

    await edits.saveDescription();
    await edits.conflict.waitFor();
    expect(await edits.storedValues()).toContain('Piga på Rud.');
    expect(await edits.description.inputValue()).toBe('Sömmerska i Karlstad, skriven här.');
    expect((await stored()).description).toBe('Piga på Rud.');

    await edits.takeStored();
    expect(await edits.description.inputValue()).toBe('Piga på Rud.');
    // The form equals the stored text again: nothing to save.
    await session.page.getByTestId('person-description-save').waitFor({ state: 'detached' });

    // A change from there is saved against the stored revision.
    await edits.description.fill('Piga på Rud, sedan sömmerska.');
    await edits.saveDescription();
    await session.page.getByTestId('person-description-save').waitFor({ state: 'detached' });
    expect((await stored()).description).toBe('Piga på Rud, sedan sömmerska.');
    expect(pageErrors).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { FamilyTreePage } from './pages/family-tree-page.ts';
import { PersonFormDialog } from './pages/person-page.ts';

/**
 * Issue 19 item 13: a parent, partner or child is added from a chart box, and the ancestor chart
 * adds parents in SPEC §4's "ancestor" mode: the chosen father or mother sets the gender, and the
 * "add another" that follows the first parent brings the other one with the gender flipped.
 */
describe.skipIf(!browserAvailable())('adding relatives from the chart in the browser', () => {
  const session = useBrowserSession({ name: 'chart-add-relative' });
  let page: Page;
  let view: FamilyTreePage;
  let form: PersonFormDialog;
  const ids = { tree: '', root: '' };

  beforeAll(async () => {
    const { cookie, userId, send } = await registerApiUser(session.server, {
      fName: 'Karin',
      password: 'släktträd-123',
      paid: true,
    });
    const tree = await send<{ id: string; rootId: string }>('POST', `user/${userId}/tree`, { treeName: 'Ek' });
    ids.tree = tree.id;
    ids.root = tree.rootId;
    await send('PUT', `${tree.id}/person/${tree.rootId}`, { fName: 'Karin', lName: 'Ek', gender: 'female' });
    await session.signIn(cookie);
    page = session.page;
    view = new FamilyTreePage(page);
    form = new PersonFormDialog(page);
  });

  /** The box's plus button, then the chooser's button for `choice`. */
  async function addFromBox(personId: string, choice: string) {
    await view.focusBox(personId);
    await view.box(personId).getByTestId('chart-box-add').click();
    await page.getByTestId(`add-relative-${choice}`).click();
  }

  const boxNamed = (name: string) =>
    page.locator('[data-testid="chart-box"]').filter({ has: page.getByTestId('chart-box-name').getByText(name) });

  it('adds both parents from the ancestor chart in the ancestor mode', async () => {
    await new AppShell(page, session.server.url).goto(`/app/${ids.tree}/tree/${ids.root}`);
    await view.waitUntilShown();
    await view.waitForBoxes(1);

    await addFromBox(ids.root, 'father');
    await form.waitForMode('ancestor');
    expect(await form.root.getByText(sv('personDialog.title.ancestor'), { exact: true }).count()).toBe(1);
    expect(await form.genderValue()).toBe('male');
    await form.fill({ firstName: 'Per', lastName: 'Ek' });
    await form.submit();

    await form.answerAddAnother('yes');
    await form.waitForMode('ancestor');
    expect(await form.genderValue()).toBe('female');
    await form.fill({ firstName: 'Elin', lastName: 'Ek' });
    await form.submit();
    await form.waitUntilClosed();

    await view.waitForBoxes(3);
    expect(await boxNamed('Per Ek').getAttribute('data-root-relation')).toBe('ancestor');
    expect(await boxNamed('Elin Ek').getAttribute('data-root-relation')).toBe('ancestor');

    // With both parents known the chooser offers a partner and a child only.
    await view.focusBox(ids.root);
    await view.box(ids.root).getByTestId('chart-box-add').click();
    await page.getByTestId('add-relative-both-parents').waitFor();
    await session.screenshot('chart-add-relative.png');
    expect(await page.getByTestId('add-relative-father').count()).toBe(0);
    expect(await page.getByTestId('add-relative-mother').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('add-relative-both-parents').waitFor({ state: 'detached' });
  });

  it('adds a partner and a child from the descendant chart', async () => {
    await view.openTab('descendants');
    await view.waitForBoxes(1);
    await addFromBox(ids.root, 'partner');
    await form.waitForMode('partner');
    await form.fill({ firstName: 'Olof', lastName: 'Berg', genderLabel: sv('person.gender.male') });
    await form.submit();
    await form.waitUntilClosed();
    await view.waitForBoxes(2);

    await addFromBox(ids.root, 'child');
    await form.waitForMode('child');
    await form.fill({ firstName: 'Lisa', lastName: 'Berg', genderLabel: sv('person.gender.female') });
    await form.submit();
    await form.answerAddAnother('no');
    await form.waitUntilClosed();
    await view.waitForBoxes(3);
    expect(await boxNamed('Lisa Berg').getAttribute('data-root-relation')).toBe('descendant');
  });
});

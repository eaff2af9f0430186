import { ageAt, formatAge } from '@anor/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { EventModal } from './pages/event-modal.ts';
import { ResidenceWizard } from './pages/person-events.ts';
import { PersonPage } from './pages/person-page.ts';

/**
 * Issue 19 item 12 where events name persons: the event editor's participants and its participant
 * dialog, the contemporary residences, the events list, the residence wizard's candidates and the
 * person dialog's choice of the other parent show the life years (and the birthplace where there
 * is room) beside the name, so that the two Anders Berg, father and son, are told apart; a long
 * name is whole in the hover text and the accessible name.
 */
describe.skipIf(!browserAvailable())('life years where events and dialogs name persons', () => {
  const session = useBrowserSession({ name: 'life-years-events' });
  let page: Page;
  let shell: AppShell;
  const ids = { tree: '', anders: '', father: '', karin: '', per: '', residence: '', lysvik: '' };
  const longFirst = 'Maximiliana Augusta Wilhelmina';
  const longLast = 'von Löwenhielm-Gyllenborg';

  beforeAll(async () => {
    const { cookie, userId, send } = await registerApiUser(session.server, {
      fName: 'Anders',
      password: 'släktträd-123',
      paid: true,
    });
    const tree = await send<{ id: string; rootId: string }>('POST', `user/${userId}/tree`, { treeName: 'Berg' });
    ids.tree = tree.id;
    ids.anders = tree.rootId;
    await send('PUT', `${tree.id}/person/${tree.rootId}`, { fName: 'Anders', lName: 'Berg', gender: 'male' });
    ids.father = (
      await send<{ id: string }>('POST', `${tree.id}/person/${tree.rootId}/parent`, {
        fName: 'Anders',
        lName: 'Berg',
        gender: 'male',
      })
    ).id;
    ids.karin = (
      await send<{ id: string }>('POST', `${tree.id}/person`, {
        person: { fName: longFirst, lName: longLast, gender: 'female' },
        relation: { type: 'partner', personId: tree.rootId },
      })
    ).id;
    ids.per = (
      await send<{ id: string }>('POST', `${tree.id}/person`, { person: { fName: 'Per', lName: 'Ek', gender: 'male' } })
    ).id;
    const event = (body: Record<string, unknown>) =>
      send<{ event: { id: string; location: { id: string } | null } }>('POST', `${tree.id}/event`, body);
    const primary = (personId: string) => ({ personId, role: 'primary' });
    await event({
      type: 'birth',
      startDate: '1801',
      location: 'Lysvik, Värmland',
      participants: [primary(ids.father)],
    });
    await event({ type: 'death', startDate: '1870', participants: [primary(ids.father)] });
    await event({
      type: 'birth',
      startDate: '1830',
      location: 'Råshult, Stenbrohult, Kronobergs län',
      participants: [primary(ids.anders)],
    });
    await event({ type: 'birth', startDate: '1832', location: 'Sunne, Värmland', participants: [primary(ids.karin)] });
    await event({ type: 'birth', startDate: '1825', participants: [primary(ids.per)] });
    // Father and son in one household, and Per at the same place at the same time.
    const residence = (
      await event({
        type: 'residence',
        startDate: '1850',
        location: 'Lysvik, Värmland',
        participants: [primary(ids.anders), { personId: ids.father, role: 'parent' }],
      })
    ).event;
    ids.residence = residence.id;
    ids.lysvik = residence.location?.id ?? '';
    await event({
      type: 'residence',
      startDate: '1850',
      location: 'Lysvik, Värmland',
      participants: [primary(ids.per)],
    });
    await session.signIn(cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
  });

  it("the event editor's participants, the participant dialog and the contemporary residences show the years", async () => {
    await shell.goto(`/app/${ids.tree}/person/${ids.anders}`);
    await new PersonPage(page).waitUntilShown('Anders Berg');
    const modal = new EventModal(page);
    await page.getByTestId('person-residences-button').click();
    await page.getByTestId('person-residences-list').getByTestId('person-event-open').first().click();
    await modal.waitForEditor();

    const row = (id: string) => modal.participant(id);
    await row(ids.father).getByTestId('event-participant-label-details').waitFor();
    expect(await row(ids.father).getByTestId('event-participant-label-details').textContent()).toBe(
      '1801–1870 · Lysvik, Värmland',
    );
    expect(await row(ids.anders).getByTestId('event-participant-label-details').textContent()).toBe(
      'f. 1830 · Råshult, Stenbrohult',
    );
    expect(await row(ids.father).getByTestId('event-participant-label').getAttribute('title')).toBe(
      'Anders Berg, född 1801, död 1870, Lysvik, Värmland',
    );
    // The name button is the father's whole label for screen readers.
    await row(ids.father)
      .getByRole('button', { name: /^Anders Berg\s*, född 1801, död 1870, Lysvik, Värmland$/ })
      .waitFor();
    expect(await modal.participants()).toEqual([
      expect.objectContaining({ personId: ids.anders, name: 'Anders Berg' }),
      expect.objectContaining({ personId: ids.father, name: 'Anders Berg' }),
    ]);

    // Per lived there then: his chip among the contemporaries has his years.
    const per = page.locator(`[data-testid="event-contemporary-person"][data-person-id="${ids.per}"]`);
    await per.getByTestId('event-contemporary-person-label-details').waitFor();
    expect(await per.getByTestId('event-contemporary-person-label-details').textContent()).toBe('f. 1825');

    // The participant dialog names the person being edited with years and birthplace.
    await modal.editParticipant(ids.father);
    const dialogLabel = page.getByTestId('participant-form').getByTestId('participant-label-details');
    await dialogLabel.waitFor();
    expect(await dialogLabel.textContent()).toBe('1801–1870 · Lysvik, Värmland');
  });

  it("a marriage's partner suggestion shows the partner's years, and names her in full", async () => {
    await shell.goto(`/app/${ids.tree}/person/${ids.anders}`);
    await new PersonPage(page).waitUntilShown('Anders Berg');
    const modal = new EventModal(page);
    await page.getByTestId('person-add-event').click();
    await modal.waitForPicker();
    await modal.chooseType('marriage');
    const suggestion = page.locator(`[data-testid="event-partner-suggestion-add"][data-person-id="${ids.karin}"]`);
    await suggestion.getByTestId('event-partner-suggestion-label-details').waitFor();
    expect(await suggestion.getByTestId('event-partner-suggestion-label-details').textContent()).toBe('f. 1832');
    expect(await suggestion.getAttribute('aria-label')).toContain(
      `${longFirst} ${longLast}, född 1832, Sunne, Värmland`,
    );
  });

  it('the events list names the persons with their years', async () => {
    await shell.goto(`/app/${ids.tree}/events`);
    const row = page.locator(`[data-testid="event-row"][data-event-id="${ids.residence}"]`);
    await row.getByTestId('event-row-person-years').first().waitFor();
    // A residence names everyone in it: father and son told apart by their years.
    expect(await row.getByTestId('event-row-person-years').allTextContents()).toEqual([' f. 1830', ' 1801–1870']);
    expect(await row.getByTestId('event-row-people').getAttribute('title')).toBe(
      'Anders Berg, född 1830, Råshult, Stenbrohult, Kronobergs län; Anders Berg, född 1801, död 1870, Lysvik, Värmland',
    );
    // The row's accessible name says the years in words.
    await page
      .getByRole('link', { name: /Anders Berg\s*, född 1830/ })
      .first()
      .waitFor();
  });

  it("a place's events name the persons with their years, in full on hover and for screen readers", async () => {
    await shell.goto(`/app/${ids.tree}/location/${ids.lysvik}`);
    // Lysvik has the father's birth and two residences (the son's household and Per's).
    const rows = page.getByTestId('location-event-row');
    await expect.poll(() => rows.count()).toBe(3);
    const residence = rows.filter({ hasText: 'Bosättning' }).filter({ hasText: 'Anders Berg' });
    const birth = rows.filter({ hasText: 'Födelse' });
    // Father and son told apart by their years.
    expect(await residence.getByTestId('location-event-person-years').allTextContents()).toEqual([' f. 1830']);
    expect(await birth.getByTestId('location-event-person-years').allTextContents()).toEqual([' 1801–1870']);
    expect(await residence.getByTestId('location-event-people').getAttribute('title')).toBe(
      'Anders Berg, född 1830, Råshult, Stenbrohult, Kronobergs län',
    );
    await page.getByRole('button', { name: /Anders Berg\s*, född 1801, död 1870/ }).waitFor();
  });

  it("the overview's persons show the years and birthplace, in full on hover", async () => {
    await shell.goto(`/app/${ids.tree}/overview`);
    // Per Ek has no relative: he is the one orphan.
    const row = page.locator(`[data-testid="overview-person"][data-item-id="${ids.per}"]`);
    await row.waitFor();
    await expect.poll(() => row.getByTestId('overview-person-title').textContent()).toBe('Per Ek f. 1825');
    expect(await row.getAttribute('title')).toBe('Per Ek, född 1825');
  });

  it("the person dialog's choice of the other parent shows the partner's years; a long name is whole", async () => {
    await shell.goto(`/app/${ids.tree}/person/${ids.anders}`);
    const person = new PersonPage(page);
    await person.waitUntilShown('Anders Berg');
    await person.openAddDialog('child');
    const option = page.locator('label').filter({ has: page.getByTestId('person-form-other-parent-label') });
    await option.getByTestId('person-form-other-parent-label-details').waitFor();
    expect(await option.getByTestId('person-form-other-parent-label-details').textContent()).toBe(
      'f. 1832 · Sunne, Värmland',
    );
    expect(await option.getByTestId('person-form-other-parent-label').getAttribute('title')).toBe(
      `${longFirst} ${longLast}, född 1832, Sunne, Värmland`,
    );
    await page.getByRole('radio', { name: new RegExp(`^${longFirst} ${longLast}\\s*, född 1832`) }).waitFor();
  });

  it("the residence wizard's candidates show their years and birthplace", async () => {
    await shell.goto(`/app/${ids.tree}/person/${ids.anders}`);
    await new PersonPage(page).waitUntilShown('Anders Berg');
    const wizard = new ResidenceWizard(page);
    await wizard.open();
    await wizard.fillDate({ start: '1860' });
    await wizard.typePlace('Rud, Sunne, Värmland');
    await wizard.next();
    await page.getByTestId('residence-stage-details').waitFor();
    await wizard.next();
    await wizard.share();
    const father = wizard.candidate(ids.father);
    await father.getByTestId('residence-candidate-label-details').waitFor();
    expect(await father.getByTestId('residence-candidate-label-details').textContent()).toBe(
      '1801–1870 · Lysvik, Värmland',
    );
    expect(await wizard.candidate(ids.karin).getByTestId('residence-candidate-label-details').textContent()).toBe(
      'f. 1832 · Sunne, Värmland',
    );
    expect(await wizard.candidate(ids.karin).getByTestId('residence-candidate-check').getAttribute('aria-label')).toBe(
      `${longFirst} ${longLast}, född 1832, Sunne, Värmland`,
    );
  });

  it("the person page's timeline: own events with the age, and the father's death marked as his", async () => {
    await shell.goto(`/app/${ids.tree}/person/${ids.anders}`);
    const entries = page.getByTestId('person-timeline').getByTestId('person-timeline-entry');
    const ageIn = (year: string) => {
      const age = ageAt({ startDate: '1830' }, { startDate: year });
      if (!age) throw new Error('no age');
      return sv('timeline.age', { age: formatAge(age, 'sv') });
    };
    const fatherDeath = sv('timeline.kinds.death', { name: 'Anders Berg' });
    await expect.poll(() => entries.filter({ hasText: fatherDeath }).count()).toBe(1);
    const items = await entries.evaluateAll((all) =>
      all.map((item) => ({ whose: item.getAttribute('data-whose'), text: item.textContent ?? '' })),
    );
    // Born 1830 first (no age), the residence of 1850 at 20, the father's death in 1870 marked as the parent's.
    expect(items[0]?.whose).toBe('self');
    expect(items[0]?.text).toContain('Råshult');
    const residence = items.findIndex((item) => item.text.includes('Lysvik, Värmland'));
    const death = items.findIndex((item) => item.text.includes(fatherDeath));
    expect(items[residence]).toMatchObject({ whose: 'self', text: expect.stringContaining(ageIn('1850')) });
    expect(items[death]).toMatchObject({ whose: 'parent', text: expect.stringContaining(ageIn('1870')) });
    expect(residence).toBeLessThan(death);
    // The partner's birth (1832) is not the family's framing event.
    expect(items.some((item) => item.text.includes(longFirst))).toBe(false);
  });
});

import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { descendantTree, fullPedigree } from '../../packages/web/src/features/family-tree/chart-test-data.ts';
import {
  type ApiUser,
  type AppServer,
  browserAvailable,
  desktop,
  phone,
  registerApiUser,
  screenshotDir,
  sv,
  useBrowserSession,
} from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { FamilyTreePage } from './pages/family-tree-page.ts';

const menNames = ['Karl', 'Johan', 'Erik', 'Anders', 'Per', 'Nils', 'Olof', 'Lars', 'Gustaf', 'Sven'];
const womenNames = ['Maria', 'Anna', 'Greta', 'Kristina', 'Elin', 'Brita', 'Karin', 'Sofia', 'Ingrid', 'Ebba'];
const lastNames = ['Lindqvist', 'Berg', 'Holm', 'Ek', 'Nyström', 'Sandberg', 'Wikström', 'Åberg', 'Öhman', 'Dahl'];
const occupations = ['Bonde', 'Piga', 'Smed', 'Sömmerska', 'Soldat', null, 'Skräddare', 'Barnmorska', null, null];

/** The pedigree person at a position: 1 is the root, the father of n is 2n and the mother 2n + 1. */
function pedigreePerson(position: number) {
  const isFather = position % 2 === 0;
  return {
    fName: (isFather ? menNames : womenNames)[(position >> 1) % 10] ?? '',
    lName: lastNames[(position >> 2) % 10] ?? '',
    gender: isFather ? 'male' : 'female',
    occupation: occupations[position % 10] ?? null,
  };
}

const displayName = (person: { fName: string; lName: string }) => `${person.fName} ${person.lName}`;

interface SeededTree {
  cookie: { name: string; value: string };
  send: ApiUser['send'];
  treeId: string;
  rootId: string;
  /** Pedigree ids by position (1–63): 1 is the root, the father of n is 2n and the mother 2n + 1. */
  pedigree: Map<number, string>;
  /** Ids of the descendant chart below the root (descendants and partners), the root included. */
  descendantIds: string[];
  childIds: string[];
  partnerId: string;
  partnerName: string;
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * A paid user's tree, built through the API: the root Astrid Lindqvist with a complete
 * 6-generation pedigree (63 persons) and a descendant chart of 200 persons (descendants with a
 * partner each and up to three children per couple). The 1,000-person charts of the performance
 * test are answered by the test itself (see there): creating a person through the API costs
 * some 30–60 ms here, so 1,000 more would add about a minute to the suite.
 */
async function seedTree(server: AppServer): Promise<SeededTree> {
  const { userId, cookie, send } = await registerApiUser(server, {
    fName: 'Astrid',
    password: 'släktträd-123',
    paid: true,
  });
  const tree = await send<{ id: string; rootId: string }>('POST', `user/${userId}/tree`, {
    treeName: 'Släkten Lindqvist',
  });
  await send('PUT', `${tree.id}/person/${tree.rootId}`, {
    fName: 'Astrid',
    lName: 'Lindqvist',
    gender: 'female',
    occupation: 'Lärarinna',
  });

  const pedigree = new Map<number, string>([[1, tree.rootId]]);
  for (let generation = 1; generation < 6; generation++) {
    const children = Array.from({ length: 2 ** (generation - 1) }, (_, index) => 2 ** (generation - 1) + index);
    const parents = children.flatMap((child) => [2 * child, 2 * child + 1]);
    await inParallel(parents, 6, async (position) => {
      const childId = pedigree.get(Math.floor(position / 2)) ?? '';
      const parent = await send<{ id: string }>(
        'POST',
        `${tree.id}/person/${childId}/parent`,
        pedigreePerson(position),
      );
      pedigree.set(position, parent.id);
    });
  }

  // Descendants, breadth first, until the chart holds 200 persons.
  const descendantIds = [tree.rootId];
  const childIds: string[] = [];
  let partnerId = '';
  const partnerName = displayName({ fName: menNames[0] ?? '', lName: lastNames[0] ?? '' });
  const queue = [tree.rootId];
  let serial = 0;
  while (queue.length > 0 && descendantIds.length < 200) {
    const personId = queue.shift() ?? '';
    const partner = await send<{ id: string }>('POST', `${tree.id}/person`, {
      person: { fName: menNames[serial % 10], lName: lastNames[serial % 10], gender: 'male' },
      relation: { type: 'partner', personId },
    });
    if (personId === tree.rootId) partnerId = partner.id;
    descendantIds.push(partner.id);
    for (let index = 0; index < 3 && descendantIds.length < 200; index++) {
      serial += 1;
      const isSon = serial % 2 === 0;
      const child = await send<{ id: string }>('POST', `${tree.id}/person/child`, {
        child: {
          fName: (isSon ? menNames : womenNames)[serial % 10],
          lName: 'Holm',
          gender: isSon ? 'male' : 'female',
        },
        parentIds: [personId, partner.id],
      });
      if (personId === tree.rootId) childIds.push(child.id);
      descendantIds.push(child.id);
      queue.push(child.id);
    }
  }
  return {
    cookie,
    send,
    treeId: tree.id,
    rootId: tree.rootId,
    pedigree,
    descendantIds,
    childIds,
    partnerId,
    partnerName,
  };
}

describe.skipIf(!browserAvailable())('family tree view in the browser', () => {
  const session = useBrowserSession({ name: 'family-tree' });
  const { pageErrors } = session;
  let server: AppServer;
  let page: Page;
  let tree: SeededTree;
  let view: FamilyTreePage;
  const treeHref = (personId: string, search = '') => `/app/${tree.treeId}/tree/${personId}${search}`;
  const father = () => tree.pedigree.get(2) ?? '';

  /** Whether a box lies wholly inside the chart's frame, or only across its left and right edges. */
  async function isInsideChart(box: Locator, axes: 'both' | 'horizontal' = 'both'): Promise<boolean> {
    const area = await page.getByTestId('chart-svg').boundingBox();
    const shown = await box.boundingBox();
    if (!area || !shown) return false;
    const horizontal = shown.x >= area.x - 0.5 && shown.x + shown.width <= area.x + area.width + 0.5;
    const vertical = shown.y >= area.y - 0.5 && shown.y + shown.height <= area.y + area.height + 0.5;
    return horizontal && (axes === 'horizontal' || vertical);
  }

  /** The chart as it opens, at desktop and at phone width (reloaded, so the phone gets its own first view). */
  async function screenshots(name: string, boxes: number) {
    for (const [size, width] of [
      [desktop, 1280],
      [phone, 375],
    ] as const) {
      await page.setViewportSize(size);
      await page.reload();
      await view.waitForBoxes(boxes);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`) });
    }
    await page.setViewportSize(desktop);
    await page.reload();
    await view.waitForBoxes(boxes);
  }

  beforeAll(async () => {
    server = session.server;
    const started = performance.now();
    tree = await seedTree(server);
    console.log(`seeded 262 persons through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await session.signIn(tree.cookie);
    page = session.page;
    view = new FamilyTreePage(page);
  });

  it('opens the ancestors tab with four generations, then six', async () => {
    await new AppShell(page, server.url).goto(treeHref(tree.rootId));
    await view.waitUntilShown();
    expect(await view.personName()).toBe('Astrid Lindqvist');
    await view.waitForBoxes(15);
    expect(await view.box(tree.rootId).getAttribute('data-start')).toBe('true');
    expect(await view.box(father()).getAttribute('data-root-relation')).toBe('ancestor');
    expect(await page.getByTestId('family-tree-go-to-root').isDisabled()).toBe(true);
    await screenshots('family-tree-ancestors', 15);

    await view.scrollChartIntoView();
    const before = await view.box(tree.rootId).boundingBox();
    await view.chooseSize('ancestors', sv('familyTree.generationsOption_other', { count: 6 }));
    await view.waitForBoxes(63);
    expect(new URL(page.url()).searchParams.get('generations')).toBe('6');
    expect(await page.getByTestId('chart-count').textContent()).toBe(sv('familyTree.personCount_other', { count: 63 }));
    // More generations keep Astrid where she was on the screen.
    await view.scrollChartIntoView();
    const after = await view.box(tree.rootId).boundingBox();
    expect(await isInsideChart(view.box(tree.rootId))).toBe(true);
    expect(after?.x).toBeCloseTo(before?.x ?? Number.NaN, 0);
  });

  it('opens fitted on a phone: the person and the parents whole, nothing cut off at the left', async () => {
    await page.setViewportSize(phone);
    await new AppShell(page, server.url).goto(treeHref(tree.rootId, '?view=ancestors&generations=6'));
    await view.waitForBoxes(63);
    await view.scrollChartIntoView();
    expect(await isInsideChart(view.box(tree.rootId))).toBe(true);
    // The parents' column beside her: above and below the view in six generations, but not cut at either side.
    for (const id of [father(), tree.pedigree.get(3) ?? '']) {
      expect(await isInsideChart(view.box(id), 'horizontal')).toBe(true);
    }
    await view.openTab('descendants');
    await view.waitForBoxes(80);
    await view.scrollChartIntoView();
    expect(await isInsideChart(view.box(tree.rootId), 'horizontal')).toBe(true);
    expect(await isInsideChart(view.box(tree.partnerId), 'horizontal')).toBe(true);
    await page.setViewportSize(desktop);
  });

  it('shows a long name whole over two lines, and the birth and death with places on focus', async () => {
    const mother = tree.pedigree.get(3) ?? '';
    await tree.send('PUT', `${tree.treeId}/person/${mother}`, {
      fName: 'Anna Maria Kristina',
      lName: 'Johansson',
      gender: 'female',
    });
    for (const [type, startDate, location] of [
      ['birth', '1801-02-03', 'Råshult, Stenbrohult'],
      ['death', '1870-05-06', 'Älmhult, Stenbrohult'],
    ]) {
      await tree.send('POST', `${tree.treeId}/event`, {
        type,
        startDate,
        location,
        participants: [{ personId: mother, role: 'primary' }],
      });
    }
    await new AppShell(page, server.url).goto(treeHref(tree.rootId, '?view=ancestors&generations=4'));
    await view.waitForBoxes(15);
    const name = view.box(mother).getByTestId('chart-box-name');
    const lines = (await name.locator('tspan').allTextContents()).map((line) => line.trim());
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('Anna Maria Kristina Johansson');
    // Every line is drawn inside the box's frame.
    const fits = await view.box(mother).evaluate((box) => {
      const frame = (box.querySelector('rect') as SVGGraphicsElement).getBBox();
      const text = (box.querySelector('[data-testid="chart-box-name"]') as SVGGraphicsElement).getBBox();
      return (
        text.x >= frame.x &&
        text.x + text.width <= frame.x + frame.width &&
        text.y >= frame.y &&
        text.y + text.height <= frame.y + frame.height
      );
    });
    expect(fits).toBe(true);

    const tooltip = page.getByTestId('chart-tooltip');
    await view.focusBox(mother);
    await tooltip.waitFor();
    const tip = (await tooltip.textContent()) ?? '';
    expect(tip).toContain('Anna Maria Kristina Johansson');
    expect(tip).toContain('Råshult, Stenbrohult');
    expect(tip).toContain('Älmhult, Stenbrohult');
    const link = view.box(mother).locator('[data-action="open"]');
    expect(await link.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    expect(await tooltip.getAttribute('role')).toBe('tooltip');
    await session.screenshot('family-tree-tooltip.png');
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });
    // The pointer shows it too.
    await view.box(father()).hover();
    await expect.poll(() => page.getByTestId('chart-tooltip-name').textContent()).toBe(displayName(pedigreePerson(2)));
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'detached' });
    await new AppShell(page, server.url).goto(treeHref(tree.rootId, '?view=ancestors&generations=6'));
    await view.waitForBoxes(63);
  });

  it('zooms with the buttons and the wheel, pans by dragging, and fits the whole chart', async () => {
    const before = await view.transform();
    await view.zoomIn();
    const zoomedIn = await view.transform();
    expect(zoomedIn.k).toBeGreaterThan(before.k);
    await view.zoomOut();
    expect((await view.transform()).k).toBeCloseTo(before.k, 3);

    await view.wheel(-400);
    await expect.poll(async () => (await view.transform()).k).toBeGreaterThan(before.k);

    const beforeDrag = await view.transform();
    await view.drag(150, -80);
    const afterDrag = await view.transform();
    expect(afterDrag.x - beforeDrag.x).toBeCloseTo(150, 0);
    expect(afterDrag.y - beforeDrag.y).toBeCloseTo(-80, 0);
    // The drag did not open anyone.
    expect(await page.getByTestId('person-dialog-name').count()).toBe(0);

    await view.fit();
    const area = await page.getByTestId('chart-svg').boundingBox();
    const first = await view.box(tree.rootId).boundingBox();
    const oldest = await view.box(tree.pedigree.get(63) ?? '').boundingBox();
    if (!area || !first || !oldest) throw new Error('missing boxes');
    for (const box of [first, oldest]) {
      expect(box.x).toBeGreaterThanOrEqual(area.x);
      expect(box.y).toBeGreaterThanOrEqual(area.y);
      expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width + 0.5);
      expect(box.y + box.height).toBeLessThanOrEqual(area.y + area.height + 0.5);
    }
  });

  it('opens the person dialog from a box, and re-centres the chart on a person', async () => {
    await page.getByTestId('chart-centre').click();
    await view.openPerson(father());
    await expect.poll(() => page.getByTestId('person-dialog-name').textContent()).toBe(displayName(pedigreePerson(2)));
    await page.keyboard.press('Escape');
    await page.getByTestId('person-dialog-name').waitFor({ state: 'detached' });

    await view.showInChart(father());
    await new AppShell(page, server.url).waitForPath(treeHref(father()));
    expect(new URL(page.url()).searchParams.get('generations')).toBe('6');
    await expect.poll(() => view.personName()).toBe(displayName(pedigreePerson(2)));
    // The father's own pedigree: five generations are known above the root, so four above him.
    await view.waitForBoxes(31);
    expect(await view.box(father()).getAttribute('data-start')).toBe('true');

    // "Go to root" comes back to Astrid; the link to the person page is there too.
    expect(await page.getByTestId('family-tree-person-page').getAttribute('href')).toBe(
      `/app/${tree.treeId}/person/${father()}`,
    );
    await page.getByTestId('family-tree-go-to-root').click();
    await new AppShell(page, server.url).waitForPath(treeHref(tree.rootId));
    await expect.poll(() => view.personName()).toBe('Astrid Lindqvist');
  });

  it('shows the descendants tab with partners, 200 persons at full depth', async () => {
    await view.openTab('descendants');
    await view.chart('descendants').waitFor();
    await view.chooseSize('descendants', sv('familyTree.generationsOption_other', { count: 10 }));
    await view.waitForBoxes(200);
    expect(await view.box(tree.partnerId).getAttribute('data-root-relation')).toBe('none');
    expect(await view.box(tree.childIds[0] ?? '').getAttribute('data-root-relation')).toBe('descendant');
    await view.fit();
    await view.chooseSize('descendants', sv('familyTree.generationsOption_other', { count: 3 }));
    // Astrid and her partner, then three generations of couples: 2 + 6 + 18 + 54.
    await view.waitForBoxes(80);
    await screenshots('family-tree-descendants', 80);
  });

  it('shows the family as a group and as a table', async () => {
    await view.openTab('family');
    await page.getByTestId('family-view').waitFor();
    const relations = await page
      .getByTestId('family-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-relation')));
    expect(relations).toEqual([
      'paternalGrandfather',
      'paternalGrandmother',
      'maternalGrandfather',
      'maternalGrandmother',
      'father',
      'mother',
      'self',
      'partner',
      ...relations.slice(8),
    ]);
    expect(relations.slice(8)).toHaveLength(3);
    expect(await page.getByTestId('family-children-group').textContent()).toBe(
      sv('familyTree.family.childrenWith', { name: tree.partnerName }),
    );

    await view.openTab('table');
    await page.getByTestId('family-table').waitFor();
    expect(await page.getByTestId('family-table-row').count()).toBe(11);
    const fatherRow = page.locator(`[data-testid="family-table-row"][data-person-id="${father()}"]`);
    expect(await fatherRow.locator('td').first().textContent()).toBe(sv('familyTree.relation.father'));
    expect(await fatherRow.locator('td').nth(3).textContent()).toBe(pedigreePerson(2).occupation ?? '–');
  });

  it('says when the chart was cut short', async () => {
    await page.route('**/ancestors/*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, truncated: true } });
    });
    await new AppShell(page, server.url).goto(treeHref(tree.pedigree.get(3) ?? ''));
    await view.waitUntilShown();
    await page.getByTestId('chart-truncated').waitFor();
    expect(await page.getByTestId('chart-truncated').textContent()).toBe(sv('familyTree.chart.truncated'));
    await page.unroute('**/ancestors/*');
  });

  // How fast large charts open and pan is measured by `npm run bench` (bench/chart-frames.ts), not here.
  it('opens a 10-generation pedigree of 1,023 persons, pans it and hides the texts zoomed out', async () => {
    // The API's answer for a complete 10-generation pedigree above the root, built by the test.
    const pedigree = fullPedigree(10);
    const answer = {
      ...pedigree,
      startId: tree.rootId,
      persons: pedigree.persons.map((person) => (person.id === 'p1' ? { ...person, id: tree.rootId } : person)),
    };
    await page.route(`**/person/${tree.rootId}/ancestors/9`, (route) => route.fulfill({ json: answer }));
    await new AppShell(page, server.url).goto(treeHref(tree.rootId, '?view=ancestors&generations=10'));
    // A ceiling, not a wait: a loaded machine took 45 s to draw them (the bench measures it).
    await view.waitForBoxes(1023, 120_000);
    const before = await view.transform();
    await view.drag(-300, 200);
    const dragged = await view.transform();
    expect(dragged.x - before.x).toBeCloseTo(-300, 0);
    await view.wheel(300);
    await view.fit();
    await view.zoomIn();
    // Zoomed far out the texts are hidden.
    expect(await page.getByTestId('chart-svg').getAttribute('class')).toContain('lowDetail');
    await page.unroute(`**/person/${tree.rootId}/ancestors/9`);
  });

  it('opens a descendant chart of 1,000 persons and fits it whole', async () => {
    const descendants = descendantTree(1000);
    const answer = {
      ...descendants,
      startId: tree.rootId,
      persons: descendants.persons.map((person) => ({
        ...person,
        id: person.id === 'd0' ? tree.rootId : person.id,
        parentIds: person.parentIds.map((id) => (id === 'd0' ? tree.rootId : id)),
        partnerIds: person.partnerIds.map((id) => (id === 'd0' ? tree.rootId : id)),
      })),
    };
    await page.route(`**/person/${tree.rootId}/descendants/10`, (route) => route.fulfill({ json: answer }));
    await new AppShell(page, server.url).goto(treeHref(tree.rootId, '?view=descendants&depth=10'));
    await view.waitForBoxes(1000, 120_000);
    await view.drag(400, -150);
    await view.wheel(-300);
    await view.fit();
    expect(await page.getByTestId('chart-svg').getAttribute('class')).toContain('lowDetail');
    expect(await isInsideChart(view.box(tree.rootId))).toBe(true);
    await page.unroute(`**/person/${tree.rootId}/descendants/10`);
    expect(pageErrors).toEqual([]);
  });
});

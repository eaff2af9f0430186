import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { SourcesPage } from './pages/sources.ts';

/** Issue 21: a source merged into another from the source's dialog; a citation that says the same becomes one. */
describe.skipIf(!browserAvailable())('merging sources', () => {
  const session = useBrowserSession({ name: 'merge-sources', timeout: 10_000 });
  let page: Page;
  let api: ApiUser;
  let treeId = '';
  let keptId = '';
  let otherId = '';

  const recordCount = async () =>
    (await api.send<{ total: number }>('GET', `${treeId}/source/false?pageSize=1`, undefined)).total;

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Carl', password: 'kallor-slas-ihop-1' });
    const tree = await api.send<{ id: string }>('POST', `user/${api.userId}/tree`, { treeName: 'Släkten Linnaeus' });
    treeId = tree.id;
    const record = async (title: string) =>
      (await api.send<{ id: string }>('POST', `${treeId}/source/record`, { record: { title } })).id;
    const cite = (sourceRecordId: string, whereWithinSourceText: string) =>
      api.send('POST', `${treeId}/source/citation`, { citation: { sourceRecordId, whereWithinSourceText } });
    keptId = await record('Stenbrohult C:1');
    otherId = await record('Stenbrohult C:1, avskrift');
    await cite(keptId, 's. 12');
    await cite(otherId, 's. 12');
    await cite(otherId, 's. 40');
    await session.signIn(api.cookie);
    page = session.page;
    await new AppShell(page, session.server.url).goto(`/app/${treeId}/sources`);
  });

  it('lists the citation that becomes one, merges, and the source list has one source', async () => {
    const sources = new SourcesPage(page);
    await sources.waitFor();
    expect(await recordCount()).toBe(2);
    await sources.openRecord('Stenbrohult C:1');
    await page.getByTestId('record-merge').click();
    await page.getByTestId('merge-modal').getByText(sv('nodeMerge.pickRecord')).first().waitFor();
    await page.getByTestId('merge-pick-record').fill('avskrift');
    await page.locator(`[data-testid="merge-pick-record-option"][data-id="${otherId}"]`).click();

    await page.getByTestId('merge-preview').waitFor();
    const moves = page.getByTestId('merge-moves');
    expect(await moves.locator('[data-kind="citation"]').textContent()).toContain('s. 40');
    expect(await page.getByTestId('merge-joins').locator('[data-kind="citation"]').textContent()).toContain('s. 12');
    await page.locator('[data-code="nodeMerge.notice.identicalCitations"]').waitFor();

    await page.getByTestId('merge-confirm').click();
    await page.getByTestId('merge-notice').waitFor();
    await expect.poll(recordCount).toBe(1);
    await sources.recordRows().filter({ hasText: 'avskrift' }).waitFor({ state: 'detached' });
    const kept = await api.send<{ citations: { whereWithinSourceText: string }[] }>(
      'GET',
      `${treeId}/source/record/${keptId}`,
      undefined,
    );
    expect(kept.citations.map((c) => c.whereWithinSourceText).sort()).toEqual(['s. 12', 's. 40']);
  });
});

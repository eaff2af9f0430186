import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { SourcesPage } from './pages/sources.ts';

/**
 * Issue 21: a source merged into another from the source's dialog (a citation that says the same
 * becomes one; "Undo" in the notice takes it back), and a repository into another (its sources move to it, a chosen field comes from the
 * other, and "Undo" in the notice takes the merge back).
 */
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
    // The pointer rests on the notice, as a user's reading it would: it stays until its "Undo" is used.
    await page.getByTestId('merge-notice').hover();
    await expect.poll(recordCount).toBe(1);
    await sources.recordRows().filter({ hasText: 'avskrift' }).waitFor({ state: 'detached' });
    const kept = await api.send<{ citations: { whereWithinSourceText: string }[] }>(
      'GET',
      `${treeId}/source/record/${keptId}`,
      undefined,
    );
    expect(kept.citations.map((c) => c.whereWithinSourceText).sort()).toEqual(['s. 12', 's. 40']);

    // Undo from the notice: two sources again, each with its own citations.
    await page.getByTestId('merge-undo').click();
    await page.getByText(sv('nodeMerge.undone'), { exact: true }).waitFor();
    await expect.poll(recordCount).toBe(2);
    await sources.recordRows().filter({ hasText: 'avskrift' }).waitFor();
    const citationsOf = async (id: string) =>
      (
        await api.send<{ citations: { whereWithinSourceText: string }[] }>(
          'GET',
          `${treeId}/source/record/${id}`,
          undefined,
        )
      ).citations
        .map((c) => c.whereWithinSourceText)
        .sort();
    expect(await citationsOf(keptId)).toEqual(['s. 12']);
    expect(await citationsOf(otherId)).toEqual(['s. 12', 's. 40']);
  });

  it('merges a repository into another: its sources move, a chosen field comes along, and undo takes it back', async () => {
    type Repository = { id: string; city: string | null; records: { id: string }[] };
    const repository = (title: string, city: string) =>
      api.send<Repository>('POST', `${treeId}/source/repository`, { repository: { title, city } });
    const kept = await repository('Landsarkivet i Vadstena', 'Vadstena');
    const other = await repository('ULA Vadstena slott', 'Vadstena slott');
    const record = await api.send<{ id: string }>('POST', `${treeId}/source/record`, {
      record: { title: 'Husförhörslängd 1845', repositoryId: other.id },
    });
    const repositoryCount = async () =>
      (await api.send<{ total: number }>('GET', `${treeId}/source/repository?pageSize=1`, undefined)).total;
    const recordsOf = async (id: string) =>
      (await api.send<Repository>('GET', `${treeId}/source/repository/${id}`, undefined)).records.map((r) => r.id);

    await new AppShell(page, session.server.url).goto(`/app/${treeId}/sources`);
    const sources = new SourcesPage(page);
    await sources.waitFor();
    await sources.showKind('repositories');
    await sources.openRepository('Landsarkivet i Vadstena');
    await page.getByTestId('repository-merge').click();
    await page.getByTestId('merge-modal').getByText(sv('nodeMerge.pickRepository')).first().waitFor();
    await page.getByTestId('merge-pick-repository').fill('ULA');
    await page.locator(`[data-testid="merge-pick-repository-option"][data-id="${other.id}"]`).click();

    await page.getByTestId('merge-preview').waitFor();
    expect(await page.getByTestId('merge-moves').locator('[data-kind="record"]').textContent()).toContain(
      'Husförhörslängd 1845',
    );
    // The city differs: the other's is chosen.
    await page.getByTestId('merge-field-city-other').check();
    await page.getByTestId('merge-confirm').click();
    await page.getByTestId('merge-notice').waitFor();
    // The pointer rests on the notice, as a user's reading it would: it stays until its "Undo" is used.
    await page.getByTestId('merge-notice').hover();
    await expect.poll(repositoryCount).toBe(1);
    await sources.repositoryRows().filter({ hasText: 'ULA Vadstena slott' }).waitFor({ state: 'detached' });
    const merged = await api.send<Repository>('GET', `${treeId}/source/repository/${kept.id}`, undefined);
    expect(merged.city).toBe('Vadstena slott');
    expect(merged.records.map((r) => r.id)).toEqual([record.id]);

    // Undo from the notice: both repositories as they were, the source back in the other.
    await page.getByTestId('merge-undo').click();
    await page.getByText(sv('nodeMerge.undone'), { exact: true }).waitFor();
    await expect.poll(repositoryCount).toBe(2);
    expect(await recordsOf(other.id)).toEqual([record.id]);
    expect(await recordsOf(kept.id)).toEqual([]);
    const restored = await api.send<Repository>('GET', `${treeId}/source/repository/${kept.id}`, undefined);
    expect(restored.city).toBe('Vadstena');
    await sources.repositoryRows().filter({ hasText: 'ULA Vadstena slott' }).waitFor();
  });
});

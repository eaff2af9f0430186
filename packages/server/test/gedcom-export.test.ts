import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GedcomImportAnswer } from '@anor/core';
import { parse } from '@anor/gedcom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir } from '../../gedcom/test/support.ts';
import { subscription } from '../src/db/schema.ts';
import { gedcomExport } from '../src/modules/gedcom/gedcom.export.ts';
import { mapGedcom } from '../src/modules/gedcom/gedcom.mapper.ts';
import { signUp, type TestClient } from './support/client.ts';
import { planAsExportData } from './support/plan-export.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 20: the export streams to the response and says before its first byte how many level-0
 * records the file will have (`X-Gedcom-Records`), so that the web can show how far the download
 * has come by the records it has read.
 */

let t: TestApp;
let owner: TestClient;
let userId: string;
let treeId = '';
beforeAll(async () => {
  t = await createTestApp({ gedcomMaxBytes: 8 * 1024 * 1024 });
  const signedUp = await signUp(t.app);
  owner = signedUp.client;
  userId = signedUp.user.id;
  await t.database.db
    .insert(subscription)
    .values({ userId, plan: 'yearly', validUntil: new Date(Date.now() + 365 * 86_400_000) });
  const bytes = new Uint8Array(readFileSync(path.join(fixturesDir, 'real-world/kennedy.ged')));
  const response = await owner.request<GedcomImportAnswer>(
    'POST',
    `/api/user/${userId}/tree/gedcom?treeName=${encodeURIComponent('Kennedy')}`,
    bytes,
  );
  if (response.status !== 201) throw new Error(`import: ${response.status} ${JSON.stringify(response.body)}`);
  treeId = response.body.tree.id;
});
afterAll(() => t.close());

describe('GEDCOM export progress', () => {
  for (const version of ['5.5.1', '7.0'] as const) {
    it(`announces the file's count of records through ${version}, and the file has as many`, async () => {
      const response = await owner.get<string>(`/api/${treeId}/gedcom?version=${version}`);
      expect(response.status).toBe(200);
      const announced = Number(response.headers['x-gedcom-records']);
      expect(announced).toBeGreaterThan(100);
      const records = response.body.split(/\r?\n/).filter((line) => line.startsWith('0 ')).length;
      // HEAD, the records, TRLR: as many as announced.
      expect(records).toBe(announced);
      expect(parse(response.body).records.length + 2).toBe(records);
    });
  }

  it('tells another user nothing, not even the count', async () => {
    const other = await signUp(t.app);
    const response = await other.client.get<unknown>(`/api/${treeId}/gedcom?version=7.0`);
    expect([403, 404]).toContain(response.status);
    expect(response.headers['x-gedcom-records']).toBeUndefined();
  });
});

describe('GEDCOM export as a stream', () => {
  it('writes the file in parts of at most a thousand records, each when it is asked for', () => {
    // royal92: 3,010 persons and 1,422 families, so several parts.
    const document = parse(new Uint8Array(readFileSync(path.join(fixturesDir, 'real-world/royal92.ged'))));
    const { plan } = mapGedcom(document.header, document.records, { language: 'sv' });
    const treeId = '00000000-0000-7000-8000-000000000000';
    const file = gedcomExport(planAsExportData(plan, treeId), treeId, '5.5.1');
    // A generator, not a list: nothing of the records is written before the first part is asked for.
    expect(Array.isArray(file.parts)).toBe(false);
    const iterator = file.parts[Symbol.iterator]();
    const parts: string[] = [];
    for (let next = iterator.next(); !next.done; next = iterator.next()) parts.push(next.value);
    const recordsOf = (text: string) => text.split('\n').filter((line) => line.startsWith('0 ')).length;
    expect(parts.length).toBeGreaterThanOrEqual(6);
    for (const part of parts) expect(recordsOf(part)).toBeLessThanOrEqual(1000);
    expect(recordsOf(parts.join(''))).toBe(file.records);
  });
});

import type { ReportDocument, ShareState } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, TestClient, type TestResponse } from './support/client.ts';
import { pdfText } from './support/pdf-text.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The reports of issue 23, as PDF (their text read back with pdfjs-dist) and as JSON: a known
 * three-generation family with names in the letters the fonts must carry, Sosa numbers, the
 * family group sheet, the person and descendant reports, and the living left out for a visitor.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let api: string;
let visitor: TestClient;
let token: string;
const ids: Record<string, string> = {};

async function ok<T>(pending: Promise<TestResponse<T>>, what: string): Promise<T> {
  const response = await pending;
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  // Sharing is a subscriber's (the visitor's tests need the share link).
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + 365 * 86_400_000));
  const tree = await createTree(owner.client, owner.user.id, 'Rapportträd');
  api = `/api/${tree.id}`;
  const c = owner.client;
  const person = async (label: string, fields: Record<string, unknown>, relation?: Record<string, unknown>) => {
    const body = { person: fields, ...(relation ? { relation } : {}) };
    ids[label] = (await ok(c.post<{ id: string }>(`${api}/person`, body), label)).id;
  };
  // The proband is the tree's root: Åsa Öberg; her parents and grandparents; her living daughter.
  ids.proband = tree.rootId as string;
  await ok(c.put(`${api}/person/${ids.proband}`, { fName: 'Åsa', lName: 'Öberg', gender: 'female' }), 'root');
  await person(
    'father',
    { fName: 'Čedomir', lName: 'Šimić', gender: 'male' },
    { type: 'parent', personId: ids.proband },
  );
  await person(
    'mother',
    { fName: 'Łucja', lName: 'Đurić', gender: 'female' },
    { type: 'partner', personId: ids.father, childIds: [ids.proband] },
  );
  await person('farfar', { fName: 'Jöns', lName: 'Žák', gender: 'male' }, { type: 'parent', personId: ids.father });
  await person(
    'farmor',
    { fName: 'Märta', lName: 'Ćosić', gender: 'female' },
    { type: 'partner', personId: ids.farfar, childIds: [ids.father] },
  );
  // The mother's mother is entered first, to show a number comes from the gender, not the order.
  await person(
    'mormor',
    { fName: 'Ærøbine', lName: 'Nørgaard', gender: 'female' },
    { type: 'parent', personId: ids.mother },
  );
  await person(
    'morfar',
    { fName: 'Ødvar', lName: 'Ånstad', gender: 'male' },
    { type: 'partner', personId: ids.mormor, childIds: [ids.mother] },
  );
  await person(
    'daughter',
    { fName: 'Levande', lName: 'Hemligsdotter', gender: 'female' },
    { type: 'child', personId: ids.proband },
  );

  const place = await ok(
    c.post<{ location: { id: string } }>(`${api}/location`, { location: { name: 'Lysvik' } }),
    'place',
  );
  const event = async (body: Record<string, unknown>) =>
    (await ok(c.post<{ event: { id: string } }>(`${api}/event`, body), String(body.type))).event.id;
  const primary = (label: string) => ({ personId: ids[label], role: 'primary' });
  const birth = await event({
    type: 'birth',
    startDate: '1901-03-12',
    locationId: place.location.id,
    participants: [primary('proband')],
  });
  await event({ type: 'death', startDate: '1980', participants: [primary('proband')] });
  await event({ type: 'birth', startDate: '1870', participants: [primary('father')] });
  await event({ type: 'death', startDate: '1940', participants: [primary('father')] });
  await event({ type: 'birth', startDate: '1875', participants: [primary('mother')] });
  await event({ type: 'death', startDate: '1950', participants: [primary('mother')] });
  await event({
    type: 'marriage',
    startDate: '1899-06-24',
    locationId: place.location.id,
    participants: [primary('father'), primary('mother')],
  });
  for (const label of ['farfar', 'farmor', 'morfar', 'mormor']) {
    await event({ type: 'birth', startDate: '1840', participants: [primary(label)] });
    await event({ type: 'death', startDate: '1910', participants: [primary(label)] });
  }
  await event({ type: 'birth', startDate: '2001-05-07', participants: [primary('daughter')] });
  const record = await ok(
    c.post<{ id: string }>(`${api}/source/record`, { record: { title: 'Lysviks kyrkoarkiv' } }),
    'record',
  );
  await ok(
    c.post(`${api}/source/citation`, {
      citation: { sourceRecordId: record.id, whereWithinSourceText: 'C:5 s. 17' },
      nodeId: birth,
    }),
    'citation',
  );
  await ok(
    c.post(`${api}/note`, {
      note: { title: null, text: '<p>Hon var <strong>klok</strong> &amp; flitig.</p>' },
      connectedNodeIds: [ids.proband],
    }),
    'note',
  );
  token = (await ok(c.put<ShareState>(`${api}/share`, { enabled: true }), 'share')).token as string;
  visitor = new TestClient(t.app, 'sv');
}, 120_000);
afterAll(() => t.close());

const asVisitor = (url: string) => visitor.request('GET', url, undefined, { 'x-anor-share': token });

async function pdfOf(response: TestResponse): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(String(response.headers['content-disposition'])).toMatch(
    /^attachment; filename=".+\.pdf"; filename\*=UTF-8''/,
  );
  return (await pdfText(response.raw as Buffer)).text;
}

describe('antavla', () => {
  it('numbers the ancestors by Sosa–Stradonitz and prints every letter', async () => {
    const report = await ok(
      owner.client.get<ReportDocument>(`${api}/report/antavla/${ids.proband}?generations=3&lang=sv&format=json`),
      'json',
    );
    expect(report.title).toBe('Antavla för Åsa Öberg');
    expect(report.sections.map((section) => section.heading)).toEqual(['Generation 1', 'Generation 2', 'Generation 3']);
    const numbers = report.sections.flatMap((section) => section.entries.map((entry) => [entry.number, entry.name]));
    expect(numbers).toEqual([
      ['1', 'Åsa Öberg'],
      ['2', 'Čedomir Šimić'],
      ['3', 'Łucja Đurić'],
      ['4', 'Jöns Žák'],
      ['5', 'Märta Ćosić'],
      ['6', 'Ødvar Ånstad'],
      ['7', 'Ærøbine Nørgaard'],
    ]);
    const [first] = report.sections[0]?.entries ?? [];
    expect(first?.facts[0]).toEqual({ label: 'Född', text: '12 mars 1901, Lysvik', sources: [1] });
    expect(report.sources).toEqual([{ number: 1, text: 'Lysviks kyrkoarkiv, C:5 s. 17' }]);
    const father = report.sections[1]?.entries[0];
    expect(father?.facts.map((fact) => fact.label)).toEqual(['Född', 'Gift', 'Död']);

    const text = await pdfOf(await owner.client.get(`${api}/report/antavla/${ids.proband}?generations=3&lang=sv`));
    for (const name of [
      'Åsa Öberg',
      'Čedomir Šimić',
      'Łucja Đurić',
      'Jöns Žák',
      'Märta Ćosić',
      'Ødvar Ånstad',
      'Ærøbine Nørgaard',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toContain('Antavla för Åsa Öberg');
    expect(text).toContain('Lysviks kyrkoarkiv');
    for (const [number, name] of [
      ['4', 'Jöns Žák'],
      ['7', 'Ærøbine Nørgaard'],
    ]) {
      expect(text).toMatch(new RegExp(`${number}\\s+${name}`));
    }
  });

  it('speaks each of the five languages', async () => {
    const titles: Record<string, string> = {};
    for (const lang of ['sv', 'en', 'da', 'no', 'fi']) {
      const report = await ok(
        owner.client.get<ReportDocument>(`${api}/report/antavla/${ids.proband}?generations=1&lang=${lang}&format=json`),
        lang,
      );
      titles[lang] = report.title;
    }
    // Danish and Norwegian share the word (anetavle).
    expect(titles.da).toBe('Anetavle for Åsa Öberg');
    expect(new Set(Object.values(titles)).size).toBe(4);
    expect(titles.fi).toBe('Esivanhempaintaulu: Åsa Öberg');
    expect(titles.en).toBe('Ancestor table of Åsa Öberg');
  });

  it('refuses bad input with a code and an unknown person with 404', async () => {
    for (const query of ['generations=0', 'generations=11', 'generations=x', 'format=doc', 'lang=xx']) {
      const response = await owner.client.get<ErrorBody>(`${api}/report/antavla/${ids.proband}?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe('common.error.validation');
    }
    const missing = await owner.client.get<ErrorBody>(`${api}/report/antavla/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('person.error.notFound');
    const stranger = await signUp(t.app);
    expect((await stranger.client.get(`${api}/report/antavla/${ids.proband}`)).status).toBe(404);
  });
});

describe('the other reports', () => {
  it("draws the family group sheet: the person, each partner, the couple's events and their children", async () => {
    const report = await ok(
      owner.client.get<ReportDocument>(`${api}/report/family/${ids.father}?lang=en&format=json`),
      'family',
    );
    expect(report.title).toBe('Family group sheet: Čedomir Šimić');
    expect(report.sections.map((section) => section.heading)).toEqual([
      'Person',
      'Čedomir Šimić & Łucja Đurić',
      'Children: Čedomir Šimić & Łucja Đurić',
    ]);
    const [person, couple, children] = report.sections;
    expect(person?.entries[0]?.facts).toContainEqual({ label: 'Father', text: 'Jöns Žák', sources: [] });
    expect(person?.entries[0]?.facts).toContainEqual({ label: 'Mother', text: 'Märta Ćosić', sources: [] });
    expect(couple?.entries.map((entry) => entry.name)).toEqual(['Łucja Đurić', 'Events of the couple']);
    expect(couple?.entries[0]?.facts).toContainEqual({ label: 'Father', text: 'Ødvar Ånstad', sources: [] });
    expect(couple?.entries[1]?.facts[0]).toMatchObject({ label: 'Married', text: '24 June 1899, Lysvik' });
    expect(children?.entries.map((entry) => [entry.number, entry.name])).toEqual([['1', 'Åsa Öberg']]);
    expect(children?.entries[0]?.facts[0]).toMatchObject({ label: 'Born', text: '12 March 1901, Lysvik' });
    const text = await pdfOf(await owner.client.get(`${api}/report/family/${ids.father}?lang=en`));
    expect(text).toContain('Łucja Đurić');
    expect(text).toContain('12 March 1901, Lysvik');
    // A person with no partner and no children: their sheet says so.
    const alone = await ok(
      owner.client.get<ReportDocument>(`${api}/report/family/${ids.daughter}?lang=en&format=json`),
      'alone',
    );
    expect(alone.sections.at(-1)).toMatchObject({ entries: [], empty: 'No known children.' });
  });

  it('writes the person report with notes as plain text and sources as endnotes', async () => {
    const report = await ok(
      owner.client.get<ReportDocument>(`${api}/report/person/${ids.proband}?lang=sv&format=json`),
      'person',
    );
    const main = report.sections[0]?.entries[0];
    expect(main?.notes).toEqual(['Hon var klok & flitig.']);
    expect(main?.facts[0]).toEqual({ label: 'Född', text: '12 mars 1901, Lysvik', sources: [1] });
    expect(report.sections[1]?.entries.map((entry) => entry.name)).toEqual(['Čedomir Šimić', 'Łucja Đurić']);
    expect(report.sections[3]?.entries.map((entry) => entry.name)).toEqual(['Levande Hemligsdotter']);
    const text = await pdfOf(await owner.client.get(`${api}/report/person/${ids.proband}?lang=sv`));
    expect(text).toContain('Hon var klok & flitig.');
  });

  it('numbers the descendants 1, 1.1, 1.1.1', async () => {
    const report = await ok(
      owner.client.get<ReportDocument>(`${api}/report/descendants/${ids.farfar}?lang=sv&format=json`),
      'descendants',
    );
    const numbers = report.sections.flatMap((section) => section.entries.map((entry) => [entry.number, entry.name]));
    expect(numbers).toEqual([
      ['1', 'Jöns Žák'],
      ['1.1', 'Čedomir Šimić'],
      ['1.1.1', 'Åsa Öberg'],
      ['1.1.1.1', 'Levande Hemligsdotter'],
    ]);
  });
});

describe('privacy', () => {
  // Each report with the living daughter in it: her own antavla and person report, her grandfather's
  // descendants, her mother's family group sheet.
  const reports = () => [
    `${api}/report/antavla/${ids.daughter}`,
    `${api}/report/person/${ids.daughter}`,
    `${api}/report/descendants/${ids.farfar}`,
    `${api}/report/family/${ids.proband}`,
  ];

  it('prints the living for the owner, and never for a visitor, in every report and format', async () => {
    for (const url of reports()) {
      const ownerPdf = await pdfOf(await owner.client.get(url));
      expect(ownerPdf, url).toContain('Hemligsdotter');
      const visitorPdf = await pdfOf(await asVisitor(url));
      expect(visitorPdf, url).not.toContain('Hemligsdotter');
      expect(visitorPdf, url).not.toContain('2001');
      const json = await asVisitor(`${url}?format=json`);
      expect(json.status).toBe(200);
      expect(JSON.stringify(json.body), url).not.toContain('Hemligsdotter');
    }
    const visitorPerson = await ok(
      visitor.request<ReportDocument>('GET', `${api}/report/person/${ids.daughter}?format=json`, undefined, {
        'x-anor-share': token,
      }),
      'visitor person',
    );
    expect(visitorPerson.title).toBe('Personrapport: Privat');
    expect(visitorPerson.sections[0]?.entries[0]).toMatchObject({
      name: 'Privat',
      private: true,
      facts: [],
      notes: [],
    });
  });

  it('shows a visitor the dead as the owner sees them', async () => {
    const visitorText = await pdfOf(await asVisitor(`${api}/report/antavla/${ids.proband}?generations=3`));
    expect(visitorText).toContain('Åsa Öberg');
    expect(visitorText).toContain('Ærøbine Nørgaard');
  });

  it('gives a visitor without the link nothing', async () => {
    const response = await new TestClient(t.app).get<ErrorBody>(`${api}/report/antavla/${ids.proband}`);
    expect(response.status).toBe(401);
    expect(response.raw?.toString()).not.toContain('Öberg');
  });
});

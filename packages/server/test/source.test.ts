import type { Citation, Event, Location, Note, Repository, SourceRecord, TreeInfo } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function codeOf(response: { body: unknown }): string {
  return (response.body as ErrorBody).error.code;
}

async function newOwner() {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Källor');
  const family = new FamilyBuilder(a.client, tree.id);
  const api = `/api/${tree.id}`;
  async function created<T>(url: string, body: unknown): Promise<T> {
    const response = await a.client.post<T>(`${api}/${url}`, body);
    if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }
  const repository = (title: string, extra: Record<string, unknown> = {}) =>
    created<Repository>('source/repository', { repository: { title, ...extra } });
  const record = (title: string, repositoryId?: string) =>
    created<SourceRecord>('source/record', { record: { title, repositoryId } });
  const citation = (citation: Record<string, unknown>, nodeId?: string) =>
    created<Citation>('source/citation', { citation, nodeId });
  const event = async (body: Record<string, unknown>) => (await created<{ event: Event }>('event', body)).event;
  const info = async () => (await a.client.get<TreeInfo>(`${api}/tree`)).body;
  return { ...a, tree, family, api, repository, record, citation, event, info, created };
}

const primary = (personId: string) => ({ personId, role: 'primary' });

describe('the source hierarchy', () => {
  it('creates a repository, a record in it and citations, and shows them in each other', async () => {
    const o = await newOwner();
    const archive = await o.repository('Riksarkivet', {
      address: 'Fyrverkarbacken 13',
      city: 'Stockholm',
      postalCode: '112 60',
      country: 'Sverige',
      phone: '010-476 70 00',
      email: 'riksarkivet@riksarkivet.se',
      www: 'https://riksarkivet.se',
    });
    expect(archive).toMatchObject({ title: 'Riksarkivet', city: 'Stockholm', records: [], notes: [] });
    const book = await o.record('Sunne C:5', archive.id);
    expect(book.repository).toEqual({ id: archive.id, title: 'Riksarkivet' });
    const page12 = await o.citation({ sourceRecordId: book.id, whereWithinSourceText: 'Sida 12' });
    await o.citation({
      sourceRecordId: book.id,
      whereWithinSourceText: 'Sida 13',
      whereWithinSourceURL: 'https://sok.riksarkivet.se/bildvisning/C0001234_00013',
      textFromSource: '<p>Född <strong>d. 2 mars</strong></p>',
    });
    expect(page12.record).toMatchObject({ id: book.id, title: 'Sunne C:5', citationsCount: 1 });

    const withRecords = await o.client.get<Repository>(`${o.api}/source/repository/${archive.id}`);
    expect(withRecords.body.records).toEqual([
      expect.objectContaining({ id: book.id, title: 'Sunne C:5', citationsCount: 2 }),
    ]);
    const record = await o.client.get<SourceRecord>(`${o.api}/source/record/${book.id}`);
    expect(record.body.citations.map((c) => c.whereWithinSourceText)).toEqual(['Sida 12', 'Sida 13']);
    const list = await o.client.get<{ items: { id: string; citations?: unknown[] }[]; total: number }>(
      `${o.api}/source/true`,
    );
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]?.citations).toHaveLength(2);
    expect((await o.info()).sourcesAmount).toBe(4);
  });

  it('applies the citation and record rules of SPEC §5, and a refused write changes nothing', async () => {
    const o = await newOwner();
    const archive = await o.repository('Landsarkivet');
    const cases: [string, unknown, string][] = [
      ['source/citation', { citation: {} }, 'source.validation.citationRequired'],
      ['source/citation', { citation: { whereWithinSourceText: '   ' } }, 'source.validation.citationRequired'],
      [
        'source/citation',
        { citation: { repositoryId: archive.id, whereWithinSourceText: 's. 4' } },
        'source.validation.recordRequired',
      ],
      [
        'source/citation',
        { citation: { whereWithinSourceURL: 'javascript:alert(1)' } },
        'source.validation.urlValidWebpage',
      ],
      ['source/record', { record: { title: '  ' } }, 'source.validation.titleRequiredOnRecord'],
      ['source/record', { record: { title: 'Bok', url: 'ftp://x.se' } }, 'source.validation.urlValidWebpage'],
      ['source/repository', { repository: { title: '' } }, 'source.validation.titleRequiredOnRepository'],
      [
        'source/citation',
        { citation: { sourceRecordId: '0190a5a0-0000-7000-8000-00000000beef' } },
        'source.error.recordNotFound',
      ],
    ];
    for (const [url, body, code] of cases) {
      const response = await o.client.post(`${o.api}/${url}`, body);
      expect({ url, body, code: codeOf(response) }).toEqual({ url, body, code });
    }
    // A URL alone, or text alone, is a citation.
    expect(
      (
        await o.client.post(`${o.api}/source/citation`, {
          citation: { whereWithinSourceURL: 'https://arkivdigital.se/x' },
        })
      ).status,
    ).toBe(201);
    expect((await o.info()).sourcesAmount).toBe(2);
  });

  it('writes nothing when nothing changed, and updates what did', async () => {
    const o = await newOwner();
    const book = await o.record('Husförhörslängd');
    const same = await o.client.put<SourceRecord>(`${o.api}/source/record/${book.id}`, {
      record: { title: 'Husförhörslängd' },
    });
    expect(same.body.updatedAt).toBe(book.updatedAt);
    const changed = await o.client.put<SourceRecord>(`${o.api}/source/record/${book.id}`, {
      record: { title: 'Husförhörslängd AI:12', originator: 'Sunne kyrkoarkiv' },
    });
    expect(changed.body).toMatchObject({ title: 'Husförhörslängd AI:12', originator: 'Sunne kyrkoarkiv' });
  });

  it('deletes a record only (citations stay), or with its citations, which leave the events', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Anna' });
    const book = await o.record('Dopbok');
    const a = await o.citation({ sourceRecordId: book.id, whereWithinSourceText: 's. 1' });
    const b = await o.citation({ sourceRecordId: book.id, whereWithinSourceText: 's. 2' });
    const baptism = await o.event({ type: 'baptism', sourceIds: [a.id, b.id], participants: [primary(p.id)] });
    expect(baptism.sources.map((c) => c.id)).toEqual([a.id, b.id]);

    const other = await o.record('Födelsebok');
    const c = await o.citation({ sourceRecordId: other.id, whereWithinSourceText: 's. 9' });
    const only = await o.client.delete<{ deletedIds: string[] }>(`${o.api}/source/record/${other.id}`);
    expect(only.body.deletedIds).toEqual([other.id]);
    expect((await o.client.get<Citation>(`${o.api}/source/citation/${c.id}`)).body.record).toBeNull();

    const all = await o.client.delete<{ deletedIds: string[] }>(`${o.api}/source/record/${book.id}/children`);
    expect(all.body.deletedIds.sort()).toEqual([book.id, a.id, b.id].sort());
    const after = await o.client.get<Event>(`${o.api}/event/${baptism.id}`);
    expect(after.body.sources).toEqual([]);
    expect((await o.info()).sourcesAmount).toBe(1);
  });

  it('deletes a repository only, or with everything below it, and disengages a record', async () => {
    const o = await newOwner();
    const archive = await o.repository('Arkiv A');
    const kept = await o.record('Bok 1', archive.id);
    const disengaged = await o.client.delete<SourceRecord>(`${o.api}/source/repository/record/${kept.id}`);
    expect(disengaged.body.repository).toBeNull();
    const inside = await o.record('Bok 2', archive.id);
    await o.client.delete(`${o.api}/source/repository/${archive.id}`);
    expect((await o.client.get<SourceRecord>(`${o.api}/source/record/${inside.id}`)).body.repositoryId).toBeNull();

    const archiveB = await o.repository('Arkiv B');
    const bookB = await o.record('Bok 3', archiveB.id);
    const citationB = await o.citation({ sourceRecordId: bookB.id, whereWithinSourceText: 's. 3' });
    const all = await o.client.delete<{ deletedIds: string[] }>(`${o.api}/source/repository/${archiveB.id}/children`);
    expect(all.body.deletedIds.sort()).toEqual([archiveB.id, bookB.id, citationB.id].sort());
    const citationsOfKept = await o.client.delete<{ deletedIds: string[] }>(
      `${o.api}/source/record/citations/${kept.id}`,
    );
    expect(citationsOfKept.body.deletedIds).toEqual([]);
  });

  it('shows where a citation is used: events, places and notes', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Karl' });
    const book = await o.record('Sunne C:5');
    const cited = await o.citation({ sourceRecordId: book.id, whereWithinSourceText: 'Sida 12' });
    const baptism = await o.event({
      type: 'baptism',
      location: 'Sunne',
      sourceIds: [cited.id],
      participants: [primary(p.id)],
    });
    const place = baptism.location?.id as string;
    const placed = await o.client.put<Location>(`${o.api}/location/${place}`, {
      updatedLocation: { name: 'Sunne', sourceIds: [cited.id] },
    });
    expect(placed.body.sources.map((c) => c.id)).toEqual([cited.id]);
    const note = await o.created<Note>('note', {
      note: { text: '<p>Se dopboken</p>', sourceIds: [cited.id] },
      connectedNodeIds: [p.id],
    });
    const used = await o.client.get<Citation>(`${o.api}/source/citation/${cited.id}`);
    expect(used.body.connectedNodes).toEqual({
      events: [
        expect.objectContaining({
          id: baptism.id,
          type: 'baptism',
          primaries: [expect.objectContaining({ id: p.id })],
        }),
      ],
      locations: [{ id: place, name: 'Sunne', text: 'Sunne' }],
      notes: [{ id: note.id, title: null }],
    });
    // Deleting the event removes it from "used in" (the link goes with it).
    await o.client.delete(`${o.api}/event/${baptism.id}`);
    const afterDelete = await o.client.get<Citation>(`${o.api}/source/citation/${cited.id}`);
    expect(afterDelete.body.connectedNodes.events).toEqual([]);
  });

  it('suggests the sources of the baptism for the birth, and of the burial for the death', async () => {
    const o = await newOwner();
    const child = await o.family.create({ fName: 'Stina' });
    const book = await o.record('Sunne C:5');
    const cited = await o.citation({ sourceRecordId: book.id, whereWithinSourceText: 'Sida 12' });
    const baptism = await o.event({
      type: 'baptism',
      startDate: '1850-03-04',
      sourceIds: [cited.id],
      participants: [primary(child.id)],
    });
    const response = await o.client.post<{ suggestions: { citation: { id: string }; event: { id: string } }[] }>(
      `${o.api}/event/suggestedSources`,
      { type: 'birth', personIds: [child.id] },
    );
    expect(response.body.suggestions).toEqual([
      {
        citation: expect.objectContaining({ id: cited.id }),
        event: expect.objectContaining({ id: baptism.id, type: 'baptism' }),
      },
    ]);
    const forDeath = await o.client.post<{ suggestions: unknown[] }>(`${o.api}/event/suggestedSources`, {
      type: 'death',
      personIds: [child.id],
    });
    expect(forDeath.body.suggestions).toEqual([]);
    const ofEvents = await o.client.post<{ citations: { id: string; eventIds: string[] }[] }>(
      `${o.api}/event/sources`,
      {
        eventIds: [baptism.id],
      },
    );
    expect(ofEvents.body.citations).toEqual([expect.objectContaining({ id: cited.id, eventIds: [baptism.id] })]);
  });

  it('suggests sources of residences at the same place and time', async () => {
    const o = await newOwner();
    const [a, b] = await Promise.all(['Per', 'Maja'].map((fName) => o.family.create({ fName })));
    const cited = await o.citation({ whereWithinSourceText: 'Husförhör 1880–1885, s. 44' });
    const theirs = await o.event({
      type: 'residence',
      startDate: '1880',
      endDate: '1885',
      location: 'Rud',
      sourceIds: [cited.id],
      participants: [primary((a as { id: string }).id)],
    });
    const response = await o.client.post<{ suggestions: { citation: { id: string } }[] }>(
      `${o.api}/event/suggestedSources`,
      {
        type: 'residence',
        personIds: [(b as { id: string }).id],
        startDate: '1883',
        locationId: theirs.location?.id,
      },
    );
    expect(response.body.suggestions.map((s) => s.citation.id)).toEqual([cited.id]);
  });

  it('finds sources by title for the choosers and the duplicate offer', async () => {
    const o = await newOwner();
    const archive = await o.repository('Värmlandsarkiv');
    await o.record('Sunne kyrkoarkiv, Födelse- och dopböcker', archive.id);
    await o.citation({ whereWithinSourceText: 'Sida 12', whereWithinSourceURL: 'https://sok.riksarkivet.se/12' });
    const records = await o.client.post<{ suggestions: { title: string }[] }>(`${o.api}/source/suggested`, {
      stringToSuggestBy: 'dopbocker',
      type: 'record',
    });
    expect(records.body.suggestions.map((s) => s.title)).toEqual(['Sunne kyrkoarkiv, Födelse- och dopböcker']);
    const repositories = await o.client.post<{ suggestions: { title: string }[] }>(`${o.api}/source/suggested`, {
      stringToSuggestBy: 'VARMLAND',
      type: 'repository',
    });
    expect(repositories.body.suggestions.map((s) => s.title)).toEqual(['Värmlandsarkiv']);
    const citations = await o.client.post<{ suggestions: { title: string }[] }>(`${o.api}/source/suggested`, {
      stringToSuggestBy: 'sida 12',
      type: 'citation',
    });
    expect(citations.body.suggestions.map((s) => s.title)).toEqual(['Sida 12']);
  });

  it('cites at most 3 sources on one event or place on the free tier', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Olle' });
    const ids: string[] = [];
    for (const page of [1, 2, 3, 4]) ids.push((await o.citation({ whereWithinSourceText: `s. ${page}` })).id);
    const four = await o.client.post(`${o.api}/event`, {
      type: 'burial',
      sourceIds: ids,
      participants: [primary(p.id)],
    });
    expect(four.status).toBe(403);
    expect(codeOf(four)).toBe('limit.sourcesPerNode');
    expect((await o.info()).eventsAmount).toBe(0);
    const three = await o.event({ type: 'burial', sourceIds: ids.slice(0, 3), participants: [primary(p.id)] });
    const onCreate = await o.client.post(`${o.api}/source/citation`, {
      citation: { whereWithinSourceText: 's. 5' },
      nodeId: three.id,
    });
    expect(codeOf(onCreate)).toBe('limit.sourcesPerNode');
    expect((await o.info()).sourcesAmount).toBe(4);
  });
});

describe('notes', () => {
  it('stores rich text on a person, lists it, updates and deletes it', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Brita' });
    const note = await o.created<Note>('note', {
      note: {
        title: 'Flytten',
        text: '<p>Flyttade till <strong>Amerika</strong></p><ul><li>1882</li></ul><p><a href="https://example.com">brev</a></p>',
      },
      connectedNodeIds: [p.id],
    });
    expect(note.text).toBe(
      '<p>Flyttade till <strong>Amerika</strong></p><ul><li>1882</li></ul><p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">brev</a></p>',
    );
    expect(note.connectedNodes).toEqual([{ id: p.id, kind: 'person' }]);
    const list = await o.client.get<{ notes: Note[] }>(`${o.api}/note?nodeId=${p.id}`);
    expect(list.body.notes.map((n) => n.id)).toEqual([note.id]);
    const updated = await o.client.put<Note>(`${o.api}/note/${note.id}`, {
      note: { title: 'Flytten 1882', text: '<p>Ny text</p>' },
    });
    expect(updated.body).toMatchObject({ title: 'Flytten 1882', text: '<p>Ny text</p>' });
    await o.client.delete(`${o.api}/note/${note.id}`);
    expect((await o.client.get<{ notes: Note[] }>(`${o.api}/note?nodeId=${p.id}`)).body.notes).toEqual([]);
  });

  it('refuses a note that is empty once tags are removed, and saves nothing', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Brita' });
    for (const text of [
      '',
      '<p></p>',
      '<p> &nbsp; </p><br>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
    ]) {
      const response = await o.client.post(`${o.api}/note`, { note: { text }, connectedNodeIds: [p.id] });
      expect({ text, status: response.status, code: codeOf(response) }).toEqual({
        text,
        status: 400,
        code: 'common.error.text',
      });
    }
    expect((await o.client.get<{ notes: Note[] }>(`${o.api}/note?nodeId=${p.id}`)).body.notes).toEqual([]);
    const saved = await o.created<Note>('note', { note: { text: '<p>Text</p>' }, connectedNodeIds: [p.id] });
    const emptied = await o.client.put(`${o.api}/note/${saved.id}`, { note: { text: '<p><br></p>' } });
    expect(codeOf(emptied)).toBe('common.error.text');
    expect((await o.client.get<Note>(`${o.api}/note/${saved.id}`)).body.text).toBe('<p>Text</p>');
  });

  it("saves the notes written on a new event or place with it, and lists an event's notes", async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Nils' });
    const event = await o.event({
      type: 'burial',
      newNotes: [{ title: 'Graven', text: '<p>Kvarter 4</p>' }],
      participants: [primary(p.id)],
    });
    expect(event.notes.map((n) => n.title)).toEqual(['Graven']);
    const viaRoute = await o.client.get<{ notes: Note[] }>(`${o.api}/event/${event.id}/notes`);
    expect(viaRoute.body.notes.map((n) => n.title)).toEqual(['Graven']);
    const place = await o.created<{ location: Location }>('location', {
      location: { name: 'Rud' },
      newNotes: [{ text: '<p>Torp under Västra Fors</p>' }],
    });
    expect(place.location.notes).toHaveLength(1);
    const bad = await o.client.post(`${o.api}/event`, {
      type: 'burial',
      newNotes: [{ text: '<p></p>' }],
      participants: [primary(p.id)],
    });
    expect(codeOf(bad)).toBe('common.error.text');
    expect((await o.info()).eventsAmount).toBe(1);
  });

  it('connects a note to more items and disconnects it without deleting it', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Nils' });
    const q = await o.family.create({ fName: 'Lisa' });
    const note = await o.created<Note>('note', { note: { text: '<p>Delad</p>' }, connectedNodeIds: [p.id] });
    const linked = await o.client.post<Note>(`${o.api}/note/${note.id}/link`, { nodeId: q.id });
    expect(linked.body.connectedNodes.map((n) => n.id).sort()).toEqual([p.id, q.id].sort());
    const unlinked = await o.client.delete<Note>(`${o.api}/note/${note.id}/link/${p.id}`);
    expect(unlinked.body.connectedNodes).toEqual([{ id: q.id, kind: 'person' }]);
    // A deleted person's links go with them; the note stays for the others.
    await o.client.delete(`${o.api}/person/${q.id}`);
    expect((await o.client.get<Note>(`${o.api}/note/${note.id}`)).body.connectedNodes).toEqual([]);
    const unknown = await o.client.post(`${o.api}/note`, {
      note: { text: '<p>x</p>' },
      connectedNodeIds: ['0190a5a0-0000-7000-8000-00000000beef'],
    });
    expect(codeOf(unknown)).toBe('common.error.notFound');
  });
});

describe('the rich-text sanitizer', () => {
  const hostile: [string, string][] = [
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<p onclick="alert(1)">klick</p>', '<p>klick</p>'],
    ['<a href="javascript:alert(1)">länk</a>', '<a target="_blank" rel="noopener noreferrer nofollow">länk</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    [
      '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<a href="https://ok.se" onmouseover="x()" target="_self">ok</a>',
      '<a href="https://ok.se" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    ],
    ['<img src="x" onerror="alert(1)">bild', 'bild'],
    ['<iframe src="https://evil.example"></iframe>text', 'text'],
    ['<style>p{color:red}</style><p style="color:red">röd</p>', '<p>röd</p>'],
    ['<svg><script>alert(1)</script></svg>kvar', 'kvar'],
    [
      '<b>fet</b> <i>kursiv</i> <u>under</u> <s>struken</s>',
      '<strong>fet</strong> <em>kursiv</em> <u>under</u> <s>struken</s>',
    ],
    [
      '<blockquote>citat</blockquote><ol><li>ett<ol><li>indrag</li></ol></li></ol><h2>Rubrik</h2>',
      '<blockquote>citat</blockquote><ol><li>ett<ol><li>indrag</li></ol></li></ol><h2>Rubrik</h2>',
    ],
    [
      '<a href="mailto:anna@example.com">mejl</a>',
      '<a href="mailto:anna@example.com" target="_blank" rel="noopener noreferrer nofollow">mejl</a>',
    ],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ];

  it('stores only the allowed formatting and safe links (table of hostile inputs)', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Test' });
    for (const [input, stored] of hostile) {
      const response = await o.client.post<Note>(`${o.api}/note`, { note: { text: input }, connectedNodeIds: [p.id] });
      expect({ input, stored: response.body.text }).toEqual({ input, stored });
    }
  });

  it('sanitizes transcriptions too, and keeps an empty one as empty text', async () => {
    const o = await newOwner();
    const withScript = await o.citation({
      whereWithinSourceText: 's. 1',
      textFromSource: '<p>Född<script>x()</script></p>',
    });
    expect(withScript.textFromSource).toBe('<p>Född</p>');
    const empty = await o.citation({ whereWithinSourceText: 's. 2' });
    expect(empty.textFromSource).toBe('');
  });
});

describe('access', () => {
  it('refuses every source and note route to other users (404) and to the signed-out (401)', async () => {
    const o = await newOwner();
    const p = await o.family.create({ fName: 'Per' });
    const archive = await o.repository('Arkiv');
    const book = await o.record('Bok', archive.id);
    const cited = await o.citation({ sourceRecordId: book.id, whereWithinSourceText: 's. 1' });
    const event = await o.event({ type: 'burial', participants: [primary(p.id)] });
    const note = await o.created<Note>('note', { note: { text: '<p>x</p>' }, connectedNodeIds: [p.id] });
    const stranger = (await signUp(t.app)).client;
    const anonymous = new TestClient(t.app);
    const a = o.api;
    const calls: [string, string, unknown?][] = [
      ['GET', `${a}/source/repository`],
      ['GET', `${a}/source/repository/${archive.id}`],
      ['POST', `${a}/source/repository`, { repository: { title: 'X' } }],
      ['PUT', `${a}/source/repository/${archive.id}`, { repository: { title: 'X' } }],
      ['DELETE', `${a}/source/repository/record/${book.id}`],
      ['DELETE', `${a}/source/repository/${archive.id}`],
      ['DELETE', `${a}/source/repository/${archive.id}/children`],
      ['GET', `${a}/source/false`],
      ['GET', `${a}/source/record/${book.id}`],
      ['GET', `${a}/source/record/citations?recordId=${book.id}`],
      ['POST', `${a}/source/record`, { record: { title: 'X' } }],
      ['PUT', `${a}/source/record/${book.id}`, { record: { title: 'X' } }],
      ['DELETE', `${a}/source/record/citations/${book.id}`],
      ['DELETE', `${a}/source/record/${book.id}`],
      ['DELETE', `${a}/source/record/${book.id}/children`],
      ['GET', `${a}/source/citation/${cited.id}`],
      ['POST', `${a}/source/citation`, { citation: { whereWithinSourceText: 'x' } }],
      ['PUT', `${a}/source/citation/${cited.id}`, { citation: { whereWithinSourceText: 'x' } }],
      ['DELETE', `${a}/source/citation/${cited.id}`],
      ['POST', `${a}/source/suggested`, { stringToSuggestBy: 'a', type: 'record' }],
      ['POST', `${a}/source/object`, { object: { fileReference: 'bild.jpg' } }],
      ['POST', `${a}/event/sources`, { eventIds: [event.id] }],
      ['POST', `${a}/event/suggestedSources`, { type: 'birth', personIds: [p.id] }],
      ['GET', `${a}/note?nodeId=${p.id}`],
      ['GET', `${a}/note/${note.id}`],
      ['GET', `${a}/event/${event.id}/notes`],
      ['POST', `${a}/note`, { note: { text: '<p>x</p>' }, connectedNodeIds: [p.id] }],
      ['PUT', `${a}/note/${note.id}`, { note: { text: '<p>y</p>' } }],
      ['POST', `${a}/note/${note.id}/link`, { nodeId: event.id }],
      ['DELETE', `${a}/note/${note.id}/link/${p.id}`],
      ['DELETE', `${a}/note/${note.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const asStranger = await stranger.request(method as 'GET', url, payload);
      expect({ method, url, status: asStranger.status }).toEqual({ method, url, status: 404 });
      const asAnonymous = await anonymous.request(method as 'GET', url, payload);
      expect({ method, url, status: asAnonymous.status }).toEqual({ method, url, status: 401 });
    }
    expect((await o.info()).sourcesAmount).toBe(3);
    expect((await o.client.get<Note>(`${a}/note/${note.id}`)).body.text).toBe('<p>x</p>');
  });
});

import type { Citation, Repository, SourceRecord } from '@anor/core';
import { describe, expect, it } from 'vitest';
import {
  citationDraftOf,
  citationErrors,
  citationInputOf,
  fieldOfIssuePath,
  isCitationChanged,
  isRecordChanged,
  isRepositoryChanged,
  newCitationDraft,
  newRecordDraft,
  newRepositoryDraft,
  recordDraftOf,
  recordErrors,
  recordInputOf,
  repositoryDraftOf,
  repositoryErrors,
  serverSourceErrors,
} from './source-form.ts';
import { sourceListRequest } from './source-list.ts';

const recordId = '01900000-0000-7000-8000-000000000201';
const repositoryId = '01900000-0000-7000-8000-000000000301';

const stored: Citation = {
  id: '01900000-0000-7000-8000-000000000101',
  treeId: '01900000-0000-7000-8000-000000000000',
  sourceRecordId: recordId,
  record: {
    id: recordId,
    title: 'Födelse- och dopbok',
    originator: null,
    url: null,
    repository: null,
    citationsCount: 2,
  },
  whereWithinSourceText: 'Sida 12',
  whereWithinSourceURL: null,
  textFromSource: '<p>Anna, dotter till Erik</p>',
  eventCitedFrom: 'BIRT',
  eventCitedFromRole: null,
  entryRecordingDate: null,
  certaintyAssessment: '3',
  notes: [],
  connectedNodes: { events: [], locations: [], notes: [] },
  revision: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
};

const record: SourceRecord = {
  id: recordId,
  treeId: stored.treeId,
  title: 'Födelse- och dopbok',
  originator: 'Sunne församling',
  filedByEntry: 'C:7',
  publicationFacts: null,
  url: 'https://sok.riksarkivet.se/bildvisning/C0001',
  repositoryId,
  repository: { id: repositoryId, title: 'Riksarkivet' },
  notes: [],
  citations: [],
  revision: 1,
  createdAt: stored.createdAt,
  updatedAt: stored.updatedAt,
};

const repository: Repository = {
  id: repositoryId,
  treeId: stored.treeId,
  title: 'Riksarkivet',
  address: 'Fyrverkarbacken 13',
  city: 'Stockholm',
  state: null,
  postalCode: '112 60',
  country: 'Sverige',
  phone: null,
  email: null,
  fax: null,
  www: 'https://riksarkivet.se',
  notes: [],
  records: [],
  revision: 1,
  createdAt: stored.createdAt,
  updatedAt: stored.updatedAt,
};

describe('the citation form', () => {
  it('sends a stored citation back as it was, GEDCOM fields kept', () => {
    expect(citationInputOf(citationDraftOf(stored))).toEqual({
      sourceRecordId: recordId,
      whereWithinSourceText: 'Sida 12',
      whereWithinSourceURL: '',
      textFromSource: '<p>Anna, dotter till Erik</p>',
      eventCitedFrom: 'BIRT',
      eventCitedFromRole: null,
      entryRecordingDate: null,
      certaintyAssessment: '3',
    });
  });

  it('stores an empty transcription as empty text', () => {
    const draft = { ...newCitationDraft({ id: recordId, title: 'Dopbok' }), textFromSource: '<p> &nbsp;</p>' };
    expect(citationInputOf(draft).textFromSource).toBe('');
  });

  it('counts spaces around a text and an emptied empty field as no change', () => {
    const initial = citationDraftOf(stored);
    expect(isCitationChanged(initial, { ...initial, whereWithinSourceText: ' Sida 12 ' })).toBe(false);
    expect(isCitationChanged(initial, { ...initial, whereWithinSourceURL: '  ' })).toBe(false);
  });

  it('counts another page, another record or another transcription as a change', () => {
    const initial = citationDraftOf(stored);
    expect(isCitationChanged(initial, { ...initial, whereWithinSourceText: 'Sida 13' })).toBe(true);
    expect(isCitationChanged(initial, { ...initial, record: null })).toBe(true);
    expect(isCitationChanged(initial, { ...initial, textFromSource: '<p>Anna</p>' })).toBe(true);
  });

  it('sends the edited certainty, date recorded and cited-from, blank as null (issue 19 item 17)', () => {
    const initial = citationDraftOf(stored);
    const edited = {
      ...initial,
      details: {
        ...initial.details,
        certaintyAssessment: '1',
        entryRecordingDate: '17 mars 1850',
        eventCitedFrom: ' ',
      },
    };
    expect(isCitationChanged(initial, edited)).toBe(true);
    expect(citationInputOf(edited)).toMatchObject({
      certaintyAssessment: '1',
      entryRecordingDate: '17 mars 1850',
      eventCitedFrom: null,
      eventCitedFromRole: null,
    });
    // A value too long for the server is named under its field.
    expect(citationErrors({ ...edited, details: { ...edited.details, certaintyAssessment: '12345678901' } })).toEqual({
      certaintyAssessment: 'source.validation.textTooLong',
    });
  });

  it('needs a record, a text or a URL, and a URL must be a web address (SPEC §5)', () => {
    expect(citationErrors(newCitationDraft())).toEqual({ record: 'source.validation.citationRequired' });
    expect(citationErrors({ ...newCitationDraft(), whereWithinSourceText: 'Sida 4' })).toEqual({});
    expect(citationErrors({ ...newCitationDraft(), whereWithinSourceURL: 'riksarkivet' })).toEqual({
      whereWithinSourceURL: 'source.validation.urlValidWebpage',
    });
    expect(citationErrors(newCitationDraft({ id: recordId, title: 'Dopbok' }))).toEqual({});
  });
});

describe('the record form', () => {
  it('sends the repository by id and the fields as typed', () => {
    expect(recordInputOf(recordDraftOf(record))).toEqual({
      title: 'Födelse- och dopbok',
      originator: 'Sunne församling',
      filedByEntry: 'C:7',
      publicationFacts: '',
      url: 'https://sok.riksarkivet.se/bildvisning/C0001',
      repositoryId,
    });
  });

  it('needs a title, and a valid URL', () => {
    expect(recordErrors(newRecordDraft())).toEqual({ title: 'source.validation.titleRequiredOnRecord' });
    expect(recordErrors({ ...newRecordDraft(null, 'Dopbok'), url: 'not a url' })).toEqual({
      url: 'source.validation.urlValidWebpage',
    });
    expect(recordErrors(newRecordDraft({ id: repositoryId, title: 'Riksarkivet' }, 'Dopbok'))).toEqual({});
  });

  it('sees a changed repository or title, not spaces', () => {
    const initial = recordDraftOf(record);
    expect(isRecordChanged(initial, { ...initial, title: 'Födelse- och dopbok ' })).toBe(false);
    expect(isRecordChanged(initial, { ...initial, repository: null })).toBe(true);
  });
});

describe('the repository form', () => {
  it('needs a name and takes every address field', () => {
    expect(repositoryErrors(newRepositoryDraft())).toEqual({ title: 'source.validation.titleRequiredOnRepository' });
    const initial = repositoryDraftOf(repository);
    expect(repositoryErrors(initial)).toEqual({});
    expect(isRepositoryChanged(initial, { ...initial, city: 'Stockholm' })).toBe(false);
    expect(isRepositoryChanged(initial, { ...initial, phone: '010-476 70 00' })).toBe(true);
  });
});

describe('server errors on the forms', () => {
  it('puts a field issue under its field, and anything else above the buttons', () => {
    const error = {
      code: 'common.error.validation',
      fieldIssues: [{ path: ['body', 'citation', 'sourceRecordId'], code: 'source.validation.recordRequired' }],
    };
    expect(serverSourceErrors('citation', error)).toEqual({ record: 'source.validation.recordRequired' });
    expect(serverSourceErrors('record', { code: 'common.error.generic', fieldIssues: [] })).toEqual({
      form: 'common.error.generic',
    });
    expect(fieldOfIssuePath(['repository', 'www'], { www: 'www' })).toBe('www');
  });
});

describe('the source page list', () => {
  it('sorts records by title or URL and repositories by name or website', () => {
    expect(sourceListRequest(' dop ', { kind: 'records', sort: 'link', direction: 'desc' })).toMatchObject({
      kind: 'records',
      records: { q: 'dop', sort: 'url', direction: 'desc' },
      repositories: { q: 'dop', sort: 'www', direction: 'desc' },
    });
  });

  it('falls back to records by text, ascending, for values that mean nothing', () => {
    expect(sourceListRequest('', { kind: 'x', sort: 'y', direction: 'z' })).toMatchObject({
      kind: 'records',
      sort: 'text',
      direction: 'asc',
      records: { q: undefined, sort: 'title', direction: 'asc' },
    });
  });
});

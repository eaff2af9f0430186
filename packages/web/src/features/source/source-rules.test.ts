import type { CitationSummary } from '@anor/core';
import { describe, expect, it } from 'vitest';
import {
  deletePlanOf,
  findDuplicateCitation,
  findDuplicateRecord,
  hasSourceChanges,
  matchesSearch,
  offerableSuggestions,
  pageOf,
  recordsOfCitations,
  sourceChanges,
  urlStateOf,
  withCitation,
  withoutCitations,
} from './source-rules.ts';

const census = { id: 'r1', title: 'Husförhörslängd Sunne 1846–1850' };
const church = { id: 'r2', title: 'Födelse- och dopbok Sunne' };

function citation(id: string, page: string | null, url: string | null, record = census): CitationSummary {
  return { id, whereWithinSourceText: page, whereWithinSourceURL: url, record };
}

describe('how a web address shows', () => {
  it('is a link when it is an http(s) address with a host', () => {
    expect(urlStateOf('https://sok.riksarkivet.se/bildvisning/C0001')).toBe('valid');
    expect(urlStateOf('  http://www.arkivdigital.se  ')).toBe('valid');
  });

  it('is struck through when it is not a web address', () => {
    expect(urlStateOf('riksarkivet')).toBe('invalid');
    expect(urlStateOf('ftp://example.com/file')).toBe('invalid');
    expect(urlStateOf('javascript:alert(1)')).toBe('invalid');
    expect(urlStateOf('https://localhost')).toBe('invalid');
  });

  it('is the placeholder when there is none', () => {
    expect(urlStateOf(null)).toBe('none');
    expect(urlStateOf(undefined)).toBe('none');
    expect(urlStateOf('   ')).toBe('none');
  });
});

describe('duplicates of a new citation', () => {
  const existing = [
    citation('c1', 'Sida 12', 'https://sok.riksarkivet.se/bild/12'),
    citation('c2', 'Sida 13', null),
    citation('c3', null, null),
  ];

  it('finds the citation with the same text and URL, ignoring case, spaces and a trailing slash', () => {
    expect(
      findDuplicateCitation(existing, {
        whereWithinSourceText: '  sida   12 ',
        whereWithinSourceURL: 'https://SOK.riksarkivet.se/bild/12/',
      })?.id,
    ).toBe('c1');
    expect(findDuplicateCitation(existing, { whereWithinSourceText: 'Sida 13', whereWithinSourceURL: '' })?.id).toBe(
      'c2',
    );
  });

  it('needs both the text and the URL to be equal', () => {
    expect(
      findDuplicateCitation(existing, { whereWithinSourceText: 'Sida 12', whereWithinSourceURL: null }),
    ).toBeNull();
    expect(
      findDuplicateCitation(existing, { whereWithinSourceText: 'Sida 14', whereWithinSourceURL: null }),
    ).toBeNull();
  });

  it('takes a citation of the record without page or URL as a duplicate of another such', () => {
    expect(findDuplicateCitation(existing, { whereWithinSourceText: '', whereWithinSourceURL: '' })?.id).toBe('c3');
  });
});

describe('duplicates of a new record', () => {
  it('finds the record with the same title, case and accents aside', () => {
    expect(findDuplicateRecord([census, church], '  födelse- och DOPBOK sunne ')?.id).toBe('r2');
    expect(findDuplicateRecord([census, church], 'Fodelse- och dopbok Sunne')?.id).toBe('r2');
  });

  it('finds none for another title or an empty one', () => {
    expect(findDuplicateRecord([census, church], 'Bouppteckningar')).toBeNull();
    expect(findDuplicateRecord([{ id: 'x', title: '' }], '  ')).toBeNull();
  });
});

describe('what deleting offers', () => {
  it('asks once for a citation on its own, and offers removing it when it was opened inside a parent', () => {
    expect(deletePlanOf({ kind: 'citation', inParent: false })).toEqual({
      header: 'deleteCitation',
      choices: ['delete'],
    });
    expect(deletePlanOf({ kind: 'citation', inParent: true })).toEqual({
      header: 'deleteOrRemoveCitation',
      choices: ['disengage', 'delete'],
    });
  });

  it('offers a record with citations only it or it with them; without citations one confirmation', () => {
    expect(deletePlanOf({ kind: 'record', childrenCount: 0, inParent: false })).toEqual({
      header: 'deleteRecord',
      choices: ['delete'],
    });
    expect(deletePlanOf({ kind: 'record', childrenCount: 2, inParent: false })).toEqual({
      header: 'deleteRecordAndCitations',
      choices: ['withChildren', 'delete'],
    });
  });

  it('offers only delete and disengage for a record opened from its repository', () => {
    expect(deletePlanOf({ kind: 'record', childrenCount: 2, inParent: true })).toEqual({
      header: 'deleteOrRemoveRecord',
      choices: ['disengage', 'delete'],
    });
  });

  it('offers a repository with records only it or it with all of them', () => {
    expect(deletePlanOf({ kind: 'repository', childrenCount: 0 })).toEqual({
      header: 'deleteRepository',
      choices: ['delete'],
    });
    expect(deletePlanOf({ kind: 'repository', childrenCount: 3 })).toEqual({
      header: 'deleteRepositoryAndRecords',
      choices: ['withChildren', 'delete'],
    });
  });
});

describe('sources added and deleted', () => {
  it('reports the ids gained and lost, not the order', () => {
    expect(sourceChanges(['a', 'b', 'c'], ['c', 'd', 'a'])).toEqual({ added: ['d'], deleted: ['b'] });
    expect(hasSourceChanges(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(hasSourceChanges([], ['a'])).toBe(true);
    expect(hasSourceChanges(['a'], [])).toBe(true);
  });
});

describe('the source panel lists', () => {
  it('lists each record of the citations once, with how many of its citations are here', () => {
    const cited = [citation('c1', '12', null), citation('c2', '3', null, church), citation('c3', '13', null)];
    cited.push({ ...citation('c4', 'loose', null), record: null });
    expect(recordsOfCitations(cited)).toEqual([
      { ...census, citedCount: 2 },
      { ...church, citedCount: 1 },
    ]);
  });

  it('adds a citation once and replaces an updated one in place', () => {
    const list = [citation('c1', '12', null), citation('c2', '13', null)];
    expect(withCitation(list, citation('c3', '14', null)).map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    const updated = withCitation(list, citation('c1', 'Sida 12', null));
    expect(updated.map((c) => c.whereWithinSourceText)).toEqual(['Sida 12', '13']);
    expect(withoutCitations(list, ['c1', 'x']).map((c) => c.id)).toEqual(['c2']);
  });

  it('searches as the lists do: every term, case and accents aside', () => {
    expect(matchesSearch('Husförhörslängd Sunne 1846', 'sunne HUSFORHOR')).toBe(true);
    expect(matchesSearch('Husförhörslängd Sunne 1846', 'sunne 1850')).toBe(false);
    expect(matchesSearch('anything', '   ')).toBe(true);
  });

  it('pages a list held in memory', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    expect(pageOf(items, 1, 2)).toEqual(['a', 'b']);
    expect(pageOf(items, 3, 2)).toEqual(['e']);
    expect(pageOf(items, 0, 2)).toEqual(['a', 'b']);
  });

  it('offers each suggested citation once, without those cited already', () => {
    const suggestions = [
      { citation: citation('c1', '12', null), event: 'baptism' },
      { citation: citation('c2', '13', null), event: 'baptism' },
      { citation: citation('c1', '12', null), event: 'residence' },
    ];
    expect(offerableSuggestions(suggestions, ['c2'])).toEqual([suggestions[0]]);
  });
});

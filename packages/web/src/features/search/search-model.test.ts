import { describe, expect, it } from 'vitest';
import { activeSearchType, hasNoHits, type SearchCounts, searchText } from './search-model.ts';

const counts = (values: Partial<SearchCounts>): SearchCounts => ({
  persons: undefined,
  events: undefined,
  places: undefined,
  records: undefined,
  repositories: undefined,
  notes: undefined,
  citations: undefined,
  ...values,
});

describe('the tree-wide search', () => {
  it('sends the terms trimmed, one space apart, and nothing for an empty box', () => {
    expect(searchText('  anna   berg ')).toBe('anna berg');
    expect(searchText('   ')).toBeUndefined();
  });

  it('shows the chosen tab, else the first type with hits', () => {
    const found = counts({ persons: 0, events: 0, places: 2, records: 1, repositories: 0 });
    expect(activeSearchType('records', found)).toBe('records');
    expect(activeSearchType('', found)).toBe('places');
    expect(activeSearchType('nonsense', found)).toBe('places');
  });

  it('keeps the tab shown before while the counts before the first hit are on their way', () => {
    expect(activeSearchType('', counts({ persons: 0, places: 3 }), 'records')).toBe('records');
    expect(activeSearchType('', counts({ persons: 0, events: 0, places: 3 }), 'records')).toBe('places');
    expect(activeSearchType('', counts({}))).toBe('persons');
  });

  it('falls back to the persons when nothing matches', () => {
    const none = counts({ persons: 0, events: 0, places: 0, records: 0, repositories: 0, notes: 0, citations: 0 });
    expect(activeSearchType('', none)).toBe('persons');
    expect(hasNoHits(none)).toBe(true);
    expect(hasNoHits(counts({ persons: 0 }))).toBe(false);
    expect(hasNoHits({ ...none, notes: 1 })).toBe(false);
  });
});

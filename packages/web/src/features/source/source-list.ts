import type { RecordListFilters, RepositoryListFilters } from './queries.ts';

/** The source page's list as the address holds it, and what each list asks the server for. */
export interface SourceListRequest {
  kind: 'records' | 'repositories';
  /** SPEC §2 Lists: sources sort by text or by link. */
  sort: 'text' | 'link';
  direction: 'asc' | 'desc';
  records: RecordListFilters;
  repositories: RepositoryListFilters;
}

/**
 * The request of the source page's list: records or repositories, sorted by text (the title) or
 * link (a record's URL, a repository's website), ascending or descending. Values from an edited
 * address that mean nothing fall back to records by text, ascending; an empty search is left out.
 */
export function sourceListRequest(
  query: string,
  filters: Record<'kind' | 'sort' | 'direction', string>,
): SourceListRequest {
  const kind = filters.kind === 'repositories' ? 'repositories' : 'records';
  const sort = filters.sort === 'link' ? 'link' : 'text';
  const direction = filters.direction === 'desc' ? 'desc' : 'asc';
  const q = query.trim() || undefined;
  return {
    kind,
    sort,
    direction,
    records: { q, sort: sort === 'link' ? 'url' : 'title', direction },
    repositories: { q, sort: sort === 'link' ? 'www' : 'title', direction },
  };
}

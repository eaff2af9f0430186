import { type ListPaging, usePagedList } from '../../lib/list/usePagedList.ts';
import { type PersonListFilters, personSearchQueries } from './queries.ts';

/** The data props of `List` for a tree's persons, from a page query or, in scroll mode, an infinite one. */
export function usePersonList(treeId: string, filters: PersonListFilters, list: ListPaging) {
  return usePagedList({
    pageQuery: personSearchQueries.page(treeId, { ...filters, page: list.page, pageSize: list.pageSize }),
    scrollQuery: personSearchQueries.scroll(treeId, filters),
    list,
    isEnabled: treeId !== '',
  });
}

import { type ListPaging, usePagedList } from '../../lib/list/usePagedList.ts';
import { type RecordListFilters, type RepositoryListFilters, sourceQueries } from './queries.ts';

/** The data props of `List` for a tree's records, from a page query or, in scroll mode, an infinite one. */
export function useRecordList(treeId: string, filters: RecordListFilters, list: ListPaging, isEnabled: boolean) {
  return usePagedList({
    pageQuery: sourceQueries.recordPage(treeId, { ...filters, page: list.page, pageSize: list.pageSize }),
    scrollQuery: sourceQueries.recordScroll(treeId, filters),
    list,
    isEnabled: treeId !== '' && isEnabled,
  });
}

/** The data props of `List` for a tree's repositories. */
export function useRepositoryList(
  treeId: string,
  filters: RepositoryListFilters,
  list: ListPaging,
  isEnabled: boolean,
) {
  return usePagedList({
    pageQuery: sourceQueries.repositoryPage(treeId, { ...filters, page: list.page, pageSize: list.pageSize }),
    scrollQuery: sourceQueries.repositoryScroll(treeId, filters),
    list,
    isEnabled: treeId !== '' && isEnabled,
  });
}

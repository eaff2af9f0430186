import { type ListPaging, usePagedList } from '../../lib/list/usePagedList.ts';
import { type LocationListFilters, locationQueries } from './queries.ts';

/** The data props of `List` for a tree's places, from a page query or, in scroll mode, an infinite one. */
export function usePlaceList(treeId: string, filters: LocationListFilters, list: ListPaging) {
  return usePagedList({
    pageQuery: locationQueries.page(treeId, { ...filters, page: list.page, pageSize: list.pageSize }),
    scrollQuery: locationQueries.scroll(treeId, filters),
    list,
    isEnabled: treeId !== '',
  });
}

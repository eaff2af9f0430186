import { type ListPaging, usePagedList } from '../../lib/list/usePagedList.ts';
import { eventQueries } from '../event/index.ts';
import type { EventListFilters } from './list-request.ts';
import { eventListQueries } from './queries.ts';

/** The data props of `List` for a tree's events, from a page query or, in scroll mode, an infinite one. */
export function useEventList(treeId: string, filters: EventListFilters, list: ListPaging) {
  return usePagedList({
    pageQuery: eventQueries.list(treeId, { ...filters, page: list.page, pageSize: list.pageSize }),
    scrollQuery: eventListQueries.scroll(treeId, filters),
    list,
    isEnabled: treeId !== '',
  });
}

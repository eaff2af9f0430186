import { childrenAnswerSchema, mainNodesAnswerSchema, type PersonListQuery, personSchema } from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { api, segment, treePath } from '../../api/client.ts';

/**
 * Query keys of a tree's persons. Everything person-shaped of one tree sits under
 * `personKeys.tree(treeId)`, because a relation change can move any person's root relation
 * (colour), sibling list or chart: such mutations invalidate that prefix. Views that read
 * persons elsewhere (search lists, charts) should put their keys under it too:
 * `personKeys.list(treeId, query)` and `personKeys.chart(treeId, …)`.
 */
export const personKeys = {
  all: ['persons'] as const,
  tree: (treeId: string) => [...personKeys.all, treeId] as const,
  details: (treeId: string) => [...personKeys.tree(treeId), 'detail'] as const,
  detail: (treeId: string, personId: string) => [...personKeys.details(treeId), personId] as const,
  childrenOf: (treeId: string, personId: string) => [...personKeys.tree(treeId), 'children', personId] as const,
  lists: (treeId: string) => [...personKeys.tree(treeId), 'list'] as const,
  list: (treeId: string, query: PersonListQuery) => [...personKeys.lists(treeId), query] as const,
  charts: (treeId: string) => [...personKeys.tree(treeId), 'chart'] as const,
  chart: (treeId: string, ...parts: (string | number)[]) => [...personKeys.charts(treeId), ...parts] as const,
};

/** The tree's main nodes: name, root person, counts and whether the user may edit. */
export const mainNodesKeys = {
  all: ['mainnodes'] as const,
  detail: (treeId: string) => [...mainNodesKeys.all, treeId] as const,
};

// Kept in api/client.ts (the first page's undo notice needs it without this module's schemas).
export { treePath };

export const personQueries = {
  mainNodes: (treeId: string) =>
    queryOptions({
      queryKey: mainNodesKeys.detail(treeId),
      queryFn: ({ signal }) => api.get(treePath(treeId, 'mainnodes'), { schema: mainNodesAnswerSchema, signal }),
      // The person page shows a whole-view error itself (tree not found).
      meta: { errorDisplay: 'inline' },
    }),
  detail: (treeId: string, personId: string) =>
    queryOptions({
      queryKey: personKeys.detail(treeId, personId),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `person/${segment(personId)}`), { schema: personSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** The children of a person with their other parents, for the children view grouped by other parent. */
  childrenOf: (treeId: string, personId: string) =>
    queryOptions({
      queryKey: personKeys.childrenOf(treeId, personId),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `person/${segment(personId)}/child`), { schema: childrenAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
};

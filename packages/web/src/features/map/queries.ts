import { treeMapAnswerSchema } from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/**
 * The tree-wide map sits under `['locations', treeId]`, the prefix place mutations invalidate, so
 * a place created, moved or given coordinates shows up on the map.
 */
export const mapKeys = {
  tree: (treeId: string) => ['locations', treeId, 'map'] as const,
};

export const mapQueries = {
  /** Every place of the tree that has coordinates. */
  tree: (treeId: string) =>
    queryOptions({
      queryKey: mapKeys.tree(treeId),
      queryFn: ({ signal }) => api.get(treePath(treeId, 'map'), { schema: treeMapAnswerSchema, signal }),
      // The map page shows a whole-view error itself.
      meta: { errorDisplay: 'inline' },
    }),
};

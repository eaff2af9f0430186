import { chartAnswerSchema, familyAnswerSchema } from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { personKeys, personQueries, treePath } from '../person/queries.ts';

/** Generations the ancestor chart offers, the person included (a 4-generation pedigree shows 15 boxes). */
export const ancestorGenerations = { min: 2, max: 10, default: 4 } as const;
/** Generations of descendants below the person. */
export const descendantDepths = { min: 1, max: 10, default: 3 } as const;

/**
 * The charts' keys sit under the person feature's chart prefix (`personKeys.charts`), which every
 * mutation that changes a relation, a name or a root invalidates.
 */
export const familyTreeKeys = {
  ancestors: (treeId: string, personId: string, generations: number) =>
    personKeys.chart(treeId, 'ancestors', personId, generations),
  descendants: (treeId: string, personId: string, depth: number) =>
    personKeys.chart(treeId, 'descendants', personId, depth),
  family: (treeId: string, personId: string) => personKeys.chart(treeId, 'family', personId),
};

function personPath(treeId: string, personId: string, rest: string): string {
  return treePath(treeId, `person/${segment(personId)}/${rest}`);
}

export const familyTreeQueries = {
  /** The tree's name and root person, for the breadcrumbs and "go to root". */
  mainNodes: personQueries.mainNodes,
  /**
   * The pedigree of `generations` generations counting the person; the API counts generations
   * above the person, hence one less.
   */
  ancestors: (treeId: string, personId: string, generations: number) =>
    queryOptions({
      queryKey: familyTreeKeys.ancestors(treeId, personId, generations),
      queryFn: ({ signal }) =>
        api.get(personPath(treeId, personId, `ancestors/${generations - 1}`), { schema: chartAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  descendants: (treeId: string, personId: string, depth: number) =>
    queryOptions({
      queryKey: familyTreeKeys.descendants(treeId, personId, depth),
      queryFn: ({ signal }) =>
        api.get(personPath(treeId, personId, `descendants/${depth}`), { schema: chartAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** The person with parents, grandparents, partners, children and siblings. */
  family: (treeId: string, personId: string) =>
    queryOptions({
      queryKey: familyTreeKeys.family(treeId, personId),
      queryFn: ({ signal }) => api.get(personPath(treeId, personId, 'family'), { schema: familyAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
};

import { demoAnswerSchema } from '@anor/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export const demoKeys = {
  all: ['demo'] as const,
};

export const demoQueries = {
  /** GET /api/demo: the share link of the demonstration tree; 404 when the operator turned it off. */
  path: () =>
    queryOptions({
      queryKey: demoKeys.all,
      queryFn: ({ signal }) => api.get('/api/demo', { schema: demoAnswerSchema, signal }),
      staleTime: Number.POSITIVE_INFINITY,
      // Without a demo the landing page simply has no "see example": no error to show.
      meta: { errorDisplay: 'inline' },
    }),
};

/** Where "see example" leads (`/share/…`), or null while unknown or when there is no demo. */
export function useDemoPath(): string | null {
  const query = useQuery(demoQueries.path());
  return query.data?.path ?? null;
}

import { userInfoSchema } from '@anor/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client.ts';

const sessionAnswerSchema = z.object({ user: userInfoSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

export const sessionKeys = {
  all: ['session'] as const,
};

export const sessionQueries = {
  current: () =>
    queryOptions({
      queryKey: sessionKeys.all,
      queryFn: ({ signal }) => api.get('/api/auth/session', { schema: sessionAnswerSchema, signal }),
      // The session, unlike the product's data, is checked again when the window regains focus (SPEC §9).
      refetchOnWindowFocus: true,
      staleTime: 60_000,
    }),
};

/** The signed-in user, `null` when signed out, `undefined` while the session is loading. */
export function useSession() {
  const query = useQuery(sessionQueries.current());
  const user = query.data?.user;
  return {
    user: query.isPending ? undefined : (user ?? null),
    status: query.isPending ? 'loading' : user ? 'authenticated' : 'unauthenticated',
    query,
  } as const;
}

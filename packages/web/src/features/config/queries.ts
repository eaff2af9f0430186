import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client.ts';

/** GET /api/config: where to pay (never hard-coded in the app), where support answers and the map tiles. */
const appConfigSchema = z.object({
  payment: z.object({ number: z.string(), recipient: z.string() }),
  supportEmail: z.string(),
  /** Map tiles: a Leaflet URL template and its attribution (trusted HTML from the operator). */
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const configKeys = {
  all: ['config'] as const,
};

export const configQueries = {
  app: () =>
    queryOptions({
      queryKey: configKeys.all,
      queryFn: ({ signal }) => api.get('/api/config', { schema: appConfigSchema, signal }),
      staleTime: Number.POSITIVE_INFINITY,
      // The dialogs that need it say so themselves.
      meta: { errorDisplay: 'inline' },
    }),
};

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';

const publicConfigSchema = z.object({
  payment: z.object({ number: z.string(), recipient: z.string() }),
  supportEmail: z.string(),
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
});

/** What the web app needs from configuration: the manual payment details, the support address and the map tiles. */
export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/config',
      { schema: { tags: ['config'], summary: 'Public configuration', response: { 200: publicConfigSchema } } },
      async () => ({ payment: ctx.config.payment, supportEmail: ctx.config.supportEmail, map: ctx.config.map }),
    );
}

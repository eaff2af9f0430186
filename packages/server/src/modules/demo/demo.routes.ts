import { demoAnswerSchema } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { createDemoService } from './demo.service.ts';

/** GET /api/demo: the landing page's "see example" (the shared demonstration tree), for anyone. */
export function registerDemoRoutes(app: FastifyInstance, ctx: AppContext) {
  const demo = createDemoService({ db: ctx.db, enabled: ctx.config.demoTree });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/demo',
    {
      schema: {
        tags: ['demo'],
        summary: "The demonstration tree's share link (404 when the operator turned it off)",
        response: { 200: demoAnswerSchema },
      },
    },
    async () => demo.sharePath(),
  );
}

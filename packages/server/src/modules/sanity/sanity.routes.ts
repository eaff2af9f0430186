import { sanityCheckAnswerSchema, sanityCheckBodySchema } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { createSanityService } from './sanity.service.ts';

/**
 * POST /api/{treeId}/event/sanity: the sanity warnings of an event as the editor holds it (issue
 * 19 item 7). For those who may edit the tree (the write guard refuses others before the body is
 * read); it changes nothing.
 */
export function registerSanityRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sanity = createSanityService({ db: ctx.db });

  routes.post(
    '/api/:treeId/event/sanity',
    {
      // A check the event form asks while editing, a contributor's too (issue 26); it writes nothing,
      // so there is nothing to propose.
      config: { access: 'propose', proposable: false },
      schema: {
        tags: ['event'],
        summary: 'The sanity warnings an event would give if saved as it is (it saves nothing)',
        params: treeParams,
        body: sanityCheckBodySchema,
        response: { 200: sanityCheckAnswerSchema },
      },
    },
    async (request) => sanity.checkEvent(request.params.treeId, await currentViewer(ctx.auth, request), request.body),
  );
}

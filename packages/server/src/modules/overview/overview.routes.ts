import { orphanListAnswerSchema, orphanListQuerySchema } from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';

const tags = ['overview'];

/** The overview of SPEC §2 (orphan dialog). Access and rules live in the service. */
export function registerOverviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { overview } = ctx;
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.get(
    '/api/:treeId/orphans',
    {
      schema: {
        tags,
        summary: 'A page of the unconnected persons, places or events (or, with all=true, of all of the type)',
        params: treeParams,
        querystring: orphanListQuerySchema,
        response: { 200: orphanListAnswerSchema },
      },
    },
    async (request) => overview.orphans(request.params.treeId, await viewer(request), request.query),
  );
}

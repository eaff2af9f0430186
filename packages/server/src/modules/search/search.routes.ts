import { citationHitsAnswerSchema, noteHitsAnswerSchema, textSearchQuerySchema } from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';

const tags = ['search'];

/** The tree-wide search's own lists (issue 19, item 16). Access and rules live in the service. */
export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { search } = ctx;
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.get(
    '/api/:treeId/search/notes',
    {
      schema: {
        tags,
        summary: 'A page of the notes whose title or text holds every search term',
        params: treeParams,
        querystring: textSearchQuerySchema,
        response: { 200: noteHitsAnswerSchema },
      },
    },
    async (request) => search.notes(request.params.treeId, await viewer(request), request.query),
  );

  routes.get(
    '/api/:treeId/search/citations',
    {
      schema: {
        tags,
        summary: 'A page of the citations whose page, URL or transcription holds every search term',
        params: treeParams,
        querystring: textSearchQuerySchema,
        response: { 200: citationHitsAnswerSchema },
      },
    },
    async (request) => search.citations(request.params.treeId, await viewer(request), request.query),
  );
}

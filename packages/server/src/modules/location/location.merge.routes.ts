import {
  locationIdSchema,
  mergeAnswerSchema,
  mergePreviewBodySchema,
  mergePreviewSchema,
  placeMergeBodySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { createLocationMerge } from './location.merge.ts';

const locationParams = z.strictObject({ treeId: treeIdParam, id: locationIdSchema });
const tags = ['location'];

/** Merging two places (issue 21): the preview, then the merge. The place in the path is kept. */
export function registerLocationMergeRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const merges = createLocationMerge({ db: ctx.db });
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.post(
    '/api/:treeId/location/:id/merge/preview',
    {
      // Merging (a change of many rows an editor decides) is not proposed (issue 26).
      config: { proposable: false },
      // Nothing is written, but only an editor merges: not open to visitors.
      schema: {
        tags,
        summary: 'What merging the other place into this one would do, before anything is written',
        params: locationParams,
        body: mergePreviewBodySchema,
        response: { 200: mergePreviewSchema },
      },
    },
    async (request) =>
      merges.preview(request.params.treeId, await viewer(request), request.params.id, request.body.otherId),
  );

  routes.post(
    '/api/:treeId/location/:id/merge',
    {
      // Merging (a change of many rows an editor decides) is not proposed (issue 26).
      config: { proposable: false },
      schema: {
        tags,
        summary: 'Merge the other place into this one: its events, child places and links move here (one change set)',
        params: locationParams,
        body: placeMergeBodySchema,
        response: { 200: mergeAnswerSchema },
      },
    },
    async (request) => merges.merge(request.params.treeId, await viewer(request), request.params.id, request.body),
  );
}

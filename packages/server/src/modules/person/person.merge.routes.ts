import {
  mergeAnswerSchema,
  personIdSchema,
  personMergeBodySchema,
  personMergePreviewBodySchema,
  personMergePreviewSchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { createPersonMerge } from './person.merge.ts';

const personParams = z.strictObject({ treeId: treeIdParam, id: personIdSchema });
const tags = ['person'];

/** Merging two persons (issue 21): the preview, then the merge. The person in the path is kept. */
export function registerPersonMergeRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const merges = createPersonMerge({ db: ctx.db });
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.post(
    '/api/:treeId/person/:id/merge/preview',
    {
      // Merging (a change of many rows an editor decides) is not proposed (issue 26).
      config: { proposable: false },
      // Nothing is written, but only an editor merges: not open to visitors (as the place merge's preview).
      schema: {
        tags,
        summary:
          'Both persons side by side and what merging the other into this one would do, before anything is written',
        params: personParams,
        body: personMergePreviewBodySchema,
        response: { 200: personMergePreviewSchema },
      },
    },
    async (request) => merges.preview(request.params.treeId, await viewer(request), request.params.id, request.body),
  );

  routes.post(
    '/api/:treeId/person/:id/merge',
    {
      // Merging (a change of many rows an editor decides) is not proposed (issue 26).
      config: { proposable: false },
      schema: {
        tags,
        summary:
          'Merge the other person into this one: names, events, relatives, notes and citations joined (one change set)',
        params: personParams,
        body: personMergeBodySchema,
        response: { 200: mergeAnswerSchema },
      },
    },
    async (request) => merges.merge(request.params.treeId, await viewer(request), request.params.id, request.body),
  );
}

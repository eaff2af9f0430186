import {
  mergeAnswerSchema,
  mergePreviewBodySchema,
  mergePreviewSchema,
  recordIdSchema,
  recordMergeBodySchema,
  repositoryIdSchema,
  repositoryMergeBodySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { createSourceMerge } from './source.merge.ts';

const recordParams = z.strictObject({ treeId: treeIdParam, id: recordIdSchema });
const repositoryParams = z.strictObject({ treeId: treeIdParam, id: repositoryIdSchema });
const tags = ['source'];

/**
 * Merging two source records or two repositories (issue 21): the preview, then the merge; the one
 * in the path is kept. The previews write nothing but are an editor's: not open to visitors.
 */
export function registerSourceMergeRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const merges = createSourceMerge({ db: ctx.db });
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.post(
    '/api/:treeId/source/record/:id/merge/preview',
    {
      // Merging (a change of many rows an editor decides) is not proposed (issue 26).
      config: { proposable: false },
      schema: {
        tags,
        summary: 'What merging the other source into this one would do, before anything is written',
        params: recordParams,
        body: mergePreviewBodySchema,
        response: { 200: mergePreviewSchema },
      },
    },
    async (request) =>
      merges.previewRecord(request.params.treeId, await viewer(request), request.params.id, request.body.otherId),
  );

  routes.post(
    '/api/:treeId/source/record/:id/merge',
    {
      // Merging (a change of many rows an editor decides) is not proposed (issue 26).
      config: { proposable: false },
      schema: {
        tags,
        summary: 'Merge the other source into this one: its citations, notes and media move here (one change set)',
        params: recordParams,
        body: recordMergeBodySchema,
        response: { 200: mergeAnswerSchema },
      },
    },
    async (request) =>
      merges.mergeRecord(request.params.treeId, await viewer(request), request.params.id, request.body),
  );

  routes.post(
    '/api/:treeId/source/repository/:id/merge/preview',
    {
      // Merging (a change of many rows an editor decides) is not proposed (issue 26).
      config: { proposable: false },
      schema: {
        tags,
        summary: 'What merging the other archive into this one would do, before anything is written',
        params: repositoryParams,
        body: mergePreviewBodySchema,
        response: { 200: mergePreviewSchema },
      },
    },
    async (request) =>
      merges.previewRepository(request.params.treeId, await viewer(request), request.params.id, request.body.otherId),
  );

  routes.post(
    '/api/:treeId/source/repository/:id/merge',
    {
      // Merging (a change of many rows an editor decides) is not proposed (issue 26).
      config: { proposable: false },
      schema: {
        tags,
        summary: 'Merge the other archive into this one: its sources, notes and media move here (one change set)',
        params: repositoryParams,
        body: repositoryMergeBodySchema,
        response: { 200: mergeAnswerSchema },
      },
    },
    async (request) =>
      merges.mergeRepository(request.params.treeId, await viewer(request), request.params.id, request.body),
  );
}

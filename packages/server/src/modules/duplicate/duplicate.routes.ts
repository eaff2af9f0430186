import {
  duplicateListQuerySchema,
  duplicatePageAnswerSchema,
  duplicateSuggestAnswerSchema,
  duplicateSuggestQuerySchema,
  notDuplicateBodySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { createDuplicateService } from './duplicate.service.ts';

const tags = ['duplicate'];

/**
 * The duplicate finder (issue 21). Every route is the tree's editors' (`access: 'edit'`: the tree
 * guard refuses visitors and viewers, reads included, before the handler runs), but the hint for a
 * person being added, which a contributor gets too (`propose`, issue 26).
 */
export function registerDuplicateRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const duplicates = createDuplicateService({ db: ctx.db });
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.get(
    '/api/:treeId/duplicate',
    {
      config: { access: 'edit' },
      schema: {
        tags,
        summary: 'A page of likely duplicate persons, best first, with the score and its reasons (owner only)',
        params: treeParams,
        querystring: duplicateListQuerySchema,
        response: { 200: duplicatePageAnswerSchema },
      },
    },
    async (request) => duplicates.list(request.params.treeId, await viewer(request), request.query),
  );

  routes.get(
    '/api/:treeId/duplicate/suggest',
    {
      // A contributor adds persons too (their additions wait for review): they see the hint as well.
      config: { access: 'propose' },
      schema: {
        tags,
        summary: 'The persons a person being added may already be (editors and contributors)',
        params: treeParams,
        querystring: duplicateSuggestQuerySchema,
        response: { 200: duplicateSuggestAnswerSchema },
      },
    },
    async (request) => duplicates.suggest(request.params.treeId, await viewer(request), request.query),
  );

  routes.post(
    '/api/:treeId/duplicate/not-duplicate',
    {
      config: { access: 'edit', proposable: false },
      schema: {
        tags,
        summary: 'Remember that two persons are not one: the pair is never listed again (owner only)',
        params: treeParams,
        body: notDuplicateBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => duplicates.markNotDuplicate(request.params.treeId, await viewer(request), request.body),
  );
}

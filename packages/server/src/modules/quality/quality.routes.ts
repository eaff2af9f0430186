import { qualityDismissBodySchema, qualityReportQuerySchema, qualityReportSchema } from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { createQualityService } from './quality.service.ts';

const tags = ['quality'];
const ok = z.object({ ok: z.literal(true) });

/**
 * The data-quality report (issue 24). Every route is the owner's only (`ownerOnly`: the tree guard
 * refuses a visitor with 403 before the service checks again): visitors never get it.
 */
export function registerQualityRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const quality = createQualityService({ db: ctx.db });
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.get(
    '/api/:treeId/quality',
    {
      config: { access: 'edit' },
      schema: {
        tags,
        summary: 'The data-quality report: every rule with its counts and first items (owner only)',
        params: treeParams,
        querystring: qualityReportQuerySchema,
        response: { 200: qualityReportSchema },
      },
    },
    async (request) => quality.report(request.params.treeId, await viewer(request), request.query),
  );

  routes.post(
    '/api/:treeId/quality/dismiss',
    {
      config: { access: 'edit', proposable: false },
      schema: {
        tags,
        summary: 'Dismiss one finding ("checked, it is right"): it stays dismissed (owner only)',
        params: treeParams,
        body: qualityDismissBodySchema,
        response: { 200: ok },
      },
    },
    async (request) => quality.dismiss(request.params.treeId, await viewer(request), request.body),
  );

  routes.post(
    '/api/:treeId/quality/undismiss',
    {
      config: { access: 'edit', proposable: false },
      schema: {
        tags,
        summary: 'Take a dismissal back: the finding is counted again (owner only)',
        params: treeParams,
        body: qualityDismissBodySchema,
        response: { 200: ok },
      },
    },
    async (request) => quality.undismiss(request.params.treeId, await viewer(request), request.body),
  );
}

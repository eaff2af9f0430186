import { gedcomPreviewEncodingBodySchema, jobParamsSchema, jobSchema } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/session.ts';

/**
 * `POST /api/user/{userId}/job/{jobId}/encoding` (issue 20 item 1): an import waiting with its
 * preview reads its file again in the encoding the user picked; the answer is the job with the new
 * preview, and a confirmation then writes the tree in that encoding.
 */
export function registerGedcomPreviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { auth, users, gedcom, jobs } = ctx;
  routes.post(
    '/api/user/:userId/job/:jobId/encoding',
    {
      schema: {
        tags: ['gedcom'],
        summary: "Reads a waiting import's file again in another encoding: the job's preview changes",
        params: jobParamsSchema,
        body: gedcomPreviewEncodingBodySchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(auth, request);
      users.assertSelf(viewer.id, request.params.userId);
      await gedcom.previewEncoding(viewer, request.params.jobId, request.body.encoding);
      return jobs.get(viewer.id, request.params.jobId);
    },
  );
}

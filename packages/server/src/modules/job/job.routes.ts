import { jobListSchema, jobParamsSchema, jobSchema } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/session.ts';

const userParams = z.strictObject({ userId: z.string().min(1).max(64) });
const tags = ['job'];

/**
 * A user's jobs (issue 20): `GET /api/user/{userId}/job` (running ones and the last finished),
 * `GET /api/user/{userId}/job/{jobId}` (state, phase, percentage, time left, and the report or the
 * error, or the preview of an import that waits), `POST …/confirm` (an import waiting with its
 * preview goes on) and `POST /api/user/{userId}/job/{jobId}/cancel`. Only the user who started a job sees and
 * cancels it: another user's job answers 404 like no job, and a share-link visitor has no session.
 */
export function registerJobRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { auth, users, jobs } = ctx;

  routes.get(
    '/api/user/:userId/job',
    {
      schema: {
        tags,
        summary: "The user's running jobs and the last finished ones, newest first",
        params: userParams,
        response: { 200: jobListSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(auth, request);
      users.assertSelf(viewer.id, request.params.userId);
      return { jobs: await jobs.list(viewer.id) };
    },
  );

  routes.get(
    '/api/user/:userId/job/:jobId',
    {
      schema: {
        tags,
        summary: 'A job: its state, phase, percentage, time left, and its report or error',
        params: jobParamsSchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(auth, request);
      users.assertSelf(viewer.id, request.params.userId);
      return jobs.get(viewer.id, request.params.jobId);
    },
  );

  routes.post(
    '/api/user/:userId/job/:jobId/confirm',
    {
      schema: {
        tags,
        summary: 'Confirms an import that waits with its preview: it goes on to write the tree',
        params: jobParamsSchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(auth, request);
      users.assertSelf(viewer.id, request.params.userId);
      return jobs.confirm(viewer.id, request.params.jobId);
    },
  );

  routes.post(
    '/api/user/:userId/job/:jobId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancels a job: nothing of it is kept (a finished job stays as it ended)',
        params: jobParamsSchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(auth, request);
      users.assertSelf(viewer.id, request.params.userId);
      return jobs.cancel(viewer.id, request.params.jobId);
    },
  );
}

import {
  changeSetChangesAnswerSchema,
  changeSetChangesQuerySchema,
  changeSetIdSchema,
  citationIdSchema,
  eventIdSchema,
  historyAnswerSchema,
  historyQuerySchema,
  locationIdSchema,
  noteIdSchema,
  objectHistoryAnswerSchema,
  objectHistoryQuerySchema,
  personIdSchema,
  recordIdSchema,
  repositoryIdSchema,
  undoAnswerSchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { createHistoryService } from './history.service.ts';

const tags = ['history'];

/** The objects with a history of their own, by the path of their routes. */
const objectPaths = [
  {
    path: 'person',
    id: personIdSchema,
    table: 'person',
    notFound: 'person.error.notFound',
    what: "A person's changes (names, relations, events)",
  },
  {
    path: 'event',
    id: eventIdSchema,
    table: 'event',
    notFound: 'events.error.notFound',
    what: "An event's changes (participants, citations, notes)",
  },
  {
    path: 'location',
    id: locationIdSchema,
    table: 'location',
    notFound: 'location.error.notFound',
    what: "A place's changes",
  },
  { path: 'note', id: noteIdSchema, table: 'note', notFound: 'note.error.notFound', what: "A note's changes" },
  {
    path: 'source/citation',
    id: citationIdSchema,
    table: 'citation',
    notFound: 'source.error.citationNotFound',
    what: "A citation's changes",
  },
  {
    path: 'source/record',
    id: recordIdSchema,
    table: 'source_record',
    notFound: 'source.error.recordNotFound',
    what: "A record's changes",
  },
  {
    path: 'source/repository',
    id: repositoryIdSchema,
    table: 'repository',
    notFound: 'source.error.repositoryNotFound',
    what: "A repository's changes",
  },
] as const;

/**
 * Change history (issue 21): the tree's recent changes, one change set's rows, each object's
 * history, and undo. Only the tree's editors (owner, co-owners, editors) may call them: declared
 * `access: 'edit'` in the route table, so the write guard refuses a visitor or a viewer with 403
 * before the service (which checks again) and the generated authorization tests expect it.
 */
export function registerHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const history = createHistoryService({ db: ctx.db });
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.get(
    '/api/:treeId/history',
    {
      config: { access: 'edit' },
      schema: {
        tags,
        summary: "The tree's recent changes, newest first: filtered by person, kind and date, paged by `before`",
        params: treeParams,
        querystring: historyQuerySchema,
        response: { 200: historyAnswerSchema },
      },
    },
    async (request) => history.recent(request.params.treeId, await viewer(request), request.query),
  );

  routes.get(
    '/api/:treeId/history/changes',
    {
      config: { access: 'edit' },
      schema: {
        tags,
        summary: 'The rows one change set changed, in order, with the fields before and after, paged by `after`',
        params: treeParams,
        querystring: changeSetChangesQuerySchema,
        response: { 200: changeSetChangesAnswerSchema },
      },
    },
    async (request) =>
      history.changes(
        request.params.treeId,
        await viewer(request),
        request.query.changeSetId,
        request.query.after ?? 0,
        request.query.limit,
      ),
  );

  routes.post(
    '/api/:treeId/history/:changeSetId/undo',
    {
      config: { access: 'edit', proposable: false },
      schema: {
        tags,
        summary: 'Undo a change set (409 history.error.dependentChange when a later change depends on it)',
        params: z.strictObject({ treeId: treeIdParam, changeSetId: changeSetIdSchema }),
        response: { 200: undoAnswerSchema },
      },
    },
    async (request) => history.undo(request.params.treeId, await viewer(request), request.params.changeSetId),
  );

  for (const { path, id, table, notFound, what } of objectPaths) {
    routes.get(
      `/api/:treeId/${path}/:id/history`,
      {
        config: { access: 'edit' },
        schema: {
          tags,
          summary: `${what}, newest first, paged by \`before\`; a deleted object's too (404: never in this tree)`,
          params: z.strictObject({ treeId: treeIdParam, id }),
          querystring: objectHistoryQuerySchema,
          response: { 200: objectHistoryAnswerSchema },
        },
      },
      async (request) =>
        history.ofObject(
          request.params.treeId,
          await viewer(request),
          { id: request.params.id, table, notFound },
          path === 'person',
          request.query.before,
          request.query.limit,
        ),
    );
  }
}

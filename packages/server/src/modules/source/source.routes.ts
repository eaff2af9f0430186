import {
  citationIdSchema,
  citationListAnswerSchema,
  citationSchema,
  createCitationBodySchema,
  createRecordBodySchema,
  createRepositoryBodySchema,
  deletedAnswerSchema,
  eventSourcesAnswerSchema,
  eventSourcesBodySchema,
  mediaObjectBodySchema,
  mediaObjectSchema,
  recordCitationsQuerySchema,
  recordIdSchema,
  recordListAnswerSchema,
  recordSchema,
  repositoryIdSchema,
  repositoryListAnswerSchema,
  repositoryListQuerySchema,
  repositorySchema,
  sourceListQuerySchema,
  sourceSuggestionsAnswerSchema,
  suggestEventSourcesAnswerSchema,
  suggestEventSourcesBodySchema,
  suggestedSourcesBodySchema,
  updateCitationBodySchema,
  updateRecordBodySchema,
  updateRepositoryBodySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { registerSourceMergeRoutes } from './source.merge.routes.ts';

const repositoryParams = z.strictObject({ treeId: treeIdParam, id: repositoryIdSchema });
const recordParams = z.strictObject({ treeId: treeIdParam, id: recordIdSchema });
const citationParams = z.strictObject({ treeId: treeIdParam, id: citationIdSchema });
const tags = ['source'];

/** The source calls of SPEC §7 (repository → record → citation). Access and rules live in the service. */
export function registerSourceRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { sources } = ctx;
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);
  registerSourceMergeRoutes(app, ctx);
  const deleted = { 200: deletedAnswerSchema };

  // ---- Repositories ----
  routes.get(
    '/api/:treeId/source/repository',
    {
      schema: {
        tags,
        summary: 'Search and page the repositories',
        params: treeParams,
        querystring: repositoryListQuerySchema,
        response: { 200: repositoryListAnswerSchema },
      },
    },
    async (request) => sources.listRepositories(request.params.treeId, await viewer(request), request.query),
  );
  routes.get(
    '/api/:treeId/source/repository/:id',
    {
      schema: {
        tags,
        summary: 'A repository with its records',
        params: repositoryParams,
        response: { 200: repositorySchema },
      },
    },
    async (request) => sources.getRepository(request.params.treeId, await viewer(request), request.params.id),
  );
  routes.post(
    '/api/:treeId/source/repository',
    {
      schema: {
        tags,
        summary: 'Create a repository',
        params: treeParams,
        body: createRepositoryBodySchema,
        response: { 201: repositorySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sources.createRepository(
            request.params.treeId,
            await viewer(request),
            request.body.repository,
            request.body.newNotes,
          ),
        ),
  );
  routes.put(
    '/api/:treeId/source/repository/:id',
    {
      schema: {
        tags,
        summary: 'Update a repository; with the revision it was loaded at, refused with 409 when changed since',
        params: repositoryParams,
        body: updateRepositoryBodySchema,
        response: { 200: repositorySchema },
      },
    },
    async (request) =>
      sources.updateRepository(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.body.repository,
        request.body.revision,
      ),
  );
  routes.delete(
    '/api/:treeId/source/repository/:id',
    {
      schema: {
        tags,
        summary: 'Delete only the repository (its records stay)',
        params: repositoryParams,
        response: deleted,
      },
    },
    async (request) => sources.removeRepository(request.params.treeId, await viewer(request), request.params.id),
  );
  routes.delete(
    '/api/:treeId/source/repository/:id/children',
    {
      schema: {
        tags,
        summary: 'Delete the repository with its records and their citations',
        params: repositoryParams,
        response: deleted,
      },
    },
    async (request) =>
      sources.removeRepositoryWithChildren(request.params.treeId, await viewer(request), request.params.id),
  );
  routes.delete(
    '/api/:treeId/source/repository/record/:id',
    {
      schema: {
        tags,
        summary: 'Take a record out of its repository (nothing is deleted)',
        params: recordParams,
        response: { 200: recordSchema },
      },
    },
    async (request) => sources.disengageRecord(request.params.treeId, await viewer(request), request.params.id),
  );

  // ---- Records ----
  routes.get(
    '/api/:treeId/source/:flag',
    {
      schema: {
        tags,
        summary: 'Search and page the records (flag true: with their citations)',
        params: z.strictObject({
          treeId: treeIdParam,
          flag: z.enum(['true', 'false'], { error: 'common.error.notFound' }),
        }),
        querystring: sourceListQuerySchema,
        response: { 200: recordListAnswerSchema },
      },
    },
    async (request) =>
      sources.listRecords(request.params.treeId, await viewer(request), request.query, request.params.flag === 'true'),
  );
  routes.get(
    '/api/:treeId/source/record/citations',
    {
      schema: {
        tags,
        summary: "A record's citations",
        params: treeParams,
        querystring: recordCitationsQuerySchema,
        response: { 200: citationListAnswerSchema },
      },
    },
    async (request) => sources.citationsOfRecord(request.params.treeId, await viewer(request), request.query.recordId),
  );
  routes.get(
    '/api/:treeId/source/record/:id',
    { schema: { tags, summary: 'A record with its citations', params: recordParams, response: { 200: recordSchema } } },
    async (request) => sources.getRecord(request.params.treeId, await viewer(request), request.params.id),
  );
  routes.post(
    '/api/:treeId/source/record',
    {
      schema: {
        tags,
        summary: 'Create a record',
        params: treeParams,
        body: createRecordBodySchema,
        response: { 201: recordSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sources.createRecord(
            request.params.treeId,
            await viewer(request),
            request.body.record,
            request.body.newNotes,
          ),
        ),
  );
  routes.put(
    '/api/:treeId/source/record/:id',
    {
      schema: {
        tags,
        summary: 'Update a record; with the revision it was loaded at, refused with 409 when changed since',
        params: recordParams,
        body: updateRecordBodySchema,
        response: { 200: recordSchema },
      },
    },
    async (request) =>
      sources.updateRecord(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.body.record,
        request.body.revision,
      ),
  );
  routes.delete(
    '/api/:treeId/source/record/:id',
    {
      schema: { tags, summary: 'Delete only the record (its citations stay)', params: recordParams, response: deleted },
    },
    async (request) => sources.removeRecord(request.params.treeId, await viewer(request), request.params.id),
  );
  routes.delete(
    '/api/:treeId/source/record/:id/children',
    { schema: { tags, summary: 'Delete the record with its citations', params: recordParams, response: deleted } },
    async (request) =>
      sources.removeRecordWithChildren(request.params.treeId, await viewer(request), request.params.id),
  );
  routes.delete(
    '/api/:treeId/source/record/citations/:id',
    { schema: { tags, summary: 'Delete every citation of the record', params: recordParams, response: deleted } },
    async (request) => sources.removeCitationsOfRecord(request.params.treeId, await viewer(request), request.params.id),
  );

  // ---- Citations ----
  routes.get(
    '/api/:treeId/source/citation/:id',
    {
      schema: {
        tags,
        summary: 'A citation with where it is used',
        params: citationParams,
        response: { 200: citationSchema },
      },
    },
    async (request) => sources.getCitation(request.params.treeId, await viewer(request), request.params.id),
  );
  routes.post(
    '/api/:treeId/source/citation',
    {
      schema: {
        tags,
        summary: 'Create a citation (and cite it on nodeId)',
        params: treeParams,
        body: createCitationBodySchema,
        response: { 201: citationSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sources.createCitation(
            request.params.treeId,
            await viewer(request),
            request.body.citation,
            request.body.nodeId ?? null,
            request.body.newNotes,
          ),
        ),
  );
  routes.put(
    '/api/:treeId/source/citation/:id',
    {
      schema: {
        tags,
        summary: 'Update a citation; with the revision it was loaded at, refused with 409 when changed since',
        params: citationParams,
        body: updateCitationBodySchema,
        response: { 200: citationSchema },
      },
    },
    async (request) =>
      sources.updateCitation(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.body.citation,
        request.body.revision,
      ),
  );
  routes.delete(
    '/api/:treeId/source/citation/:id',
    { schema: { tags, summary: 'Delete a citation', params: citationParams, response: deleted } },
    async (request) => sources.removeCitation(request.params.treeId, await viewer(request), request.params.id),
  );

  // ---- Suggestions, media, events ----
  routes.post(
    '/api/:treeId/source/suggested',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Repositories, records or citations matching a text',
        params: treeParams,
        body: suggestedSourcesBodySchema,
        response: { 200: sourceSuggestionsAnswerSchema },
      },
    },
    async (request) =>
      sources.suggested(
        request.params.treeId,
        await viewer(request),
        request.body.type,
        request.body.stringToSuggestBy,
      ),
  );
  routes.post(
    '/api/:treeId/source/object',
    {
      schema: {
        tags,
        summary: 'Create a media object (GEDCOM OBJE)',
        params: treeParams,
        body: mediaObjectBodySchema,
        response: { 201: mediaObjectSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sources.createMediaObject(request.params.treeId, await viewer(request), request.body.object)),
  );
  routes.post(
    '/api/:treeId/event/sources',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'The citations cited on these events',
        params: treeParams,
        body: eventSourcesBodySchema,
        response: { 200: eventSourcesAnswerSchema },
      },
    },
    async (request) => sources.ofEvents(request.params.treeId, await viewer(request), request.body.eventIds),
  );
  routes.post(
    '/api/:treeId/event/suggestedSources',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Sources cited on related events (birth and baptism, death and burial, contemporary residences)',
        params: treeParams,
        body: suggestEventSourcesBodySchema,
        response: { 200: suggestEventSourcesAnswerSchema },
      },
    },
    async (request) => sources.suggestForEvent(request.params.treeId, await viewer(request), request.body),
  );
}

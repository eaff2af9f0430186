import {
  createdLocationAnswerSchema,
  createLocationBodySchema,
  deletedAnswerSchema,
  descendantsAnswerSchema,
  locationIdSchema,
  locationListAnswerSchema,
  locationListQuerySchema,
  locationSchema,
  locationTreeAnswerSchema,
  mapAnswerSchema,
  mapBodySchema,
  matchLocationBodySchema,
  suggestionsAnswerSchema,
  suggestionsBodySchema,
  treeMapAnswerSchema,
  typedPlaceAnswerSchema,
  updateLocationBodySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { registerLocationMergeRoutes } from './location.merge.routes.ts';

const locationParams = z.strictObject({ treeId: treeIdParam, id: locationIdSchema });
const tags = ['location'];

/** The location calls of SPEC §7. Access and rules live in the service. */
export function registerLocationRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { locations } = ctx;
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);
  registerLocationMergeRoutes(app, ctx);

  routes.get(
    '/api/:treeId/location',
    {
      schema: {
        tags,
        summary: 'Search and page the places',
        params: treeParams,
        querystring: locationListQuerySchema,
        response: { 200: locationListAnswerSchema },
      },
    },
    async (request) => locations.list(request.params.treeId, await viewer(request), request.query),
  );

  routes.get(
    '/api/:treeId/location/:id',
    {
      schema: {
        tags,
        summary: 'A place with its ancestors',
        params: locationParams,
        response: { 200: locationSchema },
      },
    },
    async (request) => locations.get(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.get(
    '/api/:treeId/location/:id/descendants',
    {
      schema: {
        tags,
        summary: 'Every place below',
        params: locationParams,
        response: { 200: descendantsAnswerSchema },
      },
    },
    async (request) => locations.descendants(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.post(
    '/api/:treeId/location/:id/map',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Map markers of a place and, with includeRelatives, of the places below it',
        params: locationParams,
        body: mapBodySchema,
        response: { 200: mapAnswerSchema },
      },
    },
    async (request) =>
      locations.map(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.body.includeRelatives ?? false,
      ),
  );

  routes.get(
    '/api/:treeId/map',
    {
      schema: {
        tags,
        summary: 'Map markers of every place of the tree that has coordinates',
        params: treeParams,
        response: { 200: treeMapAnswerSchema },
      },
    },
    async (request) => locations.treeMap(request.params.treeId, await viewer(request)),
  );

  routes.get(
    '/api/:treeId/location/:id/tree',
    {
      schema: {
        tags,
        summary: 'The hierarchy the place belongs to, from its top',
        params: locationParams,
        response: { 200: locationTreeAnswerSchema },
      },
    },
    async (request) => locations.hierarchy(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.post(
    '/api/:treeId/suggestions/:type',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Suggestions while typing (places, with their paths)',
        params: z.strictObject({ treeId: treeIdParam, type: z.enum(['location'], { error: 'common.error.notFound' }) }),
        body: suggestionsBodySchema,
        response: { 200: suggestionsAnswerSchema },
      },
    },
    async (request) => locations.suggestions(request.params.treeId, await viewer(request), request.body.searchString),
  );

  routes.post(
    '/api/:treeId/location',
    {
      schema: {
        tags,
        summary: 'Create a place (under ancestorId, above descendantId)',
        params: treeParams,
        body: createLocationBodySchema,
        response: { 201: createdLocationAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await locations.create(request.params.treeId, await viewer(request), request.body)),
  );

  routes.post(
    '/api/:treeId/location/match',
    {
      schema: {
        tags,
        summary: 'Find or create a typed place ("name, parent, grandparent…")',
        params: treeParams,
        body: matchLocationBodySchema,
        response: { 200: createdLocationAnswerSchema },
      },
    },
    async (request) =>
      locations.match(request.params.treeId, await viewer(request), request.body.text, {
        distinct: request.body.distinct,
      }),
  );

  routes.post(
    '/api/:treeId/location/match/preview',
    {
      // Nothing is written, but only an editor types places: not open to visitors.
      schema: {
        tags,
        summary: 'What a typed place would find or create, before anything is created',
        params: treeParams,
        body: matchLocationBodySchema,
        response: { 200: typedPlaceAnswerSchema },
      },
    },
    async (request) =>
      locations.previewTyped(request.params.treeId, await viewer(request), request.body.text, {
        distinct: request.body.distinct,
      }),
  );

  routes.put(
    '/api/:treeId/location/:id',
    {
      schema: {
        tags,
        summary:
          'Update a place (nothing is written when nothing changed); with the revision it was loaded at, refused with 409 when changed since',
        params: locationParams,
        body: updateLocationBodySchema,
        response: { 200: locationSchema },
      },
    },
    async (request) =>
      locations.update(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.body.updatedLocation,
        request.body.revision,
      ),
  );

  routes.delete(
    '/api/:treeId/location/:id',
    {
      schema: {
        tags,
        summary: 'Delete only this place; its children move up to its parent',
        params: locationParams,
        response: { 200: deletedAnswerSchema },
      },
    },
    async (request) => locations.removeOnly(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.delete(
    '/api/:treeId/location/:id/descendants',
    {
      schema: {
        tags,
        summary: 'Delete the place with every place below it',
        params: locationParams,
        response: { 200: deletedAnswerSchema },
      },
    },
    async (request) => locations.removeWithDescendants(request.params.treeId, await viewer(request), request.params.id),
  );
}

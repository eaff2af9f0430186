import {
  addParticipantBodySchema,
  bulkEventsAnswerSchema,
  bulkEventsBodySchema,
  createdEventAnswerSchema,
  createEventBodySchema,
  deletedAnswerSchema,
  eventIdSchema,
  eventListAnswerSchema,
  eventListQuerySchema,
  eventPageAnswerSchema,
  eventSchema,
  eventTypeSchema,
  locationIdSchema,
  nodeEventsBodySchema,
  personEventTypesBodySchema,
  personIdSchema,
  possibleParticipantsAnswerSchema,
  possibleParticipantsQuerySchema,
  simultaneousBodySchema,
  updatedEventAnswerSchema,
  updateEventBodySchema,
  updateParticipantBodySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';

const eventParams = z.strictObject({ treeId: treeIdParam, id: eventIdSchema });
const participantParams = z.strictObject({ treeId: treeIdParam, id: eventIdSchema, personId: personIdSchema });
const tags = ['event'];

/** The event calls of SPEC §7. Access and rules live in the service. */
export function registerEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { events } = ctx;
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.get(
    '/api/:treeId/event',
    {
      schema: {
        tags,
        summary: "Search and page the tree's events, by date or by type",
        params: treeParams,
        querystring: eventListQuerySchema,
        response: { 200: eventPageAnswerSchema },
      },
    },
    async (request) => events.list(request.params.treeId, await viewer(request), request.query),
  );

  routes.get(
    '/api/:treeId/event/type/:type',
    {
      schema: {
        tags,
        summary: 'A page of the events of one type',
        params: z.strictObject({ treeId: treeIdParam, type: eventTypeSchema }),
        querystring: eventListQuerySchema.omit({ type: true }),
        response: { 200: eventPageAnswerSchema },
      },
    },
    async (request) =>
      events.list(request.params.treeId, await viewer(request), { ...request.query, type: request.params.type }),
  );

  routes.get(
    '/api/:treeId/event/:id',
    {
      schema: {
        tags,
        summary: 'An event with its participants and place',
        params: eventParams,
        response: { 200: eventSchema },
      },
    },
    async (request) => events.get(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.post(
    '/api/:treeId/event/node/:nodeId',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: "A person's or a place's events",
        params: z.strictObject({ treeId: treeIdParam, nodeId: z.uuid({ error: 'common.error.notFound' }) }),
        body: nodeEventsBodySchema,
        response: { 200: eventListAnswerSchema },
      },
    },
    async (request) => events.ofNode(request.params.treeId, await viewer(request), request.params.nodeId, request.body),
  );

  routes.post(
    '/api/:treeId/event/:id/simultaneous',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Events of the given types overlapping this one in time (and place, when it has one)',
        params: eventParams,
        body: simultaneousBodySchema,
        response: { 200: eventListAnswerSchema },
      },
    },
    async (request) =>
      events.simultaneous(request.params.treeId, await viewer(request), request.params.id, request.body.eventTypes),
  );

  routes.post(
    '/api/:treeId/person/:id/event/type',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: "A person's events of the given types",
        params: z.strictObject({ treeId: treeIdParam, id: personIdSchema }),
        body: personEventTypesBodySchema,
        response: { 200: eventListAnswerSchema },
      },
    },
    async (request) =>
      events.ofPersonTypes(request.params.treeId, await viewer(request), request.params.id, request.body.eventTypes),
  );

  routes.get(
    '/api/:treeId/person/:id/event/type/:type/possibleParticipants',
    {
      schema: {
        tags,
        summary: "The person's family as candidates for an event of this type at a date and place",
        params: z.strictObject({ treeId: treeIdParam, id: personIdSchema, type: eventTypeSchema }),
        querystring: possibleParticipantsQuerySchema,
        response: { 200: possibleParticipantsAnswerSchema },
      },
    },
    async (request) =>
      events.possibleParticipants(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.params.type,
        request.query,
      ),
  );

  routes.get(
    '/api/:treeId/location/:id/event/:type',
    {
      schema: {
        tags,
        summary: "A place's events of a type (or all); with includeDescendants=true also those of the places below",
        params: z.strictObject({
          treeId: treeIdParam,
          id: locationIdSchema,
          type: z.union([eventTypeSchema, z.literal('all')]),
        }),
        querystring: z.strictObject({ includeDescendants: z.enum(['true', 'false']).optional() }),
        response: { 200: eventListAnswerSchema },
      },
    },
    async (request) =>
      events.atPlace(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.params.type,
        request.query.includeDescendants === 'true',
      ),
  );

  routes.post(
    '/api/:treeId/event',
    {
      schema: {
        tags,
        summary: 'Create an event (a typed place is found or created)',
        params: treeParams,
        body: createEventBodySchema,
        response: { 201: createdEventAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await events.create(request.params.treeId, await viewer(request), request.body)),
  );

  routes.post(
    '/api/:treeId/event/bulk',
    {
      schema: {
        tags,
        summary: 'Create several events, all or none (shared residences)',
        params: treeParams,
        body: bulkEventsBodySchema,
        response: { 201: bulkEventsAnswerSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await events.createMany(request.params.treeId, await viewer(request), request.body.events)),
  );

  routes.put(
    '/api/:treeId/event/:id',
    {
      schema: {
        tags,
        summary: 'Update an event; refused with 409 when it changed since oldEvent was loaded',
        params: eventParams,
        body: updateEventBodySchema,
        response: { 200: updatedEventAnswerSchema },
      },
    },
    async (request) =>
      events.update(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.body.oldEvent.revision,
        request.body.newEvent,
      ),
  );

  routes.delete(
    '/api/:treeId/event/:id',
    {
      schema: { tags, summary: 'Delete an event', params: eventParams, response: { 200: deletedAnswerSchema } },
    },
    async (request) => events.remove(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.post(
    '/api/:treeId/event/:id/participant',
    {
      schema: {
        tags,
        summary: 'Add a person to an event with a role and description',
        params: eventParams,
        body: addParticipantBodySchema,
        response: { 200: eventSchema },
      },
    },
    async (request) =>
      events.addParticipant(request.params.treeId, await viewer(request), request.params.id, request.body),
  );

  routes.put(
    '/api/:treeId/event/:id/participant/:personId',
    {
      schema: {
        tags,
        summary: "Change a participant's role or description",
        params: participantParams,
        body: updateParticipantBodySchema,
        response: { 200: eventSchema },
      },
    },
    async (request) =>
      events.updateParticipant(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.params.personId,
        request.body,
      ),
  );

  routes.delete(
    '/api/:treeId/event/:id/participant/:personId',
    {
      schema: {
        tags,
        summary: 'Remove a person from an event',
        params: participantParams,
        response: { 200: eventSchema },
      },
    },
    async (request) =>
      events.removeParticipant(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.params.personId,
      ),
  );
}

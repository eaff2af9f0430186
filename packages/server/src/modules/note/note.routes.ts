import {
  createNoteBodySchema,
  deletedAnswerSchema,
  eventIdSchema,
  linkNoteBodySchema,
  noteIdSchema,
  noteSchema,
  notesAnswerSchema,
  notesQuerySchema,
  updateNoteBodySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';

const noteParams = z.strictObject({ treeId: treeIdParam, id: noteIdSchema });
const tags = ['note'];

/** The note calls of SPEC §7. Access, sanitizing and rules live in the service. */
export function registerNoteRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { notes } = ctx;
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.get(
    '/api/:treeId/note',
    {
      schema: {
        tags,
        summary: 'The notes of a person, event, place, citation, record or repository',
        params: treeParams,
        querystring: notesQuerySchema,
        response: { 200: notesAnswerSchema },
      },
    },
    async (request) => notes.ofNode(request.params.treeId, await viewer(request), request.query.nodeId),
  );

  routes.get(
    '/api/:treeId/note/:id',
    { schema: { tags, summary: 'A note', params: noteParams, response: { 200: noteSchema } } },
    async (request) => notes.get(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.get(
    '/api/:treeId/event/:eventId/notes',
    {
      schema: {
        tags,
        summary: "An event's notes",
        params: z.strictObject({ treeId: treeIdParam, eventId: eventIdSchema }),
        response: { 200: notesAnswerSchema },
      },
    },
    async (request) => notes.ofEvent(request.params.treeId, await viewer(request), request.params.eventId),
  );

  routes.post(
    '/api/:treeId/note',
    {
      schema: {
        tags,
        summary: 'Create a note (sanitized rich text) connected to items',
        params: treeParams,
        body: createNoteBodySchema,
        response: { 201: noteSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await notes.create(
            request.params.treeId,
            await viewer(request),
            request.body.note,
            request.body.connectedNodeIds,
          ),
        ),
  );

  routes.put(
    '/api/:treeId/note/:id',
    {
      schema: {
        tags,
        summary: 'Update a note; with the revision it was loaded at, refused with 409 when changed since',
        params: noteParams,
        body: updateNoteBodySchema,
        response: { 200: noteSchema },
      },
    },
    async (request) =>
      notes.update(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.body.note,
        request.body.revision,
      ),
  );

  routes.post(
    '/api/:treeId/note/:id/link',
    {
      schema: {
        tags,
        summary: 'Connect a note to one more item',
        params: noteParams,
        body: linkNoteBodySchema,
        response: { 200: noteSchema },
      },
    },
    async (request) => notes.link(request.params.treeId, await viewer(request), request.params.id, request.body.nodeId),
  );

  routes.delete(
    '/api/:treeId/note/:id/link/:nodeId',
    {
      schema: {
        tags,
        summary: 'Disconnect a note from an item (the note stays)',
        params: z.strictObject({
          treeId: treeIdParam,
          id: noteIdSchema,
          nodeId: z.uuid({ error: 'common.error.notFound' }),
        }),
        response: { 200: noteSchema },
      },
    },
    async (request) =>
      notes.unlink(request.params.treeId, await viewer(request), request.params.id, request.params.nodeId),
  );

  routes.delete(
    '/api/:treeId/note/:id',
    { schema: { tags, summary: 'Delete a note', params: noteParams, response: { 200: deletedAnswerSchema } } },
    async (request) => notes.remove(request.params.treeId, await viewer(request), request.params.id),
  );
}

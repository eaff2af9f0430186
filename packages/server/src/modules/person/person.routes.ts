import {
  addParticipantBodySchema,
  chartAnswerSchema,
  childrenAnswerSchema,
  createChildBodySchema,
  createPersonBodySchema,
  deletedAnswerSchema,
  descriptionBodySchema,
  familyAnswerSchema,
  genderAnswerSchema,
  genderBodySchema,
  mainNodesAnswerSchema,
  nameBodySchema,
  occupationBodySchema,
  okAnswerSchema,
  personIdSchema,
  personInputSchema,
  personListAnswerSchema,
  personListQuerySchema,
  personNamesBodySchema,
  personSchema,
  relationshipBodySchema,
  removeParentBodySchema,
  removePartnerBodySchema,
  removeRelationshipBodySchema,
  removeSiblingBodySchema,
  setChildBodySchema,
  setParentBodySchema,
  setPartnerBodySchema,
  setRootBodySchema,
  setSiblingBodySchema,
  updatePersonBodySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parseOrThrow } from '../../http/errors.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { registerPersonMergeRoutes } from './person.merge.routes.ts';

const personParams = z.strictObject({ treeId: treeIdParam, id: personIdSchema });
const generations = z.coerce.number({ error: 'common.error.validation' }).int().min(1).max(30);
const tags = ['person'];

/** The person, relationship and tree-root calls of SPEC §7. Access and rules live in the service. */
export function registerPersonRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { persons } = ctx;
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);
  registerPersonMergeRoutes(app, ctx);

  routes.get(
    '/api/:treeId/mainnodes',
    {
      schema: {
        tags,
        summary: 'The tree with its root person',
        params: treeParams,
        response: { 200: mainNodesAnswerSchema },
      },
    },
    async (request) => persons.mainNodes(request.params.treeId, await viewer(request)),
  );

  routes.get(
    '/api/:treeId/person',
    {
      schema: {
        tags,
        summary: 'Search and page the persons (Swedish alphabetical order)',
        params: treeParams,
        querystring: personListQuerySchema,
        response: { 200: personListAnswerSchema },
      },
    },
    async (request) => persons.list(request.params.treeId, await viewer(request), request.query),
  );

  routes.get(
    '/api/:treeId/person/:id',
    { schema: { tags, summary: 'A person with relatives', params: personParams, response: { 200: personSchema } } },
    async (request) => persons.get(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.get(
    '/api/:treeId/person/:id/ancestors/:n',
    {
      schema: {
        tags,
        summary: 'Pedigree: ancestors up to n generations',
        params: personParams.extend({ n: generations }),
        response: { 200: chartAnswerSchema },
      },
    },
    async (request) => {
      const { treeId: tree, id, n } = request.params;
      return persons.ancestors(tree, await viewer(request), id, n);
    },
  );

  routes.get(
    '/api/:treeId/person/:id/descendants/:depth',
    {
      schema: {
        tags,
        summary: 'Descendants (with partners) down to depth generations',
        params: personParams.extend({ depth: generations }),
        response: { 200: chartAnswerSchema },
      },
    },
    async (request) => {
      const { treeId: tree, id, depth } = request.params;
      return persons.descendants(tree, await viewer(request), id, depth);
    },
  );

  routes.get(
    '/api/:treeId/person/:id/child',
    {
      schema: {
        tags,
        summary: 'Children and their other parents',
        params: personParams,
        response: { 200: childrenAnswerSchema },
      },
    },
    async (request) => persons.children(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.get(
    '/api/:treeId/person/:id/family',
    {
      schema: {
        tags,
        summary: 'The family around a person',
        params: personParams,
        response: { 200: familyAnswerSchema },
      },
    },
    async (request) => persons.family(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.post(
    '/api/:treeId/person',
    {
      schema: {
        tags,
        summary: 'Create a person, optionally attached to a relation or as the root',
        params: treeParams,
        body: createPersonBodySchema,
        response: { 201: personSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await persons.create(request.params.treeId, await viewer(request), request.body)),
  );

  routes.post(
    '/api/:treeId/person/:id/parent',
    {
      schema: {
        tags,
        summary: 'Create a new parent of the person',
        params: personParams,
        body: personInputSchema,
        response: { 201: personSchema },
      },
    },
    async (request, reply) => {
      const { treeId: tree, id } = request.params;
      const created = await persons.create(tree, await viewer(request), {
        person: request.body,
        relation: { type: 'parent', personId: id },
      });
      return reply.status(201).send(created);
    },
  );

  routes.post(
    '/api/:treeId/person/child',
    {
      schema: {
        tags,
        summary: 'Create a child of one or two parents',
        params: treeParams,
        body: createChildBodySchema,
        response: { 201: personSchema },
      },
    },
    async (request, reply) => {
      const { child, parentIds } = request.body;
      return reply
        .status(201)
        .send(await persons.createChild(request.params.treeId, await viewer(request), child, parentIds));
    },
  );

  routes.post(
    '/api/:treeId/relationship',
    {
      schema: {
        tags,
        summary: 'Relate two existing persons',
        params: treeParams,
        body: relationshipBodySchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const { type, startId, endId, relData } = request.body;
      if (type === 'event') {
        // Adding a person to an event (SPEC §7): validated like the participant route.
        const participant = parseOrThrow(addParticipantBodySchema, {
          personId: startId,
          role: relData?.role ?? '',
          description: relData?.description ?? null,
        });
        await ctx.events.addParticipant(request.params.treeId, await viewer(request), endId, participant);
        return { ok: true as const };
      }
      return persons.relate(
        request.params.treeId,
        await viewer(request),
        type,
        startId,
        endId,
        relData?.childIds ?? [],
      );
    },
  );

  routes.delete(
    '/api/:treeId/relationship',
    {
      schema: {
        tags,
        summary: 'Remove the direct relation between two persons',
        params: treeParams,
        body: removeRelationshipBodySchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) =>
      persons.unrelate(request.params.treeId, await viewer(request), request.body.startId, request.body.endId),
  );

  routes.put(
    '/api/:treeId/person/:id',
    {
      schema: {
        tags,
        summary: 'Update a person; with the revision it was loaded at, refused with 409 when changed since',
        params: personParams,
        body: updatePersonBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) => persons.update(request.params.treeId, await viewer(request), request.params.id, request.body),
  );

  routes.put(
    '/api/:treeId/person/:id/name',
    {
      schema: {
        tags,
        summary: 'Rename a person',
        params: personParams,
        body: nameBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) => persons.update(request.params.treeId, await viewer(request), request.params.id, request.body),
  );

  routes.put(
    '/api/:treeId/person/:id/names',
    {
      schema: {
        tags,
        summary: "Replace a person's other names (birth, married, also-known-as, variants)",
        params: personParams,
        body: personNamesBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) => persons.setNames(request.params.treeId, await viewer(request), request.params.id, request.body),
  );

  routes.put(
    '/api/:treeId/person/:id/occ',
    {
      schema: {
        tags,
        summary: 'Set the occupation',
        params: personParams,
        body: occupationBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) => persons.update(request.params.treeId, await viewer(request), request.params.id, request.body),
  );

  routes.put(
    '/api/:treeId/node/:id/description',
    {
      schema: {
        tags,
        summary: "Set a person's description",
        params: personParams,
        body: descriptionBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) => persons.update(request.params.treeId, await viewer(request), request.params.id, request.body),
  );

  routes.put(
    '/api/:treeId/person/:id/gender',
    {
      schema: {
        tags,
        summary: 'Set the gender (answers the new gender and revision)',
        params: personParams,
        body: genderBodySchema,
        response: { 200: genderAnswerSchema },
      },
    },
    async (request) => {
      const { gender, revision } = request.body;
      return persons.setGender(request.params.treeId, await viewer(request), request.params.id, gender, revision);
    },
  );

  routes.put(
    '/api/:treeId/person/:id/parent',
    {
      schema: {
        tags,
        summary: 'An existing person becomes a parent',
        params: personParams,
        body: setParentBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) =>
      persons.addParent(request.params.treeId, await viewer(request), request.params.id, request.body.parentId),
  );

  routes.put(
    '/api/:treeId/person/:id/partner',
    {
      schema: {
        tags,
        summary: 'An existing person becomes a partner',
        params: personParams,
        body: setPartnerBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const { partnerId, childIds } = request.body;
      return persons.addPartner(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        partnerId,
        childIds ?? [],
      );
    },
  );

  routes.put(
    '/api/:treeId/person/:id/sibling',
    {
      schema: {
        tags,
        summary: 'An existing person becomes a sibling',
        params: personParams,
        body: setSiblingBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) =>
      persons.addSibling(request.params.treeId, await viewer(request), request.params.id, request.body.siblingId),
  );

  routes.put(
    '/api/:treeId/person/:id/child',
    {
      schema: {
        tags,
        summary: 'An existing person becomes a child',
        params: personParams,
        body: setChildBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const { childId, partnerId } = request.body;
      return persons.addChild(request.params.treeId, await viewer(request), request.params.id, childId, partnerId);
    },
  );

  routes.put(
    '/api/:treeId/tree/root',
    {
      schema: {
        tags,
        summary: 'Change the root person',
        params: treeParams,
        body: setRootBodySchema,
        response: { 200: mainNodesAnswerSchema },
      },
    },
    async (request) => persons.setRoot(request.params.treeId, await viewer(request), request.body.rootId),
  );

  routes.delete(
    '/api/:treeId/person/:id',
    {
      schema: {
        tags,
        summary: 'Delete a person (not the root)',
        params: personParams,
        response: { 200: deletedAnswerSchema },
      },
    },
    async (request) => persons.remove(request.params.treeId, await viewer(request), request.params.id),
  );

  routes.delete(
    '/api/:treeId/person/:id/parent',
    {
      schema: {
        tags,
        summary: 'Remove a parent of the person',
        params: personParams,
        body: removeParentBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) =>
      persons.removeParent(request.params.treeId, await viewer(request), request.params.id, request.body),
  );

  routes.delete(
    '/api/:treeId/person/:id/partner',
    {
      schema: {
        tags,
        summary: 'Remove a partner',
        params: personParams,
        body: removePartnerBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) =>
      persons.removePartner(request.params.treeId, await viewer(request), request.params.id, request.body.partnerId),
  );

  routes.delete(
    '/api/:treeId/person/:id/sibling',
    {
      schema: {
        tags,
        summary: 'Remove an explicit sibling link',
        params: personParams,
        body: removeSiblingBodySchema,
        response: { 200: personSchema },
      },
    },
    async (request) =>
      persons.removeSibling(request.params.treeId, await viewer(request), request.params.id, request.body.siblingId),
  );

  routes.delete(
    '/api/:treeId/person/:id/family',
    {
      schema: {
        tags,
        summary: 'Remove every relation of the person',
        params: personParams,
        response: { 200: personSchema },
      },
    },
    async (request) => persons.removeFromFamily(request.params.treeId, await viewer(request), request.params.id),
  );
}

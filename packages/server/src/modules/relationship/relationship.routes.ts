import { personIdSchema, relationshipAnswerSchema } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requestLanguage } from '../../http/language.ts';
import { treeIdParam } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { createRelationshipService } from './relationship.service.ts';

const params = z.strictObject({ treeId: treeIdParam, personId: personIdSchema, otherPersonId: personIdSchema });

/** The relationship calculator of issue 24. */
export function registerRelationshipRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const relationships = createRelationshipService({ db: ctx.db, livingYears: ctx.config.privacyLivingYears });

  routes.get(
    '/api/:treeId/relationship/:personId/:otherPersonId',
    {
      schema: {
        tags: ['relationship'],
        summary:
          'How the other person is related to the first: every path between them (blood, half blood, in-law, step), shortest first, each with the persons on it and its words in the language of Accept-Language ("farmors far").',
        params,
        response: { 200: relationshipAnswerSchema },
      },
    },
    async (request) => {
      const { treeId, personId, otherPersonId } = request.params;
      const viewer = await currentViewer(ctx.auth, request);
      return relationships.between({ treeId, viewer, language: requestLanguage(request) }, personId, otherPersonId);
    },
  );
}

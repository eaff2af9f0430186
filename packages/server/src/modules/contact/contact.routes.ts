import { contactBodySchema, okAnswerSchema } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { clientKey } from '../../http/rate-limit.ts';
import { currentUser } from '../../http/session.ts';

export function registerContactRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to support',
        body: contactBodySchema,
        response: { 201: okAnswerSchema },
      },
    },
    async (request, reply) => {
      await ctx.limiters.contact.consume(clientKey(request));
      const viewer = await currentUser(ctx.auth, request);
      await ctx.contact.submit(request.body, viewer?.id ?? null);
      return reply.status(201).send({ ok: true as const });
    },
  );
}

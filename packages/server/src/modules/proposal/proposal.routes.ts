import {
  type ProposalAnswer,
  proposalAnswerSchema,
  proposalIdSchema,
  proposalListAnswerSchema,
  proposalListQuerySchema,
  rejectProposalBodySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { createProposalNotifier } from './proposal.notify.ts';
import { createProposalService } from './proposal.service.ts';

const tags = ['proposal'];
const proposalParams = z.strictObject({ treeId: treeIdParam, id: proposalIdSchema });

/**
 * Contributors' proposals (issue 26). The queue and a proposal are read by those who take part
 * (`access: 'propose'`: a reviewer sees every proposal, a contributor their own, the service says);
 * accepting and rejecting need `edit`; withdrawing is the contributor's own. None of these calls is
 * itself proposable. A contributor makes a proposal by calling an ordinary write route: it answers
 * 202 with `{ proposal: { id, status } }` (proposal.scope.ts).
 */
export function registerProposalRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const proposals = createProposalService({ db: ctx.db });
  const notifier = createProposalNotifier({ db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl });
  /** The contributor is told of the decision once it is committed; an e-mail that fails is logged. */
  const tell = async (request: FastifyRequest<{ Params: { treeId: string } }>, answer: ProposalAnswer) => {
    await notifier
      .decided(request.params.treeId, answer.proposal)
      .catch((error: unknown) => request.log.error({ err: error }, 'the e-mail of a decided proposal failed'));
    return answer;
  };
  const viewerOf = (request: Parameters<typeof currentViewer>[1]) => currentViewer(ctx.auth, request);

  routes.get(
    '/api/:treeId/proposal',
    {
      config: { access: 'propose' },
      schema: {
        tags,
        summary: "The tree's proposals, newest first (a contributor: their own), and how many wait for review",
        params: treeParams,
        querystring: proposalListQuerySchema,
        response: { 200: proposalListAnswerSchema },
      },
    },
    async (request) => proposals.list(request.params.treeId, await viewerOf(request), request.query),
  );

  routes.get(
    '/api/:treeId/proposal/:id',
    {
      config: { access: 'propose' },
      schema: {
        tags,
        summary: 'A proposal with every row it changes, before and after',
        params: proposalParams,
        response: { 200: proposalAnswerSchema },
      },
    },
    async (request) => proposals.get(request.params.treeId, await viewerOf(request), request.params.id),
  );

  routes.post(
    '/api/:treeId/proposal/:id/accept',
    {
      config: { access: 'edit', proposable: false },
      schema: {
        tags,
        summary: 'Accept a pending proposal: applied in one transaction, 409 when its rows changed since',
        params: proposalParams,
        response: { 200: proposalAnswerSchema },
      },
    },
    async (request) =>
      tell(request, await proposals.accept(request.params.treeId, await viewerOf(request), request.params.id)),
  );

  routes.post(
    '/api/:treeId/proposal/:id/reject',
    {
      config: { access: 'edit', proposable: false },
      schema: {
        tags,
        summary: 'Reject a pending proposal, with a comment for the contributor',
        params: proposalParams,
        body: rejectProposalBodySchema,
        response: { 200: proposalAnswerSchema },
      },
    },
    async (request) =>
      tell(
        request,
        await proposals.reject(request.params.treeId, await viewerOf(request), request.params.id, request.body),
      ),
  );

  routes.delete(
    '/api/:treeId/proposal/:id',
    {
      config: { access: 'propose' },
      schema: {
        tags,
        summary: 'Withdraw your own pending proposal',
        params: proposalParams,
        response: { 200: proposalAnswerSchema },
      },
    },
    async (request) => proposals.withdraw(request.params.treeId, await viewerOf(request), request.params.id),
  );
}

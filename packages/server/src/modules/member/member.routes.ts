import {
  acceptedInvitationSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  inviteAnswerSchema,
  inviteBodySchema,
  memberRoleBodySchema,
  membersAnswerSchema,
  okAnswerSchema,
} from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requestLanguage } from '../../http/language.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer, requireUser } from '../../http/session.ts';
import { createMemberService } from './member.service.ts';

const tags = ['member'];
const memberParams = z.strictObject({ treeId: treeIdParam, userId: z.string().min(1).max(64) });
const invitationParams = z.strictObject({ treeId: treeIdParam, invitationId: z.uuid() });
const linkParams = z.strictObject({
  treeId: z.uuid({ error: 'member.error.invitationNotFound' }),
  token: z.string().regex(invitationTokenSchema.regex, { error: 'member.error.invitationNotFound' }),
});

/**
 * Members of a tree and invitations (issue 26). Managing them is the owner's and co-owners'
 * (`access: 'manage'` in the route table); leaving is any member's own (`access: 'member'`); an
 * invitation link is opened by anyone who has it and accepted by the invited account.
 */
export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const members = createMemberService({ db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl });

  routes.get(
    '/api/:treeId/member',
    {
      config: { access: 'manage' },
      schema: {
        tags,
        summary: 'The owner, the members and the open invitations (owner and co-owners)',
        params: treeParams,
        response: { 200: membersAnswerSchema },
      },
    },
    async (request) => members.list(request.params.treeId, await currentViewer(ctx.auth, request)),
  );

  routes.post(
    '/api/:treeId/member/invitation',
    {
      config: { access: 'manage' },
      schema: {
        tags,
        summary: 'Invite someone by e-mail with a role: a single-use link valid for 14 days (owner and co-owners)',
        params: treeParams,
        body: inviteBodySchema,
        response: { 201: inviteAnswerSchema },
      },
    },
    async (request, reply) => {
      const viewer = await currentViewer(ctx.auth, request);
      const { answer, notice } = await members.invite(
        request.params.treeId,
        viewer,
        request.body,
        requestLanguage(request),
      );
      // The invitation is made and its link answered; an e-mail that cannot be sent is logged.
      await notice.catch((error: unknown) => request.log.error({ err: error }, 'the invitation e-mail failed'));
      return reply.status(201).send(answer);
    },
  );

  routes.delete(
    '/api/:treeId/member/invitation/:invitationId',
    {
      config: { access: 'manage' },
      schema: {
        tags,
        summary: 'Withdraw an invitation not yet accepted (owner and co-owners)',
        params: invitationParams,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const { treeId, invitationId } = request.params;
      await members.revoke(treeId, await currentViewer(ctx.auth, request), invitationId);
      return { ok: true as const };
    },
  );

  routes.put(
    '/api/:treeId/member/:userId',
    {
      config: { access: 'manage' },
      schema: {
        tags,
        summary: "Change a member's role (owner and co-owners)",
        params: memberParams,
        body: memberRoleBodySchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const { treeId, userId } = request.params;
      await members.setRole(treeId, await currentViewer(ctx.auth, request), userId, request.body.role);
      return { ok: true as const };
    },
  );

  routes.delete(
    '/api/:treeId/member/:userId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Remove a member (owner and co-owners), or leave the tree (a member, their own id)',
        params: memberParams,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const { treeId, userId } = request.params;
      await members.remove(treeId, await currentViewer(ctx.auth, request), userId);
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/invitation/:treeId/:token',
    {
      schema: {
        tags,
        summary: "What an invitation link offers: the tree's name, who invited, the role and whether it still works",
        params: linkParams,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request) => members.preview(request.params.treeId, request.params.token),
  );

  routes.post(
    '/api/invitation/:treeId/:token',
    {
      schema: {
        tags,
        summary: 'Accept an invitation, signed in with the invited e-mail address',
        params: linkParams,
        response: { 200: acceptedInvitationSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      return members.accept(request.params.treeId, request.params.token, user);
    },
  );
}

import {
  createTreeBodySchema,
  deleteTreeBodySchema,
  findTreeAnswerSchema,
  findTreeBodySchema,
  okAnswerSchema,
  renameTreeBodySchema,
  shareBodySchema,
  sharedTreeSchema,
  shareStateSchema,
  shareTokenSchema,
  treeInfoSchema,
} from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { clientKey } from '../../http/rate-limit.ts';
import { currentViewer, requireUser } from '../../http/session.ts';

const userParams = z.strictObject({ userId: z.string().min(1).max(64) });
const tags = ['tree'];

export function registerTreeRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { auth, users, trees, limiters } = ctx;

  routes.get(
    '/api/user/:userId/tree',
    { schema: { tags, summary: "The user's trees", params: userParams, response: { 200: z.array(treeInfoSchema) } } },
    async (request) => {
      const viewer = await requireUser(auth, request);
      users.assertSelf(viewer.id, request.params.userId);
      return trees.listOwn(viewer);
    },
  );

  routes.post(
    '/api/user/:userId/tree',
    {
      schema: {
        tags,
        summary: 'Create a tree with its root person',
        params: userParams,
        body: createTreeBodySchema,
        response: { 201: treeInfoSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireUser(auth, request);
      users.assertSelf(viewer.id, request.params.userId);
      const { subscription } = await users.userInfo(viewer.id);
      return reply.status(201).send(await trees.create(viewer, request.body.treeName, subscription));
    },
  );

  routes.get(
    '/api/:treeId/tree',
    { schema: { tags, summary: 'Tree info with counts', params: treeParams, response: { 200: treeInfoSchema } } },
    async (request) => trees.get(request.params.treeId, await currentViewer(auth, request)),
  );

  routes.put(
    '/api/:treeId/tree/name',
    {
      config: { access: 'manage' },
      schema: {
        tags,
        summary: 'Rename a tree (owner and co-owners)',
        params: treeParams,
        body: renameTreeBodySchema,
        response: { 200: treeInfoSchema },
      },
    },
    async (request) => trees.rename(await requireUser(auth, request), request.params.treeId, request.body.name),
  );

  routes.delete(
    '/api/:treeId/tree/:deletedTreeId',
    {
      config: { access: 'owner', deniedCode: 'tree.error.treeDeleteForbidden' },
      schema: {
        tags,
        summary: "Delete a tree: to the owner's trash for 30 days, then deleted for good (owner only, with password)",
        params: z.strictObject({ treeId: treeIdParam, deletedTreeId: treeIdParam }),
        body: deleteTreeBodySchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(auth, request);
      const { treeId: id, deletedTreeId } = request.params;
      if (id !== deletedTreeId) throw new AppError('tree.error.treeDeleteForbidden');
      await trees.remove(viewer, id, () => users.assertPassword(viewer.id, request.body.password));
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/:treeId/share',
    {
      config: { access: 'manage' },
      schema: {
        tags,
        summary: 'The share state (owner and co-owners)',
        params: treeParams,
        response: { 200: shareStateSchema },
      },
    },
    async (request) => trees.shareState(await requireUser(auth, request), request.params.treeId),
  );

  routes.put(
    '/api/:treeId/share',
    {
      config: { access: 'manage' },
      schema: {
        tags,
        summary: 'Turn sharing on (a new link) or off (old links stop working); owner and co-owners, paid owner',
        params: treeParams,
        body: shareBodySchema,
        response: { 200: shareStateSchema },
      },
    },
    async (request) => trees.setSharing(await requireUser(auth, request), request.params.treeId, request.body.enabled),
  );

  routes.get(
    '/api/share/:token',
    {
      schema: {
        tags,
        summary: 'The tree a share link opens (anyone, while the owner’s subscription is valid)',
        params: z.strictObject({ token: shareTokenSchema }),
        response: { 200: sharedTreeSchema },
      },
    },
    async (request) => trees.openShared(request.params.token),
  );

  routes.post(
    '/api/tree',
    {
      schema: {
        tags,
        summary: 'Find the shared trees of an owner by e-mail (SPEC §7; rate-limited)',
        body: findTreeBodySchema,
        response: { 200: findTreeAnswerSchema },
      },
    },
    async (request) => {
      await limiters.emailLookup.consume(clientKey(request));
      return { trees: await trees.findShared(request.body.email) };
    },
  );
}

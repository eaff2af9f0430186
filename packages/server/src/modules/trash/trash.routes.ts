import {
  changeSetIdSchema,
  deletedTreeSchema,
  trashAnswerSchema,
  trashQuerySchema,
  trashRestoreAnswerSchema,
  treeInfoSchema,
} from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer, requireUser } from '../../http/session.ts';
import { createTrashService } from './trash.service.ts';

const tags = ['trash'];
const userParams = z.strictObject({ userId: z.string().min(1).max(64) });

/**
 * The trash (issue 21). A tree's deleted objects: only its editors may list or restore them (declared
 * `access: 'edit'`, so the write guard refuses a visitor or viewer with 403 before the service checks again). An
 * owner's deleted trees: the user's own routes, like the list of their trees.
 */
export function registerTrashRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const trash = createTrashService({ db: ctx.db });
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);

  routes.get(
    '/api/:treeId/trash',
    {
      config: { access: 'edit' },
      schema: {
        tags,
        summary: "The tree's deleted objects still restorable (30 days), newest first, paged by `before`",
        params: treeParams,
        querystring: trashQuerySchema,
        response: { 200: trashAnswerSchema },
      },
    },
    async (request) => trash.list(request.params.treeId, await viewer(request), request.query),
  );

  routes.post(
    '/api/:treeId/trash/:changeSetId/restore',
    {
      config: { access: 'edit', proposable: false },
      schema: {
        tags,
        summary:
          'Restore what one delete removed, with its links (the undo of its change set; 409 history.error.dependentChange when a later change depends on it)',
        params: z.strictObject({ treeId: treeIdParam, changeSetId: changeSetIdSchema }),
        response: { 200: trashRestoreAnswerSchema },
      },
    },
    async (request) => trash.restore(request.params.treeId, await viewer(request), request.params.changeSetId),
  );

  routes.get(
    '/api/user/:userId/tree/deleted',
    {
      schema: {
        tags,
        summary: "The user's deleted trees still restorable, with the date each is purged",
        params: userParams,
        response: { 200: z.array(deletedTreeSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      ctx.users.assertSelf(user.id, request.params.userId);
      return trash.deletedTrees(user);
    },
  );

  routes.post(
    '/api/user/:userId/tree/:treeId/restore',
    {
      schema: {
        tags,
        summary: "Restore one of the user's deleted trees, within the limits of their plan",
        params: z.strictObject({ userId: userParams.shape.userId, treeId: treeIdParam }),
        response: { 200: treeInfoSchema },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      ctx.users.assertSelf(user.id, request.params.userId);
      return trash.restoreTree(user, request.params.treeId);
    },
  );
}

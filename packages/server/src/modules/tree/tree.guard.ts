import type { ErrorCode } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { currentViewer } from '../../http/session.ts';
import { assertAccess } from './tree.access.ts';
import { findTreeAccess } from './tree.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (a search, a map, suggestions): visitors of a shared tree may call it. */
    readOnly?: boolean;
    /** The code a refused caller gets instead of 403/404 (deleting a tree: SPEC §6's own message). */
    deniedCode?: ErrorCode;
    /**
     * The tree's owner's only, reads included (the duplicate finder): visitors of a shared tree are
     * refused with 403 here, as for a write. The route table lists it (app.ts RouteEntry).
     */
    ownerOnly?: boolean;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every state-changing tree route (`POST`, `PUT`, `DELETE` under `/api/:treeId/`, unless marked
 * `readOnly`) is refused here, before its body is even validated, to anyone but the tree's owner:
 * a visitor of a shared tree gets 403, nobody signed in 401, a stranger 404. The services check
 * again; this guard makes the rule hold for routes that do not exist yet. Routes marked `ownerOnly`
 * are guarded alike whatever their method.
 */
export function registerWriteGuard(app: FastifyInstance, db: Db, auth: Auth) {
  app.addHook('preValidation', async (request) => {
    const { ownerOnly, readOnly } = request.routeOptions.config;
    if (!ownerOnly && (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')) return;
    if (!request.routeOptions.url?.startsWith('/api/:treeId/') || (readOnly && !ownerOnly)) return;
    const treeId = (request.params as { treeId?: unknown }).treeId;
    // A malformed id is answered by the route's own validation.
    if (typeof treeId !== 'string' || !uuidPattern.test(treeId)) return;
    try {
      assertAccess(await findTreeAccess(db, treeId), await currentViewer(auth, request), 'edit');
    } catch (error) {
      const { deniedCode } = request.routeOptions.config;
      if (deniedCode && error instanceof AppError && (error.status === 403 || error.status === 404)) {
        throw new AppError(deniedCode);
      }
      throw error;
    }
  });
}

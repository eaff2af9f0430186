import type { Access, ErrorCode } from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { currentViewer } from '../../http/session.ts';
import { isProposable } from '../proposal/proposal.scope.ts';
import { assertAccess, roleInTree } from './tree.access.ts';
import { findTreeAccess } from './tree.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route needs of the caller's role in the tree (@anor/core roles.ts). Unsaid: `read`
     * for a GET, `edit` for any other method. A POST that only reads (a search, a map) says `read`;
     * the history and the duplicate finder say `edit` (their reads are editors' tools); members and
     * sharing say `manage`. The route table lists it (app.ts RouteEntry).
     */
    access?: Access;
    /** The code a refused caller gets instead of 403/404 (deleting a tree: SPEC §6's own message). */
    deniedCode?: ErrorCode;
  }
}

/** What a route needs: as declared, else by its method. */
export function routeAccess(method: string, declared: Access | undefined): Access {
  if (declared) return declared;
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'read' : 'edit';
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every tree route (`/api/:treeId/…`) that needs more than `read` is refused here, before its body
 * is even validated, to anyone whose role does not allow it: a visitor or a viewer gets 403, nobody
 * signed in 401, a stranger 404. A contributor passes on a route whose writes may be proposed:
 * the tree gate keeps them for review. The services check again; this guard makes the rule hold
 * for routes that do not exist yet. Reads are checked by the services' gate (modules/tree/tree.gate.ts).
 */
export function registerWriteGuard(app: FastifyInstance, db: Db, auth: Auth) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.routeOptions.url?.startsWith('/api/:treeId/')) return;
    const need = routeAccess(request.method, request.routeOptions.config.access);
    if (need === 'read') return;
    const treeId = (request.params as { treeId?: unknown }).treeId;
    // A malformed id is answered by the route's own validation.
    if (typeof treeId !== 'string' || !uuidPattern.test(treeId)) return;
    try {
      const viewer = await currentViewer(auth, request);
      const tree = await findTreeAccess(db, treeId, viewer.user?.id ?? null);
      // A contributor's write on a proposable route goes on, to be kept as a proposal (issue 26).
      const proposing =
        need === 'edit' &&
        tree !== undefined &&
        roleInTree(tree, viewer) === 'contributor' &&
        isProposable(request.method, request.routeOptions.url, request.routeOptions.config);
      assertAccess(tree, viewer, proposing ? 'member' : need);
    } catch (error) {
      const { deniedCode } = request.routeOptions.config;
      if (deniedCode && error instanceof AppError && (error.status === 403 || error.status === 404)) {
        throw new AppError(deniedCode);
      }
      throw error;
    }
  });
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether a contributor's call of this write route is kept as a proposal for review (issue 26).
     * Unsaid: yes for a route that needs `edit`. A route whose work is more than rows of the tree
     * (an upload's file, an import's job) or that an editor's tool owns says `false`.
     */
    proposable?: boolean;
  }
}

/** The header by which a reviewer sends a proposal's request again, changed, into the same proposal. */
export const proposalHeader = 'anor-proposal';

/** What a write request brings for a proposal, and what became of it. */
export interface ProposalScope {
  method: string;
  route: string;
  path: string;
  body: unknown;
  /** The proposal a reviewer changes (the `Anor-Proposal` header), if any. */
  revise: string | null;
  /** The proposal the request made or changed: the answer is 202 with it. */
  made: { id: string; status: 'pending' } | null;
  /** Who made it (for the reviewers' e-mail). */
  proposer: { id: string | null; name: string } | null;
}

/** Told after a request made a new proposal and its answer went out (the reviewers' e-mail). */
export type OnProposalMade = (made: { treeId: string; proposer: { id: string | null; name: string } }) => Promise<void>;

const scope = new AsyncLocalStorage<ProposalScope>();
const scopes = new WeakMap<FastifyRequest, ProposalScope>();

/** The running request's proposal scope: only a proposable write route has one. */
export function proposalScope(): ProposalScope | undefined {
  return scope.getStore();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route's calls may be proposed: declared, else every tree route that needs `edit` by its method. */
export function isProposable(method: string, url: string, config: { access?: string; proposable?: boolean }): boolean {
  if (!url.startsWith('/api/:treeId/') || method === 'GET' || method === 'HEAD') return false;
  if (config.proposable !== undefined) return config.proposable;
  return config.access === undefined || config.access === 'edit';
}

/**
 * Must be registered before the routes: every proposable route's handler runs in a scope that the
 * tree gate (modules/tree/tree.gate.ts) reads, and a request that made a proposal answers
 * 202 Accepted with it instead of the route's own answer (nothing of the tree changed); once the
 * answer is out, `onMade` tells the reviewers.
 */
export function registerProposalScope(app: FastifyInstance, onMade?: OnProposalMade): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.every((method) => isProposable(method, route.url, route.config ?? {}))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function withProposalScope(request, reply) {
      const header = request.headers[proposalHeader];
      const store: ProposalScope = {
        method: request.method,
        route: request.routeOptions.url ?? route.url,
        path: request.url,
        body: request.body ?? null,
        revise: typeof header === 'string' && uuidPattern.test(header) ? header.toLowerCase() : null,
        made: null,
        proposer: null,
      };
      scopes.set(request, store);
      return scope.run(store, () => handler.call(this, request, reply));
    } as RouteHandlerMethod;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const store = scopes.get(request);
    if (!store?.made || reply.statusCode >= 400) return payload;
    reply.code(202);
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ proposal: store.made });
  });
  app.addHook('onResponse', async (request, reply) => {
    const store = scopes.get(request);
    const treeId = (request.params as { treeId?: string }).treeId;
    if (!onMade || !store?.made || store.revise || !store.proposer || !treeId || reply.statusCode !== 202) return;
    await onMade({ treeId, proposer: store.proposer }).catch((error: unknown) =>
      request.log.error({ err: error }, 'the e-mail of a new proposal failed'),
    );
  });
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';

/**
 * The `Anor-Change-Set` answer header (issue 21: "after a save or delete the notice offers undo"):
 * the ids of the change sets a request's writes recorded, so that the web can undo exactly that
 * save. One place for every route: each tree route's handler runs in a request scope, the tree gate
 * (modules/tree/tree.gate.ts) notes there the change set its committed transaction recorded, and
 * the answer carries them. A read, a write that changed nothing and a refused request record none,
 * so they answer no header; visitors cannot write, so they never get one.
 */
export const changeSetHeader = 'Anor-Change-Set';

interface Scope {
  changeSets: number[];
}

const scope = new AsyncLocalStorage<Scope>();
const scopes = new WeakMap<FastifyRequest, Scope>();

/** Called by the tree gate after its transaction committed a recorded change set. */
export function noteChangeSet(id: number): void {
  const current = scope.getStore();
  if (current && id > 0 && !current.changeSets.includes(id)) current.changeSets.push(id);
}

/** Whether a request is in a scope that wants to know its change sets (the gate asks only then). */
export function wantsChangeSet(): boolean {
  return scope.getStore() !== undefined;
}

/** Must be registered before the routes (it wraps their handlers as they are added). */
export function registerChangeSetHeader(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/:treeId/') || methods.every((method) => method === 'GET' || method === 'HEAD')) {
      return;
    }
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function withChangeSetScope(request, reply) {
      const store: Scope = { changeSets: [] };
      scopes.set(request, store);
      return scope.run(store, () => handler.call(this, request, reply));
    } as RouteHandlerMethod;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const store = scopes.get(request);
    if (store && store.changeSets.length > 0 && reply.statusCode < 400) {
      reply.header(changeSetHeader, store.changeSets.join(', '));
    }
    return payload;
  });
}

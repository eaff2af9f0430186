import type { App, RouteEntry } from '../../src/app.ts';
import type { PrivacyFixture } from './privacy-fixture.ts';
import {
  bodySchemaOf,
  enumValues,
  fillPath,
  generate,
  type IdKind,
  idKindOfName,
  idKindOfPathParameter,
  isUuidSchema,
  type JsonSchema,
  type Leaves,
  parametersOf,
} from './route-table.ts';

/**
 * Requests of the generated authorization tests (authorization.generated.test.ts, roles.generated.test.ts):
 * each route asked with the ids of a marker fixture (privacy-fixture.ts) and values from its schemas.
 */

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;

export function firstId(f: PrivacyFixture, kind: IdKind | undefined): string {
  const prefix = `${kind ?? 'person'}:`;
  return Object.entries(f.ids).find(([label]) => label.startsWith(prefix))?.[1] as string;
}

/** Leaves for bodies and queries: ids of `f` by the kind the field names, harmless text elsewhere. */
export function leavesFor(f: PrivacyFixture): Leaves {
  const text = (name: string): string | null => {
    if (/date$/i.test(name)) return '1900';
    if (/email|sender/i.test(name)) return 'authz@example.com';
    if (/password/i.test(name)) return 'not the password';
    if (/url|link|www/i.test(name)) return 'https://example.org/';
    // Free text where a type has its own: none.
    if (/^(subtype|typeName|typeNameVerb)$/.test(name)) return null;
    return 'Authz';
  };
  return {
    string: text,
    id: (name) => firstId(f, idKindOfName(name)),
    choice: (values) => values.find((value) => value !== '') ?? values[0],
    number: () => 1,
    boolean: () => true,
  };
}

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
}

/**
 * The request of a route against tree `tree`: path ids from `pathIds`, query and body ids from
 * `fieldIds` (another tree's, for the cross-tree requests), the rest from the route's schemas.
 * Answers whether any id of `fieldIds` went into the query or body.
 */
export function requestFor(
  app: App,
  route: RouteEntry,
  tree: PrivacyFixture,
  pathIds: PrivacyFixture,
  fieldIds: PrivacyFixture,
): { request: Request; fieldsHaveIds: boolean } {
  const path = fillPath(
    route.url,
    (name) => {
      if (name === 'treeId' || name === 'deletedTreeId') return tree.treeId;
      if (name === 'userId') return tree.owner.user.id;
      if (name === 'email') return encodeURIComponent(tree.owner.email);
      if (name === 'token') return tree.token;
      const schema = parametersOf(app, route, 'path').find((p) => p.name === name)?.schema;
      if (isUuidSchema(schema)) return firstId(pathIds, idKindOfPathParameter(route.url, name));
      const values = enumValues(schema);
      if (values.length > 0) return String(values[0]);
      if (schema?.type === 'integer') return '2';
      throw new Error(`${keyOf(route)}: cannot fill :${name}`);
    },
    'session',
  );
  let fieldsHaveIds = false;
  const leaves = leavesFor(fieldIds);
  const counting: Leaves = {
    ...leaves,
    id: (name) => {
      fieldsHaveIds = true;
      return leaves.id(name);
    },
  };
  const query = new URLSearchParams();
  for (const { name, schema, required } of parametersOf(app, route, 'query')) {
    // Only what the route needs and the ids it takes: a search term would only narrow the answer.
    if (!required && !isUuidSchema(schema)) continue;
    const value = generate(schema, counting, name);
    if (value !== null && value !== undefined) query.set(name, String(value));
  }
  const schema: JsonSchema | undefined = bodySchemaOf(app, route);
  const body = route.method === 'GET' ? undefined : schema ? generate(schema, counting) : {};
  const url = query.size > 0 ? `${path}?${query}` : path;
  return { request: { method: route.method as Request['method'], url, body }, fieldsHaveIds };
}

import type { App, RouteEntry } from '../../src/app.ts';

/**
 * The app's routes as the generated tests see them: the route table (every method and path the app
 * serves, from its `onRoute` hook) joined with each route's schemas in the OpenAPI document, and a
 * generator of values from those schemas. fuzz.test.ts, visitor-privacy.generated.test.ts and
 * authorization.generated.test.ts walk the same table, so a new route is in all of them at once.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const documents = new WeakMap<App, { paths: Record<string, Record<string, Operation>> }>();

/** The route's operation in the app's OpenAPI document (undefined for the hidden ones). */
export function operationOf(app: App, route: RouteEntry): Operation | undefined {
  let document = documents.get(app);
  if (!document) {
    document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
    documents.set(app, document);
  }
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  return document.paths[path]?.[route.method.toLowerCase()];
}

/** The route's path or query parameters with their schemas. */
export function parametersOf(app: App, route: RouteEntry, where: 'path' | 'query'): Parameter[] {
  return (operationOf(app, route)?.parameters ?? []).filter((parameter) => parameter.in === where);
}

/** The JSON body schema of the route, if it takes one. */
export function bodySchemaOf(app: App, route: RouteEntry): JsonSchema | undefined {
  return operationOf(app, route)?.requestBody?.content?.['application/json']?.schema;
}

/** The names of the route's path parameters, in order (`*` not included). */
export function pathParameterNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
}

/** The route's address with its parameters filled in; a wildcard takes `wildcard`. */
export function fillPath(url: string, value: (name: string) => string, wildcard = 'anything'): string {
  return url.replace(/:(\w+)/g, (_whole, name: string) => value(name)).replace('*', wildcard);
}

/** The values an enum schema allows (through anyOf/oneOf), or an empty list. */
export function enumValues(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  if (schema.enum) return schema.enum;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(enumValues);
}

/** Whether the schema (or one of its choices) is a uuid. */
export function isUuidSchema(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.format === 'uuid') return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isUuidSchema);
}

/** What goes where a schema has a leaf: a string, an id, an enum, a number or a boolean. */
export interface Leaves {
  string(name: string): unknown;
  id(name: string): unknown;
  choice(values: unknown[], name: string): unknown;
  number(): unknown;
  boolean(): unknown;
  /** An array's items; by default one item made from the item schema. */
  array?(items: JsonSchema | undefined, name: string, schema: JsonSchema): unknown;
}

/** A value of the schema's shape with each leaf taken from `leaves`. */
export function generate(schema: JsonSchema | undefined, leaves: Leaves, name = '', depth = 0): unknown {
  if (!schema || depth > 12) return leaves.string(name);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return generate(choices.find((choice) => choice.type !== 'null') ?? choices[0], leaves, name, depth + 1);
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => generate(part, leaves, name, depth + 1) as object));
  }
  if (schema.enum) return leaves.choice(schema.enum, name);
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, generate(value, leaves, key, depth + 1)]),
      );
    case 'array':
      return leaves.array
        ? leaves.array(schema.items, name, schema)
        : [generate(schema.items, leaves, name, depth + 1)];
    case 'integer':
    case 'number':
      return leaves.number();
    case 'boolean':
      return leaves.boolean();
    default:
      return schema.format === 'uuid' ? leaves.id(name) : leaves.string(name);
  }
}

/** The kinds of id a tree holds (and `job`: the owner's jobs, on the user's own routes). */
export type IdKind =
  | 'person'
  | 'event'
  | 'place'
  | 'note'
  | 'citation'
  | 'record'
  | 'repository'
  | 'media'
  | 'job'
  | 'proposal';

const kindsByName: [RegExp, IdKind][] = [
  [/^jobId$/, 'job'],
  [/^mediaId$/, 'media'],
  [/^proposal$/, 'proposal'],
  [/event/i, 'event'],
  [/location|place|ancestor|descendant/i, 'place'],
  [/note/i, 'note'],
  [/citation|^sourceIds$/i, 'citation'],
  [/record/i, 'record'],
  [/repository/i, 'repository'],
  [/person|parent|partner|sibling|child|root|startId|endId/i, 'person'],
];

/** The kind of id a field or query parameter names (`personIds` → person), or undefined when any node fits. */
export function idKindOfName(name: string): IdKind | undefined {
  return kindsByName.find(([pattern]) => pattern.test(name))?.[1];
}

/**
 * The kind of id a path parameter takes: named (`:personId`, `:eventId`), or for `:id` the
 * resource the path names before it in the singular (`/source/citation/:id` → citation,
 * `/source/record/citations/:id` → record, `/node/:id` → any: undefined).
 */
export function idKindOfPathParameter(url: string, name: string): IdKind | undefined {
  if (name !== 'id') return idKindOfName(name);
  const before = url
    .slice(0, url.indexOf(':id'))
    .split('/')
    .filter((segment) => segment && !segment.startsWith(':'));
  // The nearest resource named in the singular: `/source/record/citations/:id` is a record's.
  for (const segment of before.reverse().filter((each) => !each.endsWith('s'))) {
    if (segment === 'node') return undefined;
    const kind = idKindOfName(segment);
    if (kind) return kind;
  }
  return undefined;
}

export const idKinds: readonly IdKind[] = [
  'person',
  'event',
  'place',
  'note',
  'citation',
  'record',
  'repository',
  'media',
];

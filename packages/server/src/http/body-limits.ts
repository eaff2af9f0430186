import { textLimits } from '@anor/core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The largest JSON body of each kind of route, in bytes:
 * - `small`: every route whose body holds no rich text: account, session and contact forms, tree
 *   edits. The largest legitimate one is a person's or event's description (10,000 characters, at
 *   most 30 KB as UTF-8) with its other fields.
 * - `richText`: routes whose body can hold rich text (notes, transcriptions: 100,000 characters of
 *   HTML, at most 300 KB as UTF-8 and 600 KB as a JSON string even if every character were escaped)
 *   or fields of any shape (an event update sends the event as it was loaded, notes and all, as
 *   `oldEvent`; a place update as `storedLocation`). 2 MB holds a new full-length note beside a few
 *   full-length notes of the item itself.
 * The GEDCOM import sets its own limit (GEDCOM_MAX_BYTES) and is left alone. Over the limit the
 * body is not read: 413 `common.error.payloadTooLarge` (http/errors.ts).
 */
export const jsonBodyLimits = {
  small: 64 * 1024,
  richText: 2 * 1024 * 1024,
} as const;

/** Whether a body schema (Zod, or JSON Schema) can hold rich text or fields of any shape. */
export function mayHoldRichText(schema: unknown): boolean {
  let json: unknown = schema;
  if (schema instanceof z.ZodType) {
    try {
      json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    } catch {
      // A schema JSON Schema cannot express: give it the larger limit rather than refuse good bodies.
      return true;
    }
  }
  const annotations = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);
  const visit = (node: unknown): boolean => {
    if (node === true) return true;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return false;
    const schema = node as Record<string, unknown>;
    // Anything goes (`z.unknown()`): a place update sends the place as it was loaded, notes and all.
    if (Object.keys(schema).every((key) => annotations.has(key))) return true;
    if (typeof schema.maxLength === 'number' && schema.maxLength >= textLimits.richText) return true;
    const additional = schema.additionalProperties;
    if (schema.type === 'object' && additional !== undefined && additional !== false && visitAll([additional])) {
      return true;
    }
    const children = [
      ...Object.values((schema.properties as Record<string, unknown> | undefined) ?? {}),
      ...Object.values((schema.$defs as Record<string, unknown> | undefined) ?? {}),
      ...[schema.items, schema.prefixItems, schema.anyOf, schema.oneOf, schema.allOf].flat(),
    ];
    return visitAll(children);
  };
  const visitAll = (nodes: unknown[]) => nodes.some((child) => child !== undefined && visit(child));
  return visit(json);
}

/** Gives each route that sets no body limit of its own the limit its body schema calls for. */
export function registerBodyLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.bodyLimit !== undefined) return;
    route.bodyLimit = mayHoldRichText(route.schema?.body) ? jsonBodyLimits.richText : jsonBodyLimits.small;
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app.ts';
import type { ErrorBody, TestResponse } from './support/client.ts';
import { historyState, treeContent } from './support/history.ts';
import { buildPrivacyFixture, type PrivacyFixture } from './support/privacy-fixture.ts';
import {
  bodySchemaOf,
  enumValues,
  fillPath,
  generate,
  type IdKind,
  idKindOfName,
  idKindOfPathParameter,
  isUuidSchema,
  type Leaves,
  parametersOf,
} from './support/route-table.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 21, generated from the route table: every write route of a tree, asked by the owner with
 * the marker fixture's ids, either changes nothing and leaves no change set, or is recorded as one
 * change set of the owner (never an automatic one) that undo takes back exactly: the tree's content
 * after the undo is what it was before the write. A new write route is in this test without a line
 * of its own.
 */
let t: TestApp;
let a: PrivacyFixture;

beforeAll(async () => {
  t = await createTestApp();
  a = await buildPrivacyFixture(t, 'A', 'A');
}, 300_000);
afterAll(() => t.close());

/** Write routes this test does not ask, and why. */
const notAsked: Record<string, string> = {
  'POST /api/:treeId/history/:changeSetId/undo': 'undo itself: asked after every other write',
  'DELETE /api/:treeId/tree/:deletedTreeId':
    "puts the whole tree in its owner's trash, outside any change set of the tree (trash.test.ts, tree.test.ts)",
};

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;

function firstId(kind: IdKind | undefined): string {
  const prefix = `${kind ?? 'person'}:`;
  return Object.entries(a.ids).find(([label]) => label.startsWith(prefix))?.[1] as string;
}

const leaves: Leaves = {
  string: (name) => {
    if (/date$/i.test(name)) return '1900';
    if (/email|sender/i.test(name)) return 'history@example.com';
    if (/url|link|www/i.test(name)) return 'https://example.org/';
    if (/^(subtype|typeName|typeNameVerb)$/.test(name)) return null;
    return 'Historik';
  },
  id: (name) => firstId(idKindOfName(name)),
  choice: (values) => values.find((value) => value !== '') ?? values[0],
  number: () => 1,
  boolean: () => true,
};

function requestOf(route: RouteEntry) {
  const path = fillPath(
    route.url,
    (name) => {
      if (name === 'treeId') return a.treeId;
      // A member's id (issue 26): the owner's, whom no member route may change (409, nothing written).
      if (name === 'userId') return a.owner.user.id;
      const schema = parametersOf(t.app, route, 'path').find((p) => p.name === name)?.schema;
      if (isUuidSchema(schema)) return firstId(idKindOfPathParameter(route.url, name));
      const values = enumValues(schema);
      if (values.length > 0) return String(values[0]);
      if (schema?.type === 'integer') return '2';
      throw new Error(`${keyOf(route)}: cannot fill :${name}`);
    },
    'session',
  );
  const query = new URLSearchParams();
  for (const { name, schema, required } of parametersOf(t.app, route, 'query')) {
    if (!required && !isUuidSchema(schema)) continue;
    const value = generate(schema, leaves, name);
    if (value !== null && value !== undefined) query.set(name, String(value));
  }
  const schema = bodySchemaOf(t.app, route);
  const body = schema ? generate(schema, leaves) : {};
  return { url: query.size > 0 ? `${path}?${query}` : path, body };
}

/** The tree's content without what every write moves (timestamps, revisions). */
async function content(): Promise<string> {
  return JSON.stringify(await treeContent(t, a.treeId)).replace(/"(updated_at|revision)":("[^"]*"|\d+)/g, '"$1":0');
}

describe('history of every write route (generated from the route table)', () => {
  it('records each write as one change set of the owner, which undo takes back exactly', async () => {
    const routes = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/:treeId/') && route.method !== 'GET' && route.access !== 'read')
      .filter((route) => !(keyOf(route) in notAsked))
      // Deletions last, so that the ids the other routes use still exist while they run.
      .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    const problems: string[] = [];
    let recorded = 0;
    for (const route of routes) {
      const key = keyOf(route);
      const { url, body } = requestOf(route);
      const before = await content();
      const history = await historyState(t, a.treeId);
      const response = await a.owner.client.request(route.method as 'POST' | 'PUT' | 'DELETE', url, body);
      const label = `${key}: ${response.status} ${codeOf(response) ?? ''}`;
      if (response.status >= 500) problems.push(label);
      const after = await content();
      const state = await historyState(t, a.treeId);
      if (after === before) {
        if (state.latest !== history.latest) problems.push(`${label} changed nothing but left a change set`);
        continue;
      }
      if (state.latest === history.latest) {
        problems.push(`${label} changed the tree without a change set`);
        continue;
      }
      recorded += 1;
      const undo = await a.owner.client.post(`/api/${a.treeId}/history/${state.latest}/undo`, {});
      if (undo.status !== 200) {
        problems.push(`${label}: its undo answered ${undo.status} ${codeOf(undo) ?? ''}`);
        continue;
      }
      if ((await content()) !== before) problems.push(`${label}: its undo did not bring the tree back`);
    }
    const { automatic } = await historyState(t, a.treeId);
    if (automatic > 0) problems.push(`${automatic} automatic change sets: a write opened none`);
    console.log(`history: ${routes.length} write routes asked, ${recorded} recorded and undone`);
    expect(problems).toEqual([]);
    expect(recorded).toBeGreaterThan(20);
  }, 600_000);

  it('lists every write route it does not ask', () => {
    const known = new Set(t.app.routeTable.map(keyOf));
    expect(Object.keys(notAsked).filter((key) => !known.has(key))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app.ts';
import { TestClient, type TestResponse } from './support/client.ts';
import {
  buildPrivacyFixture,
  type PrivacyFixture,
  privateDates,
  probeDates,
  readsNotForVisitors,
  visitorRefusalOf,
} from './support/privacy-fixture.ts';
import {
  bodySchemaOf,
  enumValues,
  fillPath,
  idKindOfName,
  idKindOfPathParameter,
  idKinds,
  isUuidSchema,
  type JsonSchema,
  parametersOf,
} from './support/route-table.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 18: visitor privacy, proved over the route table. Every read route a share-link visitor
 * can reach (every GET under /api/, the POSTs marked readOnly, and the public look-up of shared
 * trees) is called as a visitor with every id of the marker fixture (support/privacy-fixture.ts)
 * in its path parameters, and with query strings and bodies made from its own schema in the
 * OpenAPI document: search strings, every id kind, dates around the living persons' dates, each
 * choice. Then:
 * - no answer holds a marker or a private date of a living person;
 * - the same requests against a second tree that differs only in the living persons' private
 *   data answer exactly alike once ids are replaced by labels: nothing a visitor gets may depend
 *   on a living person's data (not a reason, not an availability, not an order, not a count);
 * - a route that no visitor request answered is named, unless it is listed below with its reason.
 * A route added later is walked without a change here.
 */
let t: TestApp;
let a: PrivacyFixture;
let b: PrivacyFixture;

const notForVisitors = readsNotForVisitors;

/** Search strings: a common letter, the markers themselves, a private date and a place only the living use. */
const searchStrings = ['a', 'e', 'LIVMARK', 'livmarka', '2001', 'Lysvik'];
/** Choices worth asking for where a choice has many values (event types: the living have these). */
const interesting = ['birth', 'marriage', 'residence', 'other', 'death', 'all', 'location', 'citation'];

interface Probe {
  key: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/** What a visitor can reach: GETs under /api/, read-only POSTs, and the look-up of an owner's shared trees. */
function visitorRoutes(): RouteEntry[] {
  return t.app.routeTable.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      (route.access === 'read' || (route.method === 'POST' && route.url === '/api/tree')),
  );
}

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;

function idsOfKind(f: PrivacyFixture, kind: string | undefined): string[] {
  return Object.entries(f.ids)
    .filter(([label]) => label !== 'tree' && (kind === undefined || label.startsWith(`${kind}:`)))
    .map(([, id]) => id);
}

function choices(values: unknown[]): unknown[] {
  if (values.length <= 6) return values;
  const picked = values.filter((value) => interesting.includes(String(value)));
  return picked.length > 0 ? picked : values.slice(0, 1);
}

/**
 * The values a path parameter takes: for an id, every id of the kind the path names and one of
 * each other kind (a wrong kind must be refused alike), or every id where any node fits.
 */
function pathValues(f: PrivacyFixture, url: string, name: string, schema: JsonSchema): string[] {
  if (name === 'treeId') return [f.treeId];
  if (name === 'userId') return [f.owner.user.id];
  if (name === 'email') return [encodeURIComponent(f.owner.email)];
  if (name === 'token') return [f.token];
  if (isUuidSchema(schema)) {
    const kind = idKindOfPathParameter(url, name);
    if (!kind) return idsOfKind(f, undefined);
    const others = idKinds.filter((other) => other !== kind).map((other) => idsOfKind(f, other)[0] as string);
    return [...idsOfKind(f, kind), ...others];
  }
  const values = enumValues(schema);
  if (values.length > 0) return choices(values).map(String);
  if (schema.type === 'integer') return [String(Math.min(schema.maximum ?? 5, 5))];
  throw new Error(`cannot fill path parameter :${name}`);
}

/** Path combinations such that every value of every parameter is in one (the readable ones get every query). */
function coveringSet(combos: Record<string, string>[]): Record<string, string>[] {
  const seen = new Set<string>();
  return combos.filter((combo) => {
    const fresh = Object.entries(combo).some(([name, value]) => !seen.has(`${name}=${value}`));
    for (const [name, value] of Object.entries(combo)) seen.add(`${name}=${value}`);
    return fresh;
  });
}

function combinations(axes: [string, string[]][]): Record<string, string>[] {
  return axes.reduce<Record<string, string>[]>(
    (partial, [name, values]) => partial.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value }))),
    [{}],
  );
}

const isDateName = (name: string) => /date$/i.test(name);

/** Query strings from the route's query parameters: a base, each value of each parameter, dates with each id. */
function queryVariants(f: PrivacyFixture, route: RouteEntry): string[] {
  const parameters = parametersOf(t.app, route, 'query');
  if (parameters.length === 0) return [''];
  const base: Record<string, string> = {};
  const axes: Record<string, string>[][] = [];
  const dated = parameters.filter((p) => isDateName(p.name)).map((p) => p.name);
  const idAxes: Record<string, string>[] = [];
  for (const { name, schema } of parameters) {
    if (name === 'pageSize') base[name] = String(schema.maximum ?? 200);
    else if (name === 'page' || /datetype$/i.test(name) || isDateName(name)) continue;
    else if (name === 'q') axes.push(searchStrings.map((q) => ({ q })));
    else if (isUuidSchema(schema)) {
      // A place list's parentId is a place; elsewhere the name says the kind.
      const kind = name === 'parentId' && route.url.includes('/location') ? 'place' : idKindOfName(name);
      const values = [...idsOfKind(f, kind), ...enumValues(schema).map(String)];
      const axis = values.map((value) => ({ [name]: value }));
      axes.push(axis);
      idAxes.push(...axis);
    } else if (enumValues(schema).length > 0)
      axes.push(choices(enumValues(schema)).map((v) => ({ [name]: String(v) })));
    else axes.push([{ [name]: 'a' }]);
  }
  if (dated.length > 0) {
    const dates = (start: string, end: string) =>
      Object.fromEntries(dated.map((name) => [name, /end/i.test(name) ? end : start]));
    const dateAxis = [...probeDates.map((d) => dates(d, d)), dates('2000', '2005'), dates('2010', '2020')];
    axes.push(dateAxis);
    // A place and a time together: "who could have lived here then" must not tell about the living.
    for (const id of idAxes) for (const date of dateAxis) axes.push([{ ...date, ...id }]);
  }
  const encode = (values: Record<string, string>) => new URLSearchParams({ ...base, ...values }).toString();
  return [encode({}), ...axes.flat().map(encode)];
}

/** The axis values of one body field. */
function fieldValues(f: PrivacyFixture, name: string, schema: JsonSchema): unknown[] {
  const values = enumValues(schema);
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    const items = schema.items;
    const max = schema.maxItems ?? 500;
    const all = isUuidSchema(items) ? idsOfKind(f, idKindOfName(name)) : enumValues(items);
    const full = all.slice(0, max);
    return (schema.minItems ?? 0) === 0 ? [full, []] : [full];
  }
  if (values.length > 0) return choices(values);
  if (isUuidSchema(schema)) return [null, ...idsOfKind(f, idKindOfName(name))];
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  if (type === 'boolean') return [true, false];
  if (type === 'integer' || type === 'number') return [1];
  if (isDateName(name)) return [null, ...probeDates];
  return searchStrings;
}

/** Bodies from the route's schema: each field at its first value, then each value of each field in turn. */
function bodyVariants(f: PrivacyFixture, route: RouteEntry): unknown[] {
  if (route.method === 'GET') return [undefined];
  if (route.url === '/api/tree') return [{ email: f.owner.email }];
  const schema = bodySchemaOf(t.app, route);
  if (!schema) return [{}];
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => [name, fieldValues(f, name, field)]);
  const base = Object.fromEntries(fields.map(([name, values]) => [name, (values as unknown[])[0]]));
  const variants = [base];
  for (const [name, values] of fields as [string, unknown[]][]) {
    for (const value of values.slice(1)) variants.push({ ...base, [name]: value });
  }
  return variants;
}

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The same request against the other fixture: ids by label, the token, the owner. */
function translate(text: string, from: PrivacyFixture, to: PrivacyFixture): string {
  return text
    .replace(uuid, (id) => {
      if (id.toLowerCase() === from.owner.user.id.toLowerCase()) return to.owner.user.id;
      const label = from.labels.get(id.toLowerCase());
      return label ? (to.ids[label] ?? id) : id;
    })
    .split(from.token)
    .join(to.token)
    .split(encodeURIComponent(from.owner.email))
    .join(encodeURIComponent(to.owner.email))
    .split(from.owner.email)
    .join(to.owner.email);
}

/** An answer with the fixture's ids as labels and times blanked, to compare across the two trees. */
function normalise(text: string, f: PrivacyFixture): string {
  return text
    .replace(uuid, (id) => f.labels.get(id.toLowerCase()) ?? (id === f.owner.user.id ? 'owner' : 'unknown-id'))
    .split(f.token)
    .join('TOKEN')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?/g, 'TIME');
}

function bodyText(response: TestResponse): string {
  return typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
}

/** What may never reach a visitor: the markers and the private dates of either variant. */
const secrets = [
  'LIVMARK',
  ...Object.values(privateDates).flatMap((dates) => [dates.rBirth, dates.marriage, dates.kBirth, dates.qBirth]),
];

/** The request with the fixture's ids as labels, for a message. */
function described(probe: Probe, f: PrivacyFixture): string {
  const body = probe.body === undefined ? '' : ` ${normalise(JSON.stringify(probe.body), f)}`;
  return `${probe.method} ${normalise(decodeURIComponent(probe.url), f)}${body.slice(0, 200)}`;
}

/** Findings by route: each route once, with how many requests found it and the first example. */
class Grouped {
  private readonly byRoute = new Map<string, { count: number; example: string }>();
  size = 0;
  add(key: string, example: string) {
    this.size += 1;
    const entry = this.byRoute.get(key);
    if (entry) entry.count += 1;
    else this.byRoute.set(key, { count: 1, example });
  }
  report(): string[] {
    return [...this.byRoute].map(([key, { count, example }]) => `${key} (${count}×), e.g. ${example}`);
  }
}

interface Outcome {
  probe: Probe;
  status: number;
  text: string;
}

function visitorRequest(f: PrivacyFixture, probe: Probe) {
  return new TestClient(t.app).request(probe.method, probe.url, probe.body, { 'x-anor-share': f.token });
}

/** Every probe of every visitor route, against fixture A: found by calling each path combination first. */
const probes: Probe[] = [];
const unfillable: string[] = [];
const outcomesA: Outcome[] = [];
const outcomesB: Outcome[] = [];
const ownerTexts: string[] = [];

/** Runs `work` on the items a few at a time (the database serves several requests at once). */
async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>, size = 4): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += size) {
    results.push(...(await Promise.all(items.slice(at, at + size).map(work))));
  }
  return results;
}

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = await Promise.all([buildPrivacyFixture(t, 'A'), buildPrivacyFixture(t, 'B')]);
  const started = performance.now();
  /** A probe on tree A and the same on tree B, at once; answers A's status. */
  const ask = async (probe: Probe) => {
    const translated: Probe = {
      ...probe,
      url: translate(probe.url, a, b),
      body: probe.body === undefined ? undefined : JSON.parse(translate(JSON.stringify(probe.body), a, b)),
    };
    const [left, right] = await Promise.all([visitorRequest(a, probe), visitorRequest(b, translated)]);
    probes.push(probe);
    outcomesA.push({ probe, status: left.status, text: bodyText(left) });
    outcomesB.push({ probe: translated, status: right.status, text: bodyText(right) });
    return left.status;
  };
  const readBase: Probe[] = [];
  for (const route of visitorRoutes()) {
    const key = keyOf(route);
    let combos: Record<string, string>[];
    const pathParameters = parametersOf(t.app, route, 'path');
    try {
      combos = combinations(pathParameters.map((p) => [p.name, pathValues(a, route.url, p.name, p.schema)]));
    } catch (error) {
      unfillable.push(`${key}: ${(error as Error).message}`);
      continue;
    }
    const method = route.method as 'GET' | 'POST';
    const queries = queryVariants(a, route);
    const bodies = bodyVariants(a, route);
    const url = (path: string, query: string | undefined) => (query ? `${path}?${query}` : path);
    const pathOf = (combo: Record<string, string>) => fillPath(route.url, (name) => combo[name] ?? '', 'session');
    // A route without ids in its path may need its query (a note list needs nodeId): it gets every query.
    const needsQuery = !pathParameters.some((p) => p.name !== 'treeId' && isUuidSchema(p.schema));
    // First each path with the first query and body; then every query and body on the paths a visitor can read.
    const statuses = await inBatches(combos, async (combo) => {
      const base: Probe = { key, method, url: url(pathOf(combo), queries[0]), body: bodies[0] };
      const status = await ask(base);
      if (status < 400) readBase.push(base);
      return status;
    });
    const readable = combos.filter((_combo, index) => (statuses[index] as number) < 400 || needsQuery);
    const variants = coveringSet(readable).flatMap((combo) =>
      queries.flatMap((query) =>
        bodies
          .filter((body) => query !== queries[0] || body !== bodies[0])
          .map((body): Probe => ({ key, method, url: url(pathOf(combo), query), body })),
      ),
    );
    await inBatches(variants, ask);
  }
  // The owner asks the first request of each path a visitor could read: the walk must reach every living marker.
  await inBatches(readBase, async (probe) => {
    const response = await a.owner.client.request(probe.method, probe.url, probe.body);
    if (response.status < 300) ownerTexts.push(bodyText(response));
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `visitor privacy: ${probes.length} requests on each tree over ${visitorRoutes().length} routes, ` +
      `and ${readBase.length} as the owner, in ${seconds.toFixed(1)} s`,
  );
}, 900_000);
afterAll(() => t.close());

describe('every read route, as a share-link visitor (generated from the route table)', () => {
  it('walks every visitor route, and each answers a visitor or is listed with its reason', () => {
    expect(unfillable).toEqual([]);
    const routes = visitorRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of routes) {
      const key = keyOf(route);
      const answers = outcomesA.filter((outcome) => outcome.probe.key === key);
      const listed = visitorRefusalOf(route);
      if (listed) {
        const other = answers.find((outcome) => outcome.status !== listed.status);
        if (other) problems.push(`${key} is listed as refused (${listed.status}) but answered ${other.status}`);
      } else if (!answers.some((outcome) => outcome.status < 400)) {
        const statuses = [...new Set(answers.map((outcome) => outcome.status))].join(', ');
        problems.push(`${key} answered no visitor request (${statuses}): fill it, or list it with a reason`);
      }
    }
    for (const key of Object.keys(notForVisitors)) {
      if (!routes.some((route) => keyOf(route) === key)) problems.push(`${key} is listed but no longer exists`);
    }
    expect(problems).toEqual([]);
  });

  it('answers no visitor with a name, text, note, citation or private date of a living person', () => {
    const leaks = new Grouped();
    for (const [outcome, f] of [
      ...outcomesA.map((each) => [each, a] as const),
      ...outcomesB.map((each) => [each, b] as const),
    ]) {
      if (outcome.status >= 500)
        leaks.add(outcome.probe.key, `${described(outcome.probe, f)} answered ${outcome.status}`);
      for (const secret of secrets) {
        const at = outcome.text.indexOf(secret);
        if (at < 0) continue;
        const context = normalise(outcome.text.slice(Math.max(0, at - 90), at + 30), f);
        leaks.add(outcome.probe.key, `${described(outcome.probe, f)} shows ${secret}: …${context}…`);
      }
    }
    expect(leaks.report(), `${leaks.size} answers leak`).toEqual([]);
  });

  it('answers alike in two trees that differ only in the living persons’ private data', () => {
    const differences = new Grouped();
    outcomesA.forEach((outcomeA, index) => {
      const outcomeB = outcomesB[index] as Outcome;
      const left = `${outcomeA.status} ${normalise(outcomeA.text, a)}`;
      const right = `${outcomeB.status} ${normalise(outcomeB.text, b)}`;
      if (left === right) return;
      let at = 0;
      while (left[at] === right[at]) at += 1;
      const from = Math.max(0, at - 90);
      differences.add(
        outcomeA.probe.key,
        `${described(outcomeA.probe, a)}\n    A: …${left.slice(from, at + 50)}…\n    B: …${right.slice(from, at + 50)}…`,
      );
    });
    expect(differences.report(), `${differences.size} answers differ`).toEqual([]);
  });

  it('can see a leak: the owner’s answers hold every living marker, a visitor’s every dead one', () => {
    const owner = ownerTexts.join('\n');
    expect(a.livingMarkers.filter((marker) => !owner.includes(marker))).toEqual([]);
    const visible = outcomesA
      .filter((outcome) => outcome.status < 300)
      .map((outcome) => outcome.text)
      .join('\n');
    expect(a.deadMarkers.filter((marker) => !visible.includes(marker))).toEqual([]);
  });
});

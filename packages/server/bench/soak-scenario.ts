/**
 * The soak's users (bench/soak.ts): what a user does next on the seeded tree (reads, edits, growth)
 * and how long they read an answer before the next action.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import type { SeededTree } from '../src/seed/seed-tree.ts';

export type Kind = 'read' | 'write';

/** `0`, `800` or `500-2000` (ms): the pause between a user's answer and their next request. */
export function thinkTime(value: string) {
  const [min, max] = value.split('-').map(Number);
  if (min === undefined || !Number.isFinite(min) || (max !== undefined && !(Number.isFinite(max) && max >= min))) {
    throw new Error(`BENCH_SOAK_THINK_MS: ${value} is not a number of milliseconds or a range like 500-2000`);
  }
  const high = max ?? min;
  return {
    label:
      high === 0
        ? 'none (stress: the next request as soon as the answer is in)'
        : min === high
          ? `${min} ms`
          : `${min}–${high} ms at random`,
    pause: (random: () => number) => min + random() * (high - min),
  };
}

export interface Step {
  route: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** Called with the body of a successful answer (an edited event's new revision). */
  done?: (body: string) => void;
}

export interface LifeEvent {
  id: string;
  revision: number;
  type: string;
  startDate: string;
  participants: { personId: string; role: string }[];
}

/** Births and deaths with a plain date (no end, no range), with their participants, to edit. */
export function lifeEventsOf(db: Db, treeId: string, count: number) {
  return queryRows<LifeEvent>(
    db,
    sql`select e.id, e.revision, e.type, e.start_date as "startDate",
          json_agg(json_build_object('personId', ep.person_id, 'role', ep.role) order by ep.position) as participants
        from event e join event_participant ep on ep.tree_id = e.tree_id and ep.event_id = e.id
        where e.tree_id = ${treeId} and e.type in ('birth', 'death') and e.start_date is not null
          and e.end_date is not distinct from e.start_date and e.start_date_type = 'exact'
        group by e.tree_id, e.id order by e.id limit ${count}`,
  );
}

/**
 * What a user does next, on the seeded tree. New children and births stop at the node budget, which
 * each run of the bench raises by its share (`grant`), so that runs compare like with like.
 */
export function scenarioOf(seeded: SeededTree, lifeEvents: LifeEvent[], editors: number) {
  let nodeBudget = 0;
  const { treeId, family, ids, places, placeIds } = seeded;
  const base = `/api/${treeId}`;
  const persons = [...ids.values()];
  const youngest = (family.generations.at(-1) ?? []).map((key) => ids.get(key) ?? '').filter(Boolean);
  const villages = places.filter((p) => p.type === 'By').map((p) => placeIds.get(p.key) ?? '');
  const queries = ['anna andersson', 'erik', 'åsa öberg', 'smed lund', 'kar', 'johan', 'maria nilsdotter'];
  const occupations = ['bonde', 'smed', 'torpare', 'dräng', 'piga', 'skräddare', 'soldat'];
  const pages = Math.floor(persons.length / 20);
  const pick = <T>(items: readonly T[], random: () => number) => items[Math.floor(random() * items.length)] as T;
  let added = 0;
  // Each editor edits events and records births of persons of their own, so two editors never
  // race for the same revision or give one person two births.
  const share = <T>(items: readonly T[], editor: number) =>
    items.filter((_, index) => index % Math.max(1, editors) === editor);
  const births = new Map<number, string[]>();
  const eventsOf = new Map<number, LifeEvent[]>();

  const reads: ((random: () => number) => Step)[] = [
    () => ({ route: 'GET mainnodes', method: 'GET', path: `${base}/mainnodes` }),
    (r) => ({ route: 'GET person/{id}', method: 'GET', path: `${base}/person/${pick(persons, r)}` }),
    (r) => ({ route: 'GET person/{id}/child', method: 'GET', path: `${base}/person/${pick(persons, r)}/child` }),
    (r) => ({
      route: 'GET person/{id}/ancestors/10',
      method: 'GET',
      path: `${base}/person/${pick(r() < 0.5 ? youngest : persons, r)}/ancestors/10`,
    }),
    (r) => ({
      route: 'GET person?sort=name&page=…',
      method: 'GET',
      path: `${base}/person?sort=name&page=${1 + Math.floor(r() * pages)}&pageSize=20`,
    }),
    (r) => ({
      route: 'GET person?q=… (search)',
      method: 'GET',
      path: `${base}/person?q=${encodeURIComponent(pick(queries, r))}&pageSize=20`,
    }),
    (r) =>
      villages.length > 0
        ? { route: 'GET location/{id}', method: 'GET', path: `${base}/location/${pick(villages, r)}` }
        : { route: 'GET mainnodes', method: 'GET', path: `${base}/mainnodes` },
    (r) => ({
      route: 'POST event/node/{id}',
      method: 'POST',
      path: `${base}/event/node/${pick(persons, r)}`,
      body: {},
    }),
    (r) => ({
      route: 'GET event?page=… (event list)',
      method: 'GET',
      path: `${base}/event?sort=date&page=${1 + Math.floor(r() * 5)}&pageSize=20`,
    }),
  ];
  // The person page is what users open most: its calls come up twice as often.
  const readWeights = [2, 3, 2, 1, 1, 1, 1, 2, 1];
  const readTable = reads.flatMap((read, i) => Array.from({ length: readWeights[i] ?? 1 }, () => read));

  type Write = (random: () => number, editor: number) => Step | undefined;
  const edits: Write[] = [
    (r) => ({
      route: 'PUT person/{id}/name',
      method: 'PUT',
      path: `${base}/person/${pick(persons, r)}/name`,
      body: { fName: pick(['Anna', 'Erik', 'Karin', 'Johan'], r), lName: `Soak${Math.floor(r() * 1000)}` },
    }),
    (r) => ({
      route: 'PUT person/{id}/occ',
      method: 'PUT',
      path: `${base}/person/${pick(persons, r)}/occ`,
      body: { occupation: pick(occupations, r) },
    }),
    (r) => ({
      route: 'PUT node/{id}/description',
      method: 'PUT',
      path: `${base}/node/${pick(persons, r)}/description`,
      body: { description: `Noted during the soak, ${Math.floor(r() * 1e6)}.` },
    }),
    (r) => ({
      route: 'POST note',
      method: 'POST',
      path: `${base}/note`,
      body: {
        note: { title: 'Soak', text: `<p>A note from the <em>soak</em> ${Math.floor(r() * 1e6)}.</p>` },
        connectedNodeIds: [pick(persons, r)],
      },
    }),
  ];
  const growth: Write[] = [
    (r) => {
      if (added >= nodeBudget) return undefined;
      added++;
      return {
        route: 'POST person (add a child)',
        method: 'POST',
        path: `${base}/person`,
        body: { person: { fName: 'Ny', lName: 'Soak' }, relation: { type: 'child', personId: pick(youngest, r) } },
      };
    },
    // A birth recorded: who is presumed living changes, and visitors' next reads bring the privacy
    // cache up to date (long ago: the person becomes public; recently: stays private).
    (r, editor) => {
      if (added >= nodeBudget) return undefined;
      const mine = births.get(editor) ?? share(persons, editor);
      births.set(editor, mine);
      const personId = mine.pop();
      if (!personId) return undefined;
      added++;
      return {
        route: 'POST event (a birth)',
        method: 'POST',
        path: `${base}/event`,
        body: {
          type: 'birth',
          startDate: String(r() < 0.7 ? 1750 + Math.floor(r() * 150) : 1950 + Math.floor(r() * 60)),
          participants: [{ personId, role: 'primary' }],
        },
      };
    },
  ];
  // With events seeded (the tree past the ceiling, nothing can be added): a birth or death a year
  // later or earlier.
  const lifeEdit: Write = (r, editor) => {
    const mine = eventsOf.get(editor) ?? share(lifeEvents, editor);
    eventsOf.set(editor, mine);
    const event = mine.length > 0 ? pick(mine, r) : undefined;
    if (!event) return undefined;
    const year = Number(event.startDate.slice(0, 4)) + (r() < 0.5 ? 1 : -1);
    const rest = event.startDate.slice(4);
    return {
      route: `PUT event/{id} (a ${event.type}'s date)`,
      method: 'PUT',
      path: `${base}/event/${event.id}`,
      body: {
        oldEvent: { id: event.id, revision: event.revision },
        newEvent: {
          type: event.type,
          startDate: `${String(year).padStart(4, '0')}${rest === '-02-29' ? '' : rest}`,
          participants: event.participants,
        },
      },
      done: (body) => {
        const answer = JSON.parse(body) as { event: { revision: number; startDate: string } };
        event.revision = answer.event.revision;
        event.startDate = answer.event.startDate;
      },
    };
  };
  const writes = [...edits, ...(lifeEvents.length > 0 ? [lifeEdit] : growth)];

  return {
    read: (random: () => number) => pick(readTable, random)(random),
    // Past the budget of new nodes, a rename instead.
    write: (random: () => number, editor: number): Step =>
      pick(writes, random)(random, editor) ?? (edits[0]?.(random, editor) as Step),
    added: () => added,
    grant: (nodes: number) => {
      nodeBudget = added + nodes;
    },
  };
}

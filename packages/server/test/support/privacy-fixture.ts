import { type ShareState, uuidv7 } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { RouteEntry } from '../../src/app.ts';
import { queryRows } from '../../src/db/rows.ts';
import { job } from '../../src/db/schema.ts';
import { upsertSubscription } from '../../src/modules/user/user.repository.ts';
import { createTree, signUp, type TestResponse } from './client.ts';
import { jpeg, upload } from './media.ts';
import { addMember } from './members.ts';
import type { TestApp } from './test-app.ts';

/**
 * A shared tree for the generated privacy tests: dead and living persons, where every text of the
 * living (names, nickname, occupation, description; their events' descriptions, causes, type names,
 * participant descriptions; their notes, citations and the notes on those) holds a marker
 * `LIVMARK<variant><nn>` and every text of the dead one `DEADMARK<nn>` that a visitor must see.
 *
 * Two variants, A and B, are built by the same requests in the same order and differ only in the
 * living persons' private data: their markers, their dates (birth, residence years, marriage, a
 * child's birth), their participant descriptions, R's gender and her revision. Every id gets a label (`person:R`, `event:R.birth`),
 * so that answers of the two trees can be compared after replacing ids by labels.
 *
 * The family: G (root, 1930–1990) and his son F (1960–2015) are dead, F's daughter D died as a
 * baby (1985–1986). F's partner M (born 1965) lives; their daughter R (born 2001 in A, 2003 in B)
 * lives, married P (living, no dates of his own), and has a son K (born 2021 / 2024). O was born in
 * 1800; his daughter Q was born in 2005 / 2006 and lives, whatever her father's age says. B alone
 * has a living X, one more event of R's and a citation of it under a record the dead cite too.
 */
export type Variant = 'A' | 'B';

export interface PrivacyFixture {
  variant: Variant;
  owner: Awaited<ReturnType<typeof signUp>>;
  treeId: string;
  token: string;
  /** label → id */
  ids: Record<string, string>;
  /** id (lower case) → label */
  labels: Map<string, string>;
  /** Every marker of the living persons' data in this variant. */
  livingMarkers: string[];
  /** Every marker of the dead persons' data (the same in both variants). */
  deadMarkers: string[];
}

/** Read routes a visitor may not call, each with why and the status every visitor request gets. */
export const readsNotForVisitors: Record<string, { status: number; reason: string }> = {
  'GET /api/user/:userId': { status: 401, reason: 'an account is read by its user only' },
  'GET /api/user/:userId/tree': { status: 401, reason: "a user's tree list is read by its user only" },
  'GET /api/user/:userId/tree/deleted': { status: 401, reason: "a user's deleted trees are read by its user only" },
  'GET /api/user/:userId/job': { status: 401, reason: "a user's imports are seen by that user only" },
  'GET /api/user/:userId/job/:jobId': { status: 401, reason: "a user's import is seen by that user only" },
  'GET /api/invitation/:treeId/:token': {
    status: 404,
    reason: 'an invitation link needs its secret, which a visitor of the tree does not have (members.test.ts)',
  },
  'GET /api/demo': { status: 404, reason: 'the demonstration tree is off in tests (a tree of its own, nobody living)' },
};

/**
 * What every visitor request of a read route gets when it is not for visitors: the status listed
 * above, or 403 where the route table declares that the route needs more than `read` (the duplicate
 * finder, the share state, the GEDCOM export), so that such a route needs no entry here and cannot be forgotten.
 */
export function visitorRefusalOf(route: RouteEntry): { status: number; reason: string } | undefined {
  const listed = readsNotForVisitors[`${route.method} ${route.url}`];
  if (listed) return listed;
  const needsMore = route.url.startsWith('/api/:treeId/') && route.access !== 'read';
  return needsMore ? { status: 403, reason: `declared ${route.access} in the route table` } : undefined;
}

/** Where the variants differ: the living persons' dates. */
export const privateDates = {
  A: {
    rBirth: '2001-05-07',
    residence: ['2010', '2015'],
    marriage: '2020-06-01',
    kBirth: '2021-02-03',
    qBirth: '2005-03-04',
  },
  B: {
    rBirth: '2003-08-19',
    residence: ['2012', '2019'],
    marriage: '2022-07-02',
    kBirth: '2024-09-10',
    qBirth: '2006-10-11',
  },
} as const;

/** Dates a visitor's queries probe with: around and between the variants' private dates. */
export const probeDates = ['2001-05-08', '2002-06-01', '2003-08-20', '2013', '2017', '2023'];

const year = 365 * 86_400_000;

async function ok<T>(response: Promise<TestResponse<T>>, what: string): Promise<T> {
  const answer = await response;
  if (answer.status !== 200 && answer.status !== 201) {
    throw new Error(`fixture: ${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/**
 * Builds the fixture. `deadTag` goes into the dead persons' markers (`DEADMARK<tag><nn>`): the same
 * in two trees compared with each other, different where a test must tell two trees' data apart.
 */
export async function buildPrivacyFixture(t: TestApp, variant: Variant, deadTag = ''): Promise<PrivacyFixture> {
  const owner = await signUp(t.app, { fName: 'Ägare' });
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, 'Markörträd');
  const api = `/api/${tree.id}`;
  const c = owner.client;
  const ids: Record<string, string> = { tree: tree.id, 'person:G': tree.rootId as string };
  const livingMarkers: string[] = [];
  const deadMarkers: string[] = [];
  let serial = 0;
  const live = () => {
    serial += 1;
    const marker = `LIVMARK${variant}${String(serial).padStart(2, '0')}`;
    livingMarkers.push(marker);
    return marker;
  };
  const dead = () => {
    serial += 1;
    const marker = `DEADMARK${deadTag}${String(serial).padStart(2, '0')}`;
    deadMarkers.push(marker);
    return marker;
  };
  const dates = privateDates[variant];

  // Places: a hierarchy the dead use, and Lysvik, used only by the living.
  const place = async (label: string, name: string, ancestor?: string, described = dead()) => {
    const body = { location: { name, description: described }, ancestorId: ancestor ? ids[ancestor] : null };
    const answer = await ok(c.post<{ location: { id: string } }>(`${api}/location`, body), `place ${label}`);
    ids[`place:${label}`] = answer.location.id;
  };
  await place('Värmland', 'Värmland');
  await place('Sunne', 'Sunne', 'place:Värmland');
  await place('VästraFors', 'Västra Fors', 'place:Sunne');
  await place('Lysvik', 'Lysvik', 'place:Sunne');

  // Sources: a repository and a record the dead cite, and a record only the living cite.
  const repository = await ok(
    c.post<{ id: string }>(`${api}/source/repository`, { repository: { title: 'Landsarkivet', city: dead() } }),
    'repository',
  );
  ids['repository:Arkiv'] = repository.id;
  const record = async (label: string, title: string) => {
    const body = { record: { title, originator: dead(), repositoryId: ids['repository:Arkiv'] } };
    ids[`record:${label}`] = (await ok(c.post<{ id: string }>(`${api}/source/record`, body), `record ${label}`)).id;
  };
  await record('Kyrkbok', 'Kyrkbok Sunne');
  await record('Födelsebok', 'Födelsebok Lysvik');

  // Persons. G is the tree's root, named here.
  const person = async (label: string, fields: Record<string, unknown>, relation?: Record<string, unknown>) => {
    const body = { person: fields, ...(relation ? { relation } : {}) };
    ids[`person:${label}`] = (await ok(c.post<{ id: string }>(`${api}/person`, body), `person ${label}`)).id;
  };
  const named = (marker: () => string, fName: string) => ({
    fName: `${fName} ${marker()}`,
    lName: marker(),
    pName: marker().slice(0, 30),
    occupation: marker(),
    description: marker(),
    gender: 'female',
  });
  await ok(c.put(`${api}/person/${ids['person:G']}`, { ...named(dead, 'Gustav'), gender: 'male' }), 'root G');
  await person('F', { ...named(dead, 'Fredrik'), gender: 'male' }, { type: 'child', personId: ids['person:G'] });
  await person('M', named(live, 'Maria'), { type: 'partner', personId: ids['person:F'] });
  // R's gender and revision are hers too: they differ between the variants (B's R was edited twice more).
  const r = { ...named(live, 'Rut'), gender: variant === 'A' ? 'female' : 'other' };
  await person('R', r, { type: 'child', personId: ids['person:F'], otherParentId: ids['person:M'] });
  if (variant === 'B') {
    await ok(c.put(`${api}/person/${ids['person:R']}/occ`, { occupation: 'Tillfällig' }), 'R edited');
    await ok(c.put(`${api}/person/${ids['person:R']}/occ`, { occupation: r.occupation }), 'R edited back');
  }
  await person('D', named(dead, 'Dagny'), { type: 'child', personId: ids['person:F'], otherParentId: ids['person:M'] });
  await person('P', { ...named(live, 'Per'), gender: 'male' }, { type: 'partner', personId: ids['person:R'] });
  await person('K', { ...named(live, 'Karl'), gender: 'male' }, { type: 'child', personId: ids['person:R'] });
  // Q's own recent birth keeps her living although her parent O was born in 1800 (issue 18, item 7).
  await person('O', { ...named(dead, 'Olof'), gender: 'male' });
  await person('Q', named(live, 'Queenie'), { type: 'child', personId: ids['person:O'] });
  // Other names (issue 19, item 14): a living person's are hers alone; a dead person's are public.
  const otherNames = (marker: () => string) => ({
    names: [
      { type: 'married', fName: marker(), lName: marker() },
      { type: 'variant', lName: marker(), fromDate: '1900' },
    ],
  });
  await ok(c.put(`${api}/person/${ids['person:M']}/names`, otherNames(live)), 'M other names');
  await ok(c.put(`${api}/person/${ids['person:D']}/names`, otherNames(dead)), 'D other names');

  // Events. A living person's event: every text a living marker, every date the variant's.
  const event = async (label: string, body: Record<string, unknown>) => {
    const answer = await ok(c.post<{ event: { id: string } }>(`${api}/event`, body), `event ${label}`);
    ids[`event:${label}`] = answer.event.id;
  };
  const who = (label: string, role = 'primary', description: string | null = null) => ({
    personId: ids[`person:${label}`],
    role,
    description,
  });
  const deadEvent = (type: string, startDate: string, placeLabel: string, participants: unknown[]) => ({
    type,
    startDate,
    locationId: ids[`place:${placeLabel}`],
    description: dead(),
    causeOfEvent: dead(),
    participants,
  });
  await event('G.birth', deadEvent('birth', '1930-01-02', 'VästraFors', [who('G', 'primary', dead())]));
  await event('G.death', deadEvent('death', '1990-03-04', 'Sunne', [who('G', 'primary', dead())]));
  await event('F.birth', deadEvent('birth', '1960-05-06', 'VästraFors', [who('F'), who('G', 'parent', dead())]));
  await event('F.death', deadEvent('death', '2015-07-08', 'Sunne', [who('F', 'primary', dead())]));
  await event('F.residence', {
    ...deadEvent('residence', '1980', 'Sunne', [who('F', 'primary', dead())]),
    endDate: '2000',
    startDateType: 'between',
  });
  await event('D.birth', deadEvent('birth', '1985-09-10', 'Sunne', [who('D'), who('F', 'parent', dead())]));
  await event('D.death', deadEvent('death', '1986-11-12', 'Sunne', [who('D')]));

  const liveEvent = (type: string, startDate: string, placeLabel: string, participants: unknown[]) => ({
    type,
    startDate,
    locationId: ids[`place:${placeLabel}`],
    description: live(),
    causeOfEvent: live(),
    participants,
  });
  await event('M.birth', liveEvent('birth', '1965-01-01', 'Sunne', [who('M', 'primary', live())]));
  // R's birth: her dead father is a participant with a description of his own in a private event.
  await event(
    'R.birth',
    liveEvent('birth', dates.rBirth, 'Lysvik', [
      who('R', 'primary', live()),
      who('F', 'parent', live()),
      who('M', 'parent', live()),
    ]),
  );
  // R's residence at Sunne, where her dead father lived too: only the years differ between variants.
  await event('R.residence', {
    ...liveEvent('residence', dates.residence[0], 'Sunne', [who('R', 'primary', live()), who('F', 'other', live())]),
    endDate: dates.residence[1],
    startDateType: 'between',
  });
  await event('R.marriage', liveEvent('marriage', dates.marriage, 'Lysvik', [who('R'), who('P', 'primary', live())]));
  await event('K.birth', liveEvent('birth', dates.kBirth, 'Lysvik', [who('K'), who('R', 'parent', live())]));
  await event('O.birth', deadEvent('birth', '1800-04-05', 'Sunne', [who('O', 'primary', dead())]));
  await event('Q.birth', liveEvent('birth', dates.qBirth, 'Sunne', [who('Q', 'primary', live())]));
  await event('R.other', { ...liveEvent('other', dates.marriage, 'Sunne', [who('R')]), typeName: live() });

  // Citations, with notes on them.
  const citation = async (label: string, recordLabel: string, nodeLabel: string, marker: () => string) => {
    const body = {
      citation: {
        sourceRecordId: ids[`record:${recordLabel}`],
        whereWithinSourceText: marker(),
        textFromSource: `<p>${marker()}</p>`,
        eventCitedFrom: marker(),
        entryRecordingDate: marker(),
      },
      nodeId: ids[nodeLabel],
    };
    ids[`citation:${label}`] = (await ok(c.post<{ id: string }>(`${api}/source/citation`, body), label)).id;
  };
  await citation('G.death', 'Kyrkbok', 'event:G.death', dead);
  await citation('R.birth', 'Födelsebok', 'event:R.birth', live);
  await citation('R.marriage', 'Kyrkbok', 'event:R.marriage', live);

  const note = async (label: string, nodeLabels: string[], marker: () => string, sourceLabels: string[] = []) => {
    const body = {
      note: { title: marker(), text: `<p>${marker()}</p>`, sourceIds: sourceLabels.map((each) => ids[each]) },
      connectedNodeIds: nodeLabels.map((each) => ids[each]),
    };
    ids[`note:${label}`] = (await ok(c.post<{ id: string }>(`${api}/note`, body), `note ${label}`)).id;
  };
  await note('G', ['person:G'], dead, ['citation:G.death']);
  await note('G.death', ['event:G.death'], dead);
  await note('citation:G.death', ['citation:G.death'], dead);
  await note('R', ['person:R'], live, ['citation:R.birth']);
  await note('R.birth', ['event:R.birth'], live);
  await note('citation:R.birth', ['citation:R.birth'], live);
  await note('K', ['person:K'], live);

  // Media (issue 22): an image of the dead G, his portrait, and one of the living R, her portrait.
  const media = async (label: string, personLabel: string, marker: () => string, width: number) => {
    const file = { name: `${label}.jpg`, bytes: await jpeg(width, 40) };
    const fields = {
      title: marker(),
      description: marker(),
      nodeId: ids[`person:${personLabel}`] as string,
      nodeKind: 'person',
    };
    const answer = await ok(upload<{ media: { id: string } }>(c, tree.id, file, fields), `media ${label}`);
    ids[`media:${label}`] = answer.media.id;
    const crop = { x: 0.1, y: 0.1, width: 0.5, height: 0.5 };
    await ok(
      c.put(`${api}/person/${ids[`person:${personLabel}`]}/portrait`, { mediaId: answer.media.id, crop }),
      `portrait ${label}`,
    );
  };
  await media('G', 'G', dead, 60);
  await media('R', 'R', live, 61);

  // Only in B: a living person with no relatives, one more event of R's, and a citation of that event
  // under Kyrkbok, which the dead cite too. Their existence is theirs: a visitor's lists and counts
  // (issue 18, item 6; a record's citations and their count) must not show it.
  if (variant === 'B') {
    const x = await ok(c.post<{ id: string }>(`${api}/person`, { person: named(live, 'Xena') }), 'person X');
    const xLives = [{ personId: x.id, role: 'primary', description: live() }];
    await ok(c.post(`${api}/event`, liveEvent('residence', '2021', 'Lysvik', xLives)), 'event X');
    const extra = await ok(
      c.post<{ event: { id: string } }>(`${api}/event`, liveEvent('occupation', '2019', 'Sunne', [who('R')])),
      'event R.extra',
    );
    const cited = { sourceRecordId: ids['record:Kyrkbok'], whereWithinSourceText: live(), textFromSource: live() };
    await ok(c.post(`${api}/source/citation`, { citation: cited, nodeId: extra.event.id }), 'citation R.extra');
  }
  const share = await ok(c.put<ShareState>(`${api}/share`, { enabled: true }), 'share');
  // A contributor's proposal waiting for review (issue 26), about a dead person: the routes of
  // proposals have one to answer about (a visitor sees none).
  const contributor = await signUp(t.app, { fName: 'Bidrag' });
  await addMember(c, tree.id, contributor, 'contributor');
  const proposed = await contributor.client.put<{ proposal: { id: string } }>(`${api}/person/${ids['person:G']}/occ`, {
    occupation: `Föreslagen ${deadTag}`,
  });
  if (proposed.status !== 202) throw new Error(`proposal: ${proposed.status} ${JSON.stringify(proposed.body)}`);
  ids['proposal:P'] = proposed.body.proposal.id;
  // A finished import job of the owner (the job routes are the user's own: GET must answer the owner).
  ids['job:import'] = uuidv7();
  await t.database.db.insert(job).values({
    id: ids['job:import'],
    treeId: tree.id,
    kind: 'gedcomImport',
    state: 'done',
    input: { treeName: 'Markörträd' },
    createdBy: owner.user.id,
    finishedAt: new Date(),
  });
  const labels = new Map(Object.entries(ids).map(([label, id]) => [id.toLowerCase(), label]));
  // Whatever the requests made on their own (none expected): labelled by kind and order, the same in both variants.
  const tables = [
    'person',
    'person_name',
    'event',
    'location',
    'note',
    'citation',
    'source_record',
    'repository',
    'media_object',
  ];
  for (const table of tables) {
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql.raw(`select id::text as id from "${table}" where tree_id = '${tree.id}' order by id`),
    );
    let n = 0;
    for (const { id } of rows) {
      if (labels.has(id.toLowerCase())) continue;
      n += 1;
      labels.set(id.toLowerCase(), `${table}#${n}`);
      ids[`${table}#${n}`] = id;
    }
  }
  return {
    variant,
    owner,
    treeId: tree.id,
    token: share.token as string,
    ids,
    labels,
    livingMarkers,
    deadMarkers,
  };
}

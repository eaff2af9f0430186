import { randomBytes } from 'node:crypto';
import {
  eventDateIsoRange,
  eventRuleIssues,
  foldForSearch,
  personSearchText,
  personSortKey,
  resolveEventDate,
  swedishSortKey,
  treeNameKey,
  uuidv7,
} from '@anor/core';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/client.ts';
import * as demo from '../modules/demo/demo.repository.ts';
import { demoEmail } from '../modules/demo/demo.service.ts';
import { type DrainedRows, emptyPlan, type ImportPlan } from '../modules/gedcom/gedcom.plan.ts';
import { insertDrained, insertRest } from '../modules/gedcom/gedcom.repository.ts';
import { sanitizeRichText } from '../modules/note/rich-text.ts';
import { recomputeRootRelations, setRoot } from '../modules/person/person.repository.ts';
import * as trees from '../modules/tree/tree.repository.ts';
import { upsertSubscription } from '../modules/user/user.repository.ts';
import {
  demoCitations,
  demoEvents,
  demoNotes,
  demoPartners,
  demoPersons,
  demoPlaces,
  demoRecords,
  demoRepositories,
  demoRootKey,
  demoTreeName,
} from './demo-family.ts';

/**
 * The landing page's "see example": a shared, fictional demonstration tree that the server
 * creates at its first start (DEMO_TREE, on by default). Its owner is a user nobody can sign in
 * as (a random password, never shown) with a yearly plan that does not end, so that the share
 * link keeps working. Created once, in one transaction under an advisory lock, so that several
 * instances starting together create it once; later starts only look it up.
 */

/** The plan of the demo owner: a shared tree is shown while the owner's subscription is valid. */
export const demoValidUntil = new Date('9999-12-31T23:59:59.999Z');

export interface DemoTree {
  treeId: string;
  token: string;
  /** Whether this call created it. */
  created: boolean;
}

/** Creates the demonstration tree unless it exists; answers its tree and share token. */
export async function ensureDemoTree(db: Db): Promise<DemoTree> {
  const found = await demo.findDemo(db, demoEmail);
  if (found?.treeId && found.shareToken) return { treeId: found.treeId, token: found.shareToken, created: false };
  // Hashed before the transaction: it takes a moment, and nobody will ever type this password.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    await demo.lockDemo(tx);
    const existing = await demo.findDemo(tx, demoEmail);
    if (existing?.treeId && existing.shareToken) {
      return { treeId: existing.treeId, token: existing.shareToken, created: false };
    }
    // Created in one transaction, so a demo owner always has the shared tree. An account with this
    // address but without it is someone else's (registered while the demo was off): never adopt it.
    if (existing) throw new Error(`${demoEmail} belongs to an account that is not the demonstration tree's owner`);
    const userId = uuidv7();
    await demo.insertDemoUser(tx, { id: userId, accountId: uuidv7(), name: 'Anor', email: demoEmail, passwordHash });
    await upsertSubscription(tx, userId, 'yearly', demoValidUntil);
    const treeId = uuidv7();
    await trees.insertTree(tx, {
      id: treeId,
      ownerId: userId,
      name: demoTreeName,
      nameKey: treeNameKey(demoTreeName),
      rootId: null,
    });
    const { rows, plan, rootId } = buildDemoPlan();
    await insertDrained((work) => work(tx), treeId, rows);
    await insertRest((work) => work(tx), treeId, plan);
    await setRoot(tx, treeId, rootId);
    await recomputeRootRelations(tx, treeId);
    const token = randomBytes(24).toString('base64url');
    await demo.setShareToken(tx, treeId, token);
    return { treeId, token, created: true };
  });
}

/**
 * The demo family as the rows of an import plan (ids given, written set-wise by the GEDCOM
 * import's writer: one statement per table). Every event passes the same rules as the API's.
 */
export function buildDemoPlan(): { rows: DrainedRows; plan: ImportPlan; rootId: string } {
  const ids = new Map<string, string>();
  const idOf = (kind: string, key: string): string => {
    const id = ids.get(`${kind}:${key}`);
    if (!id) throw new Error(`demo tree: unknown ${kind} ${key}`);
    return id;
  };
  const give = (kind: string, key: string) => {
    const id = uuidv7();
    ids.set(`${kind}:${key}`, id);
    return id;
  };
  const gedcomFields = {
    gedcomId: null,
    automatedRecordId: null,
    userReferenceNumber: null,
    userReferenceType: null,
    gedcomChangeDate: null,
  };

  const rows: DrainedRows = {
    persons: [],
    locations: [],
    events: [],
    notes: [],
    media: [],
    repositories: [],
    records: [],
    citations: [],
    participants: [],
    citationLinks: [],
    noteLinks: [],
    mediaLinks: [],
  };
  const plan = emptyPlan();

  for (const p of demoPersons) {
    const occupation = p.occupation ?? null;
    rows.persons.push({
      id: give('person', p.key),
      fName: p.fName,
      pName: null,
      lName: p.lName,
      gender: p.gender,
      occupation,
      description: p.description ?? null,
      searchText: personSearchText([{ fName: p.fName, lName: p.lName }], occupation),
      sortKey: personSortKey({ fName: p.fName, lName: p.lName }),
    });
  }
  for (const p of demoPersons) {
    for (const parent of p.parents ?? []) {
      plan.parentLinks.push({ parentId: idOf('person', parent), childId: idOf('person', p.key), line: 0 });
    }
  }
  for (const [a, b] of demoPartners) {
    const [personA, personB] = [idOf('person', a), idOf('person', b)].sort() as [string, string];
    plan.partnerLinks.push({ personA, personB });
  }

  for (const place of demoPlaces) {
    rows.locations.push({
      id: give('place', place.key),
      parentId: place.parent === null ? null : idOf('place', place.parent),
      name: place.name,
      nameKey: foldForSearch(place.name),
      sortKey: swedishSortKey(place.name),
      type: place.type,
      lat: place.lat,
      lng: place.lng,
    });
  }

  for (const r of demoRepositories) {
    rows.repositories.push({
      id: give('repository', r.key),
      title: r.title,
      titleKey: foldForSearch(r.title),
      address: r.address ?? null,
      city: r.city,
      state: null,
      postalCode: r.postalCode ?? null,
      country: r.country,
      phone: null,
      email: null,
      fax: null,
      www: r.www,
    });
  }
  for (const r of demoRecords) {
    rows.records.push({
      id: give('record', r.key),
      repositoryId: idOf('repository', r.repository),
      title: r.title,
      titleKey: foldForSearch(r.title),
      originator: r.originator,
      filedByEntry: null,
      publicationFacts: null,
      url: null,
    });
  }
  for (const c of demoCitations) {
    rows.citations.push({
      id: give('citation', c.key),
      recordId: idOf('record', c.record),
      whereWithinSourceText: c.page,
      whereWithinSourceUrl: null,
      textFromSource: sanitizeRichText(c.text),
      searchText: foldForSearch(c.page),
      eventCitedFrom: null,
      eventCitedFromRole: null,
      entryRecordingDate: null,
      certaintyAssessment: null,
    });
  }

  /** The first event of a type with the person as primary participant, for notes. */
  const eventOf = new Map<string, string>();
  for (const e of demoEvents) {
    const id = uuidv7();
    const dates = resolveEventDate({
      startDate: e.date,
      startDateType: e.dateType ?? 'exact',
      endDate: e.endDate ?? null,
      endDateType: e.endDate ? 'exact' : null,
    });
    const participants = e.participants.map(([key, role], position) => ({
      eventId: id,
      personId: idOf('person', key),
      role,
      description: null,
      ...resolveEventDate(null),
      position,
    }));
    const [issue] = eventRuleIssues({
      type: e.type,
      subtype: null,
      causeOfEvent: e.cause ?? null,
      hasLocation: e.place !== undefined,
      ...dates,
      participants,
    });
    if (issue) throw new Error(`demo tree: a ${e.type} of ${e.participants[0]?.[0]} breaks ${issue.code}`);
    const range = eventDateIsoRange(dates);
    rows.events.push({
      id,
      values: {
        type: e.type,
        subtype: null,
        typeName: null,
        typeNameVerb: null,
        ...dates,
        dateFrom: range?.from ?? null,
        dateTo: range?.to ?? null,
        causeOfEvent: e.cause ?? null,
        description: e.description ?? null,
        dateText: null,
        locationId: e.place ? idOf('place', e.place) : null,
      },
      participants: [],
    });
    rows.participants.push(...participants);
    (e.citations ?? []).forEach((key, position) => {
      rows.citationLinks.push({ targetId: idOf('citation', key), nodeId: id, nodeKind: 'event', position });
    });
    const primary = e.participants[0]?.[0];
    if (primary && !eventOf.has(`${e.type}:${primary}`)) eventOf.set(`${e.type}:${primary}`, id);
  }

  // The household examination cited on the farm itself, as a researcher notes where a place is described.
  rows.citationLinks.push({
    targetId: idOf('citation', 'aiLindasen1846'),
    nodeId: idOf('place', 'lindasen'),
    nodeKind: 'location',
    position: 0,
  });

  for (const n of demoNotes) {
    const id = uuidv7();
    rows.notes.push({ id, title: n.title, text: sanitizeRichText(n.text), ...gedcomFields });
    const on = n.on;
    const [nodeId, nodeKind] =
      'place' in on
        ? [idOf('place', on.place), 'location' as const]
        : 'event' in on
          ? [eventOf.get(`${on.event}:${on.person}`), 'event' as const]
          : [idOf('person', on.person), 'person' as const];
    if (!nodeId) throw new Error(`demo tree: no event for the note ${n.title}`);
    rows.noteLinks.push({ targetId: id, nodeId, nodeKind, position: 0 });
  }

  return { rows, plan, rootId: idOf('person', demoRootKey) };
}

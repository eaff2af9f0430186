import {
  dateTextSqlRange,
  type ErrorCode,
  type Event,
  type EventListQuery,
  type EventType,
  eventDateIsoRange,
  type eventInputSchema,
  eventRuleIssues,
  isAlternative,
  oncePerPersonTypes,
  type PersonSummary,
  type possibleParticipantsQuerySchema,
  privacyRule,
  resolveEventDate,
  searchTerms,
  takesTypeName,
  uuidv7,
  withNormalisedRoles,
} from '@anor/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import * as places from '../location/location.repository.ts';
import { findOrCreateTypedPlace } from '../location/location.service.ts';
import { attachmentsOf, saveNewNotes, setSources } from '../note/attachments.ts';
import { lifeYearsOf } from '../person/person.life-years.ts';
import * as persons from '../person/person.repository.ts';
import { isPublicEvent, publicPersonIds } from '../privacy/privacy.repository.ts';
import { leavesOutPrivate } from '../privacy/visitor-scope.ts';
import { assertWithinLimits } from '../tree/tree.access.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import type { TreeAccessRow } from '../tree/tree.repository.ts';
import { compare, inputOf, participantInput, sameParticipants } from './event.changes.ts';
import { clampToLife, type LifeSpan, lifeSpansOf } from './event.life.ts';
import {
  type KnownParticipantValues,
  type NewPersonWrite,
  withNewPersonIds,
  writeNewPersons,
} from './event.new-persons.ts';
import * as events from './event.repository.ts';

export type EventValues = z.output<typeof eventInputSchema>;
type PossibleParticipantsQuery = z.output<typeof possibleParticipantsQuerySchema>;

/** Lists of events answer at most this many (a person's events, a place's events, contemporaries). */
const LIST_LIMIT = 1000;

function fail(code: ErrorCode, path: (string | number)[], values?: Record<string, string | number>): never {
  throw new AppError(code, { path, ...(values ? { values } : {}) });
}

/** The values to store for an event: roles mapped, dates normalised, the rules of SPEC §5 checked. */
function prepare(input: EventValues): {
  values: Omit<events.EventWrite, 'locationId'>;
  participants: events.ParticipantWrite[];
  /** The persons of new participants (SPEC §3 `isNew`), to write before the event. */
  newPersons: NewPersonWrite[];
} {
  const dates = resolveEventDate(input);
  const withIds = withNewPersonIds(input.participants);
  const participants = withNormalisedRoles(input.type, withIds.participants).map((participant) => ({
    personId: participant.personId,
    role: participant.role,
    description: participant.description,
    ...resolveEventDate(participant),
  }));
  const [issue] = eventRuleIssues({
    type: input.type,
    subtype: input.subtype ?? null,
    causeOfEvent: input.causeOfEvent,
    hasLocation: Boolean(input.locationId || input.location?.trim()),
    ...dates,
    participants,
  });
  if (issue) fail(issue.code, issue.path, issue.values);
  const bounds = eventDateIsoRange(dates);
  return {
    values: {
      type: input.type,
      subtype: input.subtype ?? null,
      typeName: takesTypeName(input.type) ? input.typeName : null,
      typeNameVerb: input.type === 'other' ? input.typeNameVerb : null,
      ...dates,
      dateFrom: bounds?.from ?? null,
      dateTo: bounds?.to ?? null,
      causeOfEvent: input.causeOfEvent,
      description: input.description,
    },
    participants,
    newPersons: withIds.newPersons,
  };
}

export function createEventService({ db, livingYears = privacyRule.livingYears }: { db: Db; livingYears?: number }) {
  const { read, write, counted } = createTreeGate(db);

  /**
   * Full events in the order of `ids`, in a few set-based queries whatever their number; the
   * participants carry their life years and birthplace (issue 19 item 12), for a visitor
   * (`onlyPublic`) read from events without a living participant only.
   */
  async function loadMany(
    tx: Db,
    treeId: string,
    ids: readonly string[],
    options: { onlyPublic?: boolean } = {},
  ): Promise<Event[]> {
    const rows = await events.findEventRows(tx, treeId, ids);
    const participants = await events.participantsOf(tx, treeId, ids);
    const years = await lifeYearsOf(
      tx,
      treeId,
      participants.map((p) => p.personId),
      options,
    );
    const locationIds = [...new Set(rows.flatMap((row) => (row.locationId ? [row.locationId] : [])))];
    const paths = new Map((await events.placePaths(tx, treeId, locationIds)).map((path) => [path.id, path]));
    const byEvent = new Map<string, events.ParticipantRow[]>();
    for (const participant of participants) {
      const list = byEvent.get(participant.eventId);
      if (list) list.push(participant);
      else byEvent.set(participant.eventId, [participant]);
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    const attached = await attachmentsOf(tx, treeId, ids);
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const path = row.locationId ? paths.get(row.locationId) : undefined;
      return [
        {
          id: row.id,
          treeId,
          type: row.type as EventType,
          subtype: row.subtype,
          typeName: row.typeName,
          typeNameVerb: row.typeNameVerb,
          ...resolveEventDate(row),
          dateText: row.dateText,
          causeOfEvent: row.causeOfEvent,
          description: row.description,
          location: path
            ? {
                id: path.id,
                name: path.name,
                text: path.text,
                coordinates: path.lat !== null && path.lng !== null ? { lat: path.lat, lng: path.lng } : null,
              }
            : null,
          participants: (byEvent.get(id) ?? []).map((p) => ({
            id: p.id,
            personId: p.personId,
            fName: p.fName,
            pName: p.pName,
            lName: p.lName,
            gender: p.gender,
            occupation: p.occupation,
            rootRelation: p.rootRelation,
            portrait: p.portrait ?? null,
            born: years.get(p.personId)?.born ?? null,
            died: years.get(p.personId)?.died ?? null,
            birthPlace: years.get(p.personId)?.birthPlace ?? null,
            role: p.role,
            description: p.description,
            ...resolveEventDate(p),
          })),
          sources: attached.get(id)?.sources ?? [],
          notes: attached.get(id)?.notes ?? [],
          revision: row.revision,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        },
      ];
    });
  }

  async function load(tx: Db, treeId: string, id: string, options: { onlyPublic?: boolean } = {}): Promise<Event> {
    const [found] = await loadMany(tx, treeId, [id], options);
    if (!found) throw new AppError('events.error.notFound');
    return found;
  }

  /** The event's place: an existing one by id, or a typed one found or created level by level. */
  async function resolvePlace(tx: Db, treeId: string, input: EventValues) {
    if (input.locationId) {
      if (!(await places.findLocation(tx, treeId, input.locationId))) fail('location.error.notFound', ['locationId']);
      return { locationId: input.locationId, created: 0 };
    }
    if (input.location?.trim()) {
      const { id, created } = await findOrCreateTypedPlace(tx, treeId, input.location);
      return { locationId: id, created };
    }
    return { locationId: null, created: 0 };
  }

  async function assertPersonsExist(
    tx: Db,
    treeId: string,
    participants: readonly events.ParticipantWrite[],
    newPersons: readonly NewPersonWrite[],
  ) {
    const ids = participants.map((p) => p.personId);
    const found = await persons.existingIds(tx, treeId, ids);
    for (const created of newPersons) found.add(created.id);
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing !== -1) fail('person.error.notFound', ['participants', missing, 'personId']);
  }

  /**
   * Birth and death happen once: a person already primary in one cannot be primary in another.
   * An alternative birth or death (subtype) stands beside it and is not counted.
   */
  async function assertOncePerPerson(
    tx: Db,
    treeId: string,
    type: EventType,
    subtype: string | null,
    participants: readonly events.ParticipantWrite[],
    exceptId: string | null,
  ) {
    if (!(oncePerPersonTypes as readonly string[]).includes(type) || isAlternative({ subtype })) return;
    const primaries = participants.filter((p) => p.role === 'primary').map((p) => p.personId);
    const taken = await events.primaryOfType(tx, treeId, primaries, type, exceptId);
    if (taken.length > 0) throw new AppError('events.validation.alreadyHasEvent', { personIds: taken, type });
  }

  /** Validates and writes new events in the open transaction; answers their ids and how many places were created. */
  async function insertAll(tx: Db, access: TreeAccessRow, inputs: readonly EventValues[]) {
    const treeId = access.id;
    const prepared = inputs.map(prepare);
    // Where an error points: a single event's fields, or within the bulk body's events.
    const at = (index: number, path: (string | number)[]) => (inputs.length > 1 ? ['events', index, ...path] : path);

    // Every participant of every event exists: one query for the whole batch.
    const personIds = prepared.flatMap((item) => item.participants.map((p) => p.personId));
    const found = await persons.existingIds(tx, treeId, personIds);
    const newPersons = prepared.flatMap((item) => item.newPersons);
    for (const created of newPersons) found.add(created.id);
    prepared.forEach((item, index) => {
      const missing = item.participants.findIndex((p) => !found.has(p.personId));
      if (missing !== -1) fail('person.error.notFound', at(index, ['participants', missing, 'personId']));
    });

    // Births and deaths happen once: against the stored events and within the batch, one query per type.
    for (const type of oncePerPersonTypes) {
      const primaries = prepared
        .filter((item) => item.values.type === type && !isAlternative(item.values))
        .flatMap((item) => item.participants.filter((p) => p.role === 'primary').map((p) => p.personId));
      const twice = primaries.filter((id, i) => primaries.indexOf(id) !== i);
      const taken = [...twice, ...(await events.primaryOfType(tx, treeId, primaries, type, null))];
      if (taken.length > 0) throw new AppError('events.validation.alreadyHasEvent', { personIds: taken, type });
    }

    // Places: the shared residences of a household name the same place, resolved once.
    let created = 0;
    const places = new Map<string, string | null>();
    const rows: events.NewEvent[] = [];
    for (const [index, input] of inputs.entries()) {
      const item = prepared[index] as (typeof prepared)[number];
      const key = input.locationId ? `id:${input.locationId}` : `text:${input.location?.trim() ?? ''}`;
      let locationId = places.get(key);
      if (locationId === undefined) {
        const place = await resolvePlace(tx, treeId, input);
        created += place.created;
        locationId = place.locationId;
        places.set(key, locationId);
      }
      rows.push({ id: uuidv7(), values: { ...item.values, locationId }, participants: item.participants });
    }
    // New participants' persons first: the events' participant rows name them.
    await writeNewPersons(tx, treeId, newPersons, counted);
    await events.insertEvents(tx, treeId, rows);
    for (const [index, input] of inputs.entries()) {
      const id = (rows[index] as events.NewEvent).id;
      if (input.sourceIds?.length) await setSources(tx, access, id, 'event', input.sourceIds);
      await saveNewNotes(tx, treeId, id, 'event', input.newNotes);
    }
    const tree = await counted(tx, treeId);
    // Counted after inserting (the counters are in this transaction): over a limit rolls back.
    assertWithinLimits(tree, 'events', 0);
    if (created > 0) assertWithinLimits(tree, 'locations', 0);
    return { ids: rows.map((row) => row.id), created };
  }

  async function requireEvent(tx: Db, treeId: string, id: string) {
    const [row] = await events.findEventRows(tx, treeId, [id]);
    if (!row) throw new AppError('events.error.notFound');
    return row;
  }

  /** Writes a change of participants as a change of their event: validated as a whole, a new revision. */
  async function rewriteParticipants(
    tx: Db,
    treeId: string,
    id: string,
    change: (current: Event) => EventValues['participants'],
  ) {
    const current = await load(tx, treeId, id);
    const input: EventValues = { ...inputOf(current), participants: change(current) };
    const item = prepare(input);
    await assertPersonsExist(tx, treeId, item.participants, item.newPersons);
    await assertOncePerPerson(tx, treeId, current.type, current.subtype, item.participants, id);
    await events.replaceParticipants(tx, treeId, id, item.participants);
    await events.touchEvent(tx, treeId, id);
    return load(tx, treeId, id);
  }

  return {
    async list(treeId: string, viewer: Viewer, query: EventListQuery) {
      await read(treeId, viewer);
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      const { ids, total } = await events.listEventIds(db, treeId, {
        onlyPublic,
        type: query.type,
        terms: searchTerms(query.q ?? ''),
        sort: query.sort,
        direction: query.direction,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: await loadMany(db, treeId, ids, { onlyPublic }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(treeId: string, viewer: Viewer, id: string) {
      await read(treeId, viewer);
      return load(db, treeId, id, { onlyPublic: await leavesOutPrivate(db, treeId, viewer, livingYears) });
    },

    /** A node's events: a person's (optionally only as primary, without some types) or a place's. */
    async ofNode(
      treeId: string,
      viewer: Viewer,
      nodeId: string,
      filter: { excludeEventTypes?: EventType[]; onlyPrimary?: boolean },
    ) {
      await read(treeId, viewer);
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      if (await persons.findPerson(db, treeId, nodeId)) {
        const ids = await events.eventIdsOfPerson(db, treeId, nodeId, {
          excludeTypes: filter.excludeEventTypes,
          onlyPrimary: filter.onlyPrimary,
          onlyPublic,
        });
        return { events: await loadMany(db, treeId, ids, { onlyPublic }) };
      }
      if (await places.findLocation(db, treeId, nodeId)) {
        const ids = await events.eventIdsAtPlaces(db, treeId, [nodeId], null, LIST_LIMIT, onlyPublic);
        const excluded = new Set<string>(filter.excludeEventTypes ?? []);
        return { events: (await loadMany(db, treeId, ids, { onlyPublic })).filter((e) => !excluded.has(e.type)) };
      }
      throw new AppError('common.error.notFound');
    },

    async ofPersonTypes(treeId: string, viewer: Viewer, personId: string, types: EventType[]) {
      await read(treeId, viewer);
      if (!(await persons.findPerson(db, treeId, personId))) throw new AppError('person.error.notFound');
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      const ids = await events.eventIdsOfPerson(db, treeId, personId, { types, onlyPublic });
      return { events: await loadMany(db, treeId, ids, { onlyPublic }) };
    },

    /** A place's events of a type ('all' for every type), with includeDescendants those of the places below. */
    async atPlace(
      treeId: string,
      viewer: Viewer,
      locationId: string,
      type: EventType | 'all',
      includeDescendants: boolean,
    ) {
      await read(treeId, viewer);
      if (!(await places.findLocation(db, treeId, locationId))) throw new AppError('location.error.notFound');
      const below = includeDescendants ? (await places.descendantsOf(db, treeId, locationId)).map((d) => d.id) : [];
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      const ids = await events.eventIdsAtPlaces(
        db,
        treeId,
        [locationId, ...below],
        type === 'all' ? null : type,
        LIST_LIMIT,
        onlyPublic,
      );
      return { events: await loadMany(db, treeId, ids, { onlyPublic }) };
    },

    /**
     * Events of the given types at the same time as this one (their date intervals overlap); for
     * residences at the same place or a place below it: the contemporary residences of SPEC §5.
     */
    async simultaneous(treeId: string, viewer: Viewer, id: string, types: EventType[]) {
      await read(treeId, viewer);
      const row = await requireEvent(db, treeId, id);
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      // A visitor learns nothing from a private event's dates and place, not even what overlaps them.
      if (onlyPublic && !(await isPublicEvent(db, treeId, id))) return { events: [] };
      if (row.dateFrom === null && row.dateTo === null) return { events: [] };
      let locationIds: string[] | null = null;
      if (row.locationId) {
        const below = await places.descendantsOf(db, treeId, row.locationId);
        locationIds = [row.locationId, ...below.map((d) => d.id)];
      }
      const ids = await events.overlappingEventIds(db, treeId, {
        from: row.dateFrom,
        to: row.dateTo,
        types,
        locationIds,
        exceptId: id,
        limit: LIST_LIMIT,
        onlyPublic,
      });
      return { events: await loadMany(db, treeId, ids, { onlyPublic }) };
    },

    /**
     * The residence wizard's candidates (SPEC §5): the person's partners, children, parents and
     * siblings, each with the planned dates clamped to their life, or why they cannot take part.
     * A visitor's answer is computed from public data only (issue 18): living relatives are left
     * out, and the lives and similar events of the others are read from events without a living
     * participant, so no reason, availability or date in it depends on a living person's data.
     */
    async possibleParticipants(
      treeId: string,
      viewer: Viewer,
      personId: string,
      type: EventType,
      query: PossibleParticipantsQuery,
    ) {
      await read(treeId, viewer);
      if (!(await persons.findPerson(db, treeId, personId))) throw new AppError('person.error.notFound');
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      let family: { person: PersonSummary; relation: 'partner' | 'child' | 'parent' | 'sibling' }[] = [
        ...(await persons.partnersOf(db, treeId, personId)).map((p) => ({ person: p, relation: 'partner' as const })),
        ...(await persons.childrenOf(db, treeId, personId)).map((p) => ({ person: p, relation: 'child' as const })),
        ...(await persons.parentsOf(db, treeId, personId)).map((p) => ({ person: p, relation: 'parent' as const })),
        ...(await persons.siblingsOf(db, treeId, personId)).map((p) => ({ person: p, relation: 'sibling' as const })),
      ];
      if (onlyPublic) {
        const shown = await publicPersonIds(db, treeId, [...new Set(family.map((f) => f.person.id))]);
        family = family.filter((f) => shown.has(f.person.id));
      }
      const planned = resolveEventDate(query);
      const bounds = eventDateIsoRange(planned) ?? { from: null, to: null };
      const ids = family.map((f) => f.person.id);
      const lives: Map<string, LifeSpan> = await lifeSpansOf(db, treeId, ids, { onlyPublic });
      const years = await lifeYearsOf(db, treeId, ids, { onlyPublic });
      const similar = new Set<string>();
      if (query.locationId && (bounds.from || bounds.to)) {
        const overlapping = await events.overlappingEventIds(db, treeId, {
          from: bounds.from,
          to: bounds.to,
          types: [type],
          locationIds: [query.locationId],
          exceptId: null,
          limit: LIST_LIMIT,
          onlyPublic,
        });
        for (const p of await events.participantsOf(db, treeId, overlapping)) similar.add(p.personId);
      }
      const seen = new Set<string>();
      const candidates = family.flatMap(({ person, relation }) => {
        if (seen.has(person.id)) return [];
        seen.add(person.id);
        const clamped = clampToLife(planned, lives.get(person.id));
        const reason = similar.has(person.id) ? ('similarEvent' as const) : clamped.reason;
        const summary: PersonSummary = {
          id: person.id,
          fName: person.fName,
          pName: person.pName,
          lName: person.lName,
          gender: person.gender,
          occupation: person.occupation,
          rootRelation: person.rootRelation,
          born: years.get(person.id)?.born ?? null,
          died: years.get(person.id)?.died ?? null,
          birthPlace: years.get(person.id)?.birthPlace ?? null,
        };
        return [{ ...summary, relation, available: reason === null, reason, ...clamped.dates }];
      });
      return { persons: candidates };
    },

    async create(treeId: string, viewer: Viewer, input: EventValues) {
      return write(treeId, viewer, async (tx, access) => {
        const { ids, created } = await insertAll(tx, access, [input]);
        return { event: await load(tx, treeId, ids[0] as string), locationsCreated: created };
      });
    },

    /** Several events, all or none (the residence wizard's shared residences). */
    async createMany(treeId: string, viewer: Viewer, inputs: EventValues[]) {
      return write(treeId, viewer, async (tx, access) => {
        const { ids, created } = await insertAll(tx, access, inputs);
        return { events: await loadMany(tx, treeId, ids), locationsCreated: created };
      });
    },

    /**
     * Updates an event from the copy the client loaded. If someone saved it since (another tab,
     * another session), the update is refused with the stored version, so nothing is overwritten.
     */
    async update(treeId: string, viewer: Viewer, id: string, oldRevision: number, input: EventValues) {
      return write(treeId, viewer, async (tx, access) => {
        const before = await load(tx, treeId, id);
        if (before.revision !== oldRevision) throw new AppError('events.error.conflict', { current: before });
        if (input.type !== before.type && (before.type === 'other' || before.type === 'residence')) {
          fail('events.validation.typeChangeNotAllowed', ['type']);
        }
        const item = prepare(input);
        await assertPersonsExist(tx, treeId, item.participants, item.newPersons);
        await assertOncePerPerson(tx, treeId, input.type, item.values.subtype, item.participants, id);
        const place = await resolvePlace(tx, treeId, input);
        const values = { ...item.values, locationId: place.locationId };
        // An imported date kept only as text stays (the form does not show it): so do the days it sorts by.
        const textRange = values.startDate === null ? dateTextSqlRange(before.dateText) : null;
        if (textRange) Object.assign(values, { dateFrom: textRange.from, dateTo: textRange.to });
        const participantsChanged = !sameParticipants(before.participants.map(participantInput), item.participants);
        const fieldsChanged = (Object.keys(item.values) as (keyof typeof item.values)[]).some(
          (key) =>
            key !== 'dateFrom' && key !== 'dateTo' && (before as Record<string, unknown>)[key] !== item.values[key],
        );
        const sourcesChanged =
          input.sourceIds !== undefined && input.sourceIds.join() !== before.sources.map((c) => c.id).join();
        const notesAdded = (input.newNotes?.length ?? 0) > 0;
        if (
          !participantsChanged &&
          !fieldsChanged &&
          !sourcesChanged &&
          !notesAdded &&
          before.location?.id === (place.locationId ?? undefined)
        ) {
          return { event: before, changes: compare(before, before, false), locationsCreated: 0 };
        }
        if (!(await events.updateEvent(tx, treeId, id, oldRevision, values))) {
          throw new AppError('events.error.conflict', { current: before });
        }
        if (participantsChanged) {
          await writeNewPersons(tx, treeId, item.newPersons, counted);
          await events.replaceParticipants(tx, treeId, id, item.participants);
        }
        if (sourcesChanged) await setSources(tx, access, id, 'event', input.sourceIds ?? []);
        await saveNewNotes(tx, treeId, id, 'event', input.newNotes);
        if (place.created > 0) assertWithinLimits(await counted(tx, treeId), 'locations', 0);
        const after = await load(tx, treeId, id);
        return { event: after, changes: compare(before, after, place.created > 0), locationsCreated: place.created };
      });
    },

    async remove(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        await requireEvent(tx, treeId, id);
        await events.deleteEvents(tx, treeId, [id]);
        return { deletedIds: [id] };
      });
    },

    async addParticipant(treeId: string, viewer: Viewer, id: string, participant: KnownParticipantValues) {
      return write(treeId, viewer, async (tx) => {
        await requireEvent(tx, treeId, id);
        return rewriteParticipants(tx, treeId, id, (current) => {
          if (current.participants.some((p) => p.personId === participant.personId)) {
            fail('events.validation.duplicateParticipant', ['personId']);
          }
          return [...current.participants.map(participantInput), participant];
        });
      });
    },

    async updateParticipant(
      treeId: string,
      viewer: Viewer,
      id: string,
      personId: string,
      participant: Omit<KnownParticipantValues, 'personId'>,
    ) {
      return write(treeId, viewer, async (tx) => {
        await requireEvent(tx, treeId, id);
        return rewriteParticipants(tx, treeId, id, (current) => {
          if (!current.participants.some((p) => p.personId === personId)) throw new AppError('person.error.notFound');
          return current.participants.map((p) =>
            p.personId === personId ? { ...participant, personId } : participantInput(p),
          );
        });
      });
    },

    async removeParticipant(treeId: string, viewer: Viewer, id: string, personId: string) {
      return write(treeId, viewer, async (tx) => {
        await requireEvent(tx, treeId, id);
        return rewriteParticipants(tx, treeId, id, (current) => {
          if (!current.participants.some((p) => p.personId === personId)) throw new AppError('person.error.notFound');
          return current.participants.filter((p) => p.personId !== personId).map(participantInput);
        });
      });
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;

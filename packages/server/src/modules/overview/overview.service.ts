import {
  type EventType,
  type OrphanEvent,
  type OrphanListAnswer,
  type OrphanListParams,
  privacyRule,
  resolveEventDate,
  searchTerms,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../http/session.ts';
import { lifeYearsOf, withLifeYears } from '../person/person.life-years.ts';
import { leavesOutPrivate } from '../privacy/visitor-scope.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import * as overview from './overview.repository.ts';

/**
 * The overview of SPEC §2 and §4: a page of the orphans of one type (persons, places, events), or
 * of every item of the type. Reading needs read access (the owner, or a visitor by share link).
 */
export function createOverviewService({ db, livingYears = privacyRule.livingYears }: { db: Db; livingYears?: number }) {
  const { read } = createTreeGate(db);

  async function events(treeId: string, filter: overview.OverviewFilter) {
    const { items, total } = await overview.listEvents(db, treeId, filter);
    const participants = await overview.participantsOf(
      db,
      treeId,
      items.map((row) => row.id),
    );
    // The participants' life years (issue 19 item 12), a visitor's from public events only.
    const years = await lifeYearsOf(
      db,
      treeId,
      participants.map((participant) => participant.id),
      { onlyPublic: filter.onlyPublic },
    );
    const byEvent = new Map<string, OrphanEvent['participants']>();
    for (const { eventId, ...participant } of participants) {
      const list = byEvent.get(eventId) ?? [];
      list.push(withLifeYears([participant], years)[0] as OrphanEvent['participants'][number]);
      byEvent.set(eventId, list);
    }
    return {
      total,
      items: items.map(
        (row): OrphanEvent => ({
          id: row.id,
          type: row.type as EventType,
          subtype: row.subtype,
          typeName: row.typeName,
          ...resolveEventDate(row),
          dateText: row.dateText,
          participants: byEvent.get(row.id) ?? [],
          location:
            row.locationId !== null && row.locationName !== null
              ? { id: row.locationId, name: row.locationName }
              : null,
        }),
      ),
    };
  }

  return {
    async orphans(treeId: string, viewer: Viewer, query: OrphanListParams): Promise<OrphanListAnswer> {
      await read(treeId, viewer);
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      const filter: overview.OverviewFilter = {
        onlyOrphans: !query.all,
        onlyPublic,
        terms: searchTerms(query.q ?? ''),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      };
      const paging = { page: query.page, pageSize: query.pageSize };
      switch (query.type) {
        case 'person': {
          // Each person with the life years and birthplace (issue 19 item 12), for a visitor read
          // from events without a living participant only; a page's worth in two queries.
          const { items, total } = await overview.listPersons(db, treeId, filter);
          const years = await lifeYearsOf(
            db,
            treeId,
            items.map((item) => item.id),
            { onlyPublic },
          );
          return { type: 'person', items: withLifeYears(items, years), total, ...paging };
        }
        case 'location':
          return { type: 'location', ...(await overview.listLocations(db, treeId, filter)), ...paging };
        case 'event':
          return { type: 'event', ...(await events(treeId, filter)), ...paging };
      }
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;

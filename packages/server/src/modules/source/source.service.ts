import type {
  citationInputSchema,
  mediaObjectBodySchema,
  recordInputSchema,
  repositoryInputSchema,
  suggestEventSourcesBodySchema,
} from '@anor/core';
import {
  type Citation,
  type EventSummary,
  type EventType,
  eventDateIsoRange,
  foldForSearch,
  limitsFor,
  type NewNote,
  privacyRule,
  type RepositoryListQuery,
  resolveEventDate,
  type SourceListQuery,
  searchTerms,
  uuidv7,
} from '@anor/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import * as eventsRepo from '../event/event.repository.ts';
import { updateLocation } from '../location/location.repository.ts';
import { attachmentsOf, saveNewNotes, setSources } from '../note/attachments.ts';
import * as notesRepo from '../note/note.repository.ts';
import { sanitizeRichText } from '../note/rich-text.ts';
import { lifeYearsOf } from '../person/person.life-years.ts';
import { publicEventIds } from '../privacy/privacy.repository.ts';
import { leavesOutPrivate } from '../privacy/visitor-scope.ts';
import { assertWithinLimits } from '../tree/tree.access.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import { assertRevision, assertWritten, type RevisionCheck } from '../tree/tree.revision.ts';
import * as sources from './source.repository.ts';

type RepositoryValues = z.output<typeof repositoryInputSchema>;
type RecordValues = z.output<typeof recordInputSchema>;
type CitationValues = z.output<typeof citationInputSchema>;
type MediaValues = z.output<typeof mediaObjectBodySchema>['object'];
type SuggestQuery = z.output<typeof suggestEventSourcesBodySchema>;

/** Which event types lend their sources to which (SPEC §9: birth ↔ baptism, death ↔ burial). */
const relatedTypes: Partial<Record<EventType, EventType[]>> = {
  birth: ['baptism'],
  baptism: ['birth'],
  death: ['burial'],
  burial: ['death'],
};

function toRepositoryWrite(values: RepositoryValues): sources.RepositoryWrite {
  return { ...values, titleKey: foldForSearch(values.title) };
}

function toRecordWrite(values: RecordValues): sources.RecordWrite {
  return { ...values, titleKey: foldForSearch(values.title) };
}

function toCitationWrite(values: CitationValues): sources.CitationWrite {
  return {
    recordId: values.sourceRecordId,
    whereWithinSourceText: values.whereWithinSourceText,
    whereWithinSourceUrl: values.whereWithinSourceURL,
    textFromSource: sanitizeRichText(values.textFromSource),
    searchText: foldForSearch([values.whereWithinSourceText, values.whereWithinSourceURL].filter(Boolean).join(' ')),
    eventCitedFrom: values.eventCitedFrom,
    eventCitedFromRole: values.eventCitedFromRole,
    entryRecordingDate: values.entryRecordingDate,
    certaintyAssessment: values.certaintyAssessment,
  };
}

/** Whether the stored row already says what the write would say (then nothing is written). */
function unchanged<W extends object>(row: Record<string, unknown>, write: W): boolean {
  return Object.entries(write).every(([key, value]) => row[key] === value);
}

export function createSourceService({ db, livingYears = privacyRule.livingYears }: { db: Db; livingYears?: number }) {
  const { read, write, counted } = createTreeGate(db);

  async function requireRepository(tx: Db, treeId: string, id: string) {
    const row = await sources.findRepository(tx, treeId, id);
    if (!row) throw new AppError('source.error.repositoryNotFound');
    return row;
  }

  async function requireRecord(tx: Db, treeId: string, id: string) {
    const row = await sources.findRecord(tx, treeId, id);
    if (!row) throw new AppError('source.error.recordNotFound');
    return row;
  }

  async function requireCitation(tx: Db, treeId: string, id: string) {
    const row = await sources.findCitation(tx, treeId, id);
    if (!row) throw new AppError('source.error.citationNotFound');
    return row;
  }

  /**
   * `onlyPublic` (a visitor's, from `leavesOutPrivate`): the records' citation counts and lists
   * leave private citations out, so that no count or list changes with a living person's data.
   */
  async function loadRepository(tx: Db, treeId: string, id: string, onlyPublic = false) {
    const row = await requireRepository(tx, treeId, id);
    const records = await sources.recordSummaries(tx, treeId, { repositoryId: id }, onlyPublic);
    const attached = (await attachmentsOf(tx, treeId, [id])).get(id);
    const { treeId: _tree, titleKey: _key, createdAt, updatedAt, ...fields } = row;
    return {
      ...fields,
      treeId,
      notes: attached?.notes ?? [],
      records: records.map(sources.toRecordSummary),
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    };
  }

  async function loadRecord(tx: Db, treeId: string, id: string, onlyPublic = false) {
    const row = await requireRecord(tx, treeId, id);
    const repository = row.repositoryId ? await sources.findRepository(tx, treeId, row.repositoryId) : undefined;
    const citationIds = await sources.citationIdsOfRecords(tx, treeId, [id], onlyPublic);
    const attached = (await attachmentsOf(tx, treeId, [id])).get(id);
    return {
      id: row.id,
      treeId,
      title: row.title,
      originator: row.originator,
      filedByEntry: row.filedByEntry,
      publicationFacts: row.publicationFacts,
      url: row.url,
      repositoryId: row.repositoryId,
      repository: repository ? { id: repository.id, title: repository.title } : null,
      notes: attached?.notes ?? [],
      citations: await sources.citationSummaries(tx, treeId, citationIds),
      revision: row.revision,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * Events as a citation's "used in" list and the citation suggestions name them: the main persons
   * with their life years (a visitor's, with `onlyPublic`, from public events only).
   */
  async function eventSummaries(
    tx: Db,
    treeId: string,
    ids: readonly string[],
    onlyPublic: boolean,
  ): Promise<EventSummary[]> {
    const rows = await eventsRepo.findEventRows(tx, treeId, ids);
    const participants = await eventsRepo.participantsOf(tx, treeId, ids);
    const primaryIds = participants.filter((p) => p.role === 'primary').map((p) => p.personId);
    const years = await lifeYearsOf(tx, treeId, primaryIds, { onlyPublic });
    const placeIds = [...new Set(rows.flatMap((row) => (row.locationId ? [row.locationId] : [])))];
    const paths = new Map((await eventsRepo.placePaths(tx, treeId, placeIds)).map((p) => [p.id, p.text]));
    return rows.map((row) => ({
      id: row.id,
      type: row.type as EventType,
      subtype: row.subtype,
      typeName: row.typeName,
      ...resolveEventDate(row),
      place: row.locationId ? (paths.get(row.locationId) ?? null) : null,
      primaries: participants
        .filter((p) => p.eventId === row.id && p.role === 'primary')
        .map((p) => ({
          id: p.personId,
          fName: p.fName,
          lName: p.lName,
          ...(years.get(p.personId) ?? { born: null, died: null, birthPlace: null }),
        })),
    }));
  }

  async function loadCitation(tx: Db, treeId: string, id: string, onlyPublic = false): Promise<Citation> {
    const row = await requireCitation(tx, treeId, id);
    const [record] = row.recordId
      ? (await sources.recordSummaries(tx, treeId, { id: row.recordId }, onlyPublic)).map(sources.toRecordSummary)
      : [];
    const citing = await sources.nodesCiting(tx, treeId, id);
    const ofKind = (kind: string) => citing.filter((c) => c.nodeKind === kind).map((c) => c.nodeId);
    const places = await eventsRepo.placePaths(tx, treeId, ofKind('location'));
    const citedNotes = await notesRepo.findNotes(tx, treeId, ofKind('note'));
    const attached = (await attachmentsOf(tx, treeId, [id])).get(id);
    return {
      id: row.id,
      treeId,
      sourceRecordId: row.recordId,
      record: record ?? null,
      whereWithinSourceText: row.whereWithinSourceText,
      whereWithinSourceURL: row.whereWithinSourceUrl,
      textFromSource: row.textFromSource,
      eventCitedFrom: row.eventCitedFrom,
      eventCitedFromRole: row.eventCitedFromRole,
      entryRecordingDate: row.entryRecordingDate,
      certaintyAssessment: row.certaintyAssessment,
      notes: attached?.notes ?? [],
      connectedNodes: {
        events: await eventSummaries(tx, treeId, ofKind('event'), onlyPublic),
        locations: places.map((p) => ({ id: p.id, name: p.name, text: p.text })),
        notes: citedNotes.map((n) => ({ id: n.id, title: n.title })),
      },
      revision: row.revision,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Adds source nodes within the node ceiling (checked after inserting, under the tree lock). */
  async function assertNodes(tx: Db, treeId: string) {
    assertWithinLimits(await counted(tx, treeId), 'sources', 0);
  }

  async function citeOn(tx: Db, tree: Parameters<typeof setSources>[1], nodeId: string, citationId: string) {
    const kinds = await notesRepo.kindsOf(tx, tree.id, [nodeId]);
    const kind = kinds.get(nodeId);
    if (kind !== 'event' && kind !== 'location' && kind !== 'note') {
      throw new AppError('common.error.notFound', { path: ['nodeId'] });
    }
    const current = (await sources.citationLinksOf(tx, tree.id, [nodeId])).map((link) => link.citationId);
    await setSources(tx, tree, nodeId, kind, [...current, citationId]);
    // A place's and a note's edit form sends their sources: one loaded before this must not drop the new one unseen.
    if (kind === 'location') await updateLocation(tx, tree.id, nodeId, {});
    if (kind === 'note') await notesRepo.touchNotes(tx, tree.id, [nodeId]);
  }

  return {
    // ---- Repositories ----
    async listRepositories(treeId: string, viewer: Viewer, query: RepositoryListQuery) {
      await read(treeId, viewer);
      const { items, total } = await sources.listRepositories(db, treeId, {
        terms: searchTerms(query.q ?? ''),
        sort: query.sort,
        direction: query.direction,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async getRepository(treeId: string, viewer: Viewer, id: string) {
      await read(treeId, viewer);
      return loadRepository(db, treeId, id, await leavesOutPrivate(db, treeId, viewer, livingYears));
    },

    async createRepository(treeId: string, viewer: Viewer, values: RepositoryValues, newNotes?: NewNote[]) {
      return write(treeId, viewer, async (tx) => {
        const id = uuidv7();
        await sources.insertRepository(tx, treeId, id, toRepositoryWrite(values));
        await saveNewNotes(tx, treeId, id, 'repository', newNotes);
        await assertNodes(tx, treeId);
        return loadRepository(tx, treeId, id);
      });
    },

    /**
     * The updates of a repository, record and citation start from the revision the edit loaded
     * (`basedOn`; absent: the stored one): a stale one is refused with 409 and the stored object,
     * nothing written. Nothing is written when nothing changed; a change raises the revision.
     */
    async updateRepository(treeId: string, viewer: Viewer, id: string, values: RepositoryValues, basedOn?: number) {
      return write(treeId, viewer, async (tx) => {
        const row = await requireRepository(tx, treeId, id);
        const check: RevisionCheck = {
          code: 'source.error.repositoryConflict',
          basedOn,
          stored: row.revision,
          current: () => loadRepository(tx, treeId, id),
        };
        await assertRevision(check);
        const next = toRepositoryWrite(values);
        if (!unchanged(row, next)) {
          await assertWritten(check, await sources.updateRepository(tx, treeId, id, next, row.revision));
        }
        return loadRepository(tx, treeId, id);
      });
    },

    /** Only the repository: its records stay, without repository. */
    async removeRepository(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        await requireRepository(tx, treeId, id);
        await sources.detachRecordsFrom(tx, treeId, id);
        await sources.deleteRepositories(tx, treeId, [id]);
        return { deletedIds: [id] };
      });
    },

    /** The repository with its records and their citations. */
    async removeRepositoryWithChildren(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        await requireRepository(tx, treeId, id);
        const recordIds = await sources.recordIdsOfRepository(tx, treeId, id);
        const citationIds = await sources.citationIdsOfRecords(tx, treeId, recordIds);
        await sources.deleteCitations(tx, treeId, citationIds);
        await sources.deleteRecords(tx, treeId, recordIds);
        await sources.deleteRepositories(tx, treeId, [id]);
        return { deletedIds: [id, ...recordIds, ...citationIds] };
      });
    },

    /** A record leaves its repository (disengage); nothing is deleted. */
    async disengageRecord(treeId: string, viewer: Viewer, recordId: string) {
      return write(treeId, viewer, async (tx) => {
        await requireRecord(tx, treeId, recordId);
        await sources.updateRecord(tx, treeId, recordId, { repositoryId: null });
        return loadRecord(tx, treeId, recordId);
      });
    },

    // ---- Records ----
    async listRecords(treeId: string, viewer: Viewer, query: SourceListQuery, withCitations: boolean) {
      await read(treeId, viewer);
      // A visitor's counts and lists of citations leave private ones out.
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      const filter = {
        terms: searchTerms(query.q ?? ''),
        sort: query.sort,
        direction: query.direction,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      };
      const { items, total } = await sources.listRecords(db, treeId, filter, onlyPublic);
      const summaries = items.map(sources.toRecordSummary);
      if (!withCitations) return { items: summaries, total, page: query.page, pageSize: query.pageSize };
      const cited = await sources.citationsOfRecords(
        db,
        treeId,
        summaries.map((summary) => summary.id),
        onlyPublic,
      );
      const withLists = summaries.map((summary) => ({
        ...summary,
        citations: cited.filter((c) => c.recordId === summary.id).map((c) => c.summary),
      }));
      return { items: withLists, total, page: query.page, pageSize: query.pageSize };
    },

    async getRecord(treeId: string, viewer: Viewer, id: string) {
      await read(treeId, viewer);
      return loadRecord(db, treeId, id, await leavesOutPrivate(db, treeId, viewer, livingYears));
    },

    async citationsOfRecord(treeId: string, viewer: Viewer, recordId: string) {
      await read(treeId, viewer);
      await requireRecord(db, treeId, recordId);
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      const ids = await sources.citationIdsOfRecords(db, treeId, [recordId], onlyPublic);
      return { citations: await sources.citationSummaries(db, treeId, ids) };
    },

    async createRecord(treeId: string, viewer: Viewer, values: RecordValues, newNotes?: NewNote[]) {
      return write(treeId, viewer, async (tx) => {
        if (values.repositoryId) await requireRepository(tx, treeId, values.repositoryId);
        const id = uuidv7();
        await sources.insertRecord(tx, treeId, id, toRecordWrite(values));
        await saveNewNotes(tx, treeId, id, 'record', newNotes);
        await assertNodes(tx, treeId);
        return loadRecord(tx, treeId, id);
      });
    },

    async updateRecord(treeId: string, viewer: Viewer, id: string, values: RecordValues, basedOn?: number) {
      return write(treeId, viewer, async (tx) => {
        const row = await requireRecord(tx, treeId, id);
        const check: RevisionCheck = {
          code: 'source.error.recordConflict',
          basedOn,
          stored: row.revision,
          current: () => loadRecord(tx, treeId, id),
        };
        await assertRevision(check);
        if (values.repositoryId) await requireRepository(tx, treeId, values.repositoryId);
        const next = toRecordWrite(values);
        if (!unchanged(row, next)) {
          await assertWritten(check, await sources.updateRecord(tx, treeId, id, next, row.revision));
        }
        return loadRecord(tx, treeId, id);
      });
    },

    /** Only the record: its citations stay, without record. */
    async removeRecord(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        await requireRecord(tx, treeId, id);
        await sources.detachCitationsFrom(tx, treeId, id);
        await sources.deleteRecords(tx, treeId, [id]);
        return { deletedIds: [id] };
      });
    },

    /** The record with its citations, which leave every event, place and note they were cited on. */
    async removeRecordWithChildren(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        await requireRecord(tx, treeId, id);
        const citationIds = await sources.citationIdsOfRecords(tx, treeId, [id]);
        await sources.deleteCitations(tx, treeId, citationIds);
        await sources.deleteRecords(tx, treeId, [id]);
        return { deletedIds: [id, ...citationIds] };
      });
    },

    /** Every citation of the record; the record stays. */
    async removeCitationsOfRecord(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        await requireRecord(tx, treeId, id);
        const citationIds = await sources.citationIdsOfRecords(tx, treeId, [id]);
        await sources.deleteCitations(tx, treeId, citationIds);
        return { deletedIds: citationIds };
      });
    },

    // ---- Citations ----
    async getCitation(treeId: string, viewer: Viewer, id: string) {
      await read(treeId, viewer);
      return loadCitation(db, treeId, id, await leavesOutPrivate(db, treeId, viewer, livingYears));
    },

    async createCitation(
      treeId: string,
      viewer: Viewer,
      values: CitationValues,
      nodeId: string | null,
      newNotes?: NewNote[],
    ) {
      return write(treeId, viewer, async (tx, tree) => {
        if (values.sourceRecordId) await requireRecord(tx, treeId, values.sourceRecordId);
        const id = uuidv7();
        await sources.insertCitation(tx, treeId, id, toCitationWrite(values));
        await saveNewNotes(tx, treeId, id, 'citation', newNotes);
        if (nodeId) await citeOn(tx, tree, nodeId, id);
        await assertNodes(tx, treeId);
        return loadCitation(tx, treeId, id);
      });
    },

    async updateCitation(treeId: string, viewer: Viewer, id: string, values: CitationValues, basedOn?: number) {
      return write(treeId, viewer, async (tx) => {
        const row = await requireCitation(tx, treeId, id);
        const check: RevisionCheck = {
          code: 'source.error.citationConflict',
          basedOn,
          stored: row.revision,
          current: () => loadCitation(tx, treeId, id),
        };
        await assertRevision(check);
        if (values.sourceRecordId) await requireRecord(tx, treeId, values.sourceRecordId);
        const next = toCitationWrite(values);
        if (!unchanged(row, next)) {
          await assertWritten(check, await sources.updateCitation(tx, treeId, id, next, row.revision));
        }
        return loadCitation(tx, treeId, id);
      });
    },

    async removeCitation(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        await requireCitation(tx, treeId, id);
        await sources.deleteCitations(tx, treeId, [id]);
        return { deletedIds: [id] };
      });
    },

    async suggested(treeId: string, viewer: Viewer, type: 'repository' | 'record' | 'citation', text: string) {
      await read(treeId, viewer);
      const term = foldForSearch(text.trim());
      if (term === '') return { suggestions: [] };
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      return { suggestions: await sources.suggest(db, treeId, type, term, onlyPublic) };
    },

    async createMediaObject(treeId: string, viewer: Viewer, values: MediaValues) {
      return write(treeId, viewer, async (tx, tree) => {
        // SPEC §5: a free tree holds at most 5 images (counted under the tree lock).
        const subscription = {
          plan: tree.ownerPlan ?? 'free',
          validUntil: tree.ownerValidUntil?.toISOString() ?? null,
        };
        const max = limitsFor(subscription).images;
        if (max !== null && (await sources.countMediaObjects(tx, treeId)) + 1 > max) {
          throw new AppError('limit.images', { limit: 'images', max });
        }
        const row = await sources.insertMediaObject(tx, treeId, uuidv7(), values);
        if (!row) throw new AppError('common.error.generic');
        return {
          id: row.id,
          fileReference: row.fileReference,
          format: row.format,
          type: row.type,
          title: row.title,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },

    /** The citations cited on these events (with which events cite each). */
    async ofEvents(treeId: string, viewer: Viewer, eventIds: string[]) {
      await read(treeId, viewer);
      // A visitor is not told which citations a private event has, nor how many.
      const shown = (await leavesOutPrivate(db, treeId, viewer, livingYears))
        ? await publicEventIds(db, treeId, eventIds)
        : eventIds;
      const links = await sources.citationLinksOf(db, treeId, shown);
      const summaries = await sources.citationSummaries(db, treeId, [...new Set(links.map((l) => l.citationId))]);
      return {
        citations: summaries.map((c) => ({
          ...c,
          eventIds: links.filter((l) => l.citationId === c.id).map((l) => l.nodeId),
        })),
      };
    },

    /**
     * Sources already cited on related events, for one-click reuse (SPEC §2, §9): a birth's
     * baptism (and back), a death's burial (and back), of the same primary persons; for a
     * residence, other residences at the same place overlapping in time.
     */
    async suggestForEvent(treeId: string, viewer: Viewer, query: SuggestQuery) {
      await read(treeId, viewer);
      // A visitor's suggestions come from events without a living participant only.
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      let eventIds: string[] = [];
      const related = relatedTypes[query.type];
      if (related) {
        eventIds = await eventsRepo.eventIdsOfPersons(db, treeId, query.personIds, {
          types: related,
          onlyPrimary: true,
          onlyPublic,
        });
      } else if (query.type === 'residence' && query.locationId) {
        const range = eventDateIsoRange(resolveEventDate(query));
        if (range) {
          eventIds = await eventsRepo.overlappingEventIds(db, treeId, {
            from: range.from,
            to: range.to,
            types: ['residence'],
            locationIds: [query.locationId],
            exceptId: query.exceptEventId ?? null,
            limit: 100,
            onlyPublic,
          });
        }
      }
      eventIds = [...new Set(eventIds)].filter((id) => id !== query.exceptEventId);
      const links = await sources.citationLinksOf(db, treeId, eventIds);
      const summaries = new Map(
        (await sources.citationSummaries(db, treeId, [...new Set(links.map((l) => l.citationId))])).map((c) => [
          c.id,
          c,
        ]),
      );
      const events = new Map((await eventSummaries(db, treeId, eventIds, onlyPublic)).map((e) => [e.id, e]));
      const seen = new Set<string>();
      const suggestions = links.flatMap((link) => {
        const citation = summaries.get(link.citationId);
        const event = events.get(link.nodeId);
        if (!citation || !event || seen.has(citation.id)) return [];
        seen.add(citation.id);
        return [{ citation, event }];
      });
      return { suggestions };
    },
  };
}

export type SourceService = ReturnType<typeof createSourceService>;

import {
  type ErrorCode,
  foldForSearch,
  type MergeAnswer,
  type MergeGroup,
  type MergeNotice,
  type MergePreview,
  type RecordMergeBody,
  type RecordMergeField,
  type RepositoryMergeBody,
  type RepositoryMergeField,
  recordMergeFields,
  repositoryMergeFields,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { currentChangeSet } from '../history/change-set.ts';
import { attachmentGroups, bothHaveKeptLines, moveAttachments } from '../note/node-merge.repository.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import {
  citationsOfOther,
  identicalCitationPairs,
  moveCitations,
  moveRecords,
  recordsOf,
  repointCitationLinks,
} from './source.merge.repository.ts';
import * as sources from './source.repository.ts';

/**
 * Merging two source records or two repositories (issue 21). The one in the path is kept; the
 * other's citations (of a record) or records (of a repository) move to it with its notes, media
 * objects and kept GEDCOM lines, and the other is deleted; each field keeps the kept one's value
 * unless `takeFromOther` names it. A citation of the other record that says exactly what one of
 * the kept record's says becomes that one: where it was cited, the kept citation is cited, and
 * its notes and media move to it (listed in the preview as what becomes one). One change set of
 * kind `merge`, which undo takes back.
 */

type RecordRow = NonNullable<Awaited<ReturnType<typeof sources.findRecord>>>;
type RepositoryRow = NonNullable<Awaited<ReturnType<typeof sources.findRepository>>>;

/**
 * What merging two of one kind (records, repositories) needs of that kind; the steps they share
 * (finding the pair, the preview, the merge's transaction) are written once, in `mergeSteps`.
 */
interface MergeKind<Row extends Write & { title: string }, Field extends string, Write> {
  notFound: ErrorCode;
  find: (db: Db, treeId: string, id: string) => Promise<Row | undefined>;
  fields: readonly Field[];
  /** How the preview shows a field's value (a record's repository by its title). */
  shownValues: (db: Db, treeId: string, pair: Row[]) => Promise<(row: Row, field: Field) => string | null>;
  /** What of the other's own contents moves to the kept one, and what becomes one with the kept one's. */
  contents: (
    db: Db,
    treeId: string,
    otherId: string,
    id: string,
  ) => Promise<{ moves: MergeGroup[]; joins: MergeGroup[] }>;
  /** The kept one's fields after the merge, each taken from the side `from` names. */
  written: (from: (field: Field) => Row) => Write;
  /** Moves the other's own contents to the kept one (in the merge's transaction, before the other goes). */
  absorb: (tx: Db, treeId: string, otherId: string, id: string) => Promise<void>;
  remove: (tx: Db, treeId: string, ids: string[]) => Promise<unknown>;
  /** Writes the kept one's fields with a new revision (so an edit loaded before the merge gets its 409). */
  update: (tx: Db, treeId: string, id: string, values: Write) => Promise<unknown>;
}

const nonEmpty = (group: { items: MergeGroup['items']; total: number }, kind: MergeGroup['kind']): MergeGroup[] =>
  group.total > 0 ? [{ kind, ...group }] : [];

const recordKind: MergeKind<RecordRow, RecordMergeField, sources.RecordWrite> = {
  notFound: 'source.error.recordNotFound',
  find: sources.findRecord,
  fields: recordMergeFields,
  async shownValues(db, treeId, pair) {
    const titles = new Map<string, string>();
    for (const repositoryId of new Set(pair.map((row) => row.repositoryId).filter((id) => id !== null))) {
      const row = await sources.findRepository(db, treeId, repositoryId);
      if (row) titles.set(repositoryId, row.title);
    }
    return (row, field) =>
      field === 'repository' ? (row.repositoryId ? (titles.get(row.repositoryId) ?? null) : null) : row[field];
  },
  async contents(db, treeId, otherId, id) {
    const citations = await citationsOfOther(db, treeId, otherId, id);
    return { moves: nonEmpty(citations.moves, 'citation'), joins: nonEmpty(citations.joins, 'citation') };
  },
  written: (from) => {
    const title = from('title').title;
    return {
      repositoryId: from('repository').repositoryId,
      title,
      titleKey: foldForSearch(title),
      originator: from('originator').originator,
      filedByEntry: from('filedByEntry').filedByEntry,
      publicationFacts: from('publicationFacts').publicationFacts,
      url: from('url').url,
    };
  },
  async absorb(tx, treeId, otherId, id) {
    // Citations that say the same become the kept record's, with their links, notes and media.
    const pairs = await identicalCitationPairs(tx, treeId, otherId, id);
    await repointCitationLinks(tx, treeId, pairs);
    await moveAttachments(tx, treeId, pairs);
    await sources.deleteCitations(
      tx,
      treeId,
      pairs.map(([dup]) => dup),
    );
    await moveCitations(tx, treeId, otherId, id);
  },
  remove: sources.deleteRecords,
  update: sources.updateRecord,
};

const repositoryKind: MergeKind<RepositoryRow, RepositoryMergeField, sources.RepositoryWrite> = {
  notFound: 'source.error.repositoryNotFound',
  find: sources.findRepository,
  fields: repositoryMergeFields,
  shownValues: async () => (row, field) => row[field],
  contents: async (db, treeId, otherId) => ({
    moves: nonEmpty(await recordsOf(db, treeId, otherId), 'record'),
    joins: [],
  }),
  written: (from) => {
    const title = from('title').title;
    return {
      title,
      titleKey: foldForSearch(title),
      address: from('address').address,
      city: from('city').city,
      state: from('state').state,
      postalCode: from('postalCode').postalCode,
      country: from('country').country,
      phone: from('phone').phone,
      email: from('email').email,
      fax: from('fax').fax,
      www: from('www').www,
    };
  },
  absorb: moveRecords,
  remove: sources.deleteRepositories,
  update: sources.updateRepository,
};

/** The preview and the merge of one kind, over the tree gate (the merge: one change set of kind `merge`). */
function mergeSteps<Row extends Write & { title: string }, Field extends string, Write>(
  db: Db,
  kind: MergeKind<Row, Field, Write>,
) {
  const gate = createTreeGate(db);

  async function pairOf(tx: Db, treeId: string, id: string, otherId: string) {
    if (id === otherId) throw new AppError('nodeMerge.error.same', { path: ['otherId'] });
    const kept = await kind.find(tx, treeId, id);
    const other = await kind.find(tx, treeId, otherId);
    if (!kept || !other) throw new AppError(kind.notFound);
    return { kept, other };
  }

  return {
    async preview(treeId: string, viewer: Viewer, id: string, otherId: string): Promise<MergePreview> {
      await gate.readAsEditor(treeId, viewer);
      const { kept, other } = await pairOf(db, treeId, id, otherId);
      const [shown, own, attached] = await Promise.all([
        kind.shownValues(db, treeId, [kept, other]),
        kind.contents(db, treeId, otherId, id),
        attachmentGroups(db, treeId, otherId, id),
      ]);
      const notices: MergeNotice[] = [];
      const joined = own.joins.flatMap((group) => group.items);
      if (joined.length > 0) notices.push({ code: 'nodeMerge.notice.identicalCitations', items: joined });
      if (await bothHaveKeptLines(db, treeId, otherId, id)) {
        notices.push({ code: 'nodeMerge.notice.gedcomJoined', items: [] });
      }
      return {
        id,
        otherId,
        label: kept.title,
        otherLabel: other.title,
        fields: kind.fields.map((field) => ({ field, value: shown(kept, field), otherValue: shown(other, field) })),
        moves: [...own.moves, ...attached.moves],
        joins: [...own.joins, ...attached.joins],
        notices,
        refusal: null,
      };
    },

    async merge(
      treeId: string,
      viewer: Viewer,
      id: string,
      body: { otherId: string; takeFromOther?: readonly Field[] | undefined },
    ): Promise<MergeAnswer> {
      const take = new Set<Field>(body.takeFromOther ?? []);
      return gate.write(
        treeId,
        viewer,
        async (tx) => {
          const { kept, other } = await pairOf(tx, treeId, id, body.otherId);
          const next = kind.written((field) => (take.has(field) ? other : kept));
          await kind.absorb(tx, treeId, body.otherId, id);
          await moveAttachments(tx, treeId, [[body.otherId, id]]);
          await kind.remove(tx, treeId, [body.otherId]);
          // The kept one's fields as they are (a row holds every field a write sets).
          const before: Write = kept;
          const changed = (Object.keys(next as object) as (keyof Write)[]).some((key) => next[key] !== before[key]);
          if (changed) await kind.update(tx, treeId, id, next);
          return { id, mergedId: body.otherId, changeSetId: await currentChangeSet(tx) };
        },
        'merge',
      );
    },
  };
}

export function createSourceMerge({ db }: { db: Db }) {
  const records = mergeSteps(db, recordKind);
  const repositories = mergeSteps(db, repositoryKind);
  return {
    previewRecord: records.preview,
    mergeRecord: (treeId: string, viewer: Viewer, id: string, body: RecordMergeBody) =>
      records.merge(treeId, viewer, id, body),
    previewRepository: repositories.preview,
    mergeRepository: (treeId: string, viewer: Viewer, id: string, body: RepositoryMergeBody) =>
      repositories.merge(treeId, viewer, id, body),
  };
}

import {
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

const nonEmpty = (group: { items: MergeGroup['items']; total: number }, kind: MergeGroup['kind']): MergeGroup[] =>
  group.total > 0 ? [{ kind, ...group }] : [];

export function createSourceMerge({ db }: { db: Db }) {
  const gate = createTreeGate(db);

  async function records(tx: Db, treeId: string, id: string, otherId: string) {
    if (id === otherId) throw new AppError('nodeMerge.error.same', { path: ['otherId'] });
    const kept = await sources.findRecord(tx, treeId, id);
    const other = await sources.findRecord(tx, treeId, otherId);
    if (!kept || !other) throw new AppError('source.error.recordNotFound');
    return { kept, other };
  }

  async function repositories(tx: Db, treeId: string, id: string, otherId: string) {
    if (id === otherId) throw new AppError('nodeMerge.error.same', { path: ['otherId'] });
    const kept = await sources.findRepository(tx, treeId, id);
    const other = await sources.findRepository(tx, treeId, otherId);
    if (!kept || !other) throw new AppError('source.error.repositoryNotFound');
    return { kept, other };
  }

  async function notices(tx: Db, treeId: string, otherId: string, id: string, joined: MergeGroup['items']) {
    const list: MergeNotice[] = [];
    if (joined.length > 0) list.push({ code: 'nodeMerge.notice.identicalCitations', items: joined });
    if (await bothHaveKeptLines(tx, treeId, otherId, id))
      list.push({ code: 'nodeMerge.notice.gedcomJoined', items: [] });
    return list;
  }

  return {
    async previewRecord(treeId: string, viewer: Viewer, id: string, otherId: string): Promise<MergePreview> {
      await gate.readAsEditor(treeId, viewer);
      const { kept, other } = await records(db, treeId, id, otherId);
      const repositoryIds = [kept.repositoryId, other.repositoryId].filter((r): r is string => r !== null);
      const titles = new Map<string, string>();
      for (const repositoryId of new Set(repositoryIds)) {
        const row = await sources.findRepository(db, treeId, repositoryId);
        if (row) titles.set(repositoryId, row.title);
      }
      const value = (row: RecordRow, field: RecordMergeField) =>
        field === 'repository' ? (row.repositoryId ? (titles.get(row.repositoryId) ?? null) : null) : row[field];
      const [citations, attached] = await Promise.all([
        citationsOfOther(db, treeId, otherId, id),
        attachmentGroups(db, treeId, otherId, id),
      ]);
      return {
        id,
        otherId,
        label: kept.title,
        otherLabel: other.title,
        fields: recordMergeFields.map((field) => ({
          field,
          value: value(kept, field),
          otherValue: value(other, field),
        })),
        moves: [...nonEmpty(citations.moves, 'citation'), ...attached.moves],
        joins: [...nonEmpty(citations.joins, 'citation'), ...attached.joins],
        notices: await notices(db, treeId, otherId, id, citations.joins.items),
        refusal: null,
      };
    },

    async mergeRecord(treeId: string, viewer: Viewer, id: string, body: RecordMergeBody): Promise<MergeAnswer> {
      const take = new Set(body.takeFromOther ?? []);
      return gate.write(
        treeId,
        viewer,
        async (tx) => {
          const { kept, other } = await records(tx, treeId, id, body.otherId);
          const from = (field: RecordMergeField) => (take.has(field) ? other : kept);
          const title = from('title').title;
          const next: sources.RecordWrite = {
            repositoryId: from('repository').repositoryId,
            title,
            titleKey: foldForSearch(title),
            originator: from('originator').originator,
            filedByEntry: from('filedByEntry').filedByEntry,
            publicationFacts: from('publicationFacts').publicationFacts,
            url: from('url').url,
          };
          // Citations that say the same become the kept record's, with their links, notes and media.
          const pairs = await identicalCitationPairs(tx, treeId, body.otherId, id);
          await repointCitationLinks(tx, treeId, pairs);
          await moveAttachments(tx, treeId, pairs);
          await sources.deleteCitations(
            tx,
            treeId,
            pairs.map(([dup]) => dup),
          );
          await moveCitations(tx, treeId, body.otherId, id);
          await moveAttachments(tx, treeId, [[body.otherId, id]]);
          await sources.deleteRecords(tx, treeId, [body.otherId]);
          const changed = (Object.keys(next) as (keyof sources.RecordWrite)[]).some((key) => next[key] !== kept[key]);
          if (changed) await sources.updateRecord(tx, treeId, id, next);
          return { id, mergedId: body.otherId, changeSetId: await currentChangeSet(tx) };
        },
        'merge',
      );
    },

    async previewRepository(treeId: string, viewer: Viewer, id: string, otherId: string): Promise<MergePreview> {
      await gate.readAsEditor(treeId, viewer);
      const { kept, other } = await repositories(db, treeId, id, otherId);
      const value = (row: RepositoryRow, field: RepositoryMergeField) => row[field];
      const [moved, attached] = await Promise.all([
        recordsOf(db, treeId, otherId),
        attachmentGroups(db, treeId, otherId, id),
      ]);
      return {
        id,
        otherId,
        label: kept.title,
        otherLabel: other.title,
        fields: repositoryMergeFields.map((field) => ({
          field,
          value: value(kept, field),
          otherValue: value(other, field),
        })),
        moves: [...nonEmpty(moved, 'record'), ...attached.moves],
        joins: attached.joins,
        notices: await notices(db, treeId, otherId, id, []),
        refusal: null,
      };
    },

    async mergeRepository(treeId: string, viewer: Viewer, id: string, body: RepositoryMergeBody): Promise<MergeAnswer> {
      const take = new Set(body.takeFromOther ?? []);
      return gate.write(
        treeId,
        viewer,
        async (tx) => {
          const { kept, other } = await repositories(tx, treeId, id, body.otherId);
          const from = (field: RepositoryMergeField) => (take.has(field) ? other : kept);
          const title = from('title').title;
          const next: sources.RepositoryWrite = {
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
          await moveRecords(tx, treeId, body.otherId, id);
          await moveAttachments(tx, treeId, [[body.otherId, id]]);
          await sources.deleteRepositories(tx, treeId, [body.otherId]);
          const changed = (Object.keys(next) as (keyof sources.RepositoryWrite)[]).some(
            (key) => next[key] !== kept[key],
          );
          if (changed) await sources.updateRepository(tx, treeId, id, next);
          return { id, mergedId: body.otherId, changeSetId: await currentChangeSet(tx) };
        },
        'merge',
      );
    },
  };
}

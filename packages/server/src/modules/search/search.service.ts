import {
  type CitationHitsAnswer,
  type NoteHitsAnswer,
  personSearchTerms,
  privacyRule,
  type TextSearchParams,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../http/session.ts';
import { leavesOutPrivate } from '../privacy/visitor-scope.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import * as search from './search.repository.ts';

/**
 * The tree-wide search's notes and citations (issue 19, item 16). Reading needs read access; a
 * visitor's search leaves out what is linked to the living, so that neither the hits nor their
 * count tell of them.
 */
export function createSearchService({ db, livingYears = privacyRule.livingYears }: { db: Db; livingYears?: number }) {
  const { read } = createTreeGate(db);

  async function filterOf(treeId: string, viewer: Viewer, query: TextSearchParams): Promise<search.TextSearchFilter> {
    await read(treeId, viewer);
    return {
      terms: personSearchTerms(query.q ?? ''),
      onlyPublic: await leavesOutPrivate(db, treeId, viewer, livingYears),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    };
  }

  return {
    async notes(treeId: string, viewer: Viewer, query: TextSearchParams): Promise<NoteHitsAnswer> {
      const found = await search.searchNotes(db, treeId, await filterOf(treeId, viewer, query));
      return { ...found, page: query.page, pageSize: query.pageSize };
    },
    async citations(treeId: string, viewer: Viewer, query: TextSearchParams): Promise<CitationHitsAnswer> {
      const found = await search.searchCitations(db, treeId, await filterOf(treeId, viewer, query));
      return { ...found, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

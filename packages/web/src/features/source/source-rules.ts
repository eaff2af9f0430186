import { type CitationSummary, foldForSearch, isWebUrl, searchTerms } from '@anor/core';

/*
 * The rules of the source dialogs and panels as plain functions (SPEC §2, §4, §5): how a URL is
 * shown, which existing source a new one duplicates, what deleting offers, which citations an
 * item gained or lost, and the client-side search of the panels' expanded lists.
 */

/** How a web address shows (SPEC §2 citation dialog): a link when valid, struck through when not. */
export type UrlState = 'none' | 'valid' | 'invalid';

export function urlStateOf(url: string | null | undefined): UrlState {
  const trimmed = url?.trim() ?? '';
  if (trimmed === '') return 'none';
  return isWebUrl(trimmed) ? 'valid' : 'invalid';
}

/** Text as two sources are compared: spaces collapsed, case and accents ignored; blank is empty. */
export function comparableText(value: string | null | undefined): string {
  return foldForSearch((value ?? '').trim().replace(/\s+/g, ' '));
}

/** A web address as compared: trimmed, the host's case and a trailing slash ignored. */
function comparableUrl(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return '';
  try {
    const url = new URL(trimmed);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}${url.search}${url.hash}`;
  } catch {
    return trimmed;
  }
}

/**
 * SPEC §4: an existing citation of the chosen record that a new one duplicates: the same text
 * (where within the source) and the same URL. Null when there is none.
 */
export function findDuplicateCitation(
  existing: readonly CitationSummary[],
  candidate: { whereWithinSourceText?: string | null; whereWithinSourceURL?: string | null },
): CitationSummary | null {
  const text = comparableText(candidate.whereWithinSourceText);
  const url = comparableUrl(candidate.whereWithinSourceURL);
  return (
    existing.find(
      (citation) =>
        comparableText(citation.whereWithinSourceText) === text && comparableUrl(citation.whereWithinSourceURL) === url,
    ) ?? null
  );
}

/** SPEC §4: an existing record that a new one duplicates: the same title. Null when there is none. */
export function findDuplicateRecord<R extends { id: string; title: string }>(
  existing: readonly R[],
  title: string,
): R | null {
  const wanted = comparableText(title);
  if (wanted === '') return null;
  return existing.find((record) => comparableText(record.title) === wanted) ?? null;
}

/** What a delete in a source dialog can do. */
export type SourceDeleteChoice =
  /** Delete only this one (a record's citations or a repository's records stay, without it). */
  | 'delete'
  /** Delete it with everything below it (a record's citations; a repository's records and their citations). */
  | 'withChildren'
  /** Delete nothing: take it out of the item it was opened from (a repository, a record, an event or place). */
  | 'disengage';

/** The confirmation headers of SPEC §8. */
export type SourceDeleteHeader =
  | 'deleteCitation'
  | 'deleteRecord'
  | 'deleteRecordAndCitations'
  | 'deleteRepository'
  | 'deleteRepositoryAndRecords'
  | 'deleteOrRemoveRecord'
  | 'deleteOrRemoveCitation';

export interface SourceDeletePlan {
  header: SourceDeleteHeader;
  choices: SourceDeleteChoice[];
}

export type SourceDeleteSubject =
  | { kind: 'citation'; inParent: boolean }
  | { kind: 'record'; childrenCount: number; inParent: boolean }
  | { kind: 'repository'; childrenCount: number };

/**
 * What deleting offers (SPEC §4): a repository or record with children, only it or it with all
 * its children; without children one confirmation. Opened inside a parent (a record from its
 * repository, a citation from its record or from an event or place) only deleting it and
 * disengaging it from that parent.
 */
export function deletePlanOf(subject: SourceDeleteSubject): SourceDeletePlan {
  switch (subject.kind) {
    case 'citation':
      return subject.inParent
        ? { header: 'deleteOrRemoveCitation', choices: ['disengage', 'delete'] }
        : { header: 'deleteCitation', choices: ['delete'] };
    case 'record':
      if (subject.inParent) return { header: 'deleteOrRemoveRecord', choices: ['disengage', 'delete'] };
      return subject.childrenCount > 0
        ? { header: 'deleteRecordAndCitations', choices: ['withChildren', 'delete'] }
        : { header: 'deleteRecord', choices: ['delete'] };
    case 'repository':
      return subject.childrenCount > 0
        ? { header: 'deleteRepositoryAndRecords', choices: ['withChildren', 'delete'] }
        : { header: 'deleteRepository', choices: ['delete'] };
  }
}

/** SPEC §3 change comparison: the citations an item gained and lost. */
export function sourceChanges(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; deleted: string[] } {
  const was = new Set(before);
  const is = new Set(after);
  return {
    added: [...is].filter((id) => !was.has(id)),
    deleted: [...was].filter((id) => !is.has(id)),
  };
}

export function hasSourceChanges(before: readonly string[], after: readonly string[]): boolean {
  const { added, deleted } = sourceChanges(before, after);
  return added.length > 0 || deleted.length > 0;
}

/** A record as the source panel lists it: the records of the item's citations, each once, with how many are cited. */
export interface CitedRecord {
  id: string;
  title: string;
  citedCount: number;
}

export function recordsOfCitations(citations: readonly CitationSummary[]): CitedRecord[] {
  const records = new Map<string, CitedRecord>();
  for (const citation of citations) {
    if (!citation.record) continue;
    const known = records.get(citation.record.id);
    if (known) known.citedCount += 1;
    else records.set(citation.record.id, { ...citation.record, citedCount: 1 });
  }
  return [...records.values()];
}

/** Adds a citation to an item's list unless it is there already; an updated citation replaces its old summary. */
export function withCitation(citations: readonly CitationSummary[], citation: CitationSummary): CitationSummary[] {
  const index = citations.findIndex((existing) => existing.id === citation.id);
  if (index === -1) return [...citations, citation];
  return citations.map((existing, i) => (i === index ? citation : existing));
}

export function withoutCitations(citations: readonly CitationSummary[], ids: Iterable<string>): CitationSummary[] {
  const removed = new Set(ids);
  return citations.filter((citation) => !removed.has(citation.id));
}

/**
 * SPEC §2 Lists: search terms split on spaces, every one must occur (case and accents ignored).
 * The panels' expanded lists search what they already hold.
 */
export function matchesSearch(text: string, query: string): boolean {
  const terms = searchTerms(query);
  if (terms.length === 0) return true;
  const folded = foldForSearch(text);
  return terms.every((term) => folded.includes(term));
}

/** One page of a list held in memory, for the shared list component. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/**
 * Suggested citations as offered (SPEC §2 suggest button): each citation once, the first event it
 * was found on kept, without the ones the item cites already.
 */
export function offerableSuggestions<S extends { citation: { id: string } }>(
  suggestions: readonly S[],
  citedIds: readonly string[],
): S[] {
  const seen = new Set(citedIds);
  const offered: S[] = [];
  for (const suggestion of suggestions) {
    if (seen.has(suggestion.citation.id)) continue;
    seen.add(suggestion.citation.id);
    offered.push(suggestion);
  }
  return offered;
}

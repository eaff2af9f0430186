import { type Language, type ReportKind, reportDocumentSchema } from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/** What a report is asked with: the generations (antavla, descendants) and the language. */
export interface ReportOptions {
  generations: number;
  language: Language;
}

/** Whether the report takes a number of generations. */
export function hasGenerations(kind: ReportKind): boolean {
  return kind === 'antavla' || kind === 'descendants';
}

/** The report's API address, as JSON for the page or as PDF for the download. */
export function reportPath(
  treeId: string,
  kind: ReportKind,
  personId: string,
  options: ReportOptions,
  format: 'json' | 'pdf',
): string {
  const query = new URLSearchParams({ lang: options.language, format });
  if (hasGenerations(kind)) query.set('generations', String(options.generations));
  return treePath(treeId, `report/${kind}/${segment(personId)}?${query.toString()}`);
}

export const reportKeys = {
  all: ['report'] as const,
  document: (treeId: string, kind: ReportKind, personId: string, options: ReportOptions) =>
    [...reportKeys.all, treeId, kind, personId, options] as const,
};

export const reportQueries = {
  /** The report's document (the same the PDF is drawn from), never cached stale: a report is printed now. */
  document: (treeId: string, kind: ReportKind, personId: string, options: ReportOptions) =>
    queryOptions({
      queryKey: reportKeys.document(treeId, kind, personId, options),
      queryFn: ({ signal }) =>
        api.get(reportPath(treeId, kind, personId, options, 'json'), { schema: reportDocumentSchema, signal }),
      staleTime: 0,
    }),
};

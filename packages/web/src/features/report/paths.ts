import type { ReportKind } from '@anor/core';
import { treeBase } from '../visitor/tree-access.ts';

/** The printable page of a person's report: /app/{treeId}/person/{personId}/report/{kind}. */
export function reportHref(treeId: string, personId: string, kind: ReportKind = 'antavla'): string {
  return `${treeBase(treeId)}/person/${encodeURIComponent(personId)}/report/${kind}`;
}

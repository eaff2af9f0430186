import type { GedcomExportVersion } from '@anor/core';
import { segment } from '../../api/client.ts';

/**
 * The GEDCOM feature reads nothing into the query cache: the import's report is its mutation's
 * answer, and the root person comes from the person feature's `mainnodes` query. The export is a
 * download: `GET /api/{treeId}/gedcom?version=…` answers the file as an attachment (owner only;
 * the session cookie goes along), read with its progress by download.ts.
 */
export function gedcomExportHref(treeId: string, version: GedcomExportVersion): string {
  return `/api/${segment(treeId)}/gedcom?version=${encodeURIComponent(version)}`;
}

/**
 * How this tab reaches trees it does not own: the share links it came by (one token per tree) and
 * the owner's "preview as visitor" flag. Both live in sessionStorage, so they last as long as the
 * tab and are sent only for their own tree (`/api/{treeId}/…`), never to other trees or routes.
 * A visitor's page addresses carry the token too (`/share/{token}/{treeId}/…`, see `treeBase`), so
 * a page opened in a new tab, bookmarked or sent to a relative still opens (issue 19 item 18).
 */

const tokenKey = (treeId: string) => `anor.share.${treeId}`;
const previewKey = (treeId: string) => `anor.preview.${treeId}`;

/** The request headers the server reads (see packages/server/src/http/session.ts). */
export const SHARE_TOKEN_HEADER = 'x-anor-share';
export const PREVIEW_HEADER = 'x-anor-preview';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberShareToken(treeId: string, token: string): void {
  storage()?.setItem(tokenKey(treeId), token);
}

export function shareTokenFor(treeId: string): string | null {
  return storage()?.getItem(tokenKey(treeId)) ?? null;
}

export function setPreviewAsVisitor(treeId: string, on: boolean): void {
  if (on) storage()?.setItem(previewKey(treeId), 'visitor');
  else storage()?.removeItem(previewKey(treeId));
}

export function isPreviewAsVisitor(treeId: string): boolean {
  return storage()?.getItem(previewKey(treeId)) === 'visitor';
}

const treePathPattern = /^\/api\/([0-9a-f-]{36})\//i;

/** The headers a request to `path` carries: the tree's share token and preview flag, if any. */
export function treeAccessHeaders(path: string): Record<string, string> {
  const treeId = treePathPattern.exec(path)?.[1];
  if (!treeId) return {};
  const headers: Record<string, string> = {};
  const token = shareTokenFor(treeId);
  if (token) headers[SHARE_TOKEN_HEADER] = token;
  if (isPreviewAsVisitor(treeId)) headers[PREVIEW_HEADER] = 'visitor';
  return headers;
}

/**
 * The start of a tree's page addresses in this tab: `/share/{token}/{treeId}` for a tree the tab
 * came to by its share link, so that every page address holds what opens it; otherwise (the owner,
 * the owner's preview) `/app/{treeId}`.
 */
export function treeBase(treeId: string): string {
  const id = encodeURIComponent(treeId);
  const token = shareTokenFor(treeId);
  if (token && !isPreviewAsVisitor(treeId)) return `/share/${encodeURIComponent(token)}/${id}`;
  return `/app/${id}`;
}

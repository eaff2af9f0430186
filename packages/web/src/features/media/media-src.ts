import { useQuery } from '@tanstack/react-query';
import { toApiError } from '../../api/client.ts';
import { shareTokenFor } from '../visitor/tree-access.ts';

const treeOfPath = /^\/api\/([0-9a-f-]{36})\//i;

/**
 * The address to load a media file from in this tab. A tab that reaches the tree by its share link
 * proves it with a header that `<img src>` and a new tab cannot send, so the file routes also take
 * the token as `?share=` (the server leaves it out of its log). The owner's tab sends its cookie.
 */
export function mediaFileUrl(path: string): string {
  const treeId = treeOfPath.exec(path)?.[1];
  const token = treeId ? shareTokenFor(treeId) : null;
  if (!token) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ share: token }).toString()}`;
}

/** Opens a file (a PDF's original) in a new tab, in the browser's own viewer. */
export function openInNewTab(path: string): void {
  window.open(mediaFileUrl(path), '_blank', 'noopener');
}

/** The file at `url`, asked again of the server (not the browser's cache), as a data URL (the CSP allows `data:` images). */
async function fetchFresh(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-cache', signal });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The `src` of a file that changes at the same address (a person's portrait after a new crop),
 * which the browser may keep for minutes: fetched past its cache once per `version`.
 */
export function useVersionedSrc(path: string | null, version: string): { src: string | null; isError: boolean } {
  const query = useQuery({
    queryKey: ['media-file', path, version],
    queryFn: ({ signal }) => fetchFresh(mediaFileUrl(path ?? ''), signal),
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { errorDisplay: 'inline' },
  });
  return { src: query.data ?? null, isError: query.isError };
}

import { toApiError } from '../../api/client.ts';
import { fileNameOf } from '../gedcom/download.ts';
import { treeAccessHeaders } from '../visitor/tree-access.ts';

/**
 * The report's PDF as a download: fetched with the tree's access headers (a visitor's share link
 * is a header, which a plain link could not send), then handed to the browser under the name the
 * server gave it.
 */
export async function downloadReportPdf(path: string, language: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    headers: { Accept: 'application/pdf', 'Accept-Language': language, ...treeAccessHeaders(path) },
  });
  if (!response.ok) {
    const payload = await response.json().catch(() => undefined);
    throw toApiError(response.status, payload);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the address is no longer needed once it has been read.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

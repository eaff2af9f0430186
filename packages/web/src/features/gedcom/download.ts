/**
 * The GEDCOM export as a download with a progress (issue 20). The server streams the file and
 * says ahead in `X-Gedcom-Records` how many level-0 records it will have; the download reads the
 * stream, counts the records it has received and reports the percentage, then hands the file to
 * the browser as a download of the name the server gave it.
 */

/**
 * Counts the lines starting with "0 " (level-0 records) in a piece of the file. `tail` is what the
 * previous piece's count answered (start with `startOfFile`): its last two characters, so that a
 * "0" at the end of one piece and its space at the start of the next count once.
 */
export function countRecordStarts(piece: string, tail: string): { count: number; tail: string } {
  const text = tail + piece;
  let count = 0;
  for (let index = Math.max(1, tail.length - 1); index < text.length - 1; index += 1) {
    const before = text[index - 1];
    if ((before === '\n' || before === '\r') && text[index] === '0' && text[index + 1] === ' ') count += 1;
  }
  return { count, tail: text.slice(-2) };
}

/** The tail before the first piece: the file starts a line. */
export const startOfFile = '\n';

/** The file name of a Content-Disposition header (its UTF-8 `filename*` first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // A broken escape: the plain name below.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition);
  return plain?.[1] || fallback;
}

/** The percentage of the records received, below 100 until the stream has ended. */
export function percentOf(received: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(99, Math.floor((received / total) * 100));
}

export interface GedcomDownload {
  blob: Blob;
  fileName: string;
}

export class GedcomDownloadError extends Error {
  constructor(readonly status: number) {
    super(`GEDCOM export answered ${status}`);
  }
}

/**
 * Fetches the export at `href` in the reader's `language`, calling `onProgress` with the
 * percentage as records arrive. Aborting the signal ends the download (the promise rejects with an
 * `AbortError`). The language is passed in, so this file needs no i18n (its unit test runs in Node).
 */
export async function downloadGedcom(
  href: string,
  fallbackName: string,
  options: { language: string; signal?: AbortSignal; onProgress?: (percent: number) => void },
): Promise<GedcomDownload> {
  const response = await fetch(href, {
    credentials: 'same-origin',
    headers: { 'Accept-Language': options.language },
    signal: options.signal,
  });
  if (!response.ok || !response.body) throw new GedcomDownloadError(response.status);
  const total = Number(response.headers.get('x-gedcom-records'));
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const chunks: Uint8Array[] = [];
  let state = { count: 0, tail: startOfFile };
  let received = 0;
  options.onProgress?.(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    state = countRecordStarts(decoder.decode(value, { stream: true }), state.tail);
    received += state.count;
    options.onProgress?.(percentOf(received, total));
  }
  options.onProgress?.(100);
  return {
    blob: new Blob(chunks as BlobPart[], { type: 'text/plain;charset=utf-8' }),
    fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName),
  };
}

/** Hands a downloaded file to the browser, which saves it as a download. */
export function saveDownload({ blob, fileName }: GedcomDownload): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the browser has the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

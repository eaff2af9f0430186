import { type Media, mediaAnswerSchema } from '@anor/core';
import { ApiError, changeSetHeader, changeSetsOf, type RecordedChangeSet, toApiError } from '../../api/client.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { treeAccessHeaders } from '../visitor/tree-access.ts';
import { type MediaUploadFields, mediaUploadBody } from './upload-queue.ts';

export interface MediaUploadOptions {
  /** The share of the body sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST media (multipart) through XMLHttpRequest, whose upload events give the progress bar that
 * fetch cannot; otherwise like the `api` client: same-origin cookies (the browser adds the Origin
 * the server's origin check reads), `Accept-Language`, the tree's access headers, and `ApiError`
 * from `{ error: { code, message, details } }`. It answers the medium and the change sets the upload
 * recorded (the `Anor-Change-Set` header), for the notice's "Undo".
 */
export function uploadMedia(
  path: string,
  file: File,
  fields: MediaUploadFields = {},
  options: MediaUploadOptions = {},
): Promise<{ media: Media; changeSets: RecordedChangeSet[] }> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    for (const [name, value] of Object.entries(treeAccessHeaders(path))) xhr.setRequestHeader(name, value);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    // Upload listeners must be in place before send(), or the browser may not report progress.
    xhr.upload.addEventListener('progress', (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      if (total > 0) onProgress?.(Math.min(1, event.loaded / total));
    });
    xhr.addEventListener('load', () => {
      settle();
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = mediaAnswerSchema.safeParse(payload);
        const changeSets = changeSetsOf(path, xhr.getResponseHeader(changeSetHeader));
        if (parsed.success) resolve({ media: parsed.data.media, changeSets });
        else reject(new ApiError('common.error.generic', xhr.status, 'Unexpected answer'));
      } else reject(toApiError(xhr.status, payload));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError('common.error.generic', 0, 'Network error'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    xhr.send(mediaUploadBody(file, file.name, fields));
  });
}

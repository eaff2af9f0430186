import { ApiError, toApiError } from '../../api/client.ts';
import { currentLanguage } from '../../i18n/index.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** While the body is being sent. */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Once the whole body is sent: the server is working on it. */
  onUploaded?: () => void;
  /** Aborting closes the request; the promise rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** More request headers (the import asks `Prefer: respond-async`). */
  headers?: Record<string, string>;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POSTs raw bytes (`application/octet-stream`) and reads the JSON answer, like the `api` client
 * (same-origin cookies, `Accept-Language`, `ApiError` from `{ error: { code, message, details } }`)
 * but through XMLHttpRequest, whose upload events give a progress bar that fetch cannot.
 */
export function uploadBytes(path: string, body: Blob, options: UploadOptions = {}): Promise<unknown> {
  const { onUploadProgress, onUploaded, signal, headers = {} } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    // Upload listeners must be in place before send(), or the browser may not report progress.
    xhr.upload.addEventListener('progress', (event) => {
      onUploadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
    });
    xhr.upload.addEventListener('load', () => onUploaded?.());

    xhr.addEventListener('load', () => {
      settle();
      const payload = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload);
      else reject(toApiError(xhr.status, payload));
    });
    xhr.addEventListener('error', () => {
      settle();
      // Network failure: no status from the server at all.
      reject(new ApiError('common.error.generic', 0, 'Network error'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });

    xhr.send(body);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

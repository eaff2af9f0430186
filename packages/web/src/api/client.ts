import { type ErrorCode, type FieldIssue, isErrorCode } from '@anor/core';
import type { z } from 'zod';

/**
 * The one fetch wrapper of the web app. It speaks JSON, sends the session cookie of this origin
 * and the current interface language, and turns the API's `{ error: { code, message, details } }`
 * answers into a typed `ApiError`.
 */

/** A failed API call. `code` is a key of the error catalogue and so an i18n key. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, status: number, message: string, details?: unknown) {
    super(message || code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }

  /** The per-field problems of a validation answer (400), if any. */
  get fieldIssues(): FieldIssue[] {
    if (typeof this.details !== 'object' || this.details === null || !('issues' in this.details)) return [];
    const { issues } = this.details;
    if (!Array.isArray(issues)) return [];
    return issues.filter(isFieldIssue);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A contributor's write was kept as a proposal for review (issue 26: HTTP 202 with `{ proposal }`):
 * nothing of the tree changed, so the caller's success path (which would store the answer as the
 * changed object) must not run. The app tells the user it was sent for review.
 */
export class ProposalMade extends Error {
  readonly proposalId: string;
  readonly treeId: string | null;

  constructor(proposalId: string, treeId: string | null) {
    super('Sent for review');
    this.name = 'ProposalMade';
    this.proposalId = proposalId;
    this.treeId = treeId;
  }
}

export function isProposalMade(error: unknown): error is ProposalMade {
  return error instanceof ProposalMade;
}

function proposalOf(path: string, status: number, payload: unknown): ProposalMade | null {
  if (status !== 202 || typeof payload !== 'object' || payload === null || !('proposal' in payload)) return null;
  const { proposal } = payload as { proposal?: { id?: unknown } };
  if (typeof proposal?.id !== 'string') return null;
  const treeId = /^\/api\/([^/?]+)\//.exec(path)?.[1];
  return new ProposalMade(proposal.id, treeId ? decodeURIComponent(treeId) : null);
}

/** Whether the error means "you are not signed in" (as opposed to, say, a wrong password, which is also 401). */
export function isSessionRequiredError(error: unknown): boolean {
  return isApiError(error) && error.code === 'auth.error.sessionRequired';
}

function isFieldIssue(value: unknown): value is FieldIssue {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { path?: unknown; code?: unknown };
  return Array.isArray(candidate.path) && isErrorCode(candidate.code);
}

const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type Method = (typeof methods)[number];

/** Whether a method (a stored proposal's, say) is one the client sends. */
export function isMethod(value: string): value is Method {
  return (methods as readonly string[]).includes(value);
}

let currentLanguage: () => string = () => 'sv';

/** The i18n module registers how to read the current language, so every request sends it. */
export function setLanguageSource(source: () => string): void {
  currentLanguage = source;
}

let extraHeaders: (path: string) => Record<string, string> = () => ({});

/** The visitor module registers the headers a tree's requests carry (its share link, the owner's preview). */
export function setHeaderSource(source: (path: string) => Record<string, string>): void {
  extraHeaders = source;
}

/** The answer header that names the change sets a write recorded (docs/api.md, issue 21). */
export const changeSetHeader = 'Anor-Change-Set';
/** A change set a write recorded, with its tree (the tree its undo is asked of). */
export interface RecordedChangeSet {
  treeId: string;
  id: number;
}

const seenChangeSets: RecordedChangeSet[] = [];

/** The change sets an answer's `Anor-Change-Set` header names, in the tree of the request's `path`. */
export function changeSetsOf(path: string, header: string | null): RecordedChangeSet[] {
  const treeId = /^\/api\/([^/?]+)\//.exec(path)?.[1];
  if (!header || !treeId) return [];
  return header
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .map((id) => ({ treeId: decodeURIComponent(treeId), id }));
}

function noteChangeSets(path: string, header: string | null): void {
  seenChangeSets.push(...changeSetsOf(path, header));
}

/**
 * Where the list of change sets this tab's writes recorded stands now: a mutation takes a mark
 * before it runs and `changeSetsSince(mark)` after, so its notice can undo exactly that save.
 */
export function changeSetMark(): number {
  return seenChangeSets.length;
}

/** The change sets recorded by writes answered since `mark`, oldest first. */
export function changeSetsSince(mark: number): RecordedChangeSet[] {
  return seenChangeSets.slice(mark);
}

interface RequestOptions<T> {
  body?: unknown;
  /** Validates (and strips) the answer; without it the answer is trusted as `T`. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Headers of this request alone (e.g. `Anor-Proposal`), after the ones every request carries. */
  headers?: Record<string, string>;
}

async function request<T>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...extraHeaders(path),
    ...options.headers,
  };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // Network failure: no status from the server at all.
    throw new ApiError('common.error.generic', 0, error instanceof Error ? error.message : 'Network error');
  }

  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response.status, payload);
  const proposal = proposalOf(path, response.status, payload);
  if (proposal) throw proposal;
  noteChangeSets(path, response.headers.get(changeSetHeader));
  return options.schema ? options.schema.parse(payload) : (payload as T);
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `ApiError` of a failed answer's status and parsed body (also for requests made without `api`, e.g. uploads). */
export function toApiError(status: number, payload: unknown): ApiError {
  if (typeof payload === 'object' && payload !== null && 'error' in payload) {
    const { error } = payload;
    if (typeof error === 'object' && error !== null) {
      const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
      if (isErrorCode(code)) {
        return new ApiError(code, status, typeof message === 'string' ? message : '', details);
      }
    }
  }
  return new ApiError(fallbackCode(status), status, `HTTP ${status}`);
}

/** A code for answers that did not come from the API itself (a proxy, a crash). */
function fallbackCode(status: number): ErrorCode {
  if (status === 401) return 'auth.error.sessionRequired';
  if (status === 403) return 'auth.error.forbidden';
  if (status === 404) return 'common.error.notFound';
  if (status === 413) return 'common.error.payloadTooLarge';
  if (status === 429) return 'common.error.tooManyRequests';
  return 'common.error.generic';
}

export const api = {
  /** Any method, for a request whose method is data (a proposal's request sent again). */
  request: <T>(method: Method, path: string, options?: RequestOptions<T>) => request<T>(method, path, options),
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('DELETE', path, { ...options, body }),
};

/** Encodes one path segment (ids come from the URL and must not smuggle slashes). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

/** A path under the tree's API prefix, `/api/{treeId}/…`. */
export function treePath(treeId: string, path: string): string {
  return `/api/${segment(treeId)}/${path}`;
}

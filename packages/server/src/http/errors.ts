import { type ErrorCode, type FieldIssue, isErrorCode, statusOf } from '@anor/core';
import { translate } from '@anor/core/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable, isStorageFull } from '../db/errors.ts';
import { requestLanguage } from './language.ts';

/** An expected failure with a catalogue code: services throw it, the error handler answers it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, details?: unknown) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return statusOf(this.code);
  }
}

/**
 * Validates with a shared schema inside a service or route (a body assembled from other parts);
 * failures become the same 400 answer as a route's own validation.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
    path: ['body', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
    code: isErrorCode(issue.message) ? issue.message : 'common.error.validation',
  }));
  const first = issues.find((issue) => issue.code !== 'common.error.validation');
  throw new AppError(first?.code ?? 'common.error.validation', { issues });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, details?: unknown) {
  const body = { error: { code, message: translate(requestLanguage(request), code), details: details ?? null } };
  const retryAfter = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply.status(statusOf(code)).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own error codes for unreadable bodies, mapped to the catalogue. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'common.error.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'common.error.malformedJson',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'common.error.malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'common.error.payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'common.error.unsupportedMediaType',
  FST_ERR_CTP_INVALID_TYPE: 'common.error.unsupportedMediaType',
  FST_ERR_VALIDATION: 'common.error.validation',
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.code, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((issue) => ({
        path: [error.validationContext ?? 'body', ...pathOf(issue.instancePath)],
        code: isErrorCode(issue.message) ? issue.message : 'common.error.validation',
      }));
      const first = issues.find((issue) => issue.code !== 'common.error.validation');
      return sendError(request, reply, first?.code ?? 'common.error.validation', { issues });
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return sendError(request, reply, mapped);
    if (error instanceof SyntaxError || (error.statusCode === 400 && !error.code)) {
      return sendError(request, reply, 'common.error.malformedJson');
    }
    if (error.statusCode === 413) return sendError(request, reply, 'common.error.payloadTooLarge');
    if (error.statusCode === 415) return sendError(request, reply, 'common.error.unsupportedMediaType');
    if (error.statusCode === 429) return sendError(request, reply, 'common.error.tooManyRequests');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, 'client error without a catalogue code');
      return sendError(request, reply, 'common.error.validation');
    }
    if (isStorageFull(error)) {
      // A write ran out of disk and was rolled back; reads go on (db/pglite.ts for the embedded database).
      request.log.error({ cause: innermostCause(error) }, 'the disk is full');
      return sendError(request, reply, 'common.error.storageFull');
    }
    if (isDatabaseUnavailable(error)) {
      // Lost connection, database stopped or too slow: try again in a moment (db/postgres.ts).
      request.log.warn({ cause: innermostCause(error) }, 'database unavailable');
      return sendError(request, reply, 'common.error.unavailable', { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 'common.error.generic');
  });
}

/** What a 503 for an unavailable database suggests in Retry-After. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * The innermost cause's code (a SQLSTATE, a socket error) and message, for the log line: Drizzle's
 * own message holds the whole query and its parameters.
 */
function innermostCause(error: unknown): { code: string | null; message: string } {
  let found = { code: null as string | null, message: String(error) };
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const code = 'code' in current && typeof current.code === 'string' ? current.code : null;
    const message = 'message' in current && typeof current.message === 'string' ? current.message : found.message;
    found = { code: code ?? found.code, message };
    current = 'cause' in current ? current.cause : undefined;
  }
  return found;
}

function pathOf(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

import type { Readable } from 'node:stream';
import { type SubscriptionInfo, subscriptionStatus, textLimits } from '@anor/core';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/auth.ts';
import { AppError } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { UserService } from '../user/user.service.ts';
import { removeSpooled, type SpooledFile, spoolBody } from './gedcom.spool.ts';

/**
 * The GEDCOM upload's checks before its body is read, and the reading itself. Who may upload and
 * how much is settled in `onRequest`, from the session cookie and Content-Length alone: an
 * anonymous or foreign upload gets 401/403 and a free account's oversized one 413 while the body
 * is still on its way, so nobody can make the server read 200 MB it will refuse. The file's bytes
 * (`application/octet-stream`) are then streamed to a spool file under DATA_DIR/spool
 * (gedcom.spool.ts) and cut off as soon as they pass the account's limit, also when no
 * Content-Length was sent: an upload never sits whole in memory. The JSON form (`{ gedcomString }`,
 * text already decoded) is read into one buffer of the announced size, as JSON must be parsed whole.
 */

/** A JSON body (`{ gedcomString }`) escapes newlines and quotes: its text may be up to twice the file's bytes. */
const jsonOverhead = 2;
const jsonSlack = 64 * 1024;

interface UploadAllowance {
  /** The most bytes of file the account may send: the tier's, never more than GEDCOM_MAX_BYTES. */
  maxBytes: number;
  /** GEDCOM_MAX_BYTES: no body of any account is read past it. */
  maxPaidBytes: number;
  paid: boolean;
}

const allowances = new WeakMap<FastifyRequest, UploadAllowance>();

/** The bodies this parser spooled: only these name a file (a JSON body never does). */
const spooledBodies = new WeakSet<object>();

export function isSpooledBody(body: unknown): body is SpooledFile {
  return typeof body === 'object' && body !== null && spooledBodies.has(body);
}

/** Past GEDCOM_MAX_BYTES the import's own code (as before); past a free account's 5 MB the tier's. */
function tooLarge(allowance: UploadAllowance, bytes: number): AppError {
  return allowance.paid || bytes > allowance.maxPaidBytes
    ? new AppError('gedcom.error.tooLarge', { bytes, max: allowance.maxPaidBytes })
    : new AppError('limit.gedcomSize', { bytes, max: allowance.maxBytes });
}

function isJson(request: FastifyRequest): boolean {
  return /^application\/json\b/i.test(request.headers['content-type'] ?? '');
}

/**
 * The most bytes the body of this request may have: a free account's JSON body has room for its
 * escapes (the service checks the file's own size), and no body passes GEDCOM_MAX_BYTES.
 */
function bodyLimitOf(request: FastifyRequest, allowance: UploadAllowance): number {
  const limit = isJson(request) ? allowance.maxBytes * jsonOverhead + jsonSlack : allowance.maxBytes;
  return Math.min(limit, allowance.maxPaidBytes);
}

/**
 * The upload's `onRequest` hook: the signed-in user must be the one named in the path, and an
 * announced body must fit their tier (free: 5 MB, SPEC §5; paid: GEDCOM_MAX_BYTES).
 */
export function checkUploadBeforeBody(
  auth: Auth,
  users: UserService,
  maxPaidBytes: number,
  assertRoom: (bytes: number) => Promise<void> = async () => undefined,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const viewer = await requireUser(auth, request);
    users.assertSelf(viewer.id, String((request.params as { userId?: unknown }).userId ?? ''));
    const { subscription } = await users.userInfo(viewer.id);
    const allowance = allowanceOf(subscription, maxPaidBytes);
    allowances.set(request, allowance);
    const announced = Number(request.headers['content-length']);
    if (Number.isSafeInteger(announced) && announced > bodyLimitOf(request, allowance)) {
      throw tooLarge(allowance, announced);
    }
    // An announced file the disk clearly cannot hold is refused before it is spooled (507); a JSON
    // body's text may be up to twice its file. Without a length the service checks after reading.
    if (Number.isSafeInteger(announced) && announced > 0) {
      await assertRoom(isJson(request) ? Math.floor(announced / jsonOverhead) : announced);
    }
  };
}

function allowanceOf(subscription: SubscriptionInfo, maxPaidBytes: number): UploadAllowance {
  const paid = subscriptionStatus(subscription) === 'paid';
  return { paid, maxPaidBytes, maxBytes: paid ? maxPaidBytes : Math.min(textLimits.gedcomBytes, maxPaidBytes) };
}

/**
 * Streams the file's bytes to a spool file in `spoolDir`, refusing them as soon as they pass the
 * account's limit (the rest is left unread, as Fastify's own limit does, and the file removed). The
 * upload's content-type parser for `application/octet-stream`.
 */
export async function spoolUploadBody(
  request: FastifyRequest,
  payload: Readable,
  spoolDir: string,
): Promise<SpooledFile> {
  const allowance = allowances.get(request);
  // The hook always runs first; without it, nothing may be read.
  if (!allowance) throw new AppError('auth.error.sessionRequired');
  const announced = Number(request.headers['content-length']);
  const hasLength = Number.isSafeInteger(announced) && announced >= 0;
  const spooled = await spoolBody(spoolDir, payload, bodyLimitOf(request, allowance), (bytes) =>
    tooLarge(allowance, hasLength ? announced : bytes),
  );
  if (hasLength && spooled.bytes !== announced) {
    await removeSpooled(spooled.path);
    throw new AppError('common.error.malformedJson');
  }
  spooledBodies.add(spooled);
  return spooled;
}

/**
 * Reads the body into one buffer, refusing it as soon as it passes the account's limit (the rest
 * is left unread, as Fastify's own limit does). The upload's content-type parser for JSON.
 */
export function readUploadBody(request: FastifyRequest, payload: Readable): Promise<Buffer> {
  const allowance = allowances.get(request);
  // The hook always runs first; without it, nothing may be read.
  if (!allowance) return Promise.reject(new AppError('auth.error.sessionRequired'));
  const max = bodyLimitOf(request, allowance);
  const announced = Number(request.headers['content-length']);
  const hasLength = Number.isSafeInteger(announced) && announced >= 0;
  let buffer: Buffer | null = hasLength && announced <= max ? Buffer.allocUnsafe(announced) : null;
  const chunks: Buffer[] = [];
  let length = 0;
  return new Promise((resolve, reject) => {
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (data: Buffer | string) => {
      const chunk = typeof data === 'string' ? Buffer.from(data) : data;
      const start = length;
      length += chunk.length;
      if (length > max) {
        stop();
        reject(tooLarge(allowance, hasLength ? announced : length));
        return;
      }
      if (buffer && length <= buffer.length) {
        chunk.copy(buffer, start);
        return;
      }
      if (buffer) {
        chunks.push(buffer.subarray(0, start));
        buffer = null;
      }
      chunks.push(Buffer.from(chunk));
    };
    const onEnd = () => {
      stop();
      if (hasLength && length !== announced) {
        reject(new AppError('common.error.malformedJson'));
        return;
      }
      resolve(buffer ? buffer.subarray(0, length) : Buffer.concat(chunks, length));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}

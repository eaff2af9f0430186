import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { replaceInvalidNameCharacters } from '@anor/core';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { SpooledUpload } from './media.service.ts';

/**
 * Reads an upload's multipart form (issue 22): its text fields, and its one `file` part streamed to
 * a temporary file under DATA_DIR/spool while its SHA-256 and size are counted, so a file never
 * sits whole in memory. Past the per-file limit the stream is cut off and 413 media.error.tooLarge
 * answered; the temporary file is removed by `discard` whatever happens (the route's `finally`).
 */
export interface ReadUpload {
  fields: Record<string, string>;
  file: SpooledUpload | null;
  discard(): Promise<void>;
}

class TooLarge extends Error {}

export async function readUpload(request: FastifyRequest, spoolDir: string, maxBytes: number): Promise<ReadUpload> {
  const fields: Record<string, string> = {};
  let file: SpooledUpload | null = null;
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.map((each) => rm(each, { force: true })));
  };
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes + 1, files: 1, fields: 20, fieldSize: 20_000 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      await mkdir(spoolDir, { recursive: true });
      const target = path.join(spoolDir, `media-${randomUUID()}`);
      written.push(target);
      const hash = createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new TooLarge());
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(target));
      if (part.file.truncated) throw new TooLarge();
      file = { path: target, size, hash: hash.digest('hex'), fileName: cleanFileName(part.filename) };
    }
  } catch (error) {
    await discard();
    if (error instanceof TooLarge || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('media.error.tooLarge', { max: maxBytes });
    }
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('FST_')) throw new AppError('common.error.validation', { reason: code });
    throw error;
  }
  return { fields, file, discard };
}

/** The name as the browser sent it, without a path, the characters no name may hold, or more than 255 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = replaceInvalidNameCharacters((name ?? '').split(/[\\/]/).pop() ?? '', '').trim();
  return (base || 'file').slice(0, 255);
}

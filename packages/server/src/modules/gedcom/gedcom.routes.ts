import { Readable } from 'node:stream';
import {
  type GedcomImportAnswer,
  gedcomExportQuerySchema,
  gedcomImportAnswerSchema,
  gedcomImportJsonBodySchema,
  gedcomImportQuerySchema,
  type Job,
  jobSchema,
  uuidv7,
} from '@anor/core';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, parseOrThrow, sendError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { treeParams } from '../../http/params.ts';
import { currentViewer, requireUser } from '../../http/session.ts';
import type { GedcomImportJobInput } from './gedcom.job.ts';
import { registerGedcomPreviewRoutes } from './gedcom.preview.routes.ts';
import { removeSpooled, type SpooledFile, spoolDirOf, spoolText } from './gedcom.spool.ts';
import { checkUploadBeforeBody, isSpooledBody, readUploadBody, spoolUploadBody } from './gedcom.upload.ts';

/** Spool files a job took over: the job removes them when it ends. */
const handedOver = new WeakSet<SpooledFile>();

/** `Prefer: respond-async` (RFC 7240): answer 202 with the job at once instead of waiting for its end. */
function wantsAsync(request: FastifyRequest): boolean {
  return /\brespond-async\b/i.test(String(request.headers.prefer ?? ''));
}

const userParams = z.strictObject({ userId: z.string().min(1).max(64) });
const tags = ['gedcom'];

/** A file name for Content-Disposition: the tree's name, ASCII-safe, plus the UTF-8 form. */
function attachmentHeader(name: string, extension = 'ged'): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\/]/g, '')
      .trim() || 'tree';
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${name}.${extension}`)}`;
}

/**
 * GEDCOM import (SPEC §7 `POST /api/user/{userId}/tree/gedcom`) and export. The import takes the
 * file's bytes as `application/octet-stream` (so the server, not the browser, decides the encoding)
 * or the JSON `{ gedcomString }`. Who may upload and how much is checked before the body is read,
 * and the body is cut off at the account's tier limit (gedcom.upload.ts); the service checks the
 * file's size again.
 */
export function registerGedcomRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { auth, users, gedcom, config, jobs } = ctx;
  const spoolDir = spoolDirOf(config.dataDir);
  registerGedcomPreviewRoutes(app, ctx);

  app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      // Past the paid tier's file limit: the import's own code, not the generic 413.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendError(request, reply, 'gedcom.error.tooLarge', { max: config.gedcomMaxBytes });
      }
      // The client went away mid-upload (a cancelled import): nobody is left to answer.
      if (error.code === 'ECONNRESET' || request.raw.aborted) {
        request.log.debug({ err: error }, 'GEDCOM upload aborted by the client');
        return reply;
      }
      throw error;
    });
    // The file's bytes go to a spool file as they arrive, never whole into memory.
    scope.addContentTypeParser('application/octet-stream', (request: FastifyRequest, payload: Readable) =>
      spoolUploadBody(request, payload, spoolDir),
    );
    // A spool file no job took (the request was refused after its body was read) goes at once.
    scope.addHook('onResponse', async (request) => {
      if (isSpooledBody(request.body) && !handedOver.has(request.body)) await removeSpooled(request.body.path);
    });
    // JSON too: the account's limit, not the route's, decides how much of it is read.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', async (request: FastifyRequest, payload: Readable) => {
      // An empty or broken body is a SyntaxError: 400 common.error.malformedJson, as elsewhere.
      return JSON.parse((await readUploadBody(request, payload)).toString('utf8'));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/user/:userId/tree/gedcom',
      {
        bodyLimit: config.gedcomMaxBytes,
        // Signed in, the user named in the path, and an announced size within the tier: before any byte is read.
        onRequest: checkUploadBeforeBody(auth, users, config.gedcomMaxBytes, gedcom.assertRoomForUpload),
        schema: {
          tags,
          summary: 'Create a tree from a GEDCOM file (the bytes, or { gedcomString })',
          params: userParams,
          querystring: gedcomImportQuerySchema,
          // 201 with the report when the client waits; 202 with the job for `Prefer: respond-async`.
          response: { 201: gedcomImportAnswerSchema, 202: jobSchema },
        },
      },
      async (request, reply) => {
        const viewer = await requireUser(auth, request);
        users.assertSelf(viewer.id, request.params.userId);
        let treeName = request.query.treeName;
        const { subscription } = await users.userInfo(viewer.id);
        const language = requestLanguage(request);
        let spooled: SpooledFile;
        let text = false;
        if (isSpooledBody(request.body)) {
          spooled = request.body;
          // Refused here (the onResponse hook removes the file), or handed to the job below.
          await gedcom.checkImport({ content: spooled, language, subscription });
        } else if (request.body === undefined || request.body === null) {
          throw new AppError('gedcom.error.noFile');
        } else {
          const body = parseOrThrow(gedcomImportJsonBodySchema, request.body);
          treeName = body.treeName ?? treeName;
          // Text already decoded: checked as text, then spooled as UTF-8 for the job.
          await gedcom.checkImport({ content: body.gedcomString, language, subscription });
          spooled = await spoolText(spoolDir, body.gedcomString);
          text = true;
        }
        const input: GedcomImportJobInput = {
          ...spooled,
          text,
          treeName: treeName ?? null,
          language,
          // Only a client that does not wait for the end can confirm a preview.
          preview: request.query.preview === 'true' && wantsAsync(request),
        };
        let job: Job;
        try {
          job = await jobs.submit({
            treeId: uuidv7(),
            kind: 'gedcomImport',
            input: input as unknown as Record<string, unknown>,
            userId: viewer.id,
          });
        } catch (error) {
          await removeSpooled(spooled.path);
          throw error;
        }
        handedOver.add(spooled);
        if (wantsAsync(request)) return reply.status(202).send(job);
        // The client waits for the end: a client that goes away cancels the import (it rolls back).
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) void jobs.cancel(viewer.id, job.id).catch(() => undefined);
        });
        const row = await jobs.settle(job.id);
        return reply.status(201).send(row.result as GedcomImportAnswer);
      },
    );
  });

  routes.get(
    '/api/:treeId/gedcom',
    {
      // Only the tree's editors may take it away whole (a viewer reads it, a visitor too, in the app).
      config: { access: 'edit' },
      schema: {
        tags,
        summary: 'Download the tree as GEDCOM 5.5.1 or 7.0, or as a GEDZIP with its files (owner only)',
        params: treeParams,
        querystring: gedcomExportQuerySchema,
        produces: ['text/plain', 'application/zip'],
      },
    },
    async (request, reply) => {
      const { format, version } = request.query;
      if (format === 'gedzip') {
        const viewer = await currentViewer(auth, request);
        const zip = await gedcom.exportZip(viewer, request.params.treeId, ctx.mediaStorage, version);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', attachmentHeader(zip.name, 'gdz'))
          .send(zip.stream);
      }
      const { name, records, parts } = await gedcom.exportFile(
        await currentViewer(auth, request),
        request.params.treeId,
        version ?? '5.5.1',
      );
      // Streamed a thousand records at a time as they are written: the file is never whole in memory.
      return (
        reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('content-disposition', attachmentHeader(name))
          // How many level-0 records the file will have (at most), for the progress the web shows.
          .header('x-gedcom-records', String(records))
          .send(Readable.from(parts, { objectMode: false }))
      );
    },
  );
}

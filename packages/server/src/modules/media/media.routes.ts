import path from 'node:path';
import {
  mediaGalleryAnswerSchema,
  mediaIdSchema,
  mediaLinkBodySchema,
  mediaListAnswerSchema,
  mediaListQuerySchema,
  mediaReferencesAnswerSchema,
  mediaSchema,
  mediaUpdateBodySchema,
  mediaUploadAnswerSchema,
  mediaUploadFieldsSchema,
  mediaVariants,
  personIdSchema,
  portraitAnswerSchema,
  portraitBodySchema,
} from '@anor/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, parseOrThrow } from '../../http/errors.ts';
import { treeIdParam, treeParams } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import type { MediaService } from './media.service.ts';
import { readUpload } from './media.upload.ts';

const tags = ['media'];
const mediaParams = z.strictObject({ treeId: treeIdParam, mediaId: mediaIdSchema });
const personParams = z.strictObject({ treeId: treeIdParam, id: personIdSchema });
/**
 * The file routes also take the share link's token as `?share=` (besides the X-Anor-Share header):
 * an `<img src>` cannot send a header. The request log leaves it out (http/log-redact.ts). `?v=` is
 * accepted and ignored, for the web's cache busting.
 */
const fileQuery = z.strictObject({
  share: z.string().max(64).optional(),
  /** A cache-busting value the web app may add (a changed portrait's crop, a filled-in reference): ignored. */
  v: z.string().max(64).optional(),
});

/** The media routes of issue 22 (docs/api.md "Media"). Access, privacy and limits live in the service. */
export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext & { media: MediaService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { media } = ctx;
  const viewer = (request: FastifyRequest) => currentViewer(ctx.auth, request);
  /** The viewer of a file route: the header's share token, or the query's. */
  const fileViewer = async (request: FastifyRequest & { query: { share?: string | undefined } }) => {
    const found = await viewer(request);
    if (!found.shareToken && request.query.share) found.shareToken = request.query.share;
    return found;
  };
  const sendFile = (
    reply: FastifyReply,
    file: { stream: NodeJS.ReadableStream; size: number; type: string },
    fileName?: string | null,
  ) => {
    reply.header('cache-control', 'private, max-age=3600');
    reply.header('content-length', String(file.size));
    if (fileName) reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    return reply.type(file.type).send(file.stream);
  };

  routes.get(
    '/api/:treeId/media',
    {
      schema: {
        tags,
        summary: "The tree's media, newest first",
        params: treeParams,
        querystring: mediaListQuerySchema,
        response: { 200: mediaListAnswerSchema },
      },
    },
    async (request) =>
      media.list(request.params.treeId, await viewer(request), request.query.cursor, request.query.limit),
  );

  // The upload: multipart only here, in its own scope.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/:treeId/media',
      {
        // An upload stores a file besides its rows: not proposed (issue 26); a contributor is refused.
        config: { proposable: false },
        schema: {
          tags,
          summary:
            'Upload an image or PDF (multipart/form-data: fields title, date, description, nodeId, nodeKind; one `file`)',
          consumes: ['multipart/form-data'],
          params: treeParams,
          response: { 201: mediaUploadAnswerSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('common.error.unsupportedMediaType');
        const who = await viewer(request);
        const { treeId } = request.params;
        const announced = Number(request.headers['content-length']);
        // Refused before the body is read: an upload the tree has no room for, or larger than any file may be.
        await media.precheck(treeId, who, 0);
        if (Number.isSafeInteger(announced) && announced > ctx.config.media.maxFileBytes + 64 * 1024) {
          throw new AppError('media.error.tooLarge', { max: ctx.config.media.maxFileBytes });
        }
        const upload = await readUpload(request, path.join(ctx.config.dataDir, 'spool'), ctx.config.media.maxFileBytes);
        try {
          if (!upload.file) throw new AppError('media.error.noFile');
          const fields = parseOrThrow(mediaUploadFieldsSchema, upload.fields);
          return reply.status(201).send(await media.upload(treeId, who, upload.file, fields));
        } finally {
          await upload.discard();
        }
      },
    );
  });

  routes.get(
    '/api/:treeId/media/references',
    {
      // The tree's editors' tool (the import report), not for visitors: refused 403 by the tree guard.
      config: { access: 'edit' },
      schema: {
        tags,
        summary: "The files the tree's GEDCOM references name, and how many of their objects have them (editors)",
        params: treeParams,
        response: { 200: mediaReferencesAnswerSchema },
      },
    },
    async (request) => media.references(request.params.treeId, await viewer(request)),
  );

  routes.get(
    '/api/:treeId/media/node/:nodeId',
    {
      schema: {
        tags,
        summary: 'The media of a person, event, place, citation, record, repository or note',
        params: z.strictObject({ treeId: treeIdParam, nodeId: z.uuid({ error: 'common.error.notFound' }) }),
        response: { 200: mediaGalleryAnswerSchema },
      },
    },
    async (request) => media.ofNode(request.params.treeId, await viewer(request), request.params.nodeId),
  );

  routes.get(
    '/api/:treeId/media/:mediaId',
    { schema: { tags, summary: 'A media object with its links', params: mediaParams, response: { 200: mediaSchema } } },
    async (request) => media.get(request.params.treeId, await viewer(request), request.params.mediaId),
  );

  routes.put(
    '/api/:treeId/media/:mediaId',
    {
      schema: {
        tags,
        summary:
          "Change a media object's title, date and description; with the revision it was loaded at, refused with 409 when changed since",
        params: mediaParams,
        body: mediaUpdateBodySchema,
        response: { 200: mediaSchema },
      },
    },
    async (request) => {
      const { revision, ...values } = request.body;
      return media.update(request.params.treeId, await viewer(request), request.params.mediaId, values, revision);
    },
  );

  routes.delete(
    '/api/:treeId/media/:mediaId',
    { schema: { tags, summary: 'Delete a media object (to the trash)', params: mediaParams } },
    async (request, reply) => {
      await media.remove(request.params.treeId, await viewer(request), request.params.mediaId);
      return reply.status(204).send();
    },
  );

  routes.put(
    '/api/:treeId/media/:mediaId/link',
    {
      schema: {
        tags,
        summary: 'Link a media object to a node (nothing changes when it is linked already)',
        params: mediaParams,
        body: mediaLinkBodySchema,
        response: { 200: mediaSchema },
      },
    },
    async (request) =>
      media.link(
        request.params.treeId,
        await viewer(request),
        request.params.mediaId,
        request.body.nodeId,
        request.body.nodeKind,
      ),
  );

  routes.delete(
    '/api/:treeId/media/:mediaId/link/:nodeId',
    {
      schema: {
        tags,
        summary: 'Unlink a media object from a node',
        params: mediaParams.extend({ nodeId: z.uuid({ error: 'common.error.notFound' }) }),
        response: { 200: mediaSchema },
      },
    },
    async (request) =>
      media.unlink(request.params.treeId, await viewer(request), request.params.mediaId, request.params.nodeId),
  );

  routes.get(
    '/api/:treeId/media/:mediaId/file/:variant',
    {
      schema: {
        tags,
        summary: 'The bytes of a version of the file: thumb, screen (WebP) or original',
        params: mediaParams.extend({ variant: z.enum(mediaVariants, { error: 'media.error.notFound' }) }),
        querystring: fileQuery,
      },
    },
    async (request, reply) => {
      const { treeId, mediaId, variant } = request.params;
      const file = await media.file(treeId, await fileViewer(request), mediaId, variant);
      return sendFile(reply, file, variant === 'original' ? file.fileName : null);
    },
  );

  routes.put(
    '/api/:treeId/person/:id/portrait',
    {
      schema: {
        tags,
        summary: "Set a person's portrait: a crop of one of the tree's images",
        params: personParams,
        body: portraitBodySchema,
        response: { 200: portraitAnswerSchema },
      },
    },
    async (request) =>
      media.setPortrait(
        request.params.treeId,
        await viewer(request),
        request.params.id,
        request.body.mediaId,
        request.body.crop,
      ),
  );

  routes.delete(
    '/api/:treeId/person/:id/portrait',
    { schema: { tags, summary: "Remove a person's portrait", params: personParams } },
    async (request, reply) => {
      await media.removePortrait(request.params.treeId, await viewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  routes.get(
    '/api/:treeId/person/:id/portrait/file',
    {
      schema: {
        tags,
        summary: "The person's portrait, cropped (WebP, about 256 px)",
        params: personParams,
        querystring: fileQuery,
      },
    },
    async (request, reply) => {
      const bytes = await media.portraitFile(request.params.treeId, await fileViewer(request), request.params.id);
      reply.header('cache-control', 'private, max-age=600');
      return reply.type('image/webp').send(bytes);
    },
  );
}

import {
  type Language,
  personIdSchema,
  type ReportDocument,
  reportDocumentSchema,
  reportGenerationsQuerySchema,
  reportQuerySchema,
} from '@anor/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requestLanguage } from '../../http/language.ts';
import { treeIdParam } from '../../http/params.ts';
import { currentViewer } from '../../http/session.ts';
import { renderReportPdf } from './report.pdf.ts';
import type { ReportRequest } from './report.service.ts';

const tags = ['report'];
const personParams = z.strictObject({ treeId: treeIdParam, personId: personIdSchema });
const formats =
  'As PDF (application/pdf, an attachment) by default; with format=json the same report as the document the printable page draws.';

/** The reports of issue 23: PDF, or with `format=json` the document the web's printable page shows. */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = ctx;

  async function reportRequest(request: FastifyRequest<{ Params: { treeId: string } }>, lang?: Language) {
    return {
      treeId: request.params.treeId,
      viewer: await currentViewer(ctx.auth, request),
      language: lang ?? requestLanguage(request),
    } satisfies ReportRequest;
  }

  /** JSON goes through serialisation (and the privacy hook); a PDF is bytes, redacted by the service. */
  async function answer(reply: FastifyReply, report: ReportDocument, format: 'pdf' | 'json', fileName: string) {
    if (format === 'json') return report;
    const pdf = await renderReportPdf(report);
    const safe = fileName.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'report';
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="${safe.replace(/[^\x20-\x7e]/g, '_')}.pdf"; filename*=UTF-8''${encodeURIComponent(safe)}.pdf`,
      )
      .send(pdf);
  }

  routes.get(
    '/api/:treeId/report/antavla/:personId',
    {
      schema: {
        tags,
        summary: `The ancestor table (antavla) of a person with Sosa–Stradonitz numbers. ${formats}`,
        params: personParams,
        querystring: reportGenerationsQuerySchema,
        response: { 200: reportDocumentSchema },
      },
    },
    async (request, reply) => {
      const { lang, format, generations } = request.query;
      const report = await reports.antavla(await reportRequest(request, lang), request.params.personId, generations);
      return answer(reply, report, format, report.title);
    },
  );

  routes.get(
    '/api/:treeId/report/family/:personId',
    {
      schema: {
        tags,
        summary: `The family group sheet of a person: each of their families, with partner, the couple's events and their children. ${formats}`,
        params: personParams,
        querystring: reportQuerySchema,
        response: { 200: reportDocumentSchema },
      },
    },
    async (request, reply) => {
      const { lang, format } = request.query;
      const report = await reports.family(await reportRequest(request, lang), request.params.personId);
      return answer(reply, report, format, report.title);
    },
  );

  routes.get(
    '/api/:treeId/report/person/:personId',
    {
      schema: {
        tags,
        summary: `Everything about one person, with notes and sources. ${formats}`,
        params: personParams,
        querystring: reportQuerySchema,
        response: { 200: reportDocumentSchema },
      },
    },
    async (request, reply) => {
      const { lang, format } = request.query;
      const report = await reports.person(await reportRequest(request, lang), request.params.personId);
      return answer(reply, report, format, report.title);
    },
  );

  routes.get(
    '/api/:treeId/report/descendants/:personId',
    {
      schema: {
        tags,
        summary: `The descendants of a person by generation, numbered 1, 1.1, 1.1.2. ${formats}`,
        params: personParams,
        querystring: reportGenerationsQuerySchema,
        response: { 200: reportDocumentSchema },
      },
    },
    async (request, reply) => {
      const { lang, format, generations } = request.query;
      const report = await reports.descendants(
        await reportRequest(request, lang),
        request.params.personId,
        generations,
      );
      return answer(reply, report, format, report.title);
    },
  );
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Access } from '@anor/core';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuth } from './auth/auth.ts';
import type { Config } from './config.ts';
import { type AppContext, createContext } from './context.ts';
import { type Database, migrationsFolder } from './db/client.ts';
import { ensureDemoTree } from './demo/demo-tree.ts';
import { jsonBodyLimits, registerBodyLimits } from './http/body-limits.ts';
import { registerDraining } from './http/draining.ts';
import { registerErrorHandling, sendError } from './http/errors.ts';
import { serializeRequest } from './http/log-redact.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerRouteRateLimits } from './http/rate-limit.ts';
import { registerSecurityHeaders, securityHeaders, setSecurityHeaders } from './http/security-headers.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { registerConfigRoutes } from './modules/config/config.routes.ts';
import { registerContactRoutes } from './modules/contact/contact.routes.ts';
import { registerDemoRoutes } from './modules/demo/demo.routes.ts';
import { registerDuplicateRoutes } from './modules/duplicate/duplicate.routes.ts';
import { registerEventRoutes } from './modules/event/event.routes.ts';
import { sweepGedcomSpool } from './modules/gedcom/gedcom.job.ts';
import { registerGedcomRoutes } from './modules/gedcom/gedcom.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { registerChangeSetHeader } from './modules/history/change-set-header.ts';
import { registerHistoryRoutes } from './modules/history/history.routes.ts';
import { registerJobRoutes } from './modules/job/job.routes.ts';
import { registerLocationRoutes } from './modules/location/location.routes.ts';
import { collectMediaGarbage } from './modules/media/media.gc.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { registerMemberRoutes } from './modules/member/member.routes.ts';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createMetrics } from './modules/metrics/metrics.service.ts';
import { registerNoteRoutes } from './modules/note/note.routes.ts';
import { registerOverviewRoutes } from './modules/overview/overview.routes.ts';
import { registerPersonRoutes } from './modules/person/person.routes.ts';
import { registerPrivacy } from './modules/privacy/privacy.hook.ts';
import { createProposalNotifier } from './modules/proposal/proposal.notify.ts';
import { registerProposalRoutes } from './modules/proposal/proposal.routes.ts';
import { isProposable, registerProposalScope } from './modules/proposal/proposal.scope.ts';
import { registerQualityRoutes } from './modules/quality/quality.routes.ts';
import { registerRelationshipRoutes } from './modules/relationship/relationship.routes.ts';
import { registerReportRoutes } from './modules/report/report.routes.ts';
import { registerSanityRoutes } from './modules/sanity/sanity.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { registerSessionRoutes } from './modules/session/session.routes.ts';
import { registerSourceRoutes } from './modules/source/source.routes.ts';
import { registerTrashRoutes } from './modules/trash/trash.routes.ts';
import { startTrashSweep } from './modules/trash/trash.sweep.ts';
import { registerWriteGuard, routeAccess } from './modules/tree/tree.guard.ts';
import { registerTreeRoutes } from './modules/tree/tree.routes.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { connectRedis } from './redis.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Defaults to SMTP when configured, else the outbox in DATA_DIR/outbox. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance & { anor: AppContext; routeTable: RouteEntry[] };

/** Every route the app serves (for the fuzz test and the documentation). */
export interface RouteEntry {
  method: string;
  url: string;
  /**
   * What a tree route needs of the caller's role (`read` lets visitors in; see @anor/core roles.ts
   * and modules/tree/tree.guard.ts): as the route declares, else `read` for a GET and `edit` for the rest.
   */
  access: Access;
  /** Whether a contributor's call is kept as a proposal for review (modules/proposal/proposal.scope.ts). */
  proposable: boolean;
}

export async function buildApp({ config, database, mailer, logger }: BuildAppOptions): Promise<App> {
  const headers = securityHeaders({ publicUrl: config.publicUrl, mapTileUrl: config.map.tileUrl });
  const app = Fastify({
    // Share and reset tokens never reach the request log (http/log-redact.ts).
    logger: logger ?? { level: config.logLevel, serializers: { req: serializeRequest } },
    // Each route gets the limit its body calls for (http/body-limits.ts); this one is for the rest.
    bodyLimit: jsonBodyLimits.small,
    // Forwarded headers only from the configured proxies (TRUST_PROXY, http/trust-proxy.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // No ceiling on a start-up step: the job runner's start (onReady below) rolls back an import a
    // killed server left, which on a large tree, or a loaded machine, takes longer than Fastify's 10 s
    // default; with it the server refused to start at all after such a crash (crash.test.ts).
    pluginTimeout: 0,
    // While closing, requests on open connections answer in the catalogue's shape (http/draining.ts).
    return503OnClosing: false,
    // An undecodable URL or an overlong path segment can name no resource.
    frameworkErrors: (_error, request, reply) => {
      setSecurityHeaders(reply, headers);
      return sendError(request, reply, 'common.error.notFound');
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, headers);
  registerBodyLimits(app);
  registerChangeSetHeader(app);
  // A new proposal's reviewers are told once its answer is out (ctx is made below, before any request).
  registerProposalScope(app, ({ treeId, proposer }) => proposalNotifier().proposed(treeId, proposer.id, proposer.name));
  registerDraining(app);
  // GET /metrics and the request counts, when METRICS or METRICS_TOKEN is set (modules/metrics).
  const metrics = config.metrics.enabled ? createMetrics(database) : null;
  registerMetricsRoutes(app, metrics, config.metrics);

  // Forms (the session library's sign-out form) are read as flat string fields.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const outMailer =
    mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, app.log));
  const auth = createAuth({
    db: database.db,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    mailer: outMailer,
  });
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  const proposalNotifier = () =>
    createProposalNotifier({ db: ctx.db, mailer: ctx.mailer, publicUrl: config.publicUrl });
  const ctx = createContext(
    config,
    database.db,
    auth,
    outMailer,
    { freeBytes: database.freeBytes, embedded: database.kind === 'pglite' },
    redis,
  );
  // The job runner: at start it fails the jobs a stopped server left and removes their spool files;
  // at close it stops the running ones (their transactions roll back).
  app.addHook('onReady', async () => {
    ctx.jobs.useLog(app.log);
    if (metrics) ctx.jobs.useObserver(metrics.jobObserver);
    await ctx.jobs.start();
    await sweepGedcomSpool(ctx, database.kind === 'pglite');
    // The trash's purge (issue 21): at start-up and every hour.
    trashSweep = startTrashSweep(ctx.db, app.log, undefined, () => collectMediaGarbage(ctx.db, ctx.mediaStorage));
  });
  let trashSweep: ReturnType<typeof startTrashSweep> | null = null;
  // Closing (SIGTERM, main.ts) stops the running jobs at once, not after the requests under way: a
  // request that waits for its import's end then gets its answer instead of holding the shutdown.
  let jobsStopped: Promise<void> | null = null;
  app.addHook('preClose', async () => {
    jobsStopped = ctx.jobs.stop();
  });
  app.addHook('onClose', async () => {
    trashSweep?.stop();
    await trashSweep?.done;
    await (jobsStopped ?? ctx.jobs.stop());
    await redis?.quit().catch(() => redis.disconnect());
  });
  database.onConnectionError?.((error) => {
    // Code and message only: pg's error carries the whole client, its cancel key among it.
    const code = (error as { code?: unknown }).code;
    app.log.warn({ code, message: error.message }, 'lost a database connection; a new one is opened when needed');
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Anor API', version: '0.1.0', description: 'Genealogy web application' },
    },
    transform: jsonSchemaTransform,
  });

  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        routeTable.push({
          method,
          url: route.url,
          access: routeAccess(method, route.config?.access),
          proposable: isProposable(method, route.url, route.config ?? {}),
        });
      }
    }
  });

  registerOriginCheck(app, [config.publicUrl]);
  registerRouteRateLimits(app, ctx.auth, ctx.limiters);
  registerPrivacy(app, ctx.db, config.privacyLivingYears);
  registerWriteGuard(app, ctx.db, ctx.auth);
  registerNulGuard(app);
  registerSessionRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerTreeRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  registerProposalRoutes(app, ctx);
  registerPersonRoutes(app, ctx);
  registerLocationRoutes(app, ctx);
  registerSanityRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerNoteRoutes(app, ctx);
  registerSourceRoutes(app, ctx);
  registerMediaRoutes(app, ctx);
  registerOverviewRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerRelationshipRoutes(app, ctx);
  registerDuplicateRoutes(app, ctx);
  registerQualityRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerGedcomRoutes(app, ctx);
  registerJobRoutes(app, ctx);
  registerHistoryRoutes(app, ctx);
  registerTrashRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerConfigRoutes(app, ctx);
  registerDemoRoutes(app, ctx);
  registerHealthRoutes(app, createHealthService({ db: database.db, migrationsFolder, redis }));
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerWebApp(app, config.webDistDir);
  app.decorate('anor', ctx);
  // The landing page's shared demonstration tree (src/demo/), created at the first start.
  if (config.demoTree) {
    try {
      const demo = await ensureDemoTree(database.db);
      if (demo.created) {
        app.log.info({ treeId: demo.treeId }, 'created the demonstration tree');
        // The plans its writes cached were made for near-empty tables (see maintainPglite).
        if (database.kind === 'pglite') {
          await database.db.execute(sql`analyze`);
          await database.db.execute(sql`discard plans`);
        }
      }
    } catch (error) {
      app.log.error({ err: error }, 'the demonstration tree could not be created');
    }
  }
  app.decorate('routeTable', routeTable);
  return app as unknown as App;
}

/** Serves the built SPA: files as they are, and index.html for every other page address. */
function registerWebApp(app: FastifyInstance, webDistDir: string | null) {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const hasWebApp = indexFile !== null && existsSync(indexFile);
  if (hasWebApp && webDistDir) {
    app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return sendError(request, reply, 'common.error.notFound');
    }
    // A missing file (an asset of an older build, a mistyped icon) is a 404, not the app's page:
    // answering HTML for a script makes the browser fail with a confusing MIME-type error.
    if (looksLikeFile(request.url)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasWebApp) {
      return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
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
import type { Database } from './db/client.ts';
import { registerErrorHandling, sendError } from './http/errors.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { registerConfigRoutes } from './modules/config/config.routes.ts';
import { registerContactRoutes } from './modules/contact/contact.routes.ts';
import { registerEventRoutes } from './modules/event/event.routes.ts';
import { registerGedcomRoutes } from './modules/gedcom/gedcom.routes.ts';
import { registerLocationRoutes } from './modules/location/location.routes.ts';
import { registerNoteRoutes } from './modules/note/note.routes.ts';
import { registerPersonRoutes } from './modules/person/person.routes.ts';
import { registerSessionRoutes } from './modules/session/session.routes.ts';
import { registerSourceRoutes } from './modules/source/source.routes.ts';
import { registerTreeRoutes } from './modules/tree/tree.routes.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';

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
}

/** JSON bodies are small; the GEDCOM import route raises its own limit. */
const jsonBodyLimit = 1024 * 1024;

export async function buildApp({ config, database, mailer, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: jsonBodyLimit,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
    // An undecodable URL or an overlong path segment can name no resource.
    frameworkErrors: (_error, request, reply) => sendError(request, reply, 'common.error.notFound'),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

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
  const ctx = createContext(config, database.db, auth, outMailer);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Anor API', version: '0.1.0', description: 'Genealogy web application' },
    },
    transform: jsonSchemaTransform,
  });

  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });

  registerOriginCheck(app, [config.publicUrl]);
  registerSessionRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerTreeRoutes(app, ctx);
  registerPersonRoutes(app, ctx);
  registerLocationRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerNoteRoutes(app, ctx);
  registerSourceRoutes(app, ctx);
  registerGedcomRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerConfigRoutes(app, ctx);
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerWebApp(app, config.webDistDir);
  app.decorate('anor', ctx);
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

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaderOptions {
  /** The address users reach the app at: HSTS only when it is https. */
  publicUrl: string;
  /** The map tiles' Leaflet URL template: its host is the one image source besides the app itself. */
  mapTileUrl: string;
}

/**
 * The image source that allows the tiles of a Leaflet URL template: `https://tile.example.org` for
 * `https://tile.example.org/{z}/{x}/{y}.png`, `https://*.tile.example.org` when the first label is a
 * placeholder (`{s}.tile…`), the bare scheme when a placeholder sits deeper in the host (a CSP
 * host may only start with a wildcard), and nothing when the template is not an absolute URL.
 */
export function tileSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const scheme = (match[1] ?? '').toLowerCase();
  const labels = (match[2] ?? '').toLowerCase().split('.');
  const placeholder = (label: string) => /[{}]/.test(label);
  const [first = '', ...rest] = labels;
  if (rest.some(placeholder) || /[^a-z0-9.:[\]{}_-]/.test(match[2] ?? '')) return `${scheme}:`;
  return placeholder(first) ? `${scheme}://*.${rest.join('.')}` : `${scheme}://${labels.join('.')}`;
}

/**
 * The Content-Security-Policy directives of every answer. Scripts only from the app's own files
 * (the built index.html has no inline script); styles also inline, because Mantine writes its theme
 * variables and component styles into `<style>` elements and `style` attributes at run time. Images
 * from the app, `data:` (Leaflet's marker icons are inlined by the build) and the map tile host;
 * requests only to the app's own API; no plugins, no framing by other sites, no foreign form
 * targets or `<base>`.
 */
function contentSecurityPolicyDirectives(mapTileUrl: string): Record<string, string[]> {
  const tiles = tileSource(mapTileUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The app's policy in helmet's terms (its other headers as helmet makes them by default). */
export function helmetOptions({ publicUrl, mapTileUrl }: SecurityHeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(mapTileUrl) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // A year, only for an https address; not includeSubDomains, which would bind the operator's other sites too.
    strictTransportSecurity: publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
  };
}

/** Permissions-Policy: the app uses none of these; helmet does not make this header. */
export const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The headers every answer carries (API, the web app's files and page, errors and 404s), as the
 * maintained `helmet` makes them: its set (Origin-Agent-Cluster, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection: 0 and the rest, each kept current by its maintainers) with the app's policy, its
 * serialization and its checks of the CSP. Helmet is run once, here, on a stand-in response; each
 * answer then gets the finished strings (`registerSecurityHeaders`). @fastify/helmet would run
 * helmet's whole set-up again on every request: measured in docs/architecture.md ("Security
 * headers"). Permissions-Policy, which helmet does not make, is added.
 */
export function securityHeaders({ publicUrl, mapTileUrl }: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions({ publicUrl, mapTileUrl }))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  headers['permissions-policy'] = permissionsPolicy;
  return headers;
}

/**
 * Sets the security headers (`securityHeaders()`) on every answer, whichever way it is made: a
 * route, an error, a hook that refused, a static file or the SPA's index.html. They go onto the
 * raw response as the request arrives (a synchronous onRequest hook, the first of the app), so a
 * header a route sets itself through Fastify replaces the default when the answer is written.
 * Measured against an async onSend hook that asked Fastify for each header (`npm run
 * bench:headers`): see docs/architecture.md, "Security headers".
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}

/** For answers made outside the hooks (Fastify's `frameworkErrors`: an undecodable URL). */
export function setSecurityHeaders(reply: FastifyReply, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
}

import type { FastifyInstance, FastifyReply } from 'fastify';

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
 * The Content-Security-Policy of every answer. Scripts only from the app's own files (the built
 * index.html has no inline script); styles also inline, because Mantine writes its theme variables
 * and component styles into `<style>` elements and `style` attributes at run time. Images from the
 * app, `data:` (Leaflet's marker icons are inlined by the build) and the map tile host; requests
 * only to the app's own API; no plugins, no framing by other sites, no foreign form targets or
 * `<base>`.
 */
export function contentSecurityPolicy(mapTileUrl: string): string {
  const tiles = tileSource(mapTileUrl);
  const directives: Record<string, string[]> = {
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
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The headers every answer carries (API, the web app's files and page, errors and 404s). */
export function securityHeaders({ publicUrl, mapTileUrl }: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(mapTileUrl),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // A year; not includeSubDomains, which would bind the operator's other sites too.
    ...(publicUrl.startsWith('https://') ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/**
 * Sets the security headers (`securityHeaders()`) on every answer just before it is sent, whichever
 * way it was made: a route, an error, a hook that refused, a static file or the SPA's index.html.
 * A header a route set itself is kept.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  app.addHook('onSend', async (_request, reply, payload) => {
    setSecurityHeaders(reply, headers);
    return payload;
  });
}

/** For answers made outside the hooks (Fastify's `frameworkErrors`: an undecodable URL). */
export function setSecurityHeaders(reply: FastifyReply, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
}

import type { FastifyRequest } from 'fastify';

/**
 * Addresses as the request log writes them, without the secrets some carry: a share link's token
 * (`/share/{token}/…` pages and `GET /api/share/{token}`) and a password-reset token
 * (`?token=…`). Whoever reads the logs does not get a working share link (docs/security.md).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^(\/(?:api\/)?share\/)[^/?#]+/, '$1[token]')
    .replace(/([?&](?:token|share)=)[^&#]*/g, '$1[token]');
}

/** Fastify's request serializer, with the address redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

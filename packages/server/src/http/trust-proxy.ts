import { isIP } from 'node:net';

/**
 * Whom the server believes about a request's client address (X-Forwarded-For) and scheme
 * (X-Forwarded-Proto), as Fastify's `trustProxy` takes it:
 * - `false`: nobody; the client is the address the connection comes from (the default).
 * - a number n: the n proxies nearest the server, whatever their addresses (the client is the
 *   n-th address from the right of X-Forwarded-For); only for a server no client reaches directly.
 * - a list of addresses, CIDR networks or the names `loopback`, `linklocal`, `uniquelocal`: forwarded
 *   headers are believed only from those addresses, hop by hop.
 * Trusting every sender (`true`) is not offered: any client could then choose its own address and
 * escape every per-address rate limit.
 */
export type TrustProxy = false | number | string[];

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The option as Fastify takes it. Fastify reads a bare number as "trust nobody" (a hop count
 * cannot tell a proxy from a client that connects directly), so a count becomes the function
 * proxy-addr calls for each hop, nearest first: the first n hops are proxies. Use a count only
 * when the server cannot be reached except through those proxies; otherwise list their addresses.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** TRUST_PROXY: empty, `0`, `false` or `off` for none; a hop count; or a comma-separated list. */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim();
  if (['', '0', 'false', 'off', 'no'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const wrong = entries.filter((entry) => !isAddressOrNetwork(entry));
  if (wrong.length > 0 || entries.length === 0) {
    throw new Error(
      `TRUST_PROXY must be a number of proxies or a list of addresses and networks (such as 127.0.0.1, 10.0.0.0/8, loopback); cannot use: ${wrong.join(', ') || value}`,
    );
  }
  return entries;
}

import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy of the test's own between the app and its database, to cut the network without
 * touching the database: `cut()` stops forwarding in both directions while every socket stays
 * open (as when packets are dropped: nobody is told), new connections are accepted and held;
 * `restore()` forwards again what waited, and closes the pairs whose other end gave up meanwhile.
 */
export interface TcpProxy {
  port: number;
  /** Connections opened through the proxy since it started. */
  readonly connections: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
  /** One end closed while the network was cut: the other end learns it at restore. */
  closedDuringCut: boolean;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let isCut = false;
  let connections = 0;

  const link = (pair: Pair) => {
    const { client, upstream } = pair;
    if (!upstream) return;
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const unlink = (pair: Pair) => {
    pair.client.unpipe();
    pair.upstream?.unpipe();
    pair.client.pause();
    pair.upstream?.pause();
  };
  const destroy = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };
  const onClose = (pair: Pair) => {
    if (isCut) pair.closedDuringCut = true;
    else destroy(pair);
  };
  const openUpstream = (pair: Pair) => {
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.on('close', () => onClose(pair));
    if (isCut) upstream.pause();
    else link(pair);
  };

  const server = createServer((client) => {
    connections += 1;
    const pair: Pair = { client, upstream: null, closedDuringCut: false };
    pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => onClose(pair));
    if (isCut) client.pause();
    else openUpstream(pair);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    get connections() {
      return connections;
    },
    cut() {
      isCut = true;
      for (const pair of pairs) unlink(pair);
    },
    restore() {
      isCut = false;
      for (const pair of [...pairs]) {
        if (pair.closedDuringCut) destroy(pair);
        else if (pair.upstream) link(pair);
        else openUpstream(pair);
      }
    },
    async close() {
      for (const pair of [...pairs]) destroy(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import type { ServerProcess } from './server-process.ts';

export interface ServerAnswer<T = unknown> {
  status: number;
  body: T;
  /** How long the request took, in milliseconds. */
  ms: number;
}

/**
 * An HTTP client of a server started with `startServerProcess`, keeping the session cookie it is
 * given (a session survives a restart of the server: the same AUTH_SECRET). `server` is replaced
 * when a test restarts the server. Bytes are sent as a file, anything else as JSON.
 */
export class ServerClient {
  cookie = '';
  server!: ServerProcess;

  /** `timeoutMs`: the deadline of every request unless one is given (none by default). */
  constructor(
    server?: ServerProcess,
    private readonly timeoutMs?: number,
  ) {
    if (server) this.server = server;
  }

  async request<T = unknown>(
    method: string,
    url: string,
    body?: unknown,
    options: { signal?: AbortSignal; timeoutMs?: number; headers?: Record<string, string> } = {},
  ): Promise<ServerAnswer<T>> {
    const started = Date.now();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const isBytes = body instanceof Uint8Array;
    const response = await fetch(`${this.server.url}${url}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': isBytes ? 'application/octet-stream' : 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : isBytes ? Buffer.from(body) : JSON.stringify(body),
      signal: options.signal ?? (timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)),
    });
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
    if (cookies.length > 0) this.cookie = cookies.join('; ');
    const text = await response.text();
    const parsed = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: response.status, body: parsed as T, ms: Date.now() - started };
  }

  /** Registers an account (POST /api/user), keeping its session cookie; answers its user id, or throws unless 201. */
  async register(account: { fName: string; email: string; password: string }): Promise<string> {
    const answer = await this.request<{ id: string }>('POST', '/api/user', account);
    if (answer.status !== 201)
      throw new Error(`registering ${account.email}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.id;
  }
}

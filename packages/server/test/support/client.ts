import type { TreeInfo, UserInfo } from '@anor/core';
import type { App } from '../../src/app.ts';

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  /** The answer's bytes as sent (a PDF, a file). */
  raw?: Buffer;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A browser-like API client over app.inject(): keeps the cookies it is given. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: App,
    private readonly language = 'en',
  ) {}

  get isSignedIn(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }

  async request<T = unknown>(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const isRaw = typeof body === 'string';
    const isBytes = body instanceof Uint8Array;
    const response = await this.app.inject({
      method,
      url,
      headers: {
        'accept-language': this.language,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': isBytes ? 'application/octet-stream' : 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : isBytes ? Buffer.from(body) : isRaw ? body : JSON.stringify(body),
    });
    this.storeCookies(response.headers['set-cookie']);
    const text = response.body;
    const parsed = text && response.headers['content-type']?.toString().includes('json') ? JSON.parse(text) : text;
    return { status: response.statusCode, body: parsed as T, headers: response.headers, raw: response.rawPayload };
  }

  get<T = unknown>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = unknown>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body);
  }
  put<T = unknown>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body);
  }
  delete<T = unknown>(url: string, body?: unknown) {
    return this.request<T>('DELETE', url, body);
  }

  private storeCookies(header: string | string[] | undefined) {
    for (const line of header === undefined ? [] : Array.isArray(header) ? header : [header]) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0$/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export interface ErrorBody {
  error: { code: string; message: string; details: unknown };
}

let counter = 0;

/** Registers a user (signed in afterwards) with unique defaults. */
export async function signUp(
  app: App,
  overrides: Partial<{ fName: string; email: string; password: string }> = {},
): Promise<{ client: TestClient; user: UserInfo; email: string; password: string }> {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const client = new TestClient(app);
  const response = await client.post<UserInfo>('/api/user', { fName: overrides.fName ?? 'Anna', email, password });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { client, user: response.body, email, password };
}

export async function createTree(client: TestClient, userId: string, treeName: string): Promise<TreeInfo> {
  const response = await client.post<TreeInfo>(`/api/user/${userId}/tree`, { treeName });
  if (response.status !== 201)
    throw new Error(`tree creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

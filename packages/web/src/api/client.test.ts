import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  changeSetMark,
  changeSetsSince,
  isMethod,
  isProposalMade,
  isSessionRequiredError,
  setLanguageSource,
} from './client.ts';

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with the session cookie of this origin and the current language', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer(201, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    setLanguageSource(() => 'fi');

    await expect(api.post('/api/contact', { sender: 'a@b.se', text: 'Hej' })).resolves.toEqual({ ok: true });

    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe(JSON.stringify({ sender: 'a@b.se', text: 'Hej' }));
    expect(init?.headers).toMatchObject({ 'Accept-Language': 'fi', 'Content-Type': 'application/json' });
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/api/auth/signout');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('turns an error answer into an ApiError with code, status, details and field issues', async () => {
    const details = { issues: [{ path: ['treeName'], code: 'tree.validation.treeNameTooLong' }] };
    vi.stubGlobal('fetch', async () =>
      answer(400, { error: { code: 'common.error.validation', message: 'Invalid', details } }),
    );

    const error = await api.post('/api/user/u1/tree', { treeName: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'common.error.validation', status: 400, details });
    expect((error as ApiError).fieldIssues).toEqual(details.issues);
  });

  it('tells a wrong password (401) apart from a missing session (401)', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(401, { error: { code: 'auth.error.incorrectPassword', message: 'Incorrect existing password' } }),
    );
    const wrongPassword = await api.delete('/api/t1/tree/t1', { password: 'x' }).catch((caught: unknown) => caught);
    expect(isSessionRequiredError(wrongPassword)).toBe(false);

    vi.stubGlobal('fetch', async () =>
      answer(401, { error: { code: 'auth.error.sessionRequired', message: 'Please sign in' } }),
    );
    const signedOut = await api.get('/api/user/u1/tree').catch((caught: unknown) => caught);
    expect(isSessionRequiredError(signedOut)).toBe(true);
  });

  it("sends a request's own headers, with a method given as data (a proposal's request again)", async () => {
    const treeId = '0191f5a0-0000-7000-8000-000000000002';
    const proposalId = '0191f5a0-0000-7000-8000-0000000000aa';
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      answer(202, { proposal: { id: proposalId, status: 'pending' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(isMethod('PUT')).toBe(true);
    expect(isMethod('PATCH')).toBe(false);

    const made = await api
      .request('PUT', `/api/${treeId}/person/p/occ`, {
        body: { occupation: 'Piga' },
        headers: { 'Anor-Proposal': proposalId },
      })
      .catch((caught: unknown) => caught);
    expect(isProposalMade(made) && made.proposalId === proposalId && made.treeId === treeId).toBe(true);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(init?.headers).toMatchObject({ 'Anor-Proposal': proposalId, 'Content-Type': 'application/json' });
  });

  it('gives answers that did not come from the API a code by their status', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/config')).rejects.toMatchObject({ code: 'common.error.generic', status: 502 });

    vi.stubGlobal('fetch', async () => new Response('', { status: 429 }));
    await expect(api.get('/api/config')).rejects.toMatchObject({ code: 'common.error.tooManyRequests', status: 429 });
  });

  it('reports a network failure as a generic error without a status', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/auth/session')).rejects.toMatchObject({ code: 'common.error.generic', status: 0 });
  });
});

describe('the change sets a write recorded (Anor-Change-Set)', () => {
  it("collects each write's change sets with their tree, for the notice's undo", async () => {
    const treeId = '0191f5a0-0000-7000-8000-000000000001';
    const answers = [
      new Response('{}', { status: 200, headers: { 'Anor-Change-Set': '41' } }),
      new Response('{}', { status: 200 }),
      new Response('{}', { status: 200, headers: { 'Anor-Change-Set': '42, 43' } }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift() as Response),
    );
    const mark = changeSetMark();
    await api.put(`/api/${treeId}/person/x`, {});
    await api.get(`/api/${treeId}/person/x`);
    expect(changeSetsSince(mark)).toEqual([{ treeId, id: 41 }]);
    const second = changeSetMark();
    await api.delete(`/api/${treeId}/event/y`);
    expect(changeSetsSince(second)).toEqual([
      { treeId, id: 42 },
      { treeId, id: 43 },
    ]);
  });
});

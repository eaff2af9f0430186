import type { TreeInfo } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessage } from '../src/db/schema.ts';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('bad input', () => {
  it('answers malformed JSON with 400 and a code, changing nothing', async () => {
    const a = await signUp(t.app);
    const response = await a.client.request<ErrorBody>('POST', `/api/user/${a.user.id}/tree`, '{"treeName": "x",');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('common.error.malformedJson');
    expect(typeof response.body.error.message).toBe('string');
    expect((await a.client.get<TreeInfo[]>(`/api/user/${a.user.id}/tree`)).body).toEqual([]);
  });

  it('answers wrong types with 400 and the field path', async () => {
    const a = await signUp(t.app);
    const response = await a.client.post<ErrorBody>(`/api/user/${a.user.id}/tree`, { treeName: 42 });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({
      issues: [{ path: ['body', 'treeName'], code: 'tree.validation.treeNameRequired' }],
    });
    const array = await a.client.post<ErrorBody>(`/api/user/${a.user.id}/tree`, [1, 2]);
    expect(array.status).toBe(400);
    expect((await a.client.get<TreeInfo[]>(`/api/user/${a.user.id}/tree`)).body).toEqual([]);
  });

  it('refuses unknown fields', async () => {
    const a = await signUp(t.app);
    const response = await a.client.post<ErrorBody>(`/api/user/${a.user.id}/tree`, { treeName: 'Ok', ownerId: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('common.error.validation');
    const tree = await createTree(a.client, a.user.id, 'Real');
    const rename = await a.client.put<ErrorBody>(`/api/${tree.id}/tree/name`, { name: 'New', rootId: tree.id });
    expect(rename.status).toBe(400);
    expect((await a.client.get<TreeInfo>(`/api/${tree.id}/tree`)).body.name).toBe('Real');
  });

  it('answers an unsupported content type and an oversized body with their codes', async () => {
    const a = await signUp(t.app);
    const xml = await a.client.request<ErrorBody>('POST', `/api/user/${a.user.id}/tree`, '<tree/>', {
      'content-type': 'application/xml',
    });
    expect(xml.status).toBe(415);
    expect(xml.body.error.code).toBe('common.error.unsupportedMediaType');
    const huge = await a.client.post<ErrorBody>(`/api/user/${a.user.id}/tree`, { treeName: 'x'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('common.error.payloadTooLarge');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await new TestClient(t.app).get<ErrorBody>('/api/nothing/here/at/all');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('common.error.notFound');
  });

  it('writes the message in the language asked for', async () => {
    const swedish = new TestClient(t.app, 'sv-SE,sv;q=0.9');
    const response = await swedish.get<ErrorBody>('/api/user/someone');
    expect(response.body.error.message).toBe('Logga in för att se den här sidan.');
    const norwegian = new TestClient(t.app, 'nb-NO');
    expect((await norwegian.get<ErrorBody>('/api/user/someone')).body.error.message).toBe(
      'Logg inn for å se denne siden.',
    );
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin', async () => {
    const a = await signUp(t.app);
    const response = await a.client.request<ErrorBody>(
      'POST',
      `/api/user/${a.user.id}/tree`,
      { treeName: 'Forged' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('auth.error.invalidOrigin');
    expect((await a.client.get<TreeInfo[]>(`/api/user/${a.user.id}/tree`)).body).toEqual([]);

    const sameOrigin = await a.client.request(
      'POST',
      `/api/user/${a.user.id}/tree`,
      { treeName: 'Mine' },
      { origin: 'http://localhost:3000' },
    );
    expect(sameOrigin.status).toBe(201);
  });
});

describe('contact and configuration', () => {
  it('stores a contact message and e-mails it to support with the sender as reply address', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/contact', {
      sender: 'Kalle@Example.com',
      text: 'Hej! Hur importerar jag?',
    });
    expect(response.status).toBe(201);
    const stored = await t.database.db.select().from(contactMessage);
    expect(stored.map((row) => row.text)).toContain('Hej! Hur importerar jag?');
    const mail = (await t.outbox()).at(-1);
    expect(mail?.replyTo).toBe('kalle@example.com');
    expect(mail?.text).toContain('Hej! Hur importerar jag?');
  });

  it('refuses a message over 500 characters', async () => {
    const response = await new TestClient(t.app).post<ErrorBody>('/api/contact', {
      sender: 'kalle@example.com',
      text: 'x'.repeat(501),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('contact.validation.textTooLong');
  });

  it('serves the payment details from configuration', async () => {
    const response = await new TestClient(t.app).get('/api/config');
    expect(response.body).toMatchObject({ payment: { number: '123 456 78 90', recipient: 'Anor Test AB' } });
  });

  it('serves the map tiles, OpenStreetMap unless configured', async () => {
    const response = await new TestClient(t.app).get('/api/config');
    expect(response.body).toMatchObject({
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: expect.stringContaining('OpenStreetMap'),
      },
    });
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const response = await new TestClient(t.app).get<{ openapi: string; paths: Record<string, unknown> }>(
      '/api/docs/openapi.json',
    );
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/user', '/api/user/{userId}/tree', '/api/{treeId}/tree/name', '/api/auth/session']),
    );
  });
});

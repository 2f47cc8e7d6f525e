import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../test/build-test-app.ts';

describe('app foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers health and echoes a well-formed request id', async () => {
    const res = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('mints a request id when the incoming one is malformed', async () => {
    const res = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await createClient(t.app).get('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('refuses state changes without the ajax-marking header or from a foreign origin', async () => {
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/users/sign_in', payload: {} });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ code: 'csrf_failed' });
    const foreign = await createClient(t.app).post('/api/users/sign_in', {}, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'csrf_failed' });
  });
});

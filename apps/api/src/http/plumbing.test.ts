import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API plumbing', () => {
  it('answers /healthz with 200 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, status_description: 'OK', data: { ok: true } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, data: null });
    expect(res.json().status_description).toContain('/v1/nothing/here');
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('exposes the auth header to browsers through CORS', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/event/view',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'auth',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']).toMatch(/auth/i);
    const get = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'http://localhost:5173' } });
    expect(get.headers['access-control-expose-headers']).toMatch(/auth/);
  });
});

describe('API reference', () => {
  it('serves the OpenAPI document at /docs/json, generated from the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Tikiti API');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/event/view', '/v1/auth/login']));
    expect(doc.paths['/v1/auth/login'].post.requestBody).toBeTruthy();
  });

  it('serves a readable, interactive reference at /docs', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await t.app.inject({
        method: 'GET',
        url: new URL(res.headers.location as string, 'http://x/docs/').pathname,
      });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
  });
});

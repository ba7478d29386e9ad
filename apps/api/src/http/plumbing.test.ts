import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/** The security headers every answer carries (docs/security.md), exactly as they are sent. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com https://accounts.google.com;script-src-attr 'none';style-src 'self' 'unsafe-inline' https://accounts.google.com;frame-src 'self' https://js.stripe.com https://hooks.stripe.com https://accounts.google.com;connect-src 'self' https://api.stripe.com https://accounts.google.com",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

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
    expect(res.json()).toMatchObject({ status: 404, data: { code: 'not_found' } });
    expect(res.json().status_description).toContain('/v1/nothing/here');
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends the same security headers, byte for byte, on every answer and every time', async () => {
    for (const url of [
      '/healthz',
      '/v1/event/view',
      '/v1/event/view',
      '/v1/event/view?limit=abc',
      '/v1/nothing/here',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers, url).toMatchObject(SECURITY_HEADERS);
    }
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

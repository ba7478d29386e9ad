import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * The answers the application gives outside its routes (docs/security.md): malformed
 * URLs, oversized headers, OPTIONS, HEAD on pages, slow clients, CORS, the /dev pages.
 * Every one is the envelope, or a connection closed on purpose.
 */

/**
 * Sends the first chunk, then the others in turn every `gapMs`, and collects everything
 * until the server closes the connection (or `giveUpMs` passes).
 */
function rawExchange(port: number, chunks: string[], gapMs: number, giveUpMs: number) {
  return new Promise<{ response: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (d) => (response += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      resolve({ response, closedAfterMs: Date.now() - started });
    });
    const giveUp = setTimeout(() => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ response, closedAfterMs: null });
    }, giveUpMs);
    let i = 0;
    const next = () => {
      if (socket.destroyed) return;
      socket.write(i === 0 || chunks.length === 1 ? chunks[0]! : chunks[1 + ((i - 1) % (chunks.length - 1))]!);
      i++;
      timer = setTimeout(next, gapMs);
    };
    next();
  });
}

const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { status: number };

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('cuts off a client that trickles its headers, answering 408', async () => {
    const { response, closedAfterMs } = await rawExchange(
      port,
      ['GET /healthz HTTP/1.1\r\nHost: tikiti\r\n', 'X-Slow: 1\r\n'],
      200,
      10_000,
    );
    expect(closedAfterMs).not.toBeNull();
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(response)).toMatchObject({ status: 408, data: { code: 'request.timeout' } });
  });

  it('cuts off a client that trickles its body', async () => {
    const head =
      'POST /v1/contact HTTP/1.1\r\nHost: tikiti\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const { closedAfterMs } = await rawExchange(port, [head, ' '], 200, 10_000);
    expect(closedAfterMs).not.toBeNull();
  });

  it('answers a header block over the limit with a 431 envelope', async () => {
    const big = `GET /healthz HTTP/1.1\r\nHost: tikiti\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const { response } = await rawExchange(port, [big], 60_000, 5000);
    expect(response).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(response)).toMatchObject({ status: 431, data: { code: 'request.headers_too_large' } });
  });
});

describe('answers outside the routes', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tikiti</title>');
    t = await createTestApp({
      WEB_DIST: webDist,
      PUBLIC_URL: 'https://tikiti.example.com',
      CORS_ORIGINS: 'https://partner.example.com',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ['a malformed URL', '/v1/%', 400, 'request.malformed'],
    ['a path parameter over the length limit', `/v1/event/details/${'1'.repeat(600)}`, 414, 'request.uri_too_long'],
  ])('answers %s with the envelope', async (_what, url, status, code) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ status, data: { code } });
  });

  it('answers OPTIONS that is not a preflight with the envelope', async () => {
    for (const headers of [{}, { origin: 'https://tikiti.example.com' }, { 'access-control-request-method': 'GET' }]) {
      const res = await t.app.inject({ method: 'OPTIONS', url: '/v1/event/view', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 200, status_description: 'OK', data: null });
      expect(res.headers.allow).toContain('GET');
    }
  });

  it('answers HEAD on a page as GET does, without the body', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/all-events' });
    const head = await t.app.inject({ method: 'HEAD', url: '/all-events' });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('allows CORS only for its own origin and the configured ones, never null', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/v1/event/view',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'auth' },
      });
    for (const allowed of ['https://tikiti.example.com', 'https://partner.example.com']) {
      const res = await preflight(allowed);
      expect(res.headers['access-control-allow-origin']).toBe(allowed);
      expect(res.headers['access-control-allow-headers']).toMatch(/auth/i);
      const get = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: allowed } });
      expect(get.headers['access-control-allow-origin']).toBe(allowed);
      expect(get.headers['access-control-expose-headers']).toMatch(/auth/);
    }
    for (const refused of ['null', 'https://evil.example.com', 'https://tikiti.example.com.evil.com']) {
      const res = await preflight(refused);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: refused } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('the development pages', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const devUrls = ['/dev/mailbox', '/dev/mailbox.json'];

  it('answer a caller on this machine', async () => {
    t = await createTestApp({ NODE_ENV: 'development' });
    for (const url of devUrls) {
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        expect((await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(200);
      }
    }
  });

  it('are not found from another address, or through a proxy, even a trusted one', async () => {
    t = await createTestApp({ NODE_ENV: 'development', TRUST_PROXY: 'true' });
    for (const url of devUrls) {
      const remote = await t.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' });
      expect(remote.statusCode).toBe(404);
      expect(remote.json()).toMatchObject({ status: 404, data: { code: 'not_found' } });
      const forwarded = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forwarded.statusCode).toBe(404);
    }
  });

  it('are not found in production, even from this machine', async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    for (const url of devUrls) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    }
  });
});

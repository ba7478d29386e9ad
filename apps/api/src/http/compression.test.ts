import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createEvent, createOrganiser } from '../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/** What a browser on a phone gets: compressed answers, long-cached assets, no public source maps. */
let t: TestApp;
let dist: string;
const script = `export const big = ${JSON.stringify('tikiti '.repeat(2000))};\n`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Tikiti</title><meta name="description" content="x" /></head><body>${'<p>Tikiti</p>'.repeat(200)}</body></html>`,
  );
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js.map'), '{"version":3}');
  t = await createTestApp({ WEB_DIST: dist });
  const org = await createOrganiser(t.database.db);
  const categoryId = (await createCategory(t.database.db)).id;
  for (let i = 0; i < 6; i++) await createEvent(t.database.db, { organisationId: org.organisationId, categoryId });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('compression and caching', () => {
  it('compresses API answers with Brotli or gzip, whichever the client takes', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/event/view?limit=6',
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = JSON.parse(decode(res.rawPayload).toString());
      expect(body.data.data).toHaveLength(6);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/v1/event/view?limit=6' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.data).toHaveLength(6);
  });

  it('sends assets compressed at build time as they are, cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('compresses the pages themselves (the shell with its page head), Brotli or gzip', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/all-events', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(decode(res.rawPayload).toString()).toContain('<link rel="canonical"');
    }
  });

  it('never caches a page stale and never serves source maps', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/all-events' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const map = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.json()).toMatchObject({ status: 404 });
  });
});

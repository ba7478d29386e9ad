import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createEvent, createOrganiser } from '../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/** /metrics for Prometheus (docs/operations.md): per-route traffic, the pool, the queue, bookings. */
const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  const org = await createOrganiser(t.database.db);
  const categoryId = (await createCategory(t.database.db)).id;
  eventId = (await createEvent(t.database.db, { organisationId: org.organisationId, categoryId })).event.id;
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

describe('GET /metrics', () => {
  it('counts requests and their latency per route pattern, never per value', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/v1/event/details/${eventId}` });
    await t.app.inject({ method: 'GET', url: '/v1/event/details/999999' });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const text = res.body;
    expect(text).toMatch(/tikiti_http_requests_total\{method="GET",route="\/v1\/event\/details\/:id",status="200"\} 3/);
    expect(text).toMatch(/tikiti_http_requests_total\{method="GET",route="\/v1\/event\/details\/:id",status="404"\} 1/);
    expect(text).toContain(
      'tikiti_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/v1/event/details/:id"',
    );
    expect(text).not.toContain(`/v1/event/details/${eventId}`);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reports the job queue, bookings and payments by state', async () => {
    const text = (await scrape()).body;
    expect(text).toContain('# TYPE tikiti_jobs gauge');
    expect(text).toContain('# TYPE tikiti_bookings gauge');
    expect(text).toContain('# TYPE tikiti_payments gauge');
  });

  it('reports the database pool (the embedded database is reached through one too)', async () => {
    const text = (await scrape()).body;
    expect(text).toMatch(/tikiti_db_pool_connections\{state="total"\} [1-9]\d*/);
    expect(text).toMatch(/tikiti_db_pool_connections\{state="waiting"\} \d+/);
  });

  it('answers only this machine, or a scraper with the token', async () => {
    expect((await scrape({}, '192.168.1.20')).statusCode).toBe(404);
    expect((await scrape({ authorization: 'Bearer wrong-token-0123456789' }, '192.168.1.20')).statusCode).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}` }, '192.168.1.20')).statusCode).toBe(200);
    expect((await scrape({ 'x-forwarded-for': '10.0.0.1' })).statusCode).toBe(404);
  });
});

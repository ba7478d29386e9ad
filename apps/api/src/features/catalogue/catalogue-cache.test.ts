import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { CatalogueCache, catalogueCacheFor } from './catalogue-cache.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setUp(cacheMs: string) {
  t = await createTestApp({ CATALOGUE_CACHE_MS: cacheMs });
  const org = await createOrganiser(t.database.db);
  const category = await createCategory(t.database.db);
  const { event, tickets } = await createEvent(t.database.db, {
    organisationId: org.organisationId,
    categoryId: category.id,
  });
  return { app: t.app, db: t.database.db, org, category, event, tickets };
}

const total = async (app: TestApp['app']) => (await app.inject({ url: '/v1/event/view?limit=50' })).json().data.total;

describe('catalogue cache', () => {
  it('reuses a public response within its lifetime', async () => {
    const { app, db, org, category } = await setUp('60000');
    expect(await total(app)).toBe(1);
    await createEvent(db, { organisationId: org.organisationId, categoryId: category.id });
    expect(await total(app)).toBe(1);
  });

  it('forgets a response once its lifetime is over', async () => {
    const { app, db, org, category } = await setUp('40');
    expect(await total(app)).toBe(1);
    await createEvent(db, { organisationId: org.organisationId, categoryId: category.id });
    await new Promise((r) => setTimeout(r, 80));
    expect(await total(app)).toBe(2);
  });

  it('shows an organiser’s change at once, whatever the lifetime', async () => {
    const { app, db, org, category, event, tickets } = await setUp('60000');
    const before = await app.inject({ url: `/v1/event/details/${event.id}` });
    expect(before.json().data.tickets[0].name).toBe('Regular');
    const draft = await createEvent(db, {
      organisationId: org.organisationId,
      categoryId: category.id,
      status: 2,
      tickets: [],
    });
    expect((await app.inject({ url: `/v1/event/details/${draft.event.id}` })).statusCode).toBe(404);

    const renamed = await app.inject({
      method: 'POST',
      url: `/v1/event/${event.id}/ticket/update`,
      headers: { auth: org.token },
      payload: [
        { id: tickets[0]!.id, name: 'Delegate', price_per_ticket: 50, no_of_persons: 1, max_tickets: 100, status: 1 },
      ],
    });
    expect(renamed.statusCode).toBe(200);
    expect((await app.inject({ url: `/v1/event/details/${event.id}` })).json().data.tickets[0].name).toBe('Delegate');

    // Saving a draft's first tickets publishes it; the earlier 404 was not kept.
    const published = await app.inject({
      method: 'POST',
      url: `/v1/event/${draft.event.id}/ticket/register`,
      headers: { auth: org.token },
      payload: [{ name: 'Regular', price_per_ticket: 20, no_of_persons: 1, max_tickets: 10 }],
    });
    expect(published.statusCode).toBe(201);
    expect((await app.inject({ url: `/v1/event/details/${draft.event.id}` })).statusCode).toBe(200);
    expect(await total(app)).toBe(2);
  });

  it('answers in the envelope with a JSON content type', async () => {
    const { app } = await setUp('60000');
    const res = await app.inject({ url: '/v1/category/view' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ status: 200, status_description: 'OK' });
  });
});

describe('catalogue cache bounds', () => {
  it('keys the event list on the validated query: junk parameters all share one entry', async () => {
    const { app, db } = await setUp('60000');
    const cache = catalogueCacheFor(db, 60000);
    cache.clear();
    for (let i = 0; i < 2000; i++) {
      const res = await app.inject({ url: `/v1/event/view?junk${i}=${'x'.repeat(50)}&limit=6&page=1` });
      expect(res.statusCode).toBe(200);
    }
    expect(cache.size).toBe(1);
  });

  it('holds at most its entries and bytes, dropping the oldest', async () => {
    const cache = new CatalogueCache(60_000, { maxEntries: 10, maxBytes: 1000 });
    for (let i = 0; i < 100; i++) await cache.get(`k${i}`, async () => 'x'.repeat(50));
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(await cache.get('k99', async () => 'reloaded')).toBe('x'.repeat(50));
    for (let i = 0; i < 20; i++) await cache.get(`big${i}`, async () => 'y'.repeat(300));
    await new Promise((r) => setImmediate(r));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
  });

  it('evicts expired entries as new ones arrive', async () => {
    // The clock is the test's: a busy machine taking more than the lifetime to fill the cache
    // expired entries before the count (seen once in CI: 16 of 50).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new CatalogueCache(20);
      for (let i = 0; i < 50; i++) await cache.get(`k${i}`, async () => 'body');
      expect(cache.size).toBe(50);
      vi.setSystemTime(Date.now() + 40);
      await cache.get('fresh', async () => 'body');
      expect(cache.size).toBe(1);
      expect(cache.bytes).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

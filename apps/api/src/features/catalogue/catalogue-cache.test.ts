import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';

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

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  eventSchema,
  nairobiDay,
  ownEventsTabFilter,
  startOfNairobiDay,
  type OwnEventTab,
} from '@tikiti/contract';
import { events } from '../../db/schema/index.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { insertBooking } from '../../test-support/organiser-events.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const HOUR = 1;
const DAY = 24;

async function list(token: string, query: Record<string, string | number | undefined> = {}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const res = await t.app.inject({ method: 'GET', url: `/v1/client/event/view?${params}`, headers: { auth: token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    data: { id: number; title: string; tickets_bought: number; max_tickets: number }[];
    total: number;
  };
}
const titles = async (token: string, query: Record<string, string | number | undefined> = {}) =>
  (await list(token, { limit: 100, ...query })).data.map((e) => e.title);

describe('GET v1/client/event/view', () => {
  let org: Awaited<ReturnType<typeof createOrganiser>>;
  beforeAll(async () => {
    org = await createOrganiser(t.database.db);
    const make = (
      title: string,
      startsInHours: number,
      durationHours: number,
      status: 1 | 2 = 1,
      tickets?: Parameters<typeof createEvent>[1]['tickets'],
    ) =>
      createEvent(t.database.db, {
        organisationId: org.organisationId,
        categoryId,
        title,
        startsInHours,
        durationHours,
        status,
        tickets,
      });
    await make('Ended', -3 * DAY, 1 * DAY);
    await make('Ongoing', -2 * HOUR, 5 * HOUR, 1, [
      { name: 'A', price: 10, max: 100, sold: 40 },
      { name: 'B', price: 20, max: 20, sold: 5 },
      { name: 'Deleted', price: 5, max: 50, sold: 7, status: 3 },
    ]);
    await make('Long running', -5 * DAY, 10 * DAY);
    await make('Upcoming', 10 * DAY, 8 * HOUR);
    await make('Far future', 400 * DAY, 8 * HOUR);
    await make('Draft', 20 * DAY, 8 * HOUR, 2, []);
    const old = await make('Published long ago', 30 * DAY, 8 * HOUR);
    await t.database.db
      .update(events)
      .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(events.id, old.event.id));
    // Another organisation's event never shows.
    const other = await createOrganiser(t.database.db);
    await createEvent(t.database.db, { organisationId: other.organisationId, categoryId, title: 'Not mine' });
  });

  it('lists every event of the organisation, latest start first, in the event schema', async () => {
    const page = await list(org.token, { limit: 100 });
    expect(page.total).toBe(7);
    expect(page.data.map((e) => e.title)).toEqual([
      'Far future',
      'Published long ago',
      'Draft',
      'Upcoming',
      'Ongoing',
      'Ended',
      'Long running',
    ]);
    for (const e of page.data) eventSchema.parse(e);
  });

  it('shows tickets_bought and max_tickets summed over open ticket types', async () => {
    const ongoing = (await list(org.token, { limit: 100 })).data.find((e) => e.title === 'Ongoing')!;
    expect(ongoing).toMatchObject({ tickets_bought: 45, max_tickets: 120 });
    const draft = (await list(org.token, { limit: 100 })).data.find((e) => e.title === 'Draft')!;
    expect(draft).toMatchObject({ tickets_bought: 0, max_tickets: 0 });
  });

  it('pages with page and limit (10 by default) and keeps the total', async () => {
    const first = await list(org.token, { page: 1, limit: 3 });
    const second = await list(org.token, { page: 2, limit: 3 });
    const third = await list(org.token, { page: 3, limit: 3 });
    const beyond = await list(org.token, { page: 9, limit: 3 });
    expect([first.total, second.total, third.total, beyond.total]).toEqual([7, 7, 7, 7]);
    expect([first.data.length, second.data.length, third.data.length, beyond.data.length]).toEqual([3, 3, 1, 0]);
    const all = [...first.data, ...second.data, ...third.data].map((e) => e.id);
    expect(new Set(all).size).toBe(7);
    expect((await list(org.token)).data).toHaveLength(7);
  });

  it('filters by status', async () => {
    expect(await titles(org.token, { status: 2 })).toEqual(['Draft']);
    expect(await titles(org.token, { status: 1 })).not.toContain('Draft');
  });

  it('start keeps events starting on or after that Nairobi day, end those ending on or before it', async () => {
    const today = nairobiDay(new Date());
    expect(await titles(org.token, { start: addDays(today, 1) })).toEqual([
      'Far future',
      'Published long ago',
      'Draft',
      'Upcoming',
    ]);
    expect(await titles(org.token, { end: addDays(today, -1) })).toEqual(['Ended']);
    expect(await titles(org.token, { start: addDays(today, 9), end: addDays(today, 11) })).toEqual(['Upcoming']);
  });

  it('start_created and end_created bound the day the event was created', async () => {
    const today = nairobiDay(new Date());
    const recent = await titles(org.token, { start_created: addDays(today, -7), end_created: today });
    expect(recent).toHaveLength(6);
    expect(recent).not.toContain('Published long ago');
    expect(await titles(org.token, { start_created: addDays(today, -31), end_created: addDays(today, -29) })).toEqual([
      'Published long ago',
    ]);
  });

  it('gives each tab of the dashboard and My events the events it should hold (docs/product.md#organiser-event-tabs)', async () => {
    const tab = async (name: OwnEventTab) => titles(org.token, ownEventsTabFilter(name));
    expect(await tab('all')).toHaveLength(7);
    expect(await tab('recentlyPublished')).toEqual(['Far future', 'Upcoming', 'Ongoing', 'Ended', 'Long running']);
    expect(await tab('upcoming')).toEqual(['Published long ago', 'Upcoming']);
    expect(await tab('ongoing')).toEqual(['Ongoing']);
    expect(await tab('ended')).toEqual(['Ended']);
    expect(await tab('drafts')).toEqual(['Draft']);
  });

  it('reads days as Nairobi days: an event at 01:00 EAT belongs to that day, not the UTC day before', async () => {
    const solo = await createOrganiser(t.database.db);
    const day = addDays(nairobiDay(new Date()), 50);
    const start = new Date(startOfNairobiDay(day).getTime() + 3_600_000); // 01:00 EAT = 22:00 UTC the day before
    const [row] = await t.database.db
      .insert(events)
      .values({
        organisationId: solo.organisationId,
        categoryId,
        title: 'Early start',
        location: 'Nairobi',
        startTime: start,
        endTime: new Date(start.getTime() + 3_600_000),
        status: 1,
      })
      .returning();
    expect(await titles(solo.token, { start: day, end: day })).toEqual(['Early start']);
    expect(await titles(solo.token, { start: addDays(day, -1), end: addDays(day, -1) })).toEqual([]);
    expect(row!.id).toBeGreaterThan(0);
  });

  it('refuses a malformed query with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['start=2026-13-01', 'start'],
      ['end=yesterday', 'end'],
      ['start=2026-05-10&end=2026-05-01', 'end'],
      ['start_created=2026-05-10&end_created=2026-05-01', 'end_created'],
      ['status=3', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=0', 'page'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/client/event/view?${query}`,
        headers: { auth: org.token },
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status_description, query).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('treats empty parameters as not given', async () => {
    const page = await list(org.token, {
      start: '',
      end: '',
      status: '',
      start_created: '',
      end_created: '',
      limit: 100,
    });
    expect(page.total).toBe(7);
  });
});

describe('GET v1/client/summary', () => {
  it('computes net sales from paid bookings, events, tickets sold and upcoming events', async () => {
    const org = await createOrganiser(t.database.db);
    const buyer = await createBuyer(t.database.db);
    const empty = await t.app.inject({ method: 'GET', url: '/v1/client/summary', headers: { auth: org.token } });
    expect(empty.json()).toEqual({
      status: 200,
      status_description: 'OK',
      data: {
        currency: 'KES',
        net_sales: 0,
        net_sales_by_currency: [],
        events: 0,
        tickets_sold: 0,
        upcoming_events: 0,
      },
    });

    const future = await createEvent(t.database.db, {
      organisationId: org.organisationId,
      categoryId,
      startsInHours: 5 * DAY,
      tickets: [
        { name: 'A', price: 10, max: 100, sold: 12 },
        { name: 'Gone', price: 10, max: 100, sold: 3, status: 3 },
      ],
    });
    const past = await createEvent(t.database.db, {
      organisationId: org.organisationId,
      categoryId,
      startsInHours: -10 * DAY,
      tickets: [{ name: 'A', price: 10, max: 100, sold: 4 }],
    });
    await createEvent(t.database.db, {
      organisationId: org.organisationId,
      categoryId,
      status: 2,
      startsInHours: 3 * DAY,
    });
    for (const [eventId, status, totalMinor] of [
      [future.event.id, 2, 12345],
      [past.event.id, 2, 4000],
      [future.event.id, 1, 99900], // pending
      [future.event.id, 3, 99900], // failed
      [past.event.id, 5, 99900], // refunded
      [past.event.id, 4, 99900], // cancelled
      [future.event.id, 6, 99900], // awaiting an invoice's payment
    ] as const) {
      await insertBooking(t.database.db, { eventId, accountId: buyer.accountId, status, totalMinor });
    }
    // Another organisation's sales never count.
    const other = await createOrganiser(t.database.db);
    const theirs = await createEvent(t.database.db, {
      organisationId: other.organisationId,
      categoryId,
      tickets: [{ name: 'A', price: 1, max: 9, sold: 9 }],
    });
    await insertBooking(t.database.db, {
      eventId: theirs.event.id,
      accountId: buyer.accountId,
      status: 2,
      totalMinor: 900,
    });

    const res = await t.app.inject({ method: 'GET', url: '/v1/client/summary', headers: { auth: org.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      currency: 'USD',
      net_sales: 163.45,
      net_sales_by_currency: [{ currency: 'USD', net_sales: 163.45 }],
      events: 3,
      tickets_sold: 19,
      upcoming_events: 1,
    });
  });

  it('never adds shillings to dollars: one figure per currency, the first the currency most sold in', async () => {
    const org = await createOrganiser(t.database.db);
    const buyer = await createBuyer(t.database.db);
    const base = { organisationId: org.organisationId, categoryId };
    const usd = await createEvent(t.database.db, { ...base, tickets: [{ name: 'A', price: 10, max: 10 }] });
    const kes = await createEvent(t.database.db, {
      ...base,
      currency: 'KES',
      tickets: [{ name: 'B', price: 2500, max: 10 }],
    });
    const paid = (eventId: number, totalMinor: number, currency: 'USD' | 'KES') =>
      insertBooking(t.database.db, { eventId, accountId: buyer.accountId, status: 2, totalMinor, currency });
    await paid(usd.event.id, 1999, 'USD');
    const usdOnly = await t.app.inject({ method: 'GET', url: '/v1/client/summary', headers: { auth: org.token } });
    expect(usdOnly.json().data).toMatchObject({
      currency: 'USD',
      net_sales: 19.99,
      net_sales_by_currency: [{ currency: 'USD', net_sales: 19.99 }],
    });
    // After a shilling sale the dollars are still there, and the shillings beside them.
    await paid(kes.event.id, 233_300, 'KES');
    await paid(kes.event.id, 500_000, 'KES');
    const res = await t.app.inject({ method: 'GET', url: '/v1/client/summary', headers: { auth: org.token } });
    expect(res.json().data).toMatchObject({
      currency: 'KES',
      net_sales: 7333,
      net_sales_by_currency: [
        { currency: 'KES', net_sales: 7333 },
        { currency: 'USD', net_sales: 19.99 },
      ],
    });
  });
});

describe('GET v1/client/event/{id}', () => {
  let org: Awaited<ReturnType<typeof createOrganiser>>;
  let draftId: number;
  let publishedId: number;
  let foreignId: number;
  const get = (id: number | string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/v1/client/event/${id}`, headers: token ? { auth: token } : {} });

  beforeAll(async () => {
    org = await createOrganiser(t.database.db);
    draftId = (
      await createEvent(t.database.db, {
        organisationId: org.organisationId,
        categoryId,
        title: 'My draft',
        status: 2,
        tickets: [],
      })
    ).event.id;
    publishedId = (
      await createEvent(t.database.db, {
        organisationId: org.organisationId,
        categoryId,
        title: 'My published event',
        tickets: [
          { name: 'Regular', price: 25.5, max: 80, sold: 30 },
          { name: 'Hidden', price: 10, max: 10, sold: 2, status: 3 },
          { name: 'VIP', price: 99, max: 10, sold: 1 },
        ],
      })
    ).event.id;
    const other = await createOrganiser(t.database.db);
    foreignId = (
      await createEvent(t.database.db, { organisationId: other.organisationId, categoryId, title: 'Not mine' })
    ).event.id;
  });

  it("returns the organisation's own draft in the event schema", async () => {
    const res = await get(draftId, org.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, status_description: 'OK' });
    const event = eventSchema.parse(body.data);
    expect(event).toMatchObject({
      id: draftId,
      title: 'My draft',
      status: 2,
      organizer: { id: org.organisationId },
      tickets: [],
      tickets_bought: 0,
      max_tickets: 0,
      price_from: null,
    });
  });

  it('returns a published event with its open ticket types in order, as its list entry shows it', async () => {
    const res = await get(publishedId, org.token);
    expect(res.statusCode, res.body).toBe(200);
    const event = eventSchema.parse(res.json().data);
    expect(event.tickets.map((k) => [k.name, k.price_per_ticket, k.max_tickets, k.tickets_bought])).toEqual([
      ['Regular', 25.5, 80, 30],
      ['VIP', 99, 10, 1],
    ]);
    expect([event.tickets_bought, event.max_tickets, event.price_from]).toEqual([31, 90, 25.5]);
    const listed = (await list(org.token, { limit: 100 })).data.find((e) => e.id === publishedId);
    // The event itself carries its questions (none yet); a list leaves them out.
    const { questions, ...rest } = event;
    expect(questions).toEqual([]);
    expect(rest).toEqual(listed);
  });

  it("answers another organisation's event exactly as a missing one: 404", async () => {
    const foreign = await get(foreignId, org.token);
    const missing = await get(2_000_000_000, org.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: 404, status_description: 'Event not found', data: { code: 'not_found' } });
    expect([missing.statusCode, missing.body]).toEqual([foreign.statusCode, foreign.body]);
  });

  it('refuses a malformed id with 400', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await get(id, org.token);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
    }
  });

  it('answers a buyer token 406 and no token 401', async () => {
    const buyer = await createBuyer(t.database.db);
    const asBuyer = await get(draftId, buyer.token);
    expect(asBuyer.statusCode, asBuyer.body).toBe(406);
    expect(asBuyer.json()).toMatchObject({ status: 406, data: { code: 'auth.wrong_account_type' } });
    const anonymous = await get(draftId);
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 401, data: { code: 'auth.required' } });
  });
});

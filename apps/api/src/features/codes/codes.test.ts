import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS, priceBooking, toMinor, type CodeBodyInput } from '@tikiti/contract';
import { bookingLines, bookings, discountCodes, payments } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, retrieve, stockOf } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { jobHandlers } from '../../background.js';

/** The hold sweep, as the job worker runs it (the job the background work registers). */
async function sweepHolds(t: TestApp) {
  const sweep = jobHandlers.find((h) => h.kind === 'checkout.expire-holds')!;
  await sweep.run(
    {},
    {
      ctx: { config: t.config, db: t.database.db },
      job: { id: 0, kind: sweep.kind, attempts: 1, maxAttempts: 1 },
      log: { info: () => undefined } as never,
    },
  );
}

/**
 * Discount and access codes, team tiers and hidden ticket types (docs/product.md#discount-codes,
 * #team-pricing, #hidden-ticket-types): the server prices every booking, one rounding everywhere.
 */
let t: TestApp;
let org: Awaited<ReturnType<typeof createOrganiser>>;
let other: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  org = await createOrganiser(t.database.db);
  other = await createOrganiser(t.database.db);
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;

type Tickets = Parameters<typeof createEvent>[1]['tickets'];
const anEvent = (tickets: Tickets, currency: 'USD' | 'KES' = 'USD') =>
  createEvent(db(), { organisationId: org.organisationId, categoryId, tickets, currency });

const createCode = (eventId: number, body: CodeBodyInput, token = org.token) =>
  t.app.inject({ method: 'POST', url: `/v1/client/event/${eventId}/codes`, headers: { auth: token }, payload: body });

async function aCode(eventId: number, body: CodeBodyInput) {
  const res = await createCode(eventId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string };
}

const details = (eventId: number, code?: string) =>
  t.app.inject({ method: 'GET', url: `/v1/event/details/${eventId}${code ? `?code=${code}` : ''}` });

describe('organiser codes', () => {
  it('creates, lists with uses and revenue, changes and deletes a code, in capitals and unique per event', async () => {
    const { event, tickets } = await anEvent([{ name: 'Regular', price: 19.99, max: 50 }]);
    const res = await createCode(event.id, { code: 'early-Bird', kind: 'discount', percent_off: 10, max_uses: 5 });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ code: 'EARLY-BIRD', percent_off: 10, uses: 0, revenue: 0, max_uses: 5 });

    const again = await createCode(event.id, { code: 'EARLY-bird', kind: 'discount', amount_off: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.code).toBe('code.duplicate');

    const booked = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: tickets[0]!.id, qty: 2 }],
      code: 'early-bird',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/codes`,
      headers: { auth: org.token },
    });
    expect(list.json().data[0]).toMatchObject({ code: 'EARLY-BIRD', uses: 2, bookings: 0 });

    const lower = await t.app.inject({
      method: 'PUT',
      url: `/v1/client/event/${event.id}/codes/${created.id}`,
      headers: { auth: org.token },
      payload: { code: 'EARLY-BIRD', kind: 'discount', percent_off: 10, max_uses: 1 },
    });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().data.errors[0].path).toBe('max_uses');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/client/event/${event.id}/codes/${created.id}`,
      headers: { auth: org.token },
    });
    expect(removed.statusCode).toBe(200);
    // The booking keeps its code's text after the code is gone.
    const [row] = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.reference, booked.json().data.booking_reference));
    expect(row).toMatchObject({ code: 'EARLY-BIRD', codeId: null });
  });

  it('refuses bad codes field by field', async () => {
    const { event } = await anEvent([{ name: 'Regular', price: 10, max: 5 }]);
    for (const [body, path] of [
      [{ code: 'ab', kind: 'discount', percent_off: 5 }, 'code'],
      [{ code: 'with space', kind: 'discount', percent_off: 5 }, 'code'],
      [{ code: 'BOTH', kind: 'discount', percent_off: 5, amount_off: 1 }, 'amount_off'],
      [{ code: 'NONE', kind: 'discount' }, 'percent_off'],
      [{ code: 'PCT', kind: 'discount', percent_off: 101 }, 'percent_off'],
      [
        { code: 'DATES', kind: 'access', starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' },
        'ends_at',
      ],
    ] as const) {
      const res = await createCode(event.id, body as CodeBodyInput);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const { event: otherEvent, tickets: otherTypes } = await anEvent([{ name: 'X', price: 1, max: 1 }]);
    const foreign = await createCode(event.id, {
      code: 'FOREIGN',
      kind: 'discount',
      percent_off: 5,
      ticket_type_ids: [otherTypes[0]!.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(otherEvent.id).not.toBe(event.id);
  });

  it('answers 404 to another organisation for every code call', async () => {
    const { event } = await anEvent([{ name: 'Regular', price: 10, max: 5 }]);
    const code = await aCode(event.id, { code: 'MINE', kind: 'discount', percent_off: 5 });
    const calls = [
      { method: 'GET' as const, url: `/v1/client/event/${event.id}/codes` },
      {
        method: 'POST' as const,
        url: `/v1/client/event/${event.id}/codes`,
        payload: { code: 'THEIRS', kind: 'discount', percent_off: 5 },
      },
      {
        method: 'PUT' as const,
        url: `/v1/client/event/${event.id}/codes/${code.id}`,
        payload: { code: 'MINE', kind: 'discount', percent_off: 50 },
      },
      { method: 'DELETE' as const, url: `/v1/client/event/${event.id}/codes/${code.id}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: { auth: other.token } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      const unsigned = await t.app.inject(call);
      expect(unsigned.statusCode).toBe(401);
    }
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row).toMatchObject({ percentOff: 5 });
  });
});

describe('booking with a discount code', () => {
  it('prices 19.99 × 3 at 15 % off to the cent in the answer, the lines, the total and the payment', async () => {
    const { event, tickets } = await anEvent([{ name: 'Regular', price: 19.99, max: 50 }]);
    await aCode(event.id, { code: 'FIFTEEN', kind: 'discount', percent_off: 15 });
    const res = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: tickets[0]!.id, qty: 3, price: 0.01 }],
      code: 'fifteen',
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    // 15 % of 19.99 is 2.9985: 3.00 off each, 16.99 paid each, 50.97 in all.
    expect(data).toMatchObject({ price: 50.97, list_price: 59.97, discount: 9, code: 'FIFTEEN', settled: false });
    expect(data.lines).toEqual([
      {
        ticket_type_id: tickets[0]!.id,
        name: 'Regular',
        quantity: 3,
        list_price: 19.99,
        discount: 3,
        price_per_ticket: 16.99,
        applied: 'code',
        tier_percent_off: null,
      },
    ]);
    // The page's function gives the same.
    const page = priceBooking(
      [{ ticketTypeId: tickets[0]!.id, quantity: 3, listMinor: 1999, tiers: [] }],
      { percent_off: 15, amount_off_minor: null, ticket_type_ids: [] },
      'USD',
    );
    expect(page.totalMinor).toBe(toMinor(data.price, 'USD'));
    const [booking] = await db().select().from(bookings).where(eq(bookings.reference, data.booking_reference));
    const lines = await db().select().from(bookingLines).where(eq(bookingLines.bookingId, booking!.id));
    expect(lines[0]).toMatchObject({
      unitPriceMinor: 1699,
      listPriceMinor: 1999,
      discountMinor: 300,
      priceSource: 'code',
    });
    expect(booking!.totalMinor).toBe(lines.reduce((s, l) => s + l.unitPriceMinor * l.quantity, 0));
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking!.id));
    expect(payment!.amountMinor).toBe(5097);
  });

  it('rounds a KES discount to whole shillings, and an amount off never below zero', async () => {
    const { event, tickets } = await anEvent([{ name: 'Regular', price: 2333, max: 50 }], 'KES');
    await aCode(event.id, { code: 'KES15', kind: 'discount', percent_off: 15 });
    await aCode(event.id, { code: 'BIGOFF', kind: 'discount', amount_off: 5000 });
    const pct = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }], code: 'KES15' });
    // 15 % of 2,333 is 349.95: 350 off, 1,983 to pay, whole shillings for M-Pesa.
    expect(pct.json().data).toMatchObject({ price: 1983, discount: 350 });
    const big = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 2 }], code: 'BIGOFF' });
    expect(big.json().data).toMatchObject({ price: 0, discount: 4666, settled: true });
  });

  it('settles a booking of total 0 at once: paid, tickets sold, the booking found by its secret', async () => {
    const { event, tickets } = await anEvent([{ name: 'Speaker', price: 33.33, max: 5 }]);
    await aCode(event.id, { code: 'SPEAKER100', kind: 'discount', percent_off: 100 });
    const res = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: tickets[0]!.id, qty: 1 }],
      code: 'speaker100',
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ price: 0, provider: 'free', settled: true, discount: 33.33 });
    expect(await stockOf(db(), tickets[0]!.id)).toMatchObject({ sold: 1, held: 0 });
    const stored = await retrieve(t.app, data.client_secret, res.headers.auth as string);
    expect(stored.json().data).toMatchObject({
      status: BOOKING_STATUS.paid,
      price: 0,
      code: 'SPEAKER100',
      discount: 33.33,
    });
  });

  it('refuses an unknown, not yet valid, expired, used-up, inapplicable or too large use of a code, saying which', async () => {
    const { event, tickets } = await anEvent([
      { name: 'Regular', price: 10, max: 50 },
      { name: 'VIP', price: 50, max: 50 },
    ]);
    const [regular, vip] = [tickets[0]!.id, tickets[1]!.id];
    const day = 86_400_000;
    await aCode(event.id, {
      code: 'LATER',
      kind: 'discount',
      percent_off: 10,
      starts_at: new Date(Date.now() + day).toISOString(),
    });
    await aCode(event.id, {
      code: 'GONE',
      kind: 'discount',
      percent_off: 10,
      ends_at: new Date(Date.now() - day).toISOString(),
    });
    await aCode(event.id, { code: 'ONCE', kind: 'discount', percent_off: 10, max_uses: 1 });
    await aCode(event.id, { code: 'VIPONLY', kind: 'discount', percent_off: 10, ticket_type_ids: [vip] });
    await aCode(event.id, { code: 'TWOMAX', kind: 'discount', percent_off: 10, max_per_booking: 2 });
    expect(
      (await book(t.app, { event_id: event.id, tickets: [{ id: regular, qty: 1 }], code: 'ONCE' })).statusCode,
    ).toBe(201);
    const cases = [
      ['NOPE', 1, 'code.unknown', 'NOPE is not a code for this event'],
      ['LATER', 1, 'code.not_started', 'Code LATER can be used from'],
      ['GONE', 1, 'code.expired', 'Code GONE has expired'],
      ['ONCE', 1, 'code.used_up', 'Code ONCE has been used up'],
      ['VIPONLY', 1, 'code.not_applicable', 'Code VIPONLY does not apply to the tickets you picked'],
      ['TWOMAX', 3, 'code.per_booking_limit', 'Code TWOMAX covers at most 2 tickets per booking'],
    ] as const;
    for (const [code, qty, errorCode, words] of cases) {
      const res = await book(t.app, { event_id: event.id, tickets: [{ id: regular, qty }], code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().data.code, code).toBe(errorCode);
      expect(res.json().data.errors[0]).toMatchObject({ path: 'code' });
      expect(res.json().status_description, code).toContain(words);
    }
    // The event page says the same when the code is tried there.
    const page = await details(event.id, 'gone');
    expect(page.statusCode).toBe(400);
    expect(page.json().data.code).toBe('code.expired');
  });

  it('gives a code’s uses back when its hold runs out', async () => {
    const { event, tickets } = await anEvent([{ name: 'Regular', price: 10, max: 50 }]);
    const code = await aCode(event.id, { code: 'TWICE', kind: 'discount', percent_off: 10, max_uses: 2 });
    const first = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 2 }], code: 'TWICE' });
    expect(first.statusCode).toBe(201);
    expect(
      (await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }], code: 'TWICE' })).json().data
        .code,
    ).toBe('code.used_up');
    await db().execute(
      sql`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE event_id = ${event.id}`,
    );
    await sweepHolds(t);
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.used).toBe(0);
    expect(
      (await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 2 }], code: 'TWICE' })).statusCode,
    ).toBe(201);
  });
});

describe('team tiers', () => {
  it('apply from exactly min_qty, and the buyer gets the better of code and tier, told which', async () => {
    const { event, tickets } = await anEvent([
      {
        name: 'Delegate',
        price: 19.99,
        max: 100,
        tiers: [
          { min_qty: 5, percent_off: 10 },
          { min_qty: 10, percent_off: 15 },
        ],
      },
    ]);
    const id = tickets[0]!.id;
    await aCode(event.id, { code: 'FIVE', kind: 'discount', percent_off: 5 });
    await aCode(event.id, { code: 'TWELVE', kind: 'discount', percent_off: 12 });
    const four = (await book(t.app, { event_id: event.id, tickets: [{ id, qty: 4 }] })).json().data;
    expect(four.lines[0]).toMatchObject({ applied: null, discount: 0, price_per_ticket: 19.99 });
    const five = (await book(t.app, { event_id: event.id, tickets: [{ id, qty: 5 }] })).json().data;
    // 10 % of 19.99 is 1.999: 2.00 off each.
    expect(five.lines[0]).toMatchObject({
      applied: 'tier',
      tier_percent_off: 10,
      discount: 2,
      price_per_ticket: 17.99,
    });
    expect(five.price).toBe(89.95);
    const ten = (await book(t.app, { event_id: event.id, tickets: [{ id, qty: 10 }] })).json().data;
    expect(ten.lines[0]).toMatchObject({ applied: 'tier', tier_percent_off: 15 });
    const tierBeatsCode = (await book(t.app, { event_id: event.id, tickets: [{ id, qty: 5 }], code: 'FIVE' })).json()
      .data;
    expect(tierBeatsCode.lines[0]).toMatchObject({ applied: 'tier', discount: 2 });
    const codeBeatsTier = (await book(t.app, { event_id: event.id, tickets: [{ id, qty: 5 }], code: 'TWELVE' })).json()
      .data;
    // 12 % of 19.99 is 2.3988: 2.40 off.
    expect(codeBeatsTier.lines[0]).toMatchObject({ applied: 'code', discount: 2.4, price_per_ticket: 17.59 });
  });
});

describe('the ticket-type calls', () => {
  it('take hidden and tiers, and keep them when an update leaves them out', async () => {
    const { event } = await anEvent([{ name: 'Regular', price: 10, max: 5 }]);
    const created = await t.app.inject({
      method: 'POST',
      url: `/v1/event/${event.id}/ticket/register`,
      headers: { auth: org.token },
      payload: [
        {
          name: 'Sponsor',
          price_per_ticket: 19.99,
          no_of_persons: 1,
          max_tickets: 10,
          hidden: true,
          tiers: [
            { min_qty: 10, percent_off: 15 },
            { min_qty: 5, percent_off: 10 },
          ],
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sponsor = created.json().data.find((x: { name: string }) => x.name === 'Sponsor');
    expect(sponsor).toMatchObject({
      hidden: true,
      tiers: [
        { min_qty: 5, percent_off: 10 },
        { min_qty: 10, percent_off: 15 },
      ],
    });
    const updated = await t.app.inject({
      method: 'POST',
      url: `/v1/event/${event.id}/ticket/update`,
      headers: { auth: org.token },
      payload: [{ id: sponsor.id, name: 'Sponsor', price_per_ticket: 19.99, no_of_persons: 1, max_tickets: 12 }],
    });
    expect(updated.json().data.find((x: { id: number }) => x.id === sponsor.id)).toMatchObject({
      hidden: true,
      max_tickets: 12,
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/v1/event/${event.id}/ticket/register`,
      headers: { auth: org.token },
      payload: [
        {
          name: 'X',
          price_per_ticket: 1,
          no_of_persons: 1,
          max_tickets: 1,
          tiers: [
            { min_qty: 3, percent_off: 5 },
            { min_qty: 3, percent_off: 9 },
          ],
        },
      ],
    });
    expect(twice.statusCode).toBe(400);
  });
});

describe('hidden ticket types', () => {
  async function withHidden() {
    const made = await anEvent([
      { name: 'Regular', price: 40, max: 10 },
      { name: 'Speaker', price: 5, max: 10, hidden: true },
    ]);
    await aCode(made.event.id, { code: 'SPEAKERS', kind: 'access' });
    return { event: made.event, regular: made.tickets[0]!, speaker: made.tickets[1]! };
  }

  it('never appear in the lists, cards, details, tickets, counts or "From" price without the code', async () => {
    const { event, speaker } = await withHidden();
    const check = (e: { tickets?: { id: number }[]; price_from: number | null; max_tickets: number }) => {
      expect(e.tickets?.map((x) => x.id) ?? []).not.toContain(speaker.id);
      expect(e.price_from).toBe(40);
      expect(e.max_tickets).toBe(10);
    };
    check((await details(event.id)).json().data);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/event/view?organizer_id=${org.organisationId}&limit=100`,
    });
    check(list.json().data.data.find((e: { id: number }) => e.id === event.id));
    const cards = await t.app.inject({
      method: 'GET',
      url: `/v1/event/view?organizer_id=${org.organisationId}&limit=100&fields=card`,
    });
    check(cards.json().data.data.find((e: { id: number }) => e.id === event.id));
    const types = await t.app.inject({ method: 'GET', url: `/v1/event/${event.id}/tickets` });
    expect(types.json().data.map((x: { id: number }) => x.id)).not.toContain(speaker.id);
    // Booking it without the code: as unknown as another event's type.
    const res = await book(t.app, { event_id: event.id, tickets: [{ id: speaker.id, qty: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[0].path).toBe('tickets');
  });

  it('appear with the access code and can be booked with it; the code reveals nothing of another event', async () => {
    const { event, speaker } = await withHidden();
    const shown = (await details(event.id, 'speakers')).json().data;
    expect(shown.tickets.find((x: { id: number }) => x.id === speaker.id)).toMatchObject({
      hidden: true,
      name: 'Speaker',
    });
    expect(shown.applied_code).toMatchObject({ code: 'SPEAKERS', kind: 'access' });
    const res = await book(t.app, { event_id: event.id, tickets: [{ id: speaker.id, qty: 1 }], code: 'SPEAKERS' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.price).toBe(5);

    const { event: second, speaker: secondSpeaker } = await withHidden();
    const elsewhere = await anEvent([{ name: 'Regular', price: 1, max: 1 }]);
    expect((await details(elsewhere.event.id, 'SPEAKERS')).json().data.code).toBe('code.unknown');
    // Another event's own code reveals only its own types.
    const own = (await details(second.id, 'SPEAKERS')).json().data;
    expect(own.tickets.map((x: { id: number }) => x.id)).toEqual([expect.any(Number), secondSpeaker.id]);
    expect(own.tickets.map((x: { id: number }) => x.id)).not.toContain(speaker.id);
  });

  it('do not leak through the catalogue cache from a coded request to an uncoded one', async () => {
    const cached = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
    try {
      const o = await createOrganiser(cached.database.db);
      const { event, tickets } = await createEvent(cached.database.db, {
        organisationId: o.organisationId,
        categoryId: (await createCategory(cached.database.db)).id,
        tickets: [
          { name: 'Regular', price: 40, max: 10 },
          { name: 'Speaker', price: 5, max: 10, hidden: true },
        ],
      });
      await cached.app.inject({
        method: 'POST',
        url: `/v1/client/event/${event.id}/codes`,
        headers: { auth: o.token },
        payload: { code: 'SPEAKERS', kind: 'access' },
      });
      const get = (q = '') => cached.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}${q}` });
      const coded = await get('?code=SPEAKERS');
      expect(coded.json().data.tickets).toHaveLength(2);
      const plain = await get();
      expect(plain.json().data.tickets.map((x: { id: number }) => x.id)).toEqual([tickets[0]!.id]);
      // And the other way round: a cached plain answer never hides what the code reveals.
      expect((await get('?code=speakers')).json().data.tickets).toHaveLength(2);
    } finally {
      await cached.close();
    }
  });
});

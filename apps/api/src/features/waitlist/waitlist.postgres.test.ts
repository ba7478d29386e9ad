import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ticketTypes, waitlistEntries } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, stockOf } from '../../test-support/checkout.js';
import { nextIp } from '../../test-support/mailbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { jobHandlers } from '../../background.js';

/**
 * Offers under concurrency on PostgreSQL (docs/product.md#waiting-list): seats that come back
 * while buyers keep trying go to the people waiting, in order, each person once, however many
 * offer rounds run at the same time.
 */
describe('two seats returning while rounds and buyers race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
  });
  afterAll(() => t.close());

  it('serve the first two people once each; nobody else gets the seats', async () => {
    const db = t.database.db;
    const org = await createOrganiser(db);
    const { event, tickets } = await createEvent(db, {
      organisationId: org.organisationId,
      categoryId: (await createCategory(db)).id,
      tickets: [{ name: 'Regular', price: 19.99, max: 4, sold: 4 }],
    });
    const type = tickets[0]!;
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/event/${event.id}/waitlist`,
        remoteAddress: nextIp(),
        payload: {
          ticket_type_id: type.id,
          quantity: 1,
          full_name: `Person ${i}`,
          email_address: `p${i}-${Date.now()}@example.co.ke`,
          msisdn: '0712345678',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Two seats come back at once (two refunds), then four offer rounds and 30 buyers race.
    await db
      .update(ticketTypes)
      .set({ sold: sql`${ticketTypes.sold} - 2` })
      .where(eq(ticketTypes.id, type.id));
    // Before any round has run, the free seats already belong to the list: a buyer is refused.
    const early = await book(t.app, { event_id: event.id, tickets: [{ id: type.id, qty: 1 }] });
    expect(early.statusCode).toBe(409);
    expect(early.json().data.code).toBe('booking.sold_out');
    const fill = jobHandlers.find((h) => h.kind === 'waitlist.fill')!;
    const round = () =>
      fill.run(
        { ticketTypeId: type.id },
        {
          ctx: { config: t.config, db },
          job: { id: 0, kind: fill.kind, attempts: 1, maxAttempts: 1 },
          log: { info: () => undefined } as never,
        },
      );
    const results = await Promise.all([
      round(),
      round(),
      round(),
      round(),
      ...Array.from({ length: 30 }, () => book(t.app, { event_id: event.id, tickets: [{ id: type.id, qty: 1 }] })),
    ]);
    const bookings = results.slice(4) as { statusCode: number }[];
    expect(bookings.every((r) => r.statusCode === 409)).toBe(true);
    const entries = await db
      .select({ status: waitlistEntries.status, offersSent: waitlistEntries.offersSent })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.ticketTypeId, type.id))
      .orderBy(waitlistEntries.id);
    expect(entries).toEqual([
      { status: 'offered', offersSent: 1 },
      { status: 'offered', offersSent: 1 },
      { status: 'waiting', offersSent: 0 },
      { status: 'waiting', offersSent: 0 },
      { status: 'waiting', offersSent: 0 },
    ]);
    expect(await stockOf(db, type.id)).toEqual({ sold: 2, held: 2, max: 4 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bookings, discountCodes } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book } from '../../test-support/checkout.js';
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
 * A code's uses are taken with the seats, in the same call (docs/product.md#discount-codes): many
 * buyers at once never use a code more than `max_uses` times, and expired holds give uses back.
 */
describe('a code with 10 uses and 100 buyers at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
  });
  afterAll(() => t.close());

  it('makes exactly 10 discounted bookings, refuses the rest as used up without a 5xx, and frees 3 when 3 holds end', async () => {
    const db = t.database.db;
    const org = await createOrganiser(db);
    const { event, tickets } = await createEvent(db, {
      organisationId: org.organisationId,
      categoryId: (await createCategory(db)).id,
      tickets: [{ name: 'Regular', price: 19.99, max: 1000 }],
    });
    const created = await t.app.inject({
      method: 'POST',
      url: `/v1/client/event/${event.id}/codes`,
      headers: { auth: org.token },
      payload: { code: 'TEN', kind: 'discount', percent_off: 20, max_uses: 10 },
    });
    expect(created.statusCode).toBe(201);
    const line = [{ id: tickets[0]!.id, qty: 1 }];
    const attempts = await Promise.all(
      Array.from({ length: 100 }, () => book(t.app, { event_id: event.id, tickets: line, code: 'ten' })),
    );
    const counts: Record<number, number> = {};
    for (const r of attempts) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 201: 10, 400: 90 });
    for (const r of attempts.filter((a) => a.statusCode === 400)) {
      expect(r.json().data.code).toBe('code.used_up');
      expect(r.json().status_description).toContain('Code TEN has been used up');
    }
    const discounted = await db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect(discounted).toHaveLength(10);
    expect(discounted.every((b) => b.totalMinor === 1599 && b.code === 'TEN' && b.codeUses === 1)).toBe(true);
    const used = async () =>
      (await db.select().from(discountCodes).where(eq(discountCodes.eventId, event.id)))[0]!.used;
    expect(await used()).toBe(10);

    const three = discounted.slice(0, 3).map((b) => b.id);
    await db.execute(
      sql`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id IN (${sql.join(
        three.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await sweepHolds(t);
    expect(await used()).toBe(7);
    const again = await Promise.all(
      Array.from({ length: 20 }, () => book(t.app, { event_id: event.id, tickets: line, code: 'TEN' })),
    );
    expect(again.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(again.filter((r) => r.statusCode === 400)).toHaveLength(17);
    expect(await used()).toBe(10);
  });
});

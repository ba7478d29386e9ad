import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { bookings, jobs } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, payWithCard, retrieve, stockOf } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDueJobs } from '../../jobs/worker.js';
import { jobHandlers } from '../../background.js';
import { REFUND_JOB } from '../checkout/index.js';
import { CANCEL_EVENT_JOB } from './index.js';
/** Orders' jobs and checkout's refund job, which orders queues. */
const refundAndCancelJobs = jobHandlers.filter((h) => h.kind === REFUND_JOB || h.kind === CANCEL_EVENT_JOB);

/** Refunds and cancellation under many concurrent clicks, on a real PostgreSQL server. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  owner = await createOrganiser(t.database.db);
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;

async function paid(eventId: number, ticketId: number, qty: number) {
  const res = await book(t.app, { event_id: eventId, tickets: [{ id: ticketId, qty }] });
  const { client_secret: secret, booking_reference: reference } = res.json().data;
  await payWithCard(t.app, secret);
  await retrieve(t.app, secret, res.headers.auth as string);
  return (await db().select().from(bookings).where(eq(bookings.reference, reference)))[0]!;
}

const refundJobsOf = async (bookingId: number) =>
  (await db().select().from(jobs).where(eq(jobs.kind, REFUND_JOB))).filter(
    (j) => (j.payload as { bookingId: number }).bookingId === bookingId,
  );

describe('concurrent refunds and cancellations', () => {
  it('30 refunds of one booking at once: seats back once, one refund job, the money back once', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId: owner.organisationId,
      categoryId,
      tickets: [{ name: 'Regular', price: 10, max: 20 }],
    });
    const booking = await paid(event.id, tickets[0]!.id, 3);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/v1/client/booking/${booking.id}/refund`,
          headers: { auth: owner.token },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(202));
    expect(await stockOf(db(), tickets[0]!.id)).toMatchObject({ sold: 0, held: 0 });
    expect(await refundJobsOf(booking.id)).toHaveLength(1);
    await runDueJobs({ config: t.config, db: db() }, refundAndCancelJobs);
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM payments WHERE booking_id = ${booking.id} AND refunded_at IS NOT NULL`,
    );
    expect(row!.n).toBe(1);
  });

  it('10 cancels at once and refunds racing the cancel job: every booking refunded once, stock back to zero', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId: owner.organisationId,
      categoryId,
      tickets: [{ name: 'Regular', price: 10, max: 50 }],
    });
    const booked = [];
    for (let i = 0; i < 8; i++) booked.push(await paid(event.id, tickets[0]!.id, 2));
    const cancels = Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/v1/client/event/${event.id}/cancel`,
          headers: { auth: owner.token },
          payload: {},
        }),
      ),
    );
    const refunds = Promise.all(
      booked.map((b) =>
        t.app.inject({ method: 'POST', url: `/v1/client/booking/${b.id}/refund`, headers: { auth: owner.token } }),
      ),
    );
    const [c, r] = await Promise.all([cancels, refunds]);
    expect(c.map((a) => a.statusCode)).toEqual(Array(10).fill(202));
    expect(new Set(c.map((a) => a.json().data.cancelled_at)).size).toBe(1);
    expect(r.map((a) => a.statusCode)).toEqual(Array(8).fill(202));
    // The cancel job and the refunds' jobs, run by two workers side by side.
    await Promise.all([
      runDueJobs({ config: t.config, db: db() }, refundAndCancelJobs),
      runDueJobs({ config: t.config, db: db() }, refundAndCancelJobs),
    ]);
    await runDueJobs({ config: t.config, db: db() }, refundAndCancelJobs);
    expect(
      (await db().select().from(jobs).where(eq(jobs.kind, 'orders.cancel-event'))).filter(
        (j) => (j.payload as { eventId: number }).eventId === event.id,
      ),
    ).toHaveLength(1);
    for (const b of booked) expect(await refundJobsOf(b.id), b.reference).toHaveLength(1);
    const states = await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.eventId, event.id));
    expect(states.every((s) => s.status === BOOKING_STATUS.refunded)).toBe(true);
    expect(await stockOf(db(), tickets[0]!.id)).toMatchObject({ sold: 0, held: 0 });
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM payments p JOIN bookings b ON b.id = p.booking_id
           WHERE b.event_id = ${event.id} AND p.refunded_at IS NOT NULL`,
    );
    expect(row!.n).toBe(8);
  });
});

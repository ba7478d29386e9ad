import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { bookings, jobs } from '../../db/schema/index.js';
import { queryRows, type Db } from '../../db/client.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, guest, payWithCard, retrieve, stockOf } from '../../test-support/checkout.js';
import { postJson, startApiProcess, type ApiProcess } from '../../test-support/api-process.js';
import { startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDueJobs } from '../../jobs/worker.js';
import type { JobHandler } from '../../jobs/queue.js';
import { checkoutJobs } from './checkout.jobs.js';
import { expireHolds } from './checkout.repo.js';

/**
 * Concurrency proofs on a real PostgreSQL server (docs/decisions/0009-inventory.md): many
 * buyers at once never oversell, from one process or two; settlement happens once whoever
 * asks; webhooks that are repeated, late or forged change nothing.
 */
const handlers = checkoutJobs as JobHandler[];

async function statusCounts(responses: { status: number | 'network-error' }[]) {
  const counts: Record<string, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

async function anEvent(db: Db, max: number) {
  const org = await createOrganiser(db);
  const category = await createCategory(db);
  return createEvent(db, {
    organisationId: org.organisationId,
    categoryId: category.id,
    tickets: [{ name: 'Flash sale', price: 20, max }],
  });
}

describe('a flash sale of 100 seats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
  });
  afterAll(() => t.close());

  it('holds exactly 100 of 500 concurrent attempts; every other buyer gets a clear 409, no 5xx', async () => {
    const { event, tickets } = await anEvent(t.database.db, 100);
    const attempts = await Promise.all(
      Array.from({ length: 500 }, () => book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }] })),
    );
    const counts = await statusCounts(attempts.map((r) => ({ status: r.statusCode })));
    expect(counts).toEqual({ 201: 100, 409: 400 });
    const refused = attempts.find((r) => r.statusCode === 409)!.json();
    expect(refused.status_description).toBe('Flash sale is sold out');
    expect(await stockOf(t.database.db, tickets[0]!.id)).toEqual({ sold: 0, held: 100, max: 100 });
    const pending = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.eventId, event.id));
    expect(pending).toHaveLength(100);
  });

  it('frees expired holds for new buyers, while others keep buying', async () => {
    const { event, tickets } = await anEvent(t.database.db, 20);
    const line = [{ id: tickets[0]!.id, qty: 1 }];
    await Promise.all(Array.from({ length: 20 }, () => book(t.app, { event_id: event.id, tickets: line })));
    await t.database.db.execute(
      sql`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE event_id = ${event.id}`,
    );
    // The sweep and 60 new buyers at the same moment: the 20 seats go to 20 of them, no more.
    const [, ...attempts] = await Promise.all([
      expireHolds(t.database.db, 500),
      ...Array.from({ length: 60 }, () => book(t.app, { event_id: event.id, tickets: line })),
    ]);
    await expireHolds(t.database.db, 500);
    const held = (attempts as { statusCode: number }[]).filter((r) => r.statusCode === 201).length;
    const stock = await stockOf(t.database.db, tickets[0]!.id);
    expect(stock.held).toBe(held);
    expect(stock.held).toBeLessThanOrEqual(20);
    expect((attempts as { statusCode: number }[]).every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(
      true,
    );
  });

  it('honours late payments racing for the last seats only as far as they fit, refunding the rest', async () => {
    const { event, tickets } = await anEvent(t.database.db, 10);
    const line = [{ id: tickets[0]!.id, qty: 1 }];
    const late = await Promise.all(
      Array.from({ length: 10 }, () => book(t.app, { event_id: event.id, tickets: line })),
    );
    await t.database.db.execute(
      sql`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE event_id = ${event.id}`,
    );
    await expireHolds(t.database.db, 500);
    // Four seats go to new buyers who pay in time; the ten late payers race for the other six.
    const onTime = await Promise.all(
      Array.from({ length: 4 }, () => book(t.app, { event_id: event.id, tickets: line })),
    );
    for (const r of onTime) await payWithCard(t.app, r.json().data.client_secret);
    for (const r of late) await payWithCard(t.app, r.json().data.client_secret);
    await Promise.all(
      [...onTime, ...late].map((r) => retrieve(t.app, r.json().data.client_secret, r.headers.auth as string)),
    );
    const rows = await t.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.eventId, event.id));
    const byStatus = await statusCounts(rows.map((r) => ({ status: r.status })));
    expect(byStatus).toEqual({ [BOOKING_STATUS.paid]: 10, [BOOKING_STATUS.refunded]: 4 });
    expect(await stockOf(t.database.db, tickets[0]!.id)).toEqual({ sold: 10, held: 0, max: 10 });
  });

  it('replaces 40 buyers’ holds as they change their tickets while 100 new buyers race for the seats', async () => {
    const org = await createOrganiser(t.database.db);
    const category = await createCategory(t.database.db);
    const { event, tickets } = await createEvent(t.database.db, {
      organisationId: org.organisationId,
      categoryId: category.id,
      tickets: [
        { name: 'Day pass', price: 20, max: 100 },
        { name: 'Workshop', price: 35, max: 30 },
      ],
    });
    const [pass, workshop] = tickets as [(typeof tickets)[0], (typeof tickets)[0]];
    const first = await Promise.all(
      Array.from({ length: 40 }, () =>
        book(t.app, { event_id: event.id, tickets: [{ id: pass.id, qty: 2 }], details: guest() }),
      ),
    );
    expect(first.every((r) => r.statusCode === 201)).toBe(true);
    // Each of the 40 now wants one day pass and a workshop seat (30 of them); 100 newcomers one pass each.
    const [changes, newcomers] = await Promise.all([
      Promise.all(
        first.map((r) =>
          book(
            t.app,
            {
              event_id: event.id,
              tickets: [
                { id: pass.id, qty: 1 },
                { id: workshop.id, qty: 1 },
              ],
            },
            { token: r.headers.auth as string },
          ),
        ),
      ),
      Promise.all(
        Array.from({ length: 100 }, () => book(t.app, { event_id: event.id, tickets: [{ id: pass.id, qty: 1 }] })),
      ),
    ]);
    const all = [...changes, ...newcomers];
    expect(all.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(changes.filter((r) => r.statusCode === 201)).toHaveLength(30);
    // What is held is exactly what the pending bookings hold: nothing twice, nothing lost.
    const pending = await queryRows<{ ticket_type_id: number; q: number }>(
      t.database.db,
      sql`SELECT l.ticket_type_id, sum(l.quantity)::int AS q FROM booking_lines l JOIN bookings b ON b.id = l.booking_id
           WHERE b.event_id = ${event.id} AND b.status = ${BOOKING_STATUS.pending} GROUP BY l.ticket_type_id`,
    );
    const heldBy = (id: number) => pending.find((p) => p.ticket_type_id === id)?.q ?? 0;
    expect(await stockOf(t.database.db, pass.id)).toMatchObject({ held: heldBy(pass.id) });
    expect(await stockOf(t.database.db, workshop.id)).toEqual({ sold: 0, held: 30, max: 30 });
    expect(heldBy(pass.id)).toBeLessThanOrEqual(100);
    // Each of the 40 holds one booking: the new one, or (refused a workshop seat) the old one.
    const perKey = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM bookings WHERE event_id = ${event.id} AND status = ${BOOKING_STATUS.pending}
           AND checkout_key_hash IS NOT NULL GROUP BY checkout_key_hash`,
    );
    expect(perKey.filter((k) => k.n !== 1)).toEqual([]);
  });
});

describe('two API processes on one database', () => {
  let t: TestApp;
  let apis: ApiProcess[] = [];
  /** The bookings the flash sale held: who, and the secret that pays for it. */
  const held: { email: string; clientSecret: string; token: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const url = await databaseUrlOf(t.database.db);
    apis = await Promise.all(
      [0, 1].map(() =>
        startApiProcess({
          DATABASE_URL: url,
          BOOKINGS_PER_ADDRESS: '0',
          DATABASE_POOL_SIZE: '10',
          // Behind a proxy on this machine: each test request names its own client address.
          TRUST_PROXY: 'loopback',
        }),
      ),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.stop()));
    await t?.close();
  });

  /** To one process or the other, by turns. */
  const post = (i: number, path: string, body: unknown, opts: { ip?: string; token?: string } = {}) =>
    postJson(apis[i % 2]!.baseUrl, path, body, opts);

  it('holds exactly 100 of 500 flash-sale attempts sent to both at once', async () => {
    const { event, tickets } = await anEvent(t.database.db, 100);
    const attempts = await Promise.all(
      Array.from({ length: 500 }, async (_, i) => {
        const details = guest();
        const res = await post(i, '/v1/event/book', {
          event_id: event.id,
          tickets: [{ id: tickets[0]!.id, qty: 1 }],
          payment_method: 'card',
          details,
        });
        if (res.status === 201) {
          held.push({
            email: details.email_address,
            clientSecret: String(res.data!.client_secret),
            token: res.token!,
          });
        }
        return res;
      }),
    );
    expect(await statusCounts(attempts)).toEqual({ 201: 100, 409: 400 });
    expect(await stockOf(t.database.db, tickets[0]!.id)).toEqual({ sold: 0, held: 100, max: 100 });
  }, 120_000);

  it('settles 50 payments through both, and their two job workers send each confirmation mail exactly once', async () => {
    const paying = held.slice(0, 50);
    const paid = await Promise.all(
      paying.map(({ clientSecret }, i) =>
        post(
          i,
          '/v1/payments/sandbox/confirm',
          { client_secret: clientSecret, card_number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
          { ip: `198.51.100.${10 + i}` },
        ),
      ),
    );
    expect(await statusCounts(paid)).toEqual({ 200: 50 });
    // Each buyer's page asks the other process how the booking stands: that settles it.
    const settled = await Promise.all(
      paying.map(({ clientSecret, token }, i) =>
        post(i + 1, '/v1/booking/retrieve', { payment_intent: clientSecret }, { token }),
      ),
    );
    expect(await statusCounts(settled)).toEqual({ 200: 50 });
    expect(settled.every((r) => r.data!.status === BOOKING_STATUS.paid)).toBe(true);
    const emails = paying.map((p) => p.email);
    // Both workers poll the one queue; wait until every mail job has finished.
    const mailJobs = async () =>
      queryRows<{ state: string; attempts: number; to: string }>(
        t.database.db,
        sql`SELECT state, attempts, payload->>'to' AS to FROM jobs
            WHERE kind = 'mail.send' AND payload->>'to' IN (${sql.join(
              emails.map((e) => sql`${e}`),
              sql`, `,
            )})`,
      );
    await expect
      .poll(async () => (await mailJobs()).filter((j) => j.state === 'done').length, { timeout: 90_000, interval: 500 })
      .toBe(50);
    const done = await mailJobs();
    expect(done).toHaveLength(50);
    expect(done.every((j) => j.attempts === 1)).toBe(true);
    const sent = await queryRows<{ to: string; n: number }>(
      t.database.db,
      sql`SELECT "to", count(*)::int AS n FROM mailbox_messages WHERE "to" IN (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )}) GROUP BY "to"`,
    );
    expect(sent).toHaveLength(50);
    expect(sent.every((m) => m.n === 1)).toBe(true);
  }, 180_000);

  it('shares one rate limit: 80 sandbox confirmations from one address, 40 to each, and exactly 60 get through', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        post(
          i,
          '/v1/payments/sandbox/confirm',
          {
            client_secret: `pi_nothing_${i}_secret_x`,
            card_number: '4242 4242 4242 4242',
            expiry: '12 / 34',
            cvc: '123',
          },
          { ip: '203.0.113.77' },
        ),
      ),
    );
    const counts = await statusCounts(attempts);
    expect(counts[429]).toBe(20);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(80);
  }, 60_000);
});

async function databaseUrlOf(db: Db) {
  const [row] = await queryRows<{ db: string; port: number }>(
    db,
    sql`SELECT current_database() AS db, current_setting('port')::int AS port`,
  );
  return `postgres://postgres@127.0.0.1:${row!.port}/${row!.db}`;
}

describe('settling a Stripe payment', () => {
  const WEBHOOK_SECRET = 'whsec_checkout_test';
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      BOOKINGS_PER_ADDRESS: '0',
      STRIPE_SECRET_KEY: 'sk_test_checkout',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_checkout',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const deliver = (hook: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/payments/stripe/webhook',
      payload: hook.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
    });

  async function aStripeBooking(qty = 2) {
    const { event, tickets } = await anEvent(t.database.db, 50);
    const res = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty }] });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    const intentId = [...fake.intents.values()].find((i) => i.client_secret === data.client_secret)!.id;
    return { event, ticketTypeId: tickets[0]!.id, data, token: res.headers.auth as string, intentId };
  }

  const confirmationMails = async (reference: string) =>
    (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'))).filter((j) =>
      String((j.payload as { subject: string }).subject).includes(reference),
    ).length;

  it('charges the server’s amount with the booking reference and an idempotency key per booking', async () => {
    const { data, intentId } = await aStripeBooking(3);
    expect(data.provider).toBe('stripe');
    const intent = fake.intents.get(intentId)!;
    expect(intent).toMatchObject({
      amount: 6000,
      currency: 'usd',
      metadata: { booking_reference: data.booking_reference },
    });
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!;
    expect(create.idempotencyKey).toMatch(/^booking-TK-/);
  });

  it('settles once when the buyer’s page and the webhook race', async () => {
    const { data, token, intentId, ticketTypeId } = await aStripeBooking(2);
    fake.succeed(intentId);
    const hook = fake.webhook({ type: 'payment_intent.succeeded', intentId, secret: WEBHOOK_SECRET });
    expect((await deliver(hook)).statusCode).toBe(200);
    await Promise.all([
      ...Array.from({ length: 5 }, () => retrieve(t.app, data.client_secret, token)),
      ...Array.from({ length: 3 }, () => runDueJobs({ config: t.config, db: t.database.db }, handlers)),
    ]);
    expect(await stockOf(t.database.db, ticketTypeId)).toMatchObject({ sold: 2, held: 0 });
    expect(await confirmationMails(data.booking_reference)).toBe(1);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.reference, data.booking_reference));
    expect(row!.status).toBe(BOOKING_STATUS.paid);
  });

  it('changes nothing for a repeated, an out-of-order or a forged webhook', async () => {
    const { data, intentId, ticketTypeId } = await aStripeBooking(1);
    // Out of order / untrue: "succeeded" arrives while Stripe says the card failed.
    fake.fail(intentId, 'Your card was declined.');
    const early = fake.webhook({ type: 'payment_intent.succeeded', intentId, secret: WEBHOOK_SECRET });
    expect((await deliver(early)).statusCode).toBe(200);
    expect((await deliver(early)).statusCode).toBe(200); // the same event again
    const forged = fake.webhook({ type: 'payment_intent.succeeded', intentId, secret: 'whsec_someone_else' });
    expect((await deliver(forged)).statusCode).toBe(400);
    await runDueJobs({ config: t.config, db: t.database.db }, handlers);
    const intentJobs = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'payments.intent-changed' AND payload->>'intentId' = ${intentId}`,
    );
    expect(intentJobs[0]!.n).toBe(1);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.reference, data.booking_reference));
    expect(row!.status).toBe(BOOKING_STATUS.pending);
    expect(await stockOf(t.database.db, ticketTypeId)).toMatchObject({ sold: 0, held: 1 });
    // Once Stripe says it succeeded, the next delivery settles it.
    fake.succeed(intentId);
    await deliver(fake.webhook({ type: 'payment_intent.succeeded', intentId, secret: WEBHOOK_SECRET }));
    await runDueJobs({ config: t.config, db: t.database.db }, handlers);
    expect(await stockOf(t.database.db, ticketTypeId)).toMatchObject({ sold: 1, held: 0 });
  });

  it('refunds a late Stripe payment through Stripe once, when the seats are gone', async () => {
    const { event, tickets } = await anEvent(t.database.db, 1);
    const late = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0]!.id, qty: 1 }] });
    const lateIntent = [...fake.intents.values()].find((i) => i.client_secret === late.json().data.client_secret)!.id;
    await t.database.db.execute(
      sql`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE event_id = ${event.id}`,
    );
    await expireHolds(t.database.db, 100);
    await t.database.db.execute(sql`UPDATE ticket_types SET sold = 1 WHERE id = ${tickets[0]!.id}`);
    fake.succeed(lateIntent);
    await deliver(fake.webhook({ type: 'payment_intent.succeeded', intentId: lateIntent, secret: WEBHOOK_SECRET }));
    await runDueJobs({ config: t.config, db: t.database.db }, handlers);
    await runDueJobs({ config: t.config, db: t.database.db }, handlers);
    expect(fake.refunds.filter((r) => r.payment_intent === lateIntent)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.reference, late.json().data.booking_reference));
    expect(row!.status).toBe(BOOKING_STATUS.refunded);
  });
});

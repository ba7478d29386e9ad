import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { bookings, eTickets, jobs, payments } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe.js';
import { mailTo } from '../../test-support/mailbox.js';
import { book, guest, payWithCard, retrieve, stockOf } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDueJobs } from '../../jobs/worker.js';
import { jobHandlers } from '../../background.js';
import { REFUND_JOB } from './index.js';

/**
 * A booking is settled only by a payment of its exact total in its currency
 * (docs/decisions/0024-payment-amount-checked.md): the sandbox and Stripe here, M-Pesa in
 * mpesa-checkout.test.ts. Prices are ones floats get wrong (19.99, 33.33).
 */
let sandbox: TestApp;
let stripe: TestApp;
let fake: FakeStripe;
const owners = new Map<TestApp, Awaited<ReturnType<typeof createOrganiser>>>();
const categories = new Map<TestApp, number>();

beforeAll(async () => {
  fake = await startFakeStripe();
  sandbox = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
  stripe = await createTestApp({
    BOOKINGS_PER_ADDRESS: '0',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_API_BASE: fake.url,
  });
  for (const app of [sandbox, stripe]) {
    owners.set(app, await createOrganiser(app.database.db));
    categories.set(app, (await createCategory(app.database.db)).id);
  }
});
afterAll(async () => {
  await sandbox?.close();
  await stripe?.close();
  await fake?.close();
});

async function anEvent(app: TestApp) {
  const { event, tickets } = await createEvent(app.database.db, {
    organisationId: owners.get(app)!.organisationId,
    categoryId: categories.get(app)!,
    title: 'Nairobi Jazz Festival',
    tickets: [
      { name: 'Regular', price: 19.99, max: 10 },
      { name: 'VIP', price: 33.33, max: 10 },
    ],
  });
  return { event, regular: tickets[0]!, vip: tickets[1]! };
}

/** A guest books 3 Regular and 1 VIP: 3 × 19.99 + 33.33 = USD 93.30. */
async function bookFour(app: TestApp) {
  const { event, regular, vip } = await anEvent(app);
  const email = `amount-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.co.ke`;
  const res = await book(app.app, {
    event_id: event.id,
    tickets: [
      { id: regular.id, qty: 3 },
      { id: vip.id, qty: 1 },
    ],
    details: guest(email),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { client_secret: secret, booking_reference: reference } = res.json().data as {
    client_secret: string;
    booking_reference: string;
  };
  return { event, regular, vip, email, secret, reference, token: res.headers.auth as string };
}

const bookingOf = async (app: TestApp, reference: string) =>
  (await app.database.db.select().from(bookings).where(eq(bookings.reference, reference)))[0]!;

const refundJobsOf = async (app: TestApp, bookingId: number) =>
  (await app.database.db.select().from(jobs).where(eq(jobs.kind, REFUND_JOB))).filter(
    (j) => (j.payload as { bookingId: number }).bookingId === bookingId,
  );

const runRefunds = (app: TestApp) =>
  runDueJobs(
    { config: app.config, db: app.database.db },
    jobHandlers.filter((h) => h.kind === REFUND_JOB),
  );

const ordersOf = async (app: TestApp, eventId: number) =>
  (
    await app.app.inject({
      method: 'GET',
      url: `/v1/client/event/${eventId}/orders`,
      headers: { auth: owners.get(app)!.token },
    })
  ).json().data.data as Record<string, unknown>[];

/** What a refused payment must leave: no sale, no tickets, the hold released. */
async function expectNothingSold(app: TestApp, b: Awaited<ReturnType<typeof bookFour>>) {
  const booking = await bookingOf(app, b.reference);
  expect(booking).toMatchObject({ status: BOOKING_STATUS.failed, paidAt: null });
  expect(await app.database.db.select().from(eTickets).where(eq(eTickets.bookingId, booking.id))).toEqual([]);
  expect(await stockOf(app.database.db, b.regular.id)).toMatchObject({ held: 0, sold: 0 });
  expect(await stockOf(app.database.db, b.vip.id)).toMatchObject({ held: 0, sold: 0 });
  return booking;
}

describe('a card payment', () => {
  it('is created at Stripe for the booking’s exact total, in minor units', async () => {
    const b = await bookFour(stripe);
    const created = fake.requests.find(
      (r) =>
        r.path === '/v1/payment_intents' &&
        (r.params.metadata as { booking_reference?: string } | undefined)?.booking_reference === b.reference,
    );
    expect(created?.params).toMatchObject({ amount: '9330', currency: 'usd' });
    expect(await bookingOf(stripe, b.reference)).toMatchObject({ totalMinor: 9330, currency: 'USD' });
    const [payment] = await stripe.database.db.select().from(payments).where(eq(payments.clientSecret, b.secret));
    expect(payment).toMatchObject({ amountMinor: 9330, currency: 'USD' });
  });

  it('in the sandbox is recorded for the booking’s exact total', async () => {
    const b = await bookFour(sandbox);
    const [payment] = await sandbox.database.db.select().from(payments).where(eq(payments.clientSecret, b.secret));
    expect(payment).toMatchObject({ amountMinor: 9330, currency: 'USD' });
  });
});

describe('a payment for another amount than the booking’s total', () => {
  it('at Stripe (amount_received) settles nothing, issues no tickets, is refunded once and shown to buyer and organiser', async () => {
    const b = await bookFour(stripe);
    const intentId = b.secret.split('_secret_')[0]!;
    fake.succeed(intentId);
    fake.intents.get(intentId)!.amount_received = 100;

    const view = await retrieve(stripe.app, b.secret, b.token);
    expect(view.json().data).toMatchObject({
      status: BOOKING_STATUS.failed,
      payment_status: 'succeeded',
      payment_error:
        "Received USD 1.00, not this booking's total of USD 93.30. It was not accepted, and the money is being refunded.",
      receipt_number: null,
    });
    const booking = await expectNothingSold(stripe, b);
    const [payment] = await stripe.database.db.select().from(payments).where(eq(payments.clientSecret, b.secret));
    expect(payment).toMatchObject({ receivedMinor: 100, receivedCurrency: 'USD' });

    // Asked again (the buyer's page, Stripe's webhook): still one refund, one mail.
    await retrieve(stripe.app, b.secret, b.token);
    expect(await refundJobsOf(stripe, booking.id)).toHaveLength(1);
    await runRefunds(stripe);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    const mails = (await mailTo(stripe, b.email)).map((m) => m.subject);
    expect(mails).toEqual([`Your payment for Nairobi Jazz Festival could not be accepted (${b.reference})`]);

    const order = (await ordersOf(stripe, b.event.id)).find((o) => o.reference === b.reference);
    expect(order).toMatchObject({
      status: BOOKING_STATUS.failed,
      payment_mismatch: "Received USD 1.00, not this booking's total of USD 93.30.",
      refund_state: 'refunded',
    });
  });

  it('in the sandbox settles nothing either, for another amount or another currency', async () => {
    for (const change of [sql`amount_minor = 9329`, sql`currency = 'KES'`]) {
      const b = await bookFour(sandbox);
      // The sandbox's card pays what its payment row asks: a row asking for something else.
      await sandbox.database.db.execute(sql`UPDATE payments SET ${change} WHERE client_secret = ${b.secret}`);
      await payWithCard(sandbox.app, b.secret);
      const view = await retrieve(sandbox.app, b.secret, b.token);
      expect(view.json().data).toMatchObject({ status: BOOKING_STATUS.failed, payment_status: 'succeeded' });
      expect(view.json().data.payment_error).toMatch(
        /^Received (USD 93\.29|KES 93), not this booking's total of USD 93\.30\./,
      );
      const booking = await expectNothingSold(sandbox, b);
      expect(await refundJobsOf(sandbox, booking.id)).toHaveLength(1);
      await runRefunds(sandbox);
      const [payment] = await sandbox.database.db.select().from(payments).where(eq(payments.clientSecret, b.secret));
      expect(payment!.refundedAt).not.toBeNull();
    }
  });

  it('of the exact total settles, in both', async () => {
    for (const app of [sandbox, stripe]) {
      const b = await bookFour(app);
      if (app === stripe) fake.succeed(b.secret.split('_secret_')[0]!);
      else await payWithCard(app.app, b.secret);
      const view = await retrieve(app.app, b.secret, b.token);
      expect(view.json().data).toMatchObject({ status: BOOKING_STATUS.paid, price: 93.3, payment_error: null });
      expect(await stockOf(app.database.db, b.regular.id)).toMatchObject({ held: 0, sold: 3 });
    }
  });
});

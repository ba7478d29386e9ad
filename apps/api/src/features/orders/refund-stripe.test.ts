import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { bookings, jobs, payments } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe.js';
import { mailTo } from '../../test-support/mailbox.js';
import { book, retrieve } from '../../test-support/checkout.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDueJobs } from '../../jobs/worker.js';
import { jobHandlers } from '../../background.js';
import { REFUND_JOB } from '../checkout/index.js';

/** Refunds through Stripe (its HTTP API faked at the SDK's host): a failure, then the organiser's retry. */
let fake: FakeStripe;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_API_BASE: fake.url,
    BOOKINGS_PER_ADDRESS: '0',
  });
  owner = await createOrganiser(t.database.db);
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const db = () => t.database.db;
const runJobs = () =>
  runDueJobs(
    { config: t.config, db: db() },
    jobHandlers.filter((h) => h.kind === REFUND_JOB),
  );
const refund = (id: number) =>
  t.app.inject({ method: 'POST', url: `/v1/client/booking/${id}/refund`, headers: { auth: owner.token } });
const refundCalls = (intentId: string) =>
  fake.requests.filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === intentId);

async function paidByCard(eventId: number, ticketId: number) {
  const email = `card-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.co.ke`;
  const res = await book(t.app, {
    event_id: eventId,
    tickets: [{ id: ticketId, qty: 2 }],
    details: { full_name: 'Kiprono Langat', email_address: email, msisdn: '0733 111 222' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const secret: string = res.json().data.client_secret;
  const intentId = secret.split('_secret_')[0]!;
  fake.succeed(intentId);
  expect((await retrieve(t.app, secret, res.headers.auth as string)).json().data.status).toBe(BOOKING_STATUS.paid);
  const [payment] = await db().select().from(payments).where(eq(payments.intentId, intentId));
  return { bookingId: payment!.bookingId, intentId, email };
}

describe('a refund through Stripe', () => {
  it('that fails is marked for retry and shown to the organiser; the retry refunds once and mails once', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId: owner.organisationId,
      categoryId,
      title: 'Kisumu Jazz Night',
      tickets: [{ name: 'Regular', price: 30, max: 20 }],
    });
    const paid = await paidByCard(event.id, tickets[0]!.id);

    // Stripe is down: the call and the SDK's one retry both get a 500.
    fake.failNext(2);
    expect((await refund(paid.bookingId)).statusCode).toBe(202);
    await runJobs();
    expect(fake.refunds.filter((r) => r.payment_intent === paid.intentId)).toHaveLength(0);
    const orders = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/orders`,
      headers: { auth: owner.token },
    });
    expect(orders.json().data.data[0]).toMatchObject({
      id: paid.bookingId,
      status: BOOKING_STATUS.refunded,
      refund_state: 'failed',
      refund_error: 'Something went wrong on our end.',
    });
    const sales = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/sales`,
      headers: { auth: owner.token },
    });
    expect(sales.json().data).toMatchObject({ refunds_failed: 1, refunds_pending: 0, refunded: 60 });
    // The failed job does not come back by itself: the organiser decides.
    await runJobs();
    expect(refundCalls(paid.intentId)).toHaveLength(2);

    // The retry: a new request, a new idempotency key (Stripe would replay the first key's answer).
    const retry = await refund(paid.bookingId);
    expect(retry.json().data).toMatchObject({ refund_state: 'pending', refund_error: null });
    await runJobs();
    expect(fake.refunds.filter((r) => r.payment_intent === paid.intentId)).toHaveLength(1);
    const calls = refundCalls(paid.intentId);
    expect(calls).toHaveLength(3);
    expect(calls[0]!.idempotencyKey).toBe(calls[1]!.idempotencyKey);
    expect(calls[2]!.idempotencyKey).not.toBe(calls[0]!.idempotencyKey);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, paid.bookingId));
    expect(row).toMatchObject({ status: BOOKING_STATUS.refunded, refundError: null });

    // Asking again once it is done calls Stripe no more.
    expect((await refund(paid.bookingId)).json().data.refund_state).toBe('refunded');
    await runJobs();
    expect(refundCalls(paid.intentId)).toHaveLength(3);
    const mails = (await mailTo(t, paid.email)).filter((m) => m.subject.includes('refunded'));
    expect(mails).toHaveLength(1);
  });

  it('refused because Stripe refunded it already (from its dashboard) counts as done', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId: owner.organisationId,
      categoryId,
      tickets: [{ name: 'Regular', price: 30, max: 20 }],
    });
    const paid = await paidByCard(event.id, tickets[0]!.id);
    fake.refunds.push({ id: 're_dashboard', payment_intent: paid.intentId });
    await refund(paid.bookingId);
    await runJobs();
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, paid.bookingId));
    expect(payment!.refundedAt).not.toBeNull();
    expect(fake.refunds.filter((r) => r.payment_intent === paid.intentId)).toHaveLength(1);
  });

  it('of a late payment follows the same policy: a refusal is shown to the organiser, who retries it', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId: owner.organisationId,
      categoryId,
      title: 'Lamu Cultural Night',
      tickets: [{ name: 'Regular', price: 19.99, max: 2 }],
    });
    const email = `late-${Date.now()}@example.co.ke`;
    const late = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: tickets[0]!.id, qty: 2 }],
      details: { full_name: 'Late Payer', email_address: email, msisdn: '0711 222 333' },
    });
    const { client_secret: secret, booking_reference: reference } = late.json().data;
    const intentId = (secret as string).split('_secret_')[0]!;
    // The hold runs out (as the sweep ends it) and someone else buys the seats.
    await db().execute(sql`UPDATE bookings SET status = ${BOOKING_STATUS.failed} WHERE reference = ${reference}`);
    await db().execute(sql`UPDATE ticket_types SET held = held - 2 WHERE id = ${tickets[0]!.id}`);
    await paidByCard(event.id, tickets[0]!.id);

    fake.succeed(intentId);
    const view = await retrieve(t.app, secret, late.headers.auth as string);
    expect(view.json().data.status).toBe(BOOKING_STATUS.refunded);
    const [booking] = await db().select().from(bookings).where(eq(bookings.reference, reference));

    fake.failNext(2);
    await runJobs();
    expect(refundCalls(intentId)).toHaveLength(2);
    const refundJobs = (await db().select().from(jobs).where(eq(jobs.kind, REFUND_JOB))).filter(
      (j) => (j.payload as { bookingId: number }).bookingId === booking!.id,
    );
    expect(refundJobs.map((j) => j.state)).toEqual(['done']);
    const orders = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/orders?q=${reference}`,
      headers: { auth: owner.token },
    });
    expect(orders.json().data.data[0]).toMatchObject({
      status: BOOKING_STATUS.refunded,
      refund_state: 'failed',
      refund_error: 'Something went wrong on our end.',
    });

    expect((await refund(booking!.id)).json().data).toMatchObject({ refund_state: 'pending', refund_error: null });
    await runJobs();
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    const [payment] = await db().select().from(payments).where(eq(payments.intentId, intentId));
    expect(payment!.refundedAt).not.toBeNull();
    // Told once, when the payment was refused; never told it was an organiser's refund.
    const mails = (await mailTo(t, email)).map((m) => m.subject);
    expect(mails).toEqual([`Your payment for Lamu Cultural Night is being refunded (${reference})`]);
  });
});

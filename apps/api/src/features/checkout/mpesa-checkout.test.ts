import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { BOOKING_STATUS, MPESA_RESULTS, MPESA_PHONE_MESSAGE } from '@tikiti/contract';
import { bookings, eTickets, jobs, payments } from '../../db/schema/index.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, guest, retrieve, stockOf } from '../../test-support/checkout.js';
import { startFakeDaraja, type FakeDaraja } from '../../test-support/fake-daraja.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runDueJobs } from '../../jobs/worker.js';
import type { JobHandler } from '../../jobs/queue.js';
import { checkoutJobs } from './checkout.jobs.js';
import { expireHolds } from './checkout.repo.js';

let t: TestApp;
let fake: FakeDaraja;
let organisationId: number;
let categoryId: number;

beforeAll(async () => {
  fake = await startFakeDaraja();
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0', ...fake.env() });
  organisationId = (await createOrganiser(t.database.db)).organisationId;
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const db = () => t.database.db;
const runJobs = () => runDueJobs({ config: t.config, db: db() }, checkoutJobs as JobHandler[]);

async function kesEvent(max = 10, price = 2500) {
  const { event, tickets } = await createEvent(db(), {
    organisationId,
    categoryId,
    currency: 'KES',
    tickets: [{ name: 'Regular', price, max }],
  });
  return { event, type: tickets[0]! };
}

/** A guest books 2 tickets of a KES event with M-Pesa: the booking, its secret, token and the push Daraja got. */
async function bookWithMpesa(phone = '0712 345 678') {
  const { event, type } = await kesEvent();
  const res = await book(t.app, {
    event_id: event.id,
    tickets: [{ id: type.id, qty: 2 }],
    payment_method: 'mpesa',
    details: guest(),
    phone,
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { client_secret: string; booking_reference: string };
  const push = [...fake.pushes.values()].at(-1)!;
  return { event, type, data, token: res.headers.auth as string, push };
}

const postCallback = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/payments/mpesa/callback', payload: payload as object });

const bookingOf = async (reference: string) =>
  (await db().select().from(bookings).where(eq(bookings.reference, reference)))[0]!;

describe('paying with M-Pesa through Daraja', () => {
  it('sends the prompt for the booking in whole shillings and answers a client secret', async () => {
    const { data, push, type } = await bookWithMpesa('+254 712-345-678');
    expect(data).toMatchObject({ provider: 'mpesa', payment_method: 'mpesa', currency: 'KES', price: 5000 });
    expect(push).toMatchObject({ amount: 5000, phone: '254712345678' });
    const sent = fake.requests.findLast((r) => r.path === '/mpesa/stkpush/v1/processrequest')!;
    expect(sent.body.AccountReference).toBe(data.booking_reference);
    expect(String(sent.body.AccountReference).length).toBeLessThanOrEqual(12);
    expect(await stockOf(db(), type.id)).toMatchObject({ held: 2, sold: 0 });
  });

  it('settles on the callback once the STK query says paid, keeping and showing the receipt number', async () => {
    const { data, push, token, type } = await bookWithMpesa();
    const waiting = await retrieve(t.app, data.client_secret, token);
    expect(waiting.json().data).toMatchObject({ status: BOOKING_STATUS.pending, payment_status: 'processing' });

    fake.complete(push.id, 0);
    const res = await postCallback(fake.callbackFor(push.id, 0, 'SKL4ABC123'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await runJobs();

    expect(await bookingOf(data.booking_reference)).toMatchObject({ status: BOOKING_STATUS.paid });
    expect(await stockOf(db(), type.id)).toMatchObject({ held: 0, sold: 2 });
    const paid = await retrieve(t.app, data.client_secret, token);
    expect(paid.json().data).toMatchObject({ status: BOOKING_STATUS.paid, receipt_number: 'SKL4ABC123' });
    const view = await t.app.inject({ method: 'GET', url: '/v1/tickets/view', headers: { auth: token } });
    const mine = (view.json().data as { booking: { booking_id: string; receipt_number: string | null } }[]).find(
      (b) => b.booking.booking_id === data.booking_reference,
    );
    expect(mine?.booking).toMatchObject({ payment_method: 'mpesa', receipt_number: 'SKL4ABC123' });
  });

  it('settles nothing on a forged success callback when the query says the prompt was cancelled', async () => {
    const { data, push, token, type } = await bookWithMpesa();
    fake.complete(push.id, 1032, 'Request cancelled by user');
    await postCallback(fake.callbackFor(push.id, 0, 'FORGED1234'));
    await runJobs();
    expect(await bookingOf(data.booking_reference)).toMatchObject({ status: BOOKING_STATUS.pending });
    expect(await stockOf(db(), type.id)).toMatchObject({ held: 2, sold: 0 });
    const after = await retrieve(t.app, data.client_secret, token);
    expect(after.json().data).toMatchObject({
      status: BOOKING_STATUS.pending,
      payment_status: 'requires_payment_method',
      payment_error: MPESA_RESULTS[1032].message,
      receipt_number: null,
    });
  });

  it('never settles on a paid callback for another amount: no tickets, no receipt kept, the hold released, the money refunded', async () => {
    const { event, type } = await kesEvent(10, 2333);
    const res = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: type.id, qty: 2 }],
      payment_method: 'mpesa',
      details: guest(),
      phone: '0712 345 678',
    });
    expect(res.json().data).toMatchObject({ price: 4666, currency: 'KES' });
    const { client_secret: secret, booking_reference: reference } = res.json().data;
    const push = [...fake.pushes.values()].at(-1)!;
    expect(push.amount).toBe(4666);
    fake.complete(push.id, 0);
    // Daraja says the prompt was paid, but for KES 1: its receipt proves nothing of KES 4,666.
    const callback = fake.callbackFor(push.id, 0, 'SKL1ONEKES');
    const items = (callback.Body.stkCallback as { CallbackMetadata: { Item: { Name: string; Value: unknown }[] } })
      .CallbackMetadata.Item;
    items.find((i) => i.Name === 'Amount')!.Value = 1;
    await postCallback(callback);
    await runJobs(); // the settlement, which queues the refund
    await runJobs(); // the refund

    const booking = await bookingOf(reference);
    expect(booking).toMatchObject({ status: BOOKING_STATUS.failed, paidAt: null });
    expect(await stockOf(db(), type.id)).toMatchObject({ held: 0, sold: 0 });
    expect(await db().select().from(eTickets).where(eq(eTickets.bookingId, booking.id))).toEqual([]);
    const [payment] = await db().select().from(payments).where(eq(payments.clientSecret, secret));
    expect(payment).toMatchObject({ receiptNumber: null, receivedMinor: 100, receivedCurrency: 'KES' });
    const view = await retrieve(t.app, secret, res.headers.auth as string);
    expect(view.json().data).toMatchObject({
      status: BOOKING_STATUS.failed,
      receipt_number: null,
      payment_error:
        "Received KES 1, not this booking's total of KES 4,666. It was not accepted, and the money is being refunded.",
    });
    // Tikiti cannot reverse M-Pesa payments: the refund's failure waits for the organiser.
    expect(booking.refundRequestedAt).not.toBeNull();
    expect(booking.refundError).toBe('M-Pesa payments are reversed from the M-Pesa business portal, not by Tikiti');
  });

  it('settles nothing on a success callback while the query still says processing', async () => {
    const { data, push } = await bookWithMpesa();
    await postCallback(fake.callbackFor(push.id, 0));
    await runJobs();
    expect(await bookingOf(data.booking_reference)).toMatchObject({ status: BOOKING_STATUS.pending });
  });

  it('handles duplicate callbacks once, racing the buyer’s polling: one job, one sale, one set of e-tickets', async () => {
    const { data, push, type, token } = await bookWithMpesa();
    fake.complete(push.id, 0);
    const callback = fake.callbackFor(push.id, 0, 'SKD1234567');
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => postCallback(callback)),
      ...Array.from({ length: 6 }, () => retrieve(t.app, data.client_secret, token)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 18 }, () => 200));
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'payments.intent-changed'), like(jobs.dedupeKey, `mpesa-${push.id}-%`)));
    expect(queued).toHaveLength(1);
    await runJobs();
    await postCallback(callback);
    await runJobs();
    const booking = await bookingOf(data.booking_reference);
    expect(booking.status).toBe(BOOKING_STATUS.paid);
    expect(await stockOf(db(), type.id)).toMatchObject({ held: 0, sold: 2 });
    const issued = await db().select().from(eTickets).where(eq(eTickets.bookingId, booking.id));
    expect(issued).toHaveLength(2);
  });

  it('says why a prompt failed (cancelled, timed out, low balance, wrong PIN) and sends a new prompt on the next try', async () => {
    for (const code of [1032, 1037, 1, 2001] as const) {
      const { event, type, data, token, push } = await bookWithMpesa();
      fake.complete(push.id, code);
      const failed = await retrieve(t.app, data.client_secret, token);
      expect(failed.json().data).toMatchObject({
        status: BOOKING_STATUS.pending,
        payment_status: 'requires_payment_method',
        payment_error: MPESA_RESULTS[code].message,
      });
      // Trying again: the same hold, a new prompt, a new secret.
      const again = await book(
        t.app,
        { event_id: event.id, tickets: [{ id: type.id, qty: 2 }], payment_method: 'mpesa', phone: '0712345678' },
        { token },
      );
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().data.booking_reference).toBe(data.booking_reference);
      expect(again.json().data.client_secret).not.toBe(data.client_secret);
      expect([...fake.pushes.values()].at(-1)!.id).not.toBe(push.id);
      expect(await stockOf(db(), type.id)).toMatchObject({ held: 2 });
    }
  });

  it('waits for a prompt still on the phone, and sends a new one when asked or for another number', async () => {
    const { event, type, data, token, push } = await bookWithMpesa();
    const again = (body: { phone: string; new_prompt?: boolean }) =>
      book(
        t.app,
        { event_id: event.id, tickets: [{ id: type.id, qty: 2 }], payment_method: 'mpesa', ...body },
        { token },
      );
    const pushes = fake.pushes.size;
    const same = await again({ phone: '0712 345 678' });
    expect(same.json().data.client_secret).toBe(data.client_secret);
    expect(fake.pushes.size).toBe(pushes);

    const resent = await again({ phone: '0712 345 678', new_prompt: true });
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json().data).toMatchObject({ booking_reference: data.booking_reference });
    expect(resent.json().data.client_secret).not.toBe(data.client_secret);
    expect([...fake.pushes.values()].at(-1)).toMatchObject({ phone: '254712345678' });
    expect([...fake.pushes.values()].at(-1)!.id).not.toBe(push.id);

    const other = await again({ phone: '0722 000 111' });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data.client_secret).not.toBe(resent.json().data.client_secret);
    expect([...fake.pushes.values()].at(-1)).toMatchObject({ phone: '254722000111' });
    expect(fake.pushes.size).toBe(pushes + 2);
    expect(await stockOf(db(), type.id)).toMatchObject({ held: 2 });
  });

  it('answers 503 when Daraja cannot answer the query, changing nothing, and settles on the next poll', async () => {
    const { data, push, token } = await bookWithMpesa();
    fake.complete(push.id, 0);
    fake.failNext(500, { requestId: 'r', errorCode: '500.003.02', errorMessage: 'System is busy. Please try again' });
    const busy = await retrieve(t.app, data.client_secret, token);
    expect(busy.statusCode).toBe(503);
    expect(busy.json().status_description).toBe('M-Pesa did not answer just now, please check again');
    expect(await bookingOf(data.booking_reference)).toMatchObject({ status: BOOKING_STATUS.pending });
    const again = await retrieve(t.app, data.client_secret, token);
    expect(again.json().data).toMatchObject({ status: BOOKING_STATUS.paid });
  });

  it('frees the seats when the hold ends after a prompt timed out', async () => {
    const { data, push, token, type } = await bookWithMpesa();
    fake.complete(push.id, 1037);
    await retrieve(t.app, data.client_secret, token);
    expect(await stockOf(db(), type.id)).toMatchObject({ held: 2 });
    await db().execute(
      sql`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE reference = ${data.booking_reference}`,
    );
    await expireHolds(db(), 100);
    expect(await stockOf(db(), type.id)).toMatchObject({ held: 0, sold: 0 });
    expect(await bookingOf(data.booking_reference)).toMatchObject({ status: BOOKING_STATUS.failed });
  });

  it('refuses M-Pesa for an event in dollars and a number M-Pesa cannot prompt, sending no prompt and holding nothing', async () => {
    const { event, tickets } = await createEvent(db(), {
      organisationId,
      categoryId,
      tickets: [{ name: 'A', price: 20, max: 5 }],
    });
    const pushes = fake.pushes.size;
    const usd = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: tickets[0]!.id, qty: 1 }],
      payment_method: 'mpesa',
      phone: '0712345678',
    });
    expect(usd.statusCode).toBe(400);
    expect(usd.json().status_description).toContain('Kenyan shillings only');
    expect(usd.json().data.errors).toEqual([
      { path: 'payment_method', message: 'M-Pesa takes Kenyan shillings only; pay for this event by card' },
    ]);
    // Refused before anything is written: no booking row (so no payment), no hold, no token.
    expect(await db().select().from(bookings).where(eq(bookings.eventId, event.id))).toEqual([]);
    expect(await stockOf(db(), tickets[0]!.id)).toMatchObject({ held: 0 });
    expect(usd.headers.auth).toBeUndefined();

    const { event: kes, type } = await kesEvent();
    for (const phone of ['0812 345 678', '+44 20 7946 0958', '07123']) {
      const res = await book(t.app, {
        event_id: kes.id,
        tickets: [{ id: type.id, qty: 1 }],
        payment_method: 'mpesa',
        phone,
      });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().data.errors[0]).toMatchObject({ path: 'phone', message: MPESA_PHONE_MESSAGE });
    }
    expect(await stockOf(db(), type.id)).toMatchObject({ held: 0 });
    expect(fake.pushes.size).toBe(pushes);
  });

  it('answers a callback for an unknown prompt without queuing anything, and refuses a malformed one', async () => {
    const ok = await postCallback({ Body: { stkCallback: { CheckoutRequestID: 'ws_CO_unknown', ResultCode: 0 } } });
    expect(ok.statusCode).toBe(200);
    const queued = await db().select().from(jobs).where(like(jobs.dedupeKey, 'mpesa-ws_CO_unknown%'));
    expect(queued).toHaveLength(0);
    const bad = await postCallback({ hello: 'world' });
    expect(bad.statusCode).toBe(400);
  });
});

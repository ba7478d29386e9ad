import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_UNKNOWN_CARD } from '@tikiti/contract';
import { payments } from '../../db/schema/index.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { insertBooking } from '../../test-support/organiser-events.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { findPaymentBySecret, insertPayment } from './payments.repo.js';
import { cardProvider } from './provider-for.js';
import { sandboxProvider } from './sandbox-provider.js';

let t: TestApp;
let eventId: number;
let accountId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const organiser = await createOrganiser(db);
  const category = await createCategory(db);
  ({
    event: { id: eventId },
  } = await createEvent(db, { organisationId: organiser.organisationId, categoryId: category.id }));
  ({ accountId } = await createBuyer(db));
});
afterAll(() => t?.close());

/** A pending booking with a sandbox payment waiting for a card, as checkout makes them. */
async function pendingPayment(totalMinor = 10_000) {
  const db = t.database.db;
  const booking = await insertBooking(db, { eventId, accountId, status: 1, totalMinor });
  const intent = await sandboxProvider(db).createIntent({
    amountMinor: totalMinor,
    currency: 'USD',
    reference: booking.reference,
    idempotencyKey: `booking:${booking.id}:${randomBytes(4).toString('hex')}`,
    email: booking.email,
    description: `Tikiti booking ${booking.reference}`,
  });
  await insertPayment(db, {
    bookingId: booking.id,
    provider: 'sandbox',
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    status: intent.status,
    amountMinor: intent.amountMinor,
    currency: intent.currency,
  });
  return { booking, intent };
}

let ipSeq = 1;
const confirm = (clientSecret: string, cardNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/payments/sandbox/confirm',
    // Each call from its own address, so the confirmation rate limit stays out of the way.
    remoteAddress: `10.1.0.${ipSeq++}`,
    payload: { client_secret: clientSecret, card_number: cardNumber, expiry: '12 / 34', cvc: '123' },
  });
const row = async (clientSecret: string) => (await findPaymentBySecret(t.database.db, clientSecret))!;

describe('sandbox provider', () => {
  it('is the card provider when Stripe is not configured', async () => {
    const provider = cardProvider({ config: t.config, db: t.database.db });
    expect(provider.name).toBe('sandbox');
    const res = await t.app.inject({ method: 'GET', url: '/v1/payments/config' });
    expect(res.json()).toMatchObject({ status: 200, data: { provider: 'sandbox', publishable_key: null } });
  });

  it('gives the same idempotency key the same intent, and another key another', async () => {
    const sandbox = sandboxProvider(t.database.db);
    const input = {
      amountMinor: 2500,
      currency: 'USD' as const,
      reference: 'TK-SAME',
      idempotencyKey: 'booking:same',
      email: 'a@example.com',
      description: 'x',
    };
    const first = await sandbox.createIntent(input);
    expect(await sandbox.createIntent(input)).toEqual(first);
    expect(first).toMatchObject({
      status: 'requires_payment_method',
      amountMinor: 2500,
      currency: 'USD',
      lastError: null,
    });
    expect(first.clientSecret.startsWith(`${first.id}_secret_`)).toBe(true);
    expect((await sandbox.createIntent({ ...input, idempotencyKey: 'booking:other' })).id).not.toBe(first.id);
  });

  it('refunds a payment once', async () => {
    const { intent } = await pendingPayment();
    const sandbox = sandboxProvider(t.database.db);
    await sandbox.refund(intent.id, 'refund-1');
    const refundedAt = (await row(intent.clientSecret)).refundedAt;
    expect(refundedAt).toBeInstanceOf(Date);
    await sandbox.refund(intent.id, 'refund-2');
    expect((await row(intent.clientSecret)).refundedAt).toEqual(refundedAt);
  });

  it('knows no intent it did not record', async () => {
    await expect(sandboxProvider(t.database.db).retrieveIntent('pi_sbx_missing')).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('POST v1/payments/sandbox/confirm', () => {
  it('4242 4242 4242 4242 succeeds, taking exactly what the payment asks', async () => {
    const { intent } = await pendingPayment(3333);
    const sandbox = sandboxProvider(t.database.db);
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({ amountReceivedMinor: 0 });
    const res = await confirm(intent.clientSecret, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, status_description: 'OK', data: { status: 'succeeded', message: null } });
    expect(await row(intent.clientSecret)).toMatchObject({ status: 'succeeded', lastError: null });
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      amountMinor: 3333,
      amountReceivedMinor: 3333,
      currency: 'USD',
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000-0000-0000-9995', 'Your card has insufficient funds.'],
  ])('%s is declined with its message, and may be tried again', async (card, message) => {
    const { intent } = await pendingPayment();
    const res = await confirm(intent.clientSecret, card);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      status_description: message,
      data: { status: 'requires_payment_method', message },
    });
    expect(await row(intent.clientSecret)).toMatchObject({ status: 'requires_payment_method', lastError: message });
    expect(await sandboxProvider(t.database.db).retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: message,
    });

    const again = await confirm(intent.clientSecret, '4242424242424242');
    expect(again.json().data).toEqual({ status: 'succeeded', message: null });
    expect(await row(intent.clientSecret)).toMatchObject({ status: 'succeeded', lastError: null });
  });

  it('4000 0000 0000 0077 is processing, then succeeded once its time is up', async () => {
    const { intent } = await pendingPayment();
    const res = await confirm(intent.clientSecret, '4000 0000 0000 0077');
    expect(res.json().data).toEqual({ status: 'processing', message: null });
    const processing = await row(intent.clientSecret);
    expect(processing.status).toBe('processing');
    expect(processing.settlesAt!.getTime()).toBeGreaterThan(Date.now());

    const sandbox = sandboxProvider(t.database.db);
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({ status: 'processing' });
    // A second card while processing changes nothing.
    expect((await confirm(intent.clientSecret, '4000000000000002')).json().data).toEqual({
      status: 'processing',
      message: null,
    });

    // Rather than wait SANDBOX_PROCESSING_MS, move the settling time into the past.
    await t.database.db
      .update(payments)
      .set({ settlesAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, processing.id));
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded', lastError: null });
    expect(await row(intent.clientSecret)).toMatchObject({ status: 'succeeded', settlesAt: null });
  });

  it.each(['4111 1111 1111 1111', '5555555555554444', '4242 4242 4242 4241', 'abcd'])(
    'refuses %s with 400 before anything changes',
    async (card) => {
      const { intent } = await pendingPayment();
      const before = await row(intent.clientSecret);
      const res = await confirm(intent.clientSecret, card);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.status_description).toContain(SANDBOX_UNKNOWN_CARD);
      expect(body.data.errors).toEqual([{ path: 'card_number', message: SANDBOX_UNKNOWN_CARD }]);
      expect(await row(intent.clientSecret)).toEqual(before);
    },
  );

  it('leaves a paid payment paid', async () => {
    const { intent } = await pendingPayment();
    await confirm(intent.clientSecret, '4242 4242 4242 4242');
    const paid = await row(intent.clientSecret);
    for (const card of ['4000 0000 0000 0002', '4000 0000 0000 0077', '4242 4242 4242 4242']) {
      const res = await confirm(intent.clientSecret, card);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ status: 'succeeded', message: null });
    }
    expect(await row(intent.clientSecret)).toEqual(paid);
  });

  it('answers 404 for a client secret it does not know', async () => {
    const res = await confirm('pi_sbx_nope_secret_nope', '4242 4242 4242 4242');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, data: { code: 'not_found' } });
  });
});

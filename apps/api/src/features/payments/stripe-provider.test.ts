import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { INTENT_CHANGED_JOB } from './index.js';
import { cardProvider } from './provider-for.js';
import { InvalidWebhookError, type CreateIntentInput, type PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe-provider.js';

const WEBHOOK_SECRET = 'whsec_test';

let fake: FakeStripe;
let t: TestApp;
let stripe: PaymentProvider;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  stripe = cardProvider({ config: t.config, db: t.database.db });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const unique = () => randomBytes(4).toString('hex');
const input = (overrides: Partial<CreateIntentInput> = {}): CreateIntentInput => ({
  amountMinor: 12_550,
  currency: 'USD',
  reference: `TK-${unique().toUpperCase()}`,
  idempotencyKey: `booking-${unique()}`,
  email: 'achieng@example.com',
  description: 'Nairobi Fintech Summit: 2 tickets',
  ...overrides,
});
const requestsTo = (path: string) => fake.requests.filter((r) => r.path === path);

describe('Stripe provider', () => {
  it('is the card provider when STRIPE_SECRET_KEY is set, one per app', () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.publishableKey).toBe('pk_test_x');
    expect(cardProvider({ config: t.config, db: t.database.db })).toBe(stripe);
  });

  it('creates one intent per idempotency key, in minor units, with the booking reference', async () => {
    const before = fake.intents.size;
    const req = input();
    const first = await stripe.createIntent(req);
    const again = await stripe.createIntent(req);
    expect(again).toEqual(first);
    expect(fake.intents.size).toBe(before + 1);
    expect(first).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${first.id}_secret_`)),
      status: 'requires_payment_method',
      amountMinor: 12_550,
      currency: 'USD',
      amountReceivedMinor: 0,
      lastError: null,
    });

    const sent = fake.requests.filter((r) => r.idempotencyKey === req.idempotencyKey);
    expect(sent).toHaveLength(2);
    for (const r of sent) {
      expect(r).toMatchObject({ method: 'POST', path: '/v1/payment_intents', authorization: 'Bearer sk_test_x' });
      expect(r.params).toEqual({
        amount: '12550',
        currency: 'usd',
        automatic_payment_methods: { enabled: 'true' },
        receipt_email: 'achieng@example.com',
        description: 'Nairobi Fintech Summit: 2 tickets',
        metadata: { booking_reference: req.reference },
      });
    }
  });

  it('gives another key another intent', async () => {
    const a = await stripe.createIntent(input());
    const b = await stripe.createIntent(input());
    expect(a.id).not.toBe(b.id);
  });

  it("maps Stripe's statuses to Tikiti's four when it reads an intent", async () => {
    const { id } = await stripe.createIntent(input());
    expect(await stripe.retrieveIntent(id)).toMatchObject({ id, status: 'requires_payment_method', lastError: null });
    expect(requestsTo(`/v1/payment_intents/${id}`).at(-1)?.method).toBe('GET');

    fake.fail(id, 'Your card has insufficient funds.');
    expect(await stripe.retrieveIntent(id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card has insufficient funds.',
    });
    fake.process(id);
    expect(await stripe.retrieveIntent(id)).toMatchObject({ status: 'processing', lastError: null });
    fake.succeed(id);
    expect(await stripe.retrieveIntent(id)).toMatchObject({
      status: 'succeeded',
      amountMinor: 12_550,
      amountReceivedMinor: 12_550,
    });

    const other = await stripe.createIntent(input());
    const cases = [
      ['requires_confirmation', 'requires_payment_method'],
      ['requires_action', 'requires_payment_method'],
      ['requires_capture', 'processing'],
      ['canceled', 'canceled'],
    ] as const;
    for (const [stripeStatus, ours] of cases) {
      fake.intents.get(other.id)!.status = stripeStatus;
      expect((await stripe.retrieveIntent(other.id)).status, stripeStatus).toBe(ours);
    }
  });

  it('reports what Stripe received (amount_received), not what was asked, for settlement to compare', async () => {
    const { id } = await stripe.createIntent(input({ amountMinor: 3333, currency: 'KES' }));
    fake.succeed(id);
    fake.intents.get(id)!.amount_received = 100;
    expect(await stripe.retrieveIntent(id)).toMatchObject({
      status: 'succeeded',
      amountMinor: 3333,
      amountReceivedMinor: 100,
      currency: 'KES',
    });
  });

  it("throws Stripe's error for an intent it does not know", async () => {
    await expect(stripe.retrieveIntent('pi_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('refunds once per key, and a second refund of a refunded intent is done already', async () => {
    const { id } = await stripe.createIntent(input());
    fake.succeed(id);
    await stripe.refund(id, `refund-${id}`);
    await stripe.refund(id, `refund-${id}`);
    expect(fake.refunds.filter((r) => r.payment_intent === id)).toHaveLength(1);
    const sent = requestsTo('/v1/refunds').filter((r) => r.params.payment_intent === id);
    expect(sent.map((r) => r.idempotencyKey)).toEqual([`refund-${id}`, `refund-${id}`]);

    // Another key (an earlier refund from the dashboard, say): Stripe refuses, the money is back.
    await expect(stripe.refund(id, `other-${id}`)).resolves.toBeUndefined();
    expect(fake.refunds.filter((r) => r.payment_intent === id)).toHaveLength(1);
  });

  it("throws when Stripe refuses a refund for another reason, and when Stripe's side fails", async () => {
    const { id } = await stripe.createIntent(input());
    await expect(stripe.refund(id, `refund-${id}`)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });

    // A 500 is retried once (maxNetworkRetries: 1), then thrown.
    fake.failNext(2);
    const before = requestsTo(`/v1/payment_intents/${id}`).length;
    await expect(stripe.retrieveIntent(id)).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect(requestsTo(`/v1/payment_intents/${id}`).length - before).toBe(2);
    expect(await stripe.retrieveIntent(id)).toMatchObject({ id });
  });

  it('throws a connection error when Stripe cannot be reached', async () => {
    const down = stripeProvider({ ...t.config.stripe!, apiBase: 'http://127.0.0.1:1' });
    await expect(down.retrieveIntent('pi_x')).rejects.toMatchObject({ type: 'StripeConnectionError' });
  });

  it('GET v1/payments/config names Stripe and its publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, data: { provider: 'stripe', publishable_key: 'pk_test_x' } });
  });

  it('POST v1/payments/sandbox/confirm is a 404, its JSON body read as everywhere else', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/sandbox/confirm',
      payload: { client_secret: 'pi_x_secret_y', card_number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
    });
    expect(res.statusCode).toBe(404);
    // A body the schema refuses is still a 400 naming the field: the webhook's raw parser stays in its scope.
    const bad = await t.app.inject({ method: 'POST', url: '/v1/payments/sandbox/confirm', payload: { cvc: '1' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.map((e: { path: string }) => e.path)).toContain('client_secret');
  });
});

describe('POST v1/payments/stripe/webhook', () => {
  const deliver = (payload: string, headers: Record<string, string | undefined>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/payments/stripe/webhook',
      payload,
      headers: Object.fromEntries(
        Object.entries({ 'content-type': 'application/json; charset=utf-8', ...headers }).filter(
          ([, v]) => v !== undefined,
        ),
      ) as Record<string, string>,
    });
  const jobsFor = (intentId: string) =>
    queryRows<{ payload: unknown; dedupe_key: string; state: string }>(
      t.database.db,
      sql`SELECT payload, dedupe_key, state FROM jobs WHERE kind = ${INTENT_CHANGED_JOB}
          AND payload->>'intentId' = ${intentId} ORDER BY id`,
    );
  const allIntentJobs = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${INTENT_CHANGED_JOB}`,
      )
    )[0]!.n;

  it('queues one payments.intent-changed job for a signed payment_intent.succeeded', async () => {
    const { id } = await stripe.createIntent(input());
    fake.succeed(id);
    const hook = fake.webhook({ type: 'payment_intent.succeeded', intentId: id, secret: WEBHOOK_SECRET });
    const res = await deliver(hook.payload, { 'stripe-signature': hook.signature });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, status_description: 'OK', data: { received: true } });
    expect(await jobsFor(id)).toEqual([
      { payload: { provider: 'stripe', intentId: id }, dedupe_key: hook.eventId, state: 'queued' },
    ]);
  });

  it('queues the same event delivered twice once, and each other event of the intent', async () => {
    const { id } = await stripe.createIntent(input());
    fake.process(id);
    const processing = fake.webhook({ type: 'payment_intent.processing', intentId: id, secret: WEBHOOK_SECRET });
    fake.succeed(id);
    const succeeded = fake.webhook({ type: 'payment_intent.succeeded', intentId: id, secret: WEBHOOK_SECRET });
    // Out of order and repeated, as Stripe may deliver them.
    for (const hook of [succeeded, processing, succeeded, processing]) {
      const res = await deliver(hook.payload, { 'stripe-signature': hook.signature });
      expect(res.statusCode).toBe(200);
    }
    expect((await jobsFor(id)).map((j) => j.dedupe_key).sort()).toEqual([processing.eventId, succeeded.eventId].sort());
  });

  it.each(['payment_intent.payment_failed', 'payment_intent.canceled'])('queues a job for %s', async (type) => {
    const { id } = await stripe.createIntent(input());
    if (type === 'payment_intent.canceled') fake.cancel(id);
    else fake.fail(id);
    const hook = fake.webhook({ type, intentId: id, secret: WEBHOOK_SECRET });
    expect((await deliver(hook.payload, { 'stripe-signature': hook.signature })).statusCode).toBe(200);
    expect(await jobsFor(id)).toHaveLength(1);
  });

  it.each([
    [
      'a forged signature',
      (h: { payload: string; signature: string }) => ({
        ...h,
        signature: h.signature.replace(/v1=[0-9a-f]{6}/, 'v1=000000'),
      }),
    ],
    [
      'a body changed after signing',
      (h: { payload: string; signature: string }) => ({
        ...h,
        payload: h.payload.replace('"livemode":false', '"livemode":true'),
      }),
    ],
    ['another secret', () => null],
    ['no signature header', (h: { payload: string; signature: string }) => ({ ...h, signature: undefined })],
    [
      'a signature header without a signature',
      (h: { payload: string; signature: string }) => ({ ...h, signature: 't=1' }),
    ],
  ])('answers 400 and queues nothing for %s', async (_what, tamper) => {
    const { id } = await stripe.createIntent(input());
    fake.succeed(id);
    const signed = fake.webhook({ type: 'payment_intent.succeeded', intentId: id, secret: WEBHOOK_SECRET });
    const sent =
      tamper(signed) ?? fake.webhook({ type: 'payment_intent.succeeded', intentId: id, secret: 'whsec_other' });
    const res = await deliver(sent.payload, { 'stripe-signature': sent.signature });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: { code: 'bad_request' } });
    expect(await jobsFor(id)).toEqual([]);
  });

  it('answers 400 for a signature older than five minutes (a replayed delivery)', async () => {
    const { id } = await stripe.createIntent(input());
    const hook = fake.webhook({
      type: 'payment_intent.succeeded',
      intentId: id,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await deliver(hook.payload, { 'stripe-signature': hook.signature })).statusCode).toBe(400);
    expect(await jobsFor(id)).toEqual([]);
  });

  it('answers 200 and queues nothing for other event types', async () => {
    const before = await allIntentJobs();
    const { id } = await stripe.createIntent(input());
    for (const hook of [
      fake.webhook({ type: 'payment_intent.created', intentId: id, secret: WEBHOOK_SECRET }),
      fake.webhook({ type: 'charge.refunded', secret: WEBHOOK_SECRET }),
    ]) {
      const res = await deliver(hook.payload, { 'stripe-signature': hook.signature });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ received: true });
    }
    expect(await allIntentJobs()).toBe(before);
  });

  it('answers 400 for a body that is not application/json', async () => {
    const { id } = await stripe.createIntent(input());
    const hook = fake.webhook({ type: 'payment_intent.succeeded', intentId: id, secret: WEBHOOK_SECRET });
    const res = await deliver(hook.payload, { 'stripe-signature': hook.signature, 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(400);
    expect(await jobsFor(id)).toEqual([]);
  });

  it('refuses every webhook when STRIPE_WEBHOOK_SECRET is not set', async () => {
    const { id } = await stripe.createIntent(input());
    const hook = fake.webhook({ type: 'payment_intent.succeeded', intentId: id, secret: WEBHOOK_SECRET });
    const unset = stripeProvider({ ...t.config.stripe!, webhookSecret: undefined });
    expect(() => unset.parseWebhook(Buffer.from(hook.payload), hook.signature)).toThrow(InvalidWebhookError);
    expect(stripe.parseWebhook(Buffer.from(hook.payload), hook.signature)).toEqual({
      intentId: id,
      eventId: hook.eventId,
      type: 'payment_intent.succeeded',
    });
  });

  it('is a 404 when Stripe is not configured', async () => {
    const sandbox = await createTestApp();
    try {
      const hook = fake.webhook({ type: 'charge.refunded', secret: WEBHOOK_SECRET });
      const res = await sandbox.app.inject({
        method: 'POST',
        url: '/v1/payments/stripe/webhook',
        payload: hook.payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404 });
    } finally {
      await sandbox.close();
    }
  });
});

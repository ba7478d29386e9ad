import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's HTTP API that Tikiti calls, for tests: the
 * official SDK is pointed at it with STRIPE_API_BASE. It speaks as Stripe does: form-encoded
 * bodies with bracketed keys (`metadata[booking_reference]=…`), JSON answers with `object`,
 * `Idempotency-Key` replays, and `{ error: { type, code, message } }` bodies.
 *
 * - `POST /v1/payment_intents`: creates an intent in `requires_payment_method`.
 * - `GET /v1/payment_intents/:id`
 * - `POST /v1/refunds` (`payment_intent`): refunds a succeeded intent once.
 *
 * Tests move an intent along with `succeed`, `fail`, `process` and `cancel`, make the next
 * calls fail with `failNext`, read what the SDK sent in `requests`, and build signed webhook
 * deliveries with `webhook`.
 */

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  capture_method: 'automatic';
  created: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body, decoded into nested objects. */
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** A signed webhook delivery: send `payload` as the body and `signature` as Stripe-Signature. */
export interface SignedWebhook {
  payload: string;
  signature: string;
  eventId: string;
}

export interface FakeStripe {
  /** STRIPE_API_BASE for the app under test, e.g. http://127.0.0.1:43117. */
  url: string;
  /** Every API call received, oldest first (replays included). */
  requests: RecordedRequest[];
  intents: Map<string, FakeIntent>;
  /** Refunds made, one per refund that moved money. */
  refunds: { id: string; payment_intent: string }[];
  succeed(id: string): FakeIntent;
  /** The card failed: back to `requires_payment_method` with Stripe's message. */
  fail(id: string, message?: string): FakeIntent;
  process(id: string): FakeIntent;
  cancel(id: string): FakeIntent;
  /** The next `count` API calls answer 500 (an outage on Stripe's side). */
  failNext(count?: number): void;
  /**
   * Called with each request once it has been handled (a refund made, say) and before its
   * answer is written: a test may kill the caller here, so the work is done at Stripe but the
   * caller never hears of it.
   */
  onHandled: ((request: RecordedRequest) => void) | null;
  /**
   * A `type` event about an intent (a `payment_intent.*` type takes the intent's current
   * state), signed with `secret` as Stripe signs its deliveries.
   */
  webhook(opts: {
    type: string;
    intentId?: string;
    secret: string;
    eventId?: string;
    timestamp?: number;
  }): SignedWebhook;
  close(): Promise<void>;
}

const token = (n = 12) =>
  randomBytes(n)
    .toString('hex')
    .slice(0, n * 2);
const now = () => Math.floor(Date.now() / 1000);

/**
 * Reads a Stripe form body: `a[b][c]=v` becomes `{ a: { b: { c: 'v' } } }` (the SDK encodes
 * arrays as `a[0]`, which becomes an object keyed '0': enough for what the fake checks).
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

interface Answer {
  status: number;
  body: unknown;
}

const stripeError = (status: number, type: string, message: string, extra: Record<string, string> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});
const missing = (what: string, id: string, param: string) =>
  stripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param });

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const refunds: { id: string; payment_intent: string }[] = [];
  /** Idempotency-Key → the first request's path, body and answer, as Stripe replays them. */
  const replays = new Map<string, { path: string; body: string; answer: Answer }>();
  let failures = 0;
  // Filled in below, once the server listens; the server only reads it when a request comes.
  const fake = {} as FakeStripe;

  function createIntent(params: Record<string, unknown>): Answer {
    const amount = Number(params.amount);
    const currency = typeof params.currency === 'string' ? params.currency : '';
    if (!Number.isInteger(amount) || amount < 1) {
      return stripeError(400, 'invalid_request_error', 'Invalid integer: amount', { param: 'amount' });
    }
    if (!/^[a-z]{3}$/.test(currency)) {
      return stripeError(400, 'invalid_request_error', `Invalid currency: ${currency}`, { param: 'currency' });
    }
    const id = `pi_${token()}`;
    const apm = params.automatic_payment_methods as { enabled?: string } | undefined;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${token()}`,
      description: typeof params.description === 'string' ? params.description : null,
      receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      automatic_payment_methods: apm ? { enabled: apm.enabled === 'true' } : null,
      last_payment_error: null,
      capture_method: 'automatic',
      created: now(),
      livemode: false,
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function refund(params: Record<string, unknown>): Answer {
    const id = String(params.payment_intent ?? '');
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id, 'payment_intent');
    if (refunds.some((r) => r.payment_intent === id)) {
      return stripeError(400, 'invalid_request_error', `Charge for ${id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    if (intent.status !== 'succeeded') {
      return stripeError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${id}) does not have a successful charge to refund.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const made = { id: `re_${token()}`, payment_intent: id };
    refunds.push(made);
    return {
      status: 200,
      body: { ...made, object: 'refund', amount: intent.amount, currency: intent.currency, status: 'succeeded' },
    };
  }

  function route(method: string, path: string, params: Record<string, unknown>): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const id = decodeURIComponent(one[1]!);
      const intent = intents.get(id);
      return intent ? { status: 200, body: intent } : missing('payment_intent', id, 'intent');
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      const method = req.method ?? 'GET';
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const idempotencyKey = header('idempotency-key');
      const authorization = header('authorization');
      const params = parseStripeForm(raw);
      requests.push({ method, path, params, idempotencyKey, authorization });

      let answer: Answer;
      const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
      if (!authorization?.startsWith('Bearer sk_')) {
        answer = stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      } else if (failures > 0) {
        failures--;
        answer = stripeError(500, 'api_error', 'Something went wrong on our end.');
      } else if (replay) {
        answer =
          replay.path === path && replay.body === raw
            ? replay.answer
            : stripeError(
                400,
                'idempotency_error',
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              );
      } else {
        answer = route(method, path, params);
        // Stripe keeps the first answer of a key, errors included, but not a 500.
        if (idempotencyKey && method === 'POST') replays.set(idempotencyKey, { path, body: raw, answer });
      }
      fake.onHandled?.(requests[requests.length - 1]!);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${token(7)}`,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const move = (id: string, change: Partial<FakeIntent>) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
    Object.assign(intent, change);
    return intent;
  };

  Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    succeed: (id) =>
      move(id, { status: 'succeeded', amount_received: intents.get(id)?.amount ?? 0, last_payment_error: null }),
    fail: (id, message = 'Your card was declined.') =>
      move(id, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message },
      }),
    process: (id) => move(id, { status: 'processing', last_payment_error: null }),
    cancel: (id) => move(id, { status: 'canceled' }),
    failNext(count = 1) {
      failures = count;
    },
    webhook({ type, intentId, secret, eventId = `evt_${token()}`, timestamp }) {
      const object = intentId ? intents.get(intentId) : { id: `ch_${token()}`, object: 'charge' };
      if (!object) throw new Error(`fake Stripe has no intent ${intentId}`);
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }), eventId };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
    onHandled: null,
  } satisfies FakeStripe);
  return fake;
}

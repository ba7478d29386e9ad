import Stripe from 'stripe';
import type { IntentStatus } from '@tikiti/contract';
import type { Config } from '../../config.js';
import {
  InvalidWebhookError,
  type CreateIntentInput,
  type Intent,
  type IntentChanged,
  type PaymentProvider,
} from './provider.js';

export type StripeConfig = NonNullable<Config['stripe']>;

/** Stripe's calls give up after this long (a silent network must not hold a buyer's request). */
const STRIPE_TIMEOUT_MS = 10_000;

/**
 * Stripe's PaymentIntent statuses as Tikiti's four (docs/product.md#checkout-and-payments).
 * Stripe has seven; the three others fold in where the money is:
 * - `requires_confirmation` and `requires_action` (3-D Secure not completed): nothing has been
 *   charged and nothing will be until the buyer acts again, so they read as
 *   `requires_payment_method`: not paid, may be tried again while the hold lasts, and the hold
 *   may expire. Reading them as `processing` would keep tickets held for a buyer who left.
 * - `requires_capture`: the card is authorised but not captured. Tikiti creates intents with
 *   automatic capture, so this should not happen; if it does, money is on its way but not
 *   taken, which is `processing`: neither paid nor failed.
 */
const STATUS: Record<Stripe.PaymentIntent.Status, IntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_payment_method',
  processing: 'processing',
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

/** The webhook events that say an intent changed; settlement re-reads the intent for what. */
const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/** Tikiti's view of a Stripe PaymentIntent. */
function intentOf(pi: Stripe.PaymentIntent): Intent {
  if (!pi.client_secret) throw new Error(`Stripe answered PaymentIntent ${pi.id} without a client secret`);
  return {
    id: pi.id,
    clientSecret: pi.client_secret,
    // A status Stripe adds later is neither paid nor failed until we know better: wait.
    status: STATUS[pi.status] ?? 'processing',
    amountMinor: pi.amount,
    currency: pi.currency.toUpperCase(),
    amountReceivedMinor: pi.amount_received,
    lastError: pi.last_payment_error?.message ?? null,
  };
}

/**
 * Where the SDK sends its calls when STRIPE_API_BASE is set (stripe-mock, a local fake, a
 * proxy): its `host`, `port` and `protocol` options. The SDK always adds the `/v1/` path itself.
 */
function apiBaseOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    // An IPv6 literal comes bracketed in a URL, but Node's http.request wants it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * Cards through Stripe's PaymentIntents, with the official SDK (docs/security.md#stripe).
 * Every call that creates something passes the caller's idempotency key, so a retried request
 * never charges or refunds twice. Card failures are not thrown: they are the intent's status
 * and `lastError`. Stripe's own failures (network, 5xx, after one retry) are thrown.
 */
export function stripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    telemetry: false,
    timeout: STRIPE_TIMEOUT_MS,
    ...apiBaseOptions(config.apiBase),
  });

  return {
    name: 'stripe',
    publishableKey: config.publishableKey,

    async createIntent(input: CreateIntentInput): Promise<Intent> {
      const pi = await stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          receipt_email: input.email,
          description: input.description,
          metadata: { booking_reference: input.reference },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return intentOf(pi);
    },

    async retrieveIntent(intentId: string): Promise<Intent> {
      return intentOf(await stripe.paymentIntents.retrieve(intentId));
    },

    async refund(intentId: string, idempotencyKey: string): Promise<void> {
      try {
        await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
      } catch (err) {
        // Refunded already (by an earlier attempt with another key, or from the dashboard):
        // the money is back, which is what was asked.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
        throw err;
      }
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined): IntentChanged | null {
      if (!config.webhookSecret)
        throw new InvalidWebhookError('Stripe webhooks are not set up (STRIPE_WEBHOOK_SECRET)');
      if (!signature) throw new InvalidWebhookError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        // A wrong or stale signature, or a body that is not the JSON that was signed.
        throw new InvalidWebhookError();
      }
      if (!INTENT_EVENTS.has(event.type)) return null;
      const intent = event.data.object as { id?: unknown };
      if (typeof intent.id !== 'string') throw new InvalidWebhookError('The event names no payment intent');
      return { intentId: intent.id, eventId: event.id, type: event.type };
    },
  };
}

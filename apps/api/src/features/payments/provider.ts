import type { Currency, IntentStatus, PaymentProviderName } from '@tikiti/contract';

/** What checkout asks a provider to charge: one booking, in its event's currency. */
export interface CreateIntentInput {
  amountMinor: number;
  currency: Currency;
  /** The booking reference, kept in the provider's metadata and shown on statements. */
  reference: string;
  /** The same key gives the same intent: a retried request never charges twice. */
  idempotencyKey: string;
  email: string;
  description: string;
  /** M-Pesa only: the phone the prompt goes to (2547XXXXXXXX). */
  phone?: string;
}

/** A payment at the provider, as the provider reports it (the source of truth for settlement). */
export interface Intent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  /** What was asked, in minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /**
   * What the provider says it took, in minor units of `currency` (0 until it succeeded): a
   * booking is settled only when this and the currency equal its total
   * (docs/decisions/0024-payment-amount-checked.md).
   */
  amountReceivedMinor: number;
  /** The provider's words for the last failure ("Your card was declined."), else null. */
  lastError: string | null;
  /** M-Pesa only: the number the prompt went to. */
  phone?: string | null;
}

/** A verified webhook's news: something happened to this intent (read the intent itself for what). */
export interface IntentChanged {
  intentId: string;
  /** The provider's event id, for logs. */
  eventId: string;
  type: string;
}

/** A webhook whose signature does not verify: answered 400 and otherwise ignored. */
export class InvalidWebhookError extends Error {
  constructor(message = 'The webhook signature does not verify') {
    super(message);
    this.name = 'InvalidWebhookError';
  }
}

/**
 * One interface for every way to take money (docs/product.md#checkout-and-payments): Stripe
 * for cards, the built-in sandbox by default, and M-Pesa (features/mpesa). Checkout calls only this.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser needs to show the provider's form (Stripe's publishable key), else null. */
  readonly publishableKey: string | null;
  /**
   * Only for a provider that calls nobody to make a payment (the sandbox derives its ids from
   * the key): the id and secret of the payment for this idempotency key, so checkout records
   * the payment with the booking in one round trip, at the booking's own amount and currency.
   */
  localIntent?(idempotencyKey: string): Promise<Pick<Intent, 'id' | 'clientSecret'>>;
  createIntent(input: CreateIntentInput): Promise<Intent>;
  retrieveIntent(intentId: string): Promise<Intent>;
  /** Gives the whole amount back; the same key never refunds twice. */
  refund(intentId: string, idempotencyKey: string): Promise<void>;
  /** Verifies a webhook on its raw body; null when it is of no interest. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): IntentChanged | null;
}

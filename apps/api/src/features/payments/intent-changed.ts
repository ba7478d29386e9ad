import type { PaymentProviderName } from '@tikiti/contract';

/**
 * The job a verified provider webhook queues (docs/security.md#stripe): "something happened to
 * this intent". Checkout handles it by settling the booking, re-reading the intent from the
 * provider, so duplicate or out-of-order deliveries change nothing. The provider's event id
 * is the job's dedupe key.
 */
export const INTENT_CHANGED_JOB = 'payments.intent-changed';

export interface IntentChangedJob {
  provider: PaymentProviderName;
  intentId: string;
}

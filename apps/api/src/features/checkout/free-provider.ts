import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from '../payments/index.js';

/**
 * A booking of total 0 (a 100 % code, docs/product.md#discount-codes): nothing to take, so no
 * provider is asked. Its payment is recorded as succeeded with the booking and settled at once;
 * its id names the currency so the settlement reads the same amount back; a refund gives back 0.
 */
export const FREE_PROVIDER = 'free';

export function freeProvider(currency: string): PaymentProvider {
  return {
    name: FREE_PROVIDER,
    publishableKey: null,
    localIntent: (key) =>
      Promise.resolve({ id: `free_${currency}_${key}`, clientSecret: `free_${randomBytes(18).toString('base64url')}` }),
    createIntent: () => Promise.reject(new Error('A free booking needs no payment')),
    retrieveIntent: (intentId) =>
      Promise.resolve({
        id: intentId,
        clientSecret: '',
        status: 'succeeded',
        amountMinor: 0,
        currency: intentId.split('_')[1] ?? currency,
        amountReceivedMinor: 0,
        lastError: null,
      }),
    refund: () => Promise.resolve(),
    parseWebhook: () => null,
  };
}

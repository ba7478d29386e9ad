import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Intent, PaymentProvider } from '../payments/index.js';
import { findInvoiceBookingByReference, paidMinorOf } from './invoices.repo.js';

/**
 * Pay by invoice as a payment provider (docs/product.md#pay-by-invoice), so that a company's
 * payments settle a booking through checkout's one settlement path, as cards and M-Pesa do: the
 * payment is made with the booking (no round trip, like the sandbox), and the "provider's word" is
 * the sum of the payments recorded by the organiser or received on the paybill. It reports
 * `succeeded` once they cover the total. Money goes back by hand: a refund asks nothing of anyone
 * (the organiser returns it by bank and records nothing here).
 */
export function invoicePaymentProvider(ctx: AppContext): PaymentProvider {
  const intentOf = async (intentId: string): Promise<Intent> => {
    const row = await findInvoiceBookingByReference(ctx.db, intentId.replace(/^booking-/, ''));
    const totalMinor = row?.totalMinor ?? 0;
    const paid = row ? await paidMinorOf(ctx.db, row.bookingId) : 0;
    const covered = row !== undefined && paid >= totalMinor;
    return {
      id: intentId,
      clientSecret: '',
      status: covered ? 'succeeded' : 'requires_payment_method',
      amountMinor: totalMinor,
      currency: row?.currency ?? 'KES',
      amountReceivedMinor: covered ? paid : 0,
      lastError: null,
    };
  };
  return {
    name: 'invoice',
    publishableKey: null,
    localIntent: (key) =>
      Promise.resolve({ id: key, clientSecret: `${key}_secret_${randomBytes(16).toString('base64url')}` }),
    createIntent: async (input) => ({
      ...(await intentOf(input.idempotencyKey)),
      clientSecret: `${input.idempotencyKey}_secret_${randomBytes(16).toString('base64url')}`,
    }),
    retrieveIntent: intentOf,
    refund: () => Promise.resolve(),
    parseWebhook: () => null,
  };
}

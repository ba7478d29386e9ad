import { z } from 'zod';
import { toMinor } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { enqueueJob } from '../../jobs/queue.js';
import {
  findPaymentByIntent,
  INTENT_CHANGED_JOB,
  setPaymentCallback,
  type IntentChangedJob,
} from '../payments/index.js';

/** Daraja's STK result callback (only the fields we read; Daraja may add more). */
export const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100).optional(),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string().max(500).optional(),
      CallbackMetadata: z
        .object({
          Item: z
            .array(z.object({ Name: z.string().max(50), Value: z.union([z.string().max(100), z.number()]).optional() }))
            .max(20),
        })
        .optional(),
    }),
  }),
});
export type StkCallback = z.infer<typeof stkCallbackSchema>;

/**
 * POST v1/payments/mpesa/callback (docs/security.md#m-pesa): news that a prompt was answered.
 * It is never believed on its own: it only queues `payments.intent-changed`, whose handler
 * asks Daraja's STK query and settles by that answer, so a forged "paid" callback settles
 * nothing. What the query cannot tell is kept from a callback that says paid: the amount paid
 * (settlement refuses a booking whose total it is not, docs/decisions/0024-payment-amount-checked.md),
 * and the receipt number, only when that amount is the payment's exact amount, shown only once
 * the booking is paid.
 * Duplicates queue one job (the dedupe key is the prompt and its result).
 */
export async function receiveStkCallback(ctx: AppContext, body: StkCallback): Promise<boolean> {
  const cb = body.Body.stkCallback;
  const payment = await findPaymentByIntent(ctx.db, 'mpesa', cb.CheckoutRequestID);
  if (!payment) return false;
  if (cb.ResultCode === 0) {
    const item = (name: string) => cb.CallbackMetadata?.Item.find((i) => i.Name === name)?.Value;
    const receipt = String(item('MpesaReceiptNumber') ?? '');
    const paid = item('Amount');
    const amount = paid === undefined || paid === '' ? NaN : Number(paid);
    if (Number.isFinite(amount) && amount >= 0) {
      const receivedMinor = toMinor(amount, 'KES');
      const sameAmount = receivedMinor === payment.amountMinor;
      await setPaymentCallback(ctx.db, payment.id, {
        receivedMinor,
        receivedCurrency: 'KES',
        receiptNumber: sameAmount && /^[A-Z0-9]{8,12}$/.test(receipt) ? receipt : null,
      });
    }
  }
  await enqueueJob<IntentChangedJob>(
    ctx.db,
    INTENT_CHANGED_JOB,
    { provider: 'mpesa', intentId: cb.CheckoutRequestID },
    { dedupeKey: `mpesa-${cb.CheckoutRequestID}-${cb.ResultCode}` },
  );
  return true;
}

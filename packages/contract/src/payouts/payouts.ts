import { z } from 'zod';
import { moneySchema, pageQuerySchema, paged } from '../common.js';
import { CURRENCIES } from '../constants.js';
import { envelope } from '../envelope.js';
import { PAYOUT_METHOD_TYPES } from './payout-method.js';

/**
 * A payout's life (docs/product.md#payouts):
 * - `requested`: the balance is debited, waiting for the operator (or auto-approval);
 * - `approved`: M-Pesa: queued to be sent; bank: waiting to go into a batch;
 * - `sending`: the M-Pesa request is out (B2C/B2B), its result awaited;
 * - `in_batch`: a bank payout exported in a batch CSV, waiting for the operator's word;
 * - `paid`: the money reached the organiser (final);
 * - `failed`: M-Pesa refused or the bank returned it; the money is back in the balance (final);
 * - `rejected`: the operator refused it, with a reason; the money is back in the balance (final).
 */
export const PAYOUT_STATUSES = ['requested', 'approved', 'sending', 'in_batch', 'paid', 'failed', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_WORDS: Record<PayoutStatus, string> = {
  requested: 'Waiting for approval',
  approved: 'Approved',
  sending: 'Being sent',
  in_batch: 'With the bank',
  paid: 'Paid',
  failed: 'Failed, money returned',
  rejected: 'Rejected, money returned',
};

/** Payout rules (docs/product.md#payouts). Amounts in major units. */
export const PAYOUT_RULES = {
  /** The smallest payout per currency. */
  minimum: { KES: 100, USD: 10 },
  /** How long payouts wait after the payout method is set or changed. */
  methodHoldHours: 48,
  /** Longest reason an operator gives when rejecting or failing a payout. */
  reasonMax: 500,
} as const;

/** POST v1/client/payouts (the owner only): some or all of the available balance, in major units. */
export const requestPayoutBodySchema = z.object({
  currency: z.enum(CURRENCIES, { message: 'Choose KES or USD' }),
  amount: moneySchema.refine((n) => n > 0, 'Enter an amount above 0'),
});
export type RequestPayoutBody = z.infer<typeof requestPayoutBodySchema>;

/** A payout as the organiser and the operator see it. `amount` in major units. */
export const payoutSchema = z.object({
  id: z.number().int(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  method_type: z.enum(PAYOUT_METHOD_TYPES),
  /** The destination, masked (as payoutMethodSchema's label). */
  destination: z.string(),
  requested_at: z.string(),
  requested_by: z.string(),
  decided_at: z.string().nullable(),
  /** Why it was rejected or failed. */
  reason: z.string().nullable(),
  /** M-Pesa's transaction id, or the bank's reference, once paid. */
  receipt: z.string().nullable(),
  paid_at: z.string().nullable(),
  batch_id: z.number().int().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutResponseSchema = envelope(payoutSchema);

/** GET v1/client/payouts (owner and admins): newest first. */
export const listPayoutsQuerySchema = pageQuerySchema;
export type ListPayoutsQuery = z.infer<typeof listPayoutsQuerySchema>;
export const listPayoutsSchema = paged(payoutSchema);
export type ListPayouts = z.infer<typeof listPayoutsSchema>;
export const listPayoutsResponseSchema = envelope(listPayoutsSchema);

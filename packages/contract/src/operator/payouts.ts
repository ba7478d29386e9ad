import { z } from 'zod';
import { idTextSchema, moneySchema, pageQuerySchema, paged, text } from '../common.js';
import { CURRENCIES } from '../constants.js';
import { envelope } from '../envelope.js';
import { PAYOUT_METHOD_TYPES } from '../payouts/payout-method.js';
import { PAYOUT_RULES, PAYOUT_STATUSES, payoutSchema } from '../payouts/payouts.js';

/** GET v1/operator/payouts: the queue; `status` (default every status), oldest first when `requested`. */
export const listOperatorPayoutsQuerySchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PAYOUT_STATUSES).optional()),
  method_type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PAYOUT_METHOD_TYPES).optional()),
});
export type ListOperatorPayoutsQuery = z.infer<typeof listOperatorPayoutsQuerySchema>;

export const operatorPayoutSchema = payoutSchema.extend({
  organisation: z.object({ id: z.number().int(), name: z.string(), verified: z.boolean(), suspended: z.boolean() }),
  /** The organisation's available balance in this currency now (after this payout's debit). */
  available_after: z.number(),
});
export type OperatorPayout = z.infer<typeof operatorPayoutSchema>;
export const listOperatorPayoutsResponseSchema = envelope(paged(operatorPayoutSchema));
export const operatorPayoutResponseSchema = envelope(operatorPayoutSchema);

export const payoutParamsSchema = z.object({ id: idTextSchema });

/** POST v1/operator/payouts/{id}/reject: the money goes back to the organiser's balance. */
export const rejectPayoutBodySchema = z.object({
  reason: text({ message: 'Say why' }).trim().min(1, 'Say why').max(PAYOUT_RULES.reasonMax),
});
export type RejectPayoutBody = z.infer<typeof rejectPayoutBodySchema>;

/**
 * POST v1/operator/payouts/{id}/settle: a bank payout in a batch, paid (with the bank's reference)
 * or failed (with a reason: the money goes back to the balance).
 */
export const settlePayoutBodySchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paid'), reference: text().trim().max(100).optional() }),
  z.object({
    outcome: z.literal('failed'),
    reason: text({ message: 'Say why' }).trim().min(1, 'Say why').max(PAYOUT_RULES.reasonMax),
  }),
]);
export type SettlePayoutBody = z.infer<typeof settlePayoutBodySchema>;

/**
 * A bank batch: approved bank payouts of one currency gathered for one upload to the operator's
 * bank. `open` while any payout in it awaits the operator's word; `settled` when none does.
 */
export const payoutBatchSchema = z.object({
  id: z.number().int(),
  currency: z.enum(CURRENCIES),
  created_at: z.string(),
  created_by: z.string(),
  count: z.number().int(),
  total: z.number(),
  paid: z.number().int(),
  failed: z.number().int(),
  status: z.enum(['open', 'settled']),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;
export const listPayoutBatchesResponseSchema = envelope(paged(payoutBatchSchema));
export const payoutBatchResponseSchema = envelope(payoutBatchSchema);

/** POST v1/operator/payout-batches: every approved bank payout of `currency` goes into a new batch. */
export const createPayoutBatchBodySchema = z.object({ currency: z.enum(CURRENCIES) });
export type CreatePayoutBatchBody = z.infer<typeof createPayoutBatchBodySchema>;

/**
 * GET/PUT v1/operator/settings: payouts of verified organisations below `auto_approve_below`
 * (major units, per currency; null: never) are approved without the operator.
 */
export const operatorSettingsSchema = z.object({
  auto_approve_below: z.object({ KES: moneySchema.nullable(), USD: moneySchema.nullable() }),
});
export type OperatorSettings = z.infer<typeof operatorSettingsSchema>;
export const operatorSettingsResponseSchema = envelope(operatorSettingsSchema);

import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * GET v1/client/balance: the organisation's money with Tikiti, one row per currency it has
 * sold in (docs/product.md#balances). Major units. `pending` is the share of sales of events not
 * yet ended plus PAYOUT_DELAY_DAYS; `available` what may be paid out now (negative when refunds
 * after a payout exceed sales: recovered from later sales); `paid_out` every payout made, less
 * those that failed and came back.
 */
export const balanceSchema = z.object({
  currency: z.string(),
  pending: z.number(),
  available: z.number(),
  paid_out: z.number(),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balanceResponseSchema = envelope(z.array(balanceSchema));

import { z } from 'zod';
import { daySchema, emptyToUndefined, idSchema, moneySchema, pageQuerySchema, paged, text } from '../common.js';
import { CURRENCIES } from '../constants.js';
import { envelope } from '../envelope.js';
import { activityEntrySchema } from '../audit/list-activity.js';

/**
 * POST v1/operator/adjustments: a manual ledger entry for one organisation (docs/product.md#ledger):
 * `amount` in major units, positive credits the organiser's balance, negative debits it; never 0.
 */
export const createAdjustmentBodySchema = z.object({
  organisation_id: idSchema,
  currency: z.enum(CURRENCIES),
  amount: moneySchema.refine((n) => n !== 0, 'Enter an amount other than 0'),
  reason: text({ message: 'Say why' }).trim().min(1, 'Say why').max(500),
});
export type CreateAdjustmentBody = z.infer<typeof createAdjustmentBodySchema>;
export const adjustmentSchema = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  reason: z.string(),
  created_at: z.string(),
});
export const adjustmentResponseSchema = envelope(adjustmentSchema);

/** GET v1/operator/figures?from&to (Nairobi days, both optional: all time): per currency, major units. */
export const platformFiguresQuerySchema = z.object({
  from: z.preprocess(emptyToUndefined, daySchema.optional()),
  to: z.preprocess(emptyToUndefined, daySchema.optional()),
});
export type PlatformFiguresQuery = z.infer<typeof platformFiguresQuerySchema>;
export const platformFiguresSchema = z.array(
  z.object({
    currency: z.enum(CURRENCIES),
    gross_sales: z.number(),
    fees: z.number(),
    vat_on_fees: z.number(),
    refunds: z.number(),
    payouts: z.number(),
    /** What the platform holds for organisers now (pending + available; negative balances included). */
    held_for_organisers: z.number(),
  }),
);
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;
export const platformFiguresResponseSchema = envelope(platformFiguresSchema);

/** GET v1/operator/audit: every operator action, newest first, with the organisation it touched. */
export const operatorAuditQuerySchema = pageQuerySchema;
export const operatorAuditEntrySchema = activityEntrySchema.extend({
  organisation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OperatorAuditEntry = z.infer<typeof operatorAuditEntrySchema>;
export const operatorAuditResponseSchema = envelope(paged(operatorAuditEntrySchema));

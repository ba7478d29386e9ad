import { z } from 'zod';
import { daySchema, emptyToUndefined } from '../common.js';
import { envelope } from '../envelope.js';

/** What caused a ledger transaction (docs/decisions/0030-ledger.md). */
export const LEDGER_KINDS = ['sale', 'refund', 'payout', 'payout_returned', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How the Money page and the CSV name each kind. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  sale: 'Sale',
  refund: 'Refund',
  payout: 'Payout',
  payout_returned: 'Payout returned',
  adjustment: 'Adjustment',
};

/** Longest range of GET v1/client/ledger, in days. */
export const LEDGER_MAX_DAYS = 366;

/**
 * GET v1/client/ledger?from&to (and GET v1/client/ledger.csv): Nairobi days, both included.
 * Without `from`, the last 30 days; without `to`, today.
 */
export const ledgerQuerySchema = z
  .object({
    from: z.preprocess(emptyToUndefined, daySchema.optional()),
    to: z.preprocess(emptyToUndefined, daySchema.optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'Must not be before from' });
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/**
 * One movement of the organisation's money (an entry on its account for that currency), major
 * units. `amount` is what it did to the balance (+ a sale's share, − a refund or a payout);
 * `gross` what the buyer paid or got back (null for payouts and adjustments); `fee` and
 * `fee_vat` the platform's service fee and its VAT in that transaction (0 when none);
 * `balance` the account's balance after it.
 */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** The booking's reference (TK-…), the payout's id (PO-…) or the adjustment's. */
  reference: z.string(),
  description: z.string(),
  event_id: z.number().int().nullable(),
  currency: z.string(),
  gross: z.number().nullable(),
  fee: z.number(),
  fee_vat: z.number(),
  amount: z.number(),
  balance: z.number(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerResponseSchema = envelope(z.array(ledgerEntrySchema));

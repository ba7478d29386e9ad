import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYOUT_METHOD_TYPES, PAYOUT_STATUSES } from '@tikiti/contract';
import { organisations } from './accounts.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Where an organisation's payouts go (docs/product.md#payouts): one row per organisation, replaced
 * when the owner changes it. `held_until`: payouts wait until then after a change (48 hours), the
 * defence against a stolen session redirecting the money (docs/decisions/0031-payout-safeguards.md).
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    organisationId: integer('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: PAYOUT_METHOD_TYPES }).notNull(),
    msisdn: text('msisdn'),
    shortcode: text('shortcode'),
    account: text('account'),
    bank: text('bank'),
    branch: text('branch'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
    setByAccountId: integer('set_by_account_id'),
    setByName: text('set_by_name').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('payout_methods_type_known', sql`${t.type} IN (${inList(PAYOUT_METHOD_TYPES)})`),
    check(
      'payout_methods_fields',
      sql`(${t.type} = 'mpesa_b2c' AND ${t.msisdn} IS NOT NULL)
        OR (${t.type} = 'mpesa_b2b' AND ${t.shortcode} IS NOT NULL)
        OR (${t.type} = 'bank' AND ${t.bank} IS NOT NULL AND ${t.accountNumber} IS NOT NULL)`,
    ),
  ],
);

/** A bank batch: approved bank payouts of one currency exported in one CSV for the operator's bank. */
export const payoutBatches = pgTable('payout_batches', {
  id: serial('id').primaryKey(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdByName: text('created_by_name').notNull(),
});

/**
 * A payout (docs/product.md#payouts): the amount is debited from the organisation's balance in the
 * ledger in the transaction that inserts the row, and credited back in the one that makes it
 * `failed` or `rejected`. `destination` is the method as it was when requested (a later change
 * does not redirect it). M-Pesa: `originator_conversation_id` is ours, made and stored before the
 * one B2C/B2B request is sent, so a crash never leaves a request we cannot ask about;
 * `status_query_id` is the transaction status query that decides a timeout.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    methodType: text('method_type', { enum: PAYOUT_METHOD_TYPES }).notNull(),
    msisdn: text('msisdn'),
    shortcode: text('shortcode'),
    account: text('account'),
    bank: text('bank'),
    branch: text('branch'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requestedByAccountId: integer('requested_by_account_id'),
    requestedByName: text('requested_by_name').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByName: text('decided_by_name'),
    reason: text('reason'),
    receipt: text('receipt'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    batchId: integer('batch_id').references(() => payoutBatches.id),
    originatorConversationId: text('originator_conversation_id'),
    conversationId: text('conversation_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    statusQueryId: text('status_query_id'),
    statusQueriedAt: timestamp('status_queried_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_organisation_idx').on(t.organisationId, t.requestedAt),
    index('payouts_status_idx').on(t.status, t.requestedAt),
    uniqueIndex('payouts_originator_key').on(t.originatorConversationId),
    uniqueIndex('payouts_status_query_key').on(t.statusQueryId),
    check('payouts_amount_positive', sql`${t.amountMinor} > 0`),
    check('payouts_status_known', sql`${t.status} IN (${inList(PAYOUT_STATUSES)})`),
    check('payouts_currency_known', sql`${t.currency} IN ('KES', 'USD')`),
    check('payouts_mpesa_kes', sql`${t.methodType} = 'bank' OR ${t.currency} = 'KES'`),
  ],
);

/**
 * The platform's payout settings, one row (id 1): payouts of verified organisations below these
 * amounts (minor units; null: never) are approved without the operator.
 */
export const payoutSettings = pgTable(
  'payout_settings',
  {
    id: integer('id').primaryKey().default(1),
    autoApproveBelowKes: bigint('auto_approve_below_kes', { mode: 'number' }),
    autoApproveBelowUsd: bigint('auto_approve_below_usd', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payout_settings_one_row', sql`${t.id} = 1`)],
);

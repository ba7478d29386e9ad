import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from './accounts.js';
import { events } from './catalogue.js';

/**
 * The double-entry ledger (docs/decisions/0030-ledger.md). An account per organisation and
 * currency (what Tikiti owes it), and the platform's own: fee revenue, VAT payable on the fees,
 * operator adjustments, and a clearing account per payment provider. `code` names it:
 * `organiser:<id>:KES`, `platform:revenue:KES`, `clearing:mpesa:KES`, …
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['organiser', 'platform', 'clearing'] }).notNull(),
    organisationId: integer('organisation_id').references(() => organisations.id),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    index('ledger_accounts_organisation_idx').on(t.organisationId),
    check('ledger_accounts_currency_check', sql`${t.currency} IN ('USD', 'KES')`),
    check('ledger_accounts_owner_check', sql`(${t.kind} = 'organiser') = (${t.organisationId} IS NOT NULL)`),
  ],
);

/**
 * One balanced movement of money, posted once per cause: `cause_key` is unique (`sale:<booking>`,
 * `refund:<booking>`, `payout:<id>`, …), so a retry or a second instance posts nothing new.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['sale', 'refund', 'payout', 'payout_returned', 'adjustment'] }).notNull(),
    causeKey: text('cause_key').notNull(),
    organisationId: integer('organisation_id').references(() => organisations.id),
    eventId: integer('event_id').references(() => events.id),
    /** What the organiser reads: the booking's reference, the payout's, the adjustment's. */
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_cause_key').on(t.causeKey),
    index('ledger_transactions_organisation_idx').on(t.organisationId, t.createdAt),
    check(
      'ledger_transactions_kind_check',
      sql`${t.kind} IN ('sale', 'refund', 'payout', 'payout_returned', 'adjustment')`,
    ),
  ],
);

/**
 * A line of a transaction: positive a debit, negative a credit, integer minor units of its
 * account's currency. Append-only and balanced per transaction and currency (both enforced by
 * triggers in the migration).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_amount_check', sql`${t.amountMinor} <> 0`),
    check('ledger_entries_currency_check', sql`${t.currency} IN ('USD', 'KES')`),
  ],
);

/**
 * The operator's service fee for one organisation (docs/product.md#service-fees), instead of the
 * configured defaults; a null fixed amount keeps that currency's default.
 */
export const organisationFees = pgTable(
  'organisation_fees',
  {
    organisationId: integer('organisation_id')
      .primaryKey()
      .references(() => organisations.id),
    percentBasisPoints: integer('percent_basis_points').notNull(),
    fixedKesMinor: integer('fixed_kes_minor'),
    fixedUsdMinor: integer('fixed_usd_minor'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'organisation_fees_range_check',
      sql`${t.percentBasisPoints} BETWEEN 0 AND 5000 AND coalesce(${t.fixedKesMinor}, 0) >= 0 AND coalesce(${t.fixedUsdMinor}, 0) >= 0`,
    ),
  ],
);

import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  organisationFees,
  organisations,
} from '../../db/schema/index.js';

export type AccountKind = 'organiser' | 'platform' | 'clearing';
export type LedgerKind = 'sale' | 'refund' | 'payout' | 'payout_returned' | 'adjustment';

/** The account of this code, made on first use; its id. */
export async function ensureAccount(
  tx: Tx,
  a: { code: string; kind: AccountKind; organisationId: number | null; currency: string },
): Promise<number> {
  await tx
    .insert(ledgerAccounts)
    .values({ code: a.code, kind: a.kind, organisationId: a.organisationId, currency: a.currency })
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, a.code));
  return row!.id;
}

/** The account row locked until the transaction ends (a payout's check of the balance). */
export async function lockAccount(tx: Tx, code: string): Promise<void> {
  await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).for('update');
}

/** The new transaction's id, or undefined when its cause was posted already. */
export async function insertTransaction(
  tx: Tx,
  t: {
    kind: LedgerKind;
    causeKey: string;
    organisationId: number | null;
    eventId: number | null;
    reference: string;
    description: string;
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(ledgerTransactions)
    .values(t)
    .onConflictDoNothing({ target: ledgerTransactions.causeKey })
    .returning({ id: ledgerTransactions.id });
  return row?.id;
}

export async function findTransactionId(db: Db | Tx, causeKey: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.causeKey, causeKey));
  return row?.id;
}

export async function insertEntries(
  tx: Tx,
  rows: { transactionId: number; accountId: number; currency: string; amountMinor: number }[],
) {
  if (rows.length > 0) await tx.insert(ledgerEntries).values(rows);
}

/** The entries of a cause's transaction with their accounts: what a refund reverses. */
export async function findCauseEntries(tx: Tx, causeKey: string) {
  return queryRows<{
    transaction_id: number;
    organisation_id: number | null;
    event_id: number | null;
    reference: string;
    code: string;
    kind: AccountKind;
    account_organisation_id: number | null;
    currency: string;
    amount_minor: number;
  }>(
    tx,
    sql`SELECT t.id AS transaction_id, t.organisation_id, t.event_id, t.reference, a.code, a.kind,
               a.organisation_id AS account_organisation_id, e.currency, e.amount_minor
          FROM ledger_transactions t
          JOIN ledger_entries e ON e.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id
         WHERE t.cause_key = ${causeKey}
         ORDER BY e.id`,
  );
}

export interface BalanceRow {
  currency: string;
  total_minor: number;
  pending_minor: number;
  paid_out_minor: number;
}

/**
 * An organisation's balances per currency (docs/product.md#balances): what it is owed (its
 * account's credit balance), the part from sales and refunds of events that have not ended
 * `delayDays` ago, and what was paid out (payouts less their returns).
 */
export async function organisationBalanceRows(
  db: Db | Tx,
  organisationId: number,
  delayDays: number,
  currency?: string,
): Promise<BalanceRow[]> {
  const rows = await queryRows<{
    currency: string;
    total_minor: string;
    pending_minor: string;
    paid_out_minor: string;
  }>(
    db,
    sql`SELECT a.currency,
               coalesce(-sum(e.amount_minor), 0)::bigint AS total_minor,
               coalesce(-sum(e.amount_minor) FILTER (
                 WHERE t.kind IN ('sale', 'refund') AND ev.end_time + make_interval(days => ${delayDays}) > now()
               ), 0)::bigint AS pending_minor,
               coalesce(sum(e.amount_minor) FILTER (WHERE t.kind IN ('payout', 'payout_returned')), 0)::bigint AS paid_out_minor
          FROM ledger_accounts a
          JOIN ledger_entries e ON e.account_id = a.id
          JOIN ledger_transactions t ON t.id = e.transaction_id
          LEFT JOIN events ev ON ev.id = t.event_id
         WHERE a.kind = 'organiser' AND a.organisation_id = ${organisationId}
           ${currency ? sql`AND a.currency = ${currency}` : sql``}
         GROUP BY a.currency
         ORDER BY a.currency`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    total_minor: Number(r.total_minor),
    pending_minor: Number(r.pending_minor),
    paid_out_minor: Number(r.paid_out_minor),
  }));
}

export interface EntryRow {
  id: number;
  at: Date;
  kind: LedgerKind;
  reference: string;
  description: string;
  event_id: number | null;
  currency: string;
  gross_minor: number | null;
  fee_minor: number;
  fee_vat_minor: number;
  amount_minor: number;
  balance_minor: number;
}

/**
 * The organisation's entries created in [from, to), with what each did to its balance, the
 * balance after it, and its transaction's gross, fee and VAT on the fee.
 */
export async function organisationEntries(
  db: Db | Tx,
  organisationId: number,
  from: Date,
  to: Date,
  order: 'asc' | 'desc',
): Promise<EntryRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`WITH org AS (
          SELECT e.id, e.transaction_id, e.currency, e.amount_minor, e.created_at,
                 -sum(e.amount_minor::bigint) OVER (PARTITION BY e.account_id ORDER BY e.id) AS balance_minor
            FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
           WHERE a.kind = 'organiser' AND a.organisation_id = ${organisationId}
        )
        SELECT org.id, org.created_at AS at, t.kind, t.reference, t.description, t.event_id, org.currency,
               -org.amount_minor AS amount_minor, org.balance_minor,
               CASE WHEN t.kind IN ('sale', 'refund') THEN
                 (SELECT sum(x.amount_minor) FROM ledger_entries x JOIN ledger_accounts xa ON xa.id = x.account_id
                   WHERE x.transaction_id = t.id AND xa.kind = 'clearing') END AS gross_minor,
               coalesce((SELECT -sum(x.amount_minor) FROM ledger_entries x JOIN ledger_accounts xa ON xa.id = x.account_id
                   WHERE x.transaction_id = t.id AND xa.code LIKE 'platform:revenue:%'), 0) AS fee_minor,
               coalesce((SELECT -sum(x.amount_minor) FROM ledger_entries x JOIN ledger_accounts xa ON xa.id = x.account_id
                   WHERE x.transaction_id = t.id AND xa.code LIKE 'platform:vat:%'), 0) AS fee_vat_minor
          FROM org JOIN ledger_transactions t ON t.id = org.transaction_id
         WHERE org.created_at >= ${from.toISOString()} AND org.created_at < ${to.toISOString()}
         ORDER BY org.id ${order === 'asc' ? sql`ASC` : sql`DESC`}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at as string),
    kind: r.kind as LedgerKind,
    reference: String(r.reference),
    description: String(r.description),
    event_id: r.event_id === null ? null : Number(r.event_id),
    currency: String(r.currency),
    gross_minor: r.gross_minor === null ? null : Number(r.gross_minor),
    fee_minor: Number(r.fee_minor),
    fee_vat_minor: Number(r.fee_vat_minor),
    amount_minor: Number(r.amount_minor),
    balance_minor: Number(r.balance_minor),
  }));
}

/** The organisation's balance per currency just before `at` (a statement's opening). */
export async function organisationBalancesBefore(db: Db | Tx, organisationId: number, at: Date) {
  const rows = await queryRows<{ currency: string; balance_minor: string }>(
    db,
    sql`SELECT a.currency, coalesce(-sum(e.amount_minor), 0)::bigint AS balance_minor
          FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
         WHERE a.kind = 'organiser' AND a.organisation_id = ${organisationId} AND e.created_at < ${at.toISOString()}
         GROUP BY a.currency`,
  );
  return new Map(rows.map((r) => [r.currency, Number(r.balance_minor)]));
}

export async function findOrganisationFees(db: Db | Tx, organisationId: number) {
  const [row] = await db.select().from(organisationFees).where(eq(organisationFees.organisationId, organisationId));
  return row;
}

export async function upsertOrganisationFees(
  db: Db | Tx,
  row: {
    organisationId: number;
    percentBasisPoints: number;
    fixedKesMinor: number | null;
    fixedUsdMinor: number | null;
  },
) {
  await db
    .insert(organisationFees)
    .values(row)
    .onConflictDoUpdate({
      target: organisationFees.organisationId,
      set: {
        percentBasisPoints: row.percentBasisPoints,
        fixedKesMinor: row.fixedKesMinor,
        fixedUsdMinor: row.fixedUsdMinor,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteOrganisationFees(db: Db | Tx, organisationId: number) {
  await db.delete(organisationFees).where(eq(organisationFees.organisationId, organisationId));
}

/** The name a statement is made out to. */
export async function findOrganisationName(db: Db | Tx, organisationId: number): Promise<string> {
  const [row] = await db
    .select({ name: organisations.organizationName })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.name ?? '';
}

/** Many dated transactions in one statement (the demo's backfill); causes posted already are skipped. */
export async function insertTransactionsAt(
  tx: Tx,
  rows: {
    kind: LedgerKind;
    causeKey: string;
    organisationId: number | null;
    eventId: number | null;
    reference: string;
    description: string;
    createdAt: Date;
  }[],
) {
  if (rows.length === 0) return [];
  return queryRows<{ id: number; cause_key: string }>(
    tx,
    sql`INSERT INTO ledger_transactions (kind, cause_key, organisation_id, event_id, reference, description, created_at)
        SELECT kind, cause_key, organisation_id, event_id, reference, description, created_at
          FROM json_to_recordset(${JSON.stringify(
            rows.map((r) => ({
              kind: r.kind,
              cause_key: r.causeKey,
              organisation_id: r.organisationId,
              event_id: r.eventId,
              reference: r.reference,
              description: r.description,
              created_at: r.createdAt.toISOString(),
            })),
          )}::json)
            AS x(kind text, cause_key text, organisation_id integer, event_id integer, reference text, description text, created_at timestamptz)
        ON CONFLICT (cause_key) DO NOTHING
        RETURNING id, cause_key`,
  );
}

/** Many dated entries in one statement (the demo's backfill). */
export async function insertEntriesAt(
  tx: Tx,
  rows: { transactionId: number; accountId: number; currency: string; amountMinor: number; createdAt: Date }[],
) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`INSERT INTO ledger_entries (transaction_id, account_id, currency, amount_minor, created_at)
        SELECT transaction_id, account_id, currency, amount_minor, created_at
          FROM json_to_recordset(${JSON.stringify(
            rows.map((r) => ({
              transaction_id: r.transactionId,
              account_id: r.accountId,
              currency: r.currency,
              amount_minor: r.amountMinor,
              created_at: r.createdAt.toISOString(),
            })),
          )}::json)
            AS x(transaction_id integer, account_id integer, currency text, amount_minor integer, created_at timestamptz)`,
  );
}

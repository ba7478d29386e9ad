import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { accounts, auditEntries, organisations } from '../../db/schema/index.js';

type Executor = Db | Tx;

/** The operator's list of organisations (docs/product.md#the-operator): reads `organisations` and its owners. */
export interface OrganisationFilter {
  q?: string;
  state?: 'verified' | 'unverified' | 'suspended';
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(f: OrganisationFilter) {
  const conditions: SQL[] = [];
  if (f.q) {
    const pattern = likePattern(f.q);
    conditions.push(
      or(
        ilike(organisations.organizationName, pattern),
        ilike(organisations.displayName, pattern),
        ilike(organisations.email, pattern),
        ilike(organisations.msisdn, pattern),
        sql`EXISTS (SELECT 1 FROM ${accounts} a WHERE a.organisation_id = ${organisations.id} AND a.email ILIKE ${pattern})`,
      )!,
    );
  }
  if (f.state === 'verified') conditions.push(isNotNull(organisations.verifiedAt));
  if (f.state === 'unverified') conditions.push(isNull(organisations.verifiedAt));
  if (f.state === 'suspended') conditions.push(isNotNull(organisations.suspendedAt));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listOrganisations(db: Db, f: OrganisationFilter, page: { offset: number; limit: number }) {
  const where = whereOf(f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(organisations)
      .where(where)
      .orderBy(desc(organisations.createdAt), desc(organisations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(organisations).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findOrganisationRow(db: Executor, id: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

export type OrganisationRow = typeof organisations.$inferSelect;

/** The owners of these organisations, for the list and the mails. */
export async function listOwners(db: Executor, organisationIds: number[]) {
  if (organisationIds.length === 0) return [];
  return db
    .select({
      organisationId: accounts.organisationId,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.type, 'organizer'),
        eq(accounts.role, 'owner'),
        inArray(accounts.organisationId, organisationIds),
      ),
    )
    .orderBy(accounts.id);
}

/** Verifies (a time) or withdraws the verification (null); false when there is no such organisation. */
export async function setVerified(tx: Executor, id: number, at: Date | null) {
  const rows = await tx
    .update(organisations)
    .set({ verifiedAt: at })
    .where(eq(organisations.id, id))
    .returning({ id: organisations.id });
  return rows.length > 0;
}

/** Suspends (a time and a reason) or lifts the suspension (nulls). */
export async function setSuspended(tx: Executor, id: number, at: Date | null, reason: string | null) {
  const rows = await tx
    .update(organisations)
    .set({ suspendedAt: at, suspensionReason: reason })
    .where(eq(organisations.id, id))
    .returning({ id: organisations.id });
  return rows.length > 0;
}

/**
 * The platform's figures per currency (docs/product.md#the-operator), read from the ledger's
 * tables (docs/decisions/0030-ledger.md) in one statement: gross sales (money in on sales),
 * fees and VAT on them net of refunds, refunds (money back to buyers), payouts net of returns,
 * all within [since, before); and what is held for organisers now (their accounts' credit balance).
 */
export async function platformFigures(db: Db, since: Date | null, before: Date | null) {
  return queryRows<{
    currency: string;
    gross: number;
    fees: number;
    vat: number;
    refunds: number;
    payouts: number;
    held: number;
  }>(
    db,
    sql`WITH moves AS (
          SELECT t.kind, a.kind AS account_kind, a.code, e.currency, e.amount_minor
          FROM ledger_entries e
          JOIN ledger_transactions t ON t.id = e.transaction_id
          JOIN ledger_accounts a ON a.id = e.account_id
          WHERE (${since}::timestamptz IS NULL OR t.created_at >= ${since}::timestamptz)
            AND (${before}::timestamptz IS NULL OR t.created_at < ${before}::timestamptz)
        ), held AS (
          SELECT e.currency, -sum(e.amount_minor) AS held
          FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.kind = 'organiser' GROUP BY e.currency
        ), currencies AS (
          SELECT currency FROM moves UNION SELECT currency FROM held
        )
        SELECT c.currency,
          coalesce((SELECT sum(amount_minor) FROM moves m WHERE m.currency = c.currency AND m.kind = 'sale' AND m.account_kind = 'clearing'), 0)::bigint AS gross,
          coalesce((SELECT -sum(amount_minor) FROM moves m WHERE m.currency = c.currency AND m.code LIKE 'platform:revenue:%'), 0)::bigint AS fees,
          coalesce((SELECT -sum(amount_minor) FROM moves m WHERE m.currency = c.currency AND m.code LIKE 'platform:vat:%'), 0)::bigint AS vat,
          coalesce((SELECT -sum(amount_minor) FROM moves m WHERE m.currency = c.currency AND m.kind = 'refund' AND m.account_kind = 'clearing'), 0)::bigint AS refunds,
          coalesce((SELECT sum(amount_minor) FROM moves m WHERE m.currency = c.currency AND m.kind IN ('payout', 'payout_returned') AND m.account_kind = 'organiser'), 0)::bigint AS payouts,
          coalesce((SELECT held FROM held h WHERE h.currency = c.currency), 0)::bigint AS held
        FROM currencies c ORDER BY c.currency`,
  );
}

/** The operator's audit log: every entry an operator made, newest first, with the organisation's name. */
export async function listOperatorEntries(db: Db, page: { offset: number; limit: number }) {
  const where = eq(auditEntries.actorRole, 'operator');
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditEntries, organisationName: organisations.organizationName })
      .from(auditEntries)
      .leftJoin(organisations, eq(organisations.id, auditEntries.organisationId))
      .where(where)
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditEntries).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

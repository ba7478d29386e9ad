import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PayoutMethodType, PayoutStatus } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  accounts,
  organisations,
  payoutBatches,
  payoutMethods,
  payouts,
  payoutSettings,
} from '../../db/schema/index.js';

type Executor = Db | Tx;

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;

// Payout methods ---------------------------------------------------------------------------------

export async function findPayoutMethod(db: Executor, organisationId: number) {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.organisationId, organisationId)).limit(1);
  return row;
}

/** The organisation's one method, replaced whole (the fields of another type cleared). */
export async function upsertPayoutMethod(tx: Executor, row: typeof payoutMethods.$inferInsert) {
  const blank = {
    msisdn: null,
    shortcode: null,
    account: null,
    bank: null,
    branch: null,
    accountName: null,
    accountNumber: null,
  };
  const values = { ...blank, ...row };
  const [saved] = await tx
    .insert(payoutMethods)
    .values(values)
    .onConflictDoUpdate({ target: payoutMethods.organisationId, set: values })
    .returning();
  return saved!;
}

// Payouts ----------------------------------------------------------------------------------------

export async function insertPayout(tx: Executor, row: NewPayout) {
  const [saved] = await tx.insert(payouts).values(row).returning();
  return saved!;
}

/** A payout locked for a change of state (approve, reject, a result, a batch's word). */
export async function lockPayout(tx: Tx, id: number) {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update').limit(1);
  return row;
}

/** The payout our request or status query named (by our id, or Daraja's conversation id), locked. */
export async function lockPayoutByConversation(tx: Tx, originatorId: string, conversationId: string) {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(
      sql`${payouts.originatorConversationId} = ${originatorId} OR ${payouts.statusQueryId} = ${originatorId}
        OR (${conversationId} <> '' AND ${payouts.conversationId} = ${conversationId})`,
    )
    .for('update')
    .limit(1);
  return row;
}

export async function updatePayout(tx: Executor, id: number, set: Partial<NewPayout>) {
  const [row] = await tx.update(payouts).set(set).where(eq(payouts.id, id)).returning();
  return row!;
}

export interface PayoutFilter {
  organisationId?: number;
  status?: PayoutStatus;
  methodType?: PayoutMethodType;
  batchId?: number;
}

function whereOf(f: PayoutFilter) {
  const conditions: SQL[] = [];
  if (f.organisationId !== undefined) conditions.push(eq(payouts.organisationId, f.organisationId));
  if (f.status) conditions.push(eq(payouts.status, f.status));
  if (f.methodType) conditions.push(eq(payouts.methodType, f.methodType));
  if (f.batchId !== undefined) conditions.push(eq(payouts.batchId, f.batchId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A page of payouts with their organisation (name, verified, suspended): newest first, or
 * oldest first (the operator's queue of requests, served in order).
 */
export async function listPayouts(
  db: Db,
  f: PayoutFilter,
  page: { offset: number; limit: number | null; oldestFirst?: boolean },
) {
  const where = whereOf(f);
  const order = page.oldestFirst
    ? [asc(payouts.requestedAt), asc(payouts.id)]
    : [desc(payouts.requestedAt), desc(payouts.id)];
  const query = db
    .select({
      payout: payouts,
      organisationName: organisations.organizationName,
      verifiedAt: organisations.verifiedAt,
      suspendedAt: organisations.suspendedAt,
    })
    .from(payouts)
    .innerJoin(organisations, eq(organisations.id, payouts.organisationId))
    .where(where)
    .orderBy(...order)
    .offset(page.offset);
  const [rows, [total]] = await Promise.all([
    page.limit === null ? query : query.limit(page.limit),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export type ListedPayout = Awaited<ReturnType<typeof listPayouts>>['rows'][number];

export async function findListedPayout(db: Executor, id: number) {
  const [row] = await db
    .select({
      payout: payouts,
      organisationName: organisations.organizationName,
      verifiedAt: organisations.verifiedAt,
      suspendedAt: organisations.suspendedAt,
    })
    .from(payouts)
    .innerJoin(organisations, eq(organisations.id, payouts.organisationId))
    .where(eq(payouts.id, id))
    .limit(1);
  return row;
}

/** The organisation's verification and suspension, read with a payout request. */
export async function findOrganisationStanding(db: Executor, organisationId: number) {
  const [row] = await db
    .select({
      name: organisations.organizationName,
      verifiedAt: organisations.verifiedAt,
      suspendedAt: organisations.suspendedAt,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row;
}

// Settings ---------------------------------------------------------------------------------------

export async function findPayoutSettings(db: Executor) {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.id, 1)).limit(1);
  return row ?? { autoApproveBelowKes: null, autoApproveBelowUsd: null };
}

export async function savePayoutSettings(tx: Executor, kes: number | null, usd: number | null, now: Date) {
  const values = { id: 1, autoApproveBelowKes: kes, autoApproveBelowUsd: usd, updatedAt: now };
  await tx.insert(payoutSettings).values(values).onConflictDoUpdate({ target: payoutSettings.id, set: values });
}

// Bank batches -----------------------------------------------------------------------------------

export async function insertBatch(tx: Executor, currency: string, createdByName: string, now: Date) {
  const [row] = await tx.insert(payoutBatches).values({ currency, createdByName, createdAt: now }).returning();
  return row!;
}

/**
 * Every approved bank payout of `currency` goes into the batch, in one statement (two operators
 * exporting at once never put a payout in two batches). Answers the payouts moved.
 */
export async function fillBatch(tx: Executor, batchId: number, currency: string) {
  return tx
    .update(payouts)
    .set({ batchId, status: 'in_batch' })
    .where(and(eq(payouts.status, 'approved'), eq(payouts.methodType, 'bank'), eq(payouts.currency, currency)))
    .returning();
}

const batchColumns = {
  id: payoutBatches.id,
  currency: payoutBatches.currency,
  createdAt: payoutBatches.createdAt,
  createdByName: payoutBatches.createdByName,
  count: sql<number>`(SELECT count(*)::int FROM ${payouts} p WHERE p.batch_id = "payout_batches"."id")`,
  totalMinor:
    sql<number>`(SELECT coalesce(sum(p.amount_minor), 0)::bigint FROM ${payouts} p WHERE p.batch_id = "payout_batches"."id")`.mapWith(
      Number,
    ),
  paid: sql<number>`(SELECT count(*)::int FROM ${payouts} p WHERE p.batch_id = "payout_batches"."id" AND p.status = 'paid')`,
  failed: sql<number>`(SELECT count(*)::int FROM ${payouts} p WHERE p.batch_id = "payout_batches"."id" AND p.status = 'failed')`,
};

export async function listBatches(db: Db, page: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db.select(batchColumns).from(payoutBatches).orderBy(desc(payoutBatches.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(payoutBatches),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findBatch(db: Executor, id: number) {
  const [row] = await db.select(batchColumns).from(payoutBatches).where(eq(payoutBatches.id, id)).limit(1);
  return row;
}

export type BatchRow = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

/** The organisation's owners, who are told of every change of the method and every payout's end (reads `accounts`). */
export async function listOwners(db: Executor, organisationId: number) {
  return db
    .select({ firstName: accounts.firstName, email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.type, 'organizer'), eq(accounts.role, 'owner'), eq(accounts.organisationId, organisationId)))
    .orderBy(asc(accounts.id));
}

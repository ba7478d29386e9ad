import {
  parseCurrency,
  toMajor,
  toMinor,
  type CreatePayoutBatchBody,
  type ListOperatorPayoutsQuery,
  type OperatorPayout,
  type OperatorSettings,
  type PayoutBatch,
  type SettlePayoutBody,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { toCsv } from '../../lib/csv.js';
import { recordAudit, type AnyAuditActor } from '../audit/index.js';
import { organisationBalances } from '../ledger/index.js';
import { markPayoutPaid, returnPayout } from './payout-outcomes.js';
import { destinationLabel, payoutView } from './payout-view.js';
import {
  fillBatch,
  findBatch,
  findListedPayout,
  findPayoutSettings,
  insertBatch,
  listBatches,
  listPayouts,
  lockPayout,
  savePayoutSettings,
  updatePayout,
  type BatchRow,
  type ListedPayout,
  type PayoutRow,
} from './payouts.repo.js';

/**
 * The operator's side of payouts (docs/product.md#the-operator): the queue, approving and
 * rejecting, bank batches and their settlement, the auto-approval threshold. Every action is
 * recorded in the audit log with the organisation it touched.
 */

/** The durable job that sends one approved M-Pesa payout (mpesa-payouts.ts). */
export const SEND_MPESA_PAYOUT_JOB = 'payouts.send-mpesa';
export interface SendMpesaPayoutJob {
  payoutId: number;
}

const nameOf = (a: AnyAuditActor) => `${a.firstName} ${a.lastName}`.trim() || a.email;

/**
 * Approves a requested payout in the caller's transaction: M-Pesa payouts are queued to be sent
 * (one job per payout), bank payouts wait for the next batch.
 */
export async function approveInTx(tx: Tx, p: PayoutRow, decidedByName: string, now: Date) {
  const approved = await updatePayout(tx, p.id, { status: 'approved', decidedAt: now, decidedByName });
  if (approved.methodType !== 'bank') {
    await enqueueJob<SendMpesaPayoutJob>(
      tx,
      SEND_MPESA_PAYOUT_JOB,
      { payoutId: p.id },
      { dedupeKey: `payout-${p.id}` },
    );
  }
  return approved;
}

async function operatorView(ctx: AppContext, row: ListedPayout): Promise<OperatorPayout> {
  const currency = parseCurrency(row.payout.currency);
  const balance = (await organisationBalances(ctx.db, row.payout.organisationId, ctx.config.payoutDelayDays)).find(
    (b) => b.currency === currency,
  );
  return {
    ...payoutView(row.payout),
    organisation: {
      id: row.payout.organisationId,
      name: row.organisationName,
      verified: row.verifiedAt !== null,
      suspended: row.suspendedAt !== null,
    },
    available_after: toMajor(balance?.availableMinor ?? 0, currency),
  };
}

async function viewById(ctx: AppContext, id: number) {
  const row = await findListedPayout(ctx.db, id);
  if (!row) throw notFound('Payout');
  return operatorView(ctx, row);
}

/** GET v1/operator/payouts: requests oldest first (served in order), any other list newest first. */
export async function listOperatorPayouts(ctx: AppContext, q: ListOperatorPayoutsQuery) {
  const { rows, total } = await listPayouts(
    ctx.db,
    { status: q.status, methodType: q.method_type },
    { offset: (q.page - 1) * q.limit, limit: q.limit, oldestFirst: q.status === 'requested' },
  );
  const data: OperatorPayout[] = [];
  for (const row of rows) data.push(await operatorView(ctx, row));
  return { data, total };
}

const wrongState = (p: PayoutRow, what: string) =>
  conflict(`This payout is ${p.status.replace('_', ' ')}: it cannot be ${what}`, undefined, 'payout.wrong_state');

/** Locks the payout and checks it is in `state`; 404 when missing, 409 `payout.wrong_state` otherwise. */
async function lockIn(tx: Tx, id: number, states: PayoutRow['status'][], what: string) {
  const p = await lockPayout(tx, id);
  if (!p) throw notFound('Payout');
  if (!states.includes(p.status)) throw wrongState(p, what);
  return p;
}

const auditTarget = (p: PayoutRow) => ({ type: 'payout' as const, id: p.id, label: `PO-${p.id}` });
const amountDetails = (p: PayoutRow) => ({
  amount: toMajor(p.amountMinor, parseCurrency(p.currency)),
  currency: p.currency,
  destination: destinationLabel(p),
});

/** POST v1/operator/payouts/{id}/approve. */
export async function approvePayout(ctx: AppContext, actor: AnyAuditActor, id: number, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const p = await lockIn(tx, id, ['requested'], 'approved');
    await approveInTx(tx, p, nameOf(actor), now);
    await recordAudit(
      tx,
      { ...actor, organisationId: p.organisationId },
      {
        action: 'payout.approved',
        target: auditTarget(p),
        details: amountDetails(p),
      },
    );
  });
  return viewById(ctx, id);
}

/** POST v1/operator/payouts/{id}/reject: the money goes back to the balance, the owners are told why. */
export async function rejectPayout(
  ctx: AppContext,
  actor: AnyAuditActor,
  id: number,
  reason: string,
  now = new Date(),
) {
  await ctx.db.transaction(async (tx) => {
    const p = await lockIn(tx, id, ['requested'], 'rejected');
    await returnPayout(ctx, tx, p, 'rejected', reason, now, nameOf(actor));
    await recordAudit(
      tx,
      { ...actor, organisationId: p.organisationId },
      {
        action: 'payout.rejected',
        target: auditTarget(p),
        details: { ...amountDetails(p), reason },
      },
    );
  });
  return viewById(ctx, id);
}

/** POST v1/operator/payouts/{id}/settle: the bank's word on a payout in a batch. */
export async function settlePayout(
  ctx: AppContext,
  actor: AnyAuditActor,
  id: number,
  body: SettlePayoutBody,
  now = new Date(),
) {
  await ctx.db.transaction(async (tx) => {
    const p = await lockIn(tx, id, ['in_batch'], body.outcome === 'paid' ? 'marked paid' : 'marked failed');
    if (body.outcome === 'paid') await markPayoutPaid(ctx, tx, p, body.reference ?? null, now);
    else await returnPayout(ctx, tx, p, 'failed', body.reason, now);
    await recordAudit(
      tx,
      { ...actor, organisationId: p.organisationId },
      {
        action: body.outcome === 'paid' ? 'payout.paid' : 'payout.failed',
        target: auditTarget(p),
        details: {
          ...amountDetails(p),
          batch: p.batchId,
          ...(body.outcome === 'paid' ? { reference: body.reference ?? null } : { reason: body.reason }),
        },
      },
    );
  });
  return viewById(ctx, id);
}

function batchView(b: BatchRow): PayoutBatch {
  const currency = parseCurrency(b.currency);
  return {
    id: b.id,
    currency,
    created_at: b.createdAt.toISOString(),
    created_by: b.createdByName,
    count: b.count,
    total: toMajor(b.totalMinor, currency),
    paid: b.paid,
    failed: b.failed,
    status: b.paid + b.failed === b.count ? 'settled' : 'open',
  };
}

/** POST v1/operator/payout-batches: every approved bank payout of the currency, in one new batch. */
export async function createBatch(
  ctx: AppContext,
  actor: AnyAuditActor,
  body: CreatePayoutBatchBody,
  now = new Date(),
) {
  const id = await ctx.db.transaction(async (tx) => {
    const batch = await insertBatch(tx, body.currency, nameOf(actor), now);
    const moved = await fillBatch(tx, batch.id, body.currency);
    if (moved.length === 0) {
      throw conflict(`No approved bank payouts in ${body.currency} to export`, undefined, 'payout.batch_empty');
    }
    await recordAudit(tx, actor, {
      action: 'payout.batch_created',
      target: { type: 'payout_batch', id: batch.id, label: `Batch ${batch.id}` },
      details: { currency: body.currency, count: moved.length },
    });
    return batch.id;
  });
  return batchView((await findBatch(ctx.db, id))!);
}

/** GET v1/operator/payout-batches. */
export async function listPayoutBatches(db: Db, q: { page: number; limit: number }) {
  const { rows, total } = await listBatches(db, { offset: (q.page - 1) * q.limit, limit: q.limit });
  return { data: rows.map(batchView), total };
}

/**
 * GET v1/operator/payout-batches/{id}.csv: what the operator uploads to the bank, one row per
 * payout with the full account number (never masked here) and the payout's reference.
 */
export async function batchCsv(db: Db, id: number) {
  const batch = await findBatch(db, id);
  if (!batch) throw notFound('Batch');
  const { rows } = await listPayouts(db, { batchId: id }, { offset: 0, limit: null, oldestFirst: true });
  const headers = [
    'Reference',
    'Organisation',
    'Bank',
    'Branch',
    'Account name',
    'Account number',
    'Currency',
    'Amount',
    'Status',
  ];
  const body = rows.map(({ payout: p, organisationName }) => [
    `PO-${p.id}`,
    organisationName,
    p.bank,
    p.branch,
    p.accountName,
    p.accountNumber,
    p.currency,
    toMajor(p.amountMinor, parseCurrency(p.currency)).toFixed(2),
    p.status,
  ]);
  return { fileName: `payout-batch-${id}.csv`, csv: toCsv(headers, body) };
}

/** GET v1/operator/settings. */
export async function getOperatorSettings(db: Db): Promise<OperatorSettings> {
  const s = await findPayoutSettings(db);
  return {
    auto_approve_below: {
      KES: s.autoApproveBelowKes === null ? null : toMajor(s.autoApproveBelowKes, 'KES'),
      USD: s.autoApproveBelowUsd === null ? null : toMajor(s.autoApproveBelowUsd, 'USD'),
    },
  };
}

/** PUT v1/operator/settings. */
export async function putOperatorSettings(
  ctx: AppContext,
  actor: AnyAuditActor,
  body: OperatorSettings,
  now = new Date(),
) {
  const { KES, USD } = body.auto_approve_below;
  await ctx.db.transaction(async (tx) => {
    await savePayoutSettings(
      tx,
      KES === null ? null : toMinor(KES, 'KES'),
      USD === null ? null : toMinor(USD, 'USD'),
      now,
    );
    await recordAudit(tx, actor, {
      action: 'operator.settings_changed',
      details: { auto_approve_below_kes: KES, auto_approve_below_usd: USD },
    });
  });
  return getOperatorSettings(ctx.db);
}

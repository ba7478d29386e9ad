import { randomUUID } from 'node:crypto';
import {
  addDays,
  parseCurrency,
  startOfNairobiDay,
  toMajor,
  toMinor,
  type CreateAdjustmentBody,
  type ListOperatorOrganisationsQuery,
  type OperatorAuditEntry,
  type OperatorOrganisation,
  type OperatorOrganisationDetail,
  type PlatformFigures,
  type PlatformFiguresQuery,
  type PutOrganisationFeesBody,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { recordAudit, type AnyAuditActor } from '../audit/index.js';
import { invalidatePublicCatalogue } from '../catalogue/index.js';
import {
  organisationBalances,
  organisationFees,
  platformAccount,
  organiserAccount,
  postTransaction,
  setOrganisationFees,
} from '../ledger/index.js';
import { getPayoutMethod } from '../payouts/index.js';
import {
  findOrganisationRow,
  listOperatorEntries,
  listOrganisations,
  listOwners,
  platformFigures,
  setSuspended,
  setVerified,
  type OrganisationRow,
} from './operator.repo.js';

/**
 * The operator's console (docs/product.md#the-operator): organisations (search, verify, suspend,
 * their service fee), ledger adjustments, the platform's figures and the operator's own log.
 * Every change is recorded in the audit log with the organisation it touched.
 */

const BASIS_POINTS_PER_PERCENT = 100;

async function organisationView(ctx: AppContext, o: OrganisationRow): Promise<OperatorOrganisation> {
  const [owners, fees] = await Promise.all([
    listOwners(ctx.db, [o.id]),
    organisationFees(ctx.db, ctx.config.serviceFees, o.id),
  ]);
  return {
    id: o.id,
    organization_name: o.organizationName,
    display_name: o.displayName,
    email: o.email,
    msisdn: o.msisdn,
    created_at: o.createdAt.toISOString(),
    owners: owners.map((a) => ({ name: `${a.firstName} ${a.lastName}`.trim() || a.email, email: a.email })),
    verified_at: o.verifiedAt?.toISOString() ?? null,
    suspended_at: o.suspendedAt?.toISOString() ?? null,
    suspension_reason: o.suspensionReason,
    fees: fees.custom
      ? {
          percent: fees.percentBasisPoints / BASIS_POINTS_PER_PERCENT,
          fixed: { KES: toMajor(fees.fixedMinor.KES, 'KES'), USD: toMajor(fees.fixedMinor.USD, 'USD') },
        }
      : { percent: null, fixed: { KES: null, USD: null } },
  };
}

/** GET v1/operator/organisations. */
export async function listOperatorOrganisations(ctx: AppContext, q: ListOperatorOrganisationsQuery) {
  const { rows, total } = await listOrganisations(
    ctx.db,
    { q: q.q, state: q.state },
    { offset: (q.page - 1) * q.limit, limit: q.limit },
  );
  const data: OperatorOrganisation[] = [];
  for (const o of rows) data.push(await organisationView(ctx, o));
  return { data, total };
}

/** GET v1/operator/organisations/{id}: with its payout method and balances. */
export async function operatorOrganisation(ctx: AppContext, id: number): Promise<OperatorOrganisationDetail> {
  const o = await findOrganisationRow(ctx.db, id);
  if (!o) throw notFound('Organisation');
  const [view, method, balances] = await Promise.all([
    organisationView(ctx, o),
    getPayoutMethod(ctx.db, id),
    organisationBalances(ctx.db, id, ctx.config.payoutDelayDays),
  ]);
  return {
    ...view,
    payout_method: method.method,
    payout_method_held_until: method.held_until,
    balances: balances.map((b) => {
      const c = parseCurrency(b.currency);
      return {
        currency: c,
        pending: toMajor(b.pendingMinor, c),
        available: toMajor(b.availableMinor, c),
        paid_out: toMajor(b.paidOutMinor, c),
      };
    }),
  };
}

type Standing = 'verify' | 'unverify' | 'suspend' | 'unsuspend';
const STANDING_ACTIONS = {
  verify: 'operator.organisation_verified',
  unverify: 'operator.organisation_unverified',
  suspend: 'operator.organisation_suspended',
  unsuspend: 'operator.organisation_unsuspended',
} as const;

/**
 * POST v1/operator/organisations/{id}/verify, /unverify, /suspend, /unsuspend. A suspended
 * organisation's events leave the public lists and cannot be booked (the catalogue's cache is
 * cleared at once); its money and bookings stay as they are.
 */
export async function changeStanding(
  ctx: AppContext,
  actor: AnyAuditActor,
  id: number,
  change: Standing,
  reason: string | null = null,
  now = new Date(),
) {
  await ctx.db.transaction(async (tx) => {
    const o = await findOrganisationRow(tx, id);
    if (!o) throw notFound('Organisation');
    if (change === 'verify' || change === 'unverify') await setVerified(tx, id, change === 'verify' ? now : null);
    else await setSuspended(tx, id, change === 'suspend' ? now : null, change === 'suspend' ? reason : null);
    await recordAudit(
      tx,
      { ...actor, organisationId: id },
      {
        action: STANDING_ACTIONS[change],
        target: { type: 'organisation', id, label: o.organizationName },
        details: reason ? { reason } : {},
      },
    );
  });
  if (change === 'suspend' || change === 'unsuspend') invalidatePublicCatalogue(ctx.db);
  return operatorOrganisation(ctx, id);
}

/** PUT v1/operator/organisations/{id}/fees: the organisation's own fee, or back to the defaults (all null). */
export async function putOrganisationFees(
  ctx: AppContext,
  actor: AnyAuditActor,
  id: number,
  body: PutOrganisationFeesBody,
) {
  await ctx.db.transaction(async (tx) => {
    const o = await findOrganisationRow(tx, id);
    if (!o) throw notFound('Organisation');
    const allDefault = body.percent === null && body.fixed.KES === null && body.fixed.USD === null;
    await setOrganisationFees(
      tx,
      id,
      allDefault
        ? null
        : {
            percentBasisPoints: Math.round(
              (body.percent ?? ctx.config.serviceFees.percentBasisPoints / BASIS_POINTS_PER_PERCENT) *
                BASIS_POINTS_PER_PERCENT,
            ),
            fixedMinor: {
              ...(body.fixed.KES === null ? {} : { KES: toMinor(body.fixed.KES, 'KES') }),
              ...(body.fixed.USD === null ? {} : { USD: toMinor(body.fixed.USD, 'USD') }),
            },
          },
    );
    await recordAudit(
      tx,
      { ...actor, organisationId: id },
      {
        action: 'operator.fees_set',
        target: { type: 'organisation', id, label: o.organizationName },
        details: { percent: body.percent, fixed_kes: body.fixed.KES, fixed_usd: body.fixed.USD },
      },
    );
  });
  return operatorOrganisation(ctx, id);
}

/**
 * POST v1/operator/adjustments: a balanced ledger transaction between the organisation's account
 * and the platform's adjustments account, with the operator's reason; a positive amount credits
 * the organiser (docs/product.md#the-operator).
 */
export async function createAdjustment(
  ctx: AppContext,
  actor: AnyAuditActor,
  body: CreateAdjustmentBody,
  now = new Date(),
) {
  const amountMinor = toMinor(body.amount, body.currency);
  const id = await ctx.db.transaction(async (tx) => {
    const o = await findOrganisationRow(tx, body.organisation_id);
    if (!o) throw notFound('Organisation');
    const posted = await postTransaction(tx, {
      kind: 'adjustment',
      causeKey: `adjustment:${randomUUID()}`,
      organisationId: o.id,
      reference: 'Adjustment',
      description: body.reason,
      lines: [
        { account: organiserAccount(o.id), currency: body.currency, amountMinor: -amountMinor },
        { account: platformAccount('adjustments'), currency: body.currency, amountMinor },
      ],
    });
    await recordAudit(
      tx,
      { ...actor, organisationId: o.id },
      {
        action: 'operator.adjustment',
        target: { type: 'organisation', id: o.id, label: o.organizationName },
        details: {
          amount: body.amount,
          currency: body.currency,
          reason: body.reason,
          ledger_transaction: posted.id ?? null,
        },
      },
    );
    return posted.id ?? 0;
  });
  return {
    id,
    organisation_id: body.organisation_id,
    currency: body.currency,
    amount: body.amount,
    reason: body.reason,
    created_at: now.toISOString(),
  };
}

/** GET v1/operator/figures: per currency, for the Nairobi days asked (all time when none). */
export async function figures(ctx: AppContext, q: PlatformFiguresQuery): Promise<PlatformFigures> {
  const rows = await platformFigures(
    ctx.db,
    q.from ? startOfNairobiDay(q.from) : null,
    q.to ? startOfNairobiDay(addDays(q.to, 1)) : null,
  );
  return rows.map((r) => {
    const c = parseCurrency(r.currency);
    const major = (v: number) => toMajor(Number(v), c);
    return {
      currency: c,
      gross_sales: major(r.gross),
      fees: major(r.fees),
      vat_on_fees: major(r.vat),
      refunds: major(r.refunds),
      payouts: major(r.payouts),
      held_for_organisers: major(r.held),
    };
  });
}

/** GET v1/operator/audit. */
export async function operatorAudit(ctx: AppContext, q: { page: number; limit: number }) {
  const { rows, total } = await listOperatorEntries(ctx.db, { offset: (q.page - 1) * q.limit, limit: q.limit });
  const data: OperatorAuditEntry[] = rows.map(({ entry: r, organisationName }) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actor: { id: r.actorAccountId, name: r.actorName, role: r.actorRole },
    action: r.action,
    target: r.targetType && r.targetId !== null ? { type: r.targetType, id: r.targetId, label: r.targetLabel } : null,
    details: r.details,
    address: r.address,
    device: r.device,
    organisation: r.organisationId !== null ? { id: r.organisationId, name: organisationName ?? '' } : null,
  }));
  return { data, total };
}

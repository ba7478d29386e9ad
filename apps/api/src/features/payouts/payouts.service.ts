import {
  PAYOUT_RULES,
  formatAmount,
  isWholeMajor,
  toMajor,
  toMinor,
  toNairobiLocal,
  type ListPayouts,
  type ListPayoutsQuery,
  type Payout,
  type PayoutMethodInput,
  type PayoutMethodState,
  type RequestPayoutBody,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, conflict, forbidden, invalidField } from '../../http/errors.js';
import { checkOwnPassword, requireTwoFactor, type Caller } from '../accounts/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { lockOrganisationBalance } from '../ledger/index.js';
import { enqueueMail, payoutMethodChangedMail } from '../mail/index.js';
import { postPayoutDebit } from './payout-ledger.js';
import { approveInTx } from './payout-review.service.js';
import { destinationLabel, destinationOf, heldUntilOf, methodView, payoutView } from './payout-view.js';
import {
  findOrganisationStanding,
  findPayoutMethod,
  findPayoutSettings,
  insertPayout,
  listOwners,
  listPayouts as listPayoutRows,
  upsertPayoutMethod,
} from './payouts.repo.js';

/**
 * The organiser's side of payouts (docs/product.md#payouts): the payout method, set by the owner
 * with the password typed again and held 48 hours, and payout requests, checked against the
 * available balance read under a lock and debited in the same transaction.
 */

type Organiser = Caller & AuditActor & { organisationId: number };

const HOUR_MS = 3_600_000;

/** The owner alone moves money: a teammate (admin or door) is refused. */
function assertOwner(caller: { role: string | null }, what: string) {
  if (caller.role !== 'owner') throw forbidden(`Only the organisation's owner can ${what}`, 'forbidden.owner_only');
}

/** GET v1/client/payout-method. */
export async function getPayoutMethod(db: Db, organisationId: number, now = new Date()): Promise<PayoutMethodState> {
  const m = await findPayoutMethod(db, organisationId);
  return { method: m ? methodView(m) : null, held_until: heldUntilOf(m, now) };
}

/**
 * PUT v1/client/payout-method: the owner, with two-factor sign-in on, types the password again;
 * the method is replaced, payouts wait 48 hours, and every owner is mailed (a stolen session
 * cannot quietly redirect the money: docs/decisions/0031-payout-safeguards.md).
 */
export async function putPayoutMethod(
  ctx: AppContext,
  actor: Organiser,
  body: PayoutMethodInput,
  now = new Date(),
): Promise<PayoutMethodState> {
  assertOwner(actor, 'set the payout method');
  await requireTwoFactor(ctx.db, actor);
  await checkOwnPassword(ctx, actor, body.password, actor.address);
  const destination = destinationOf(body);
  const heldUntil = new Date(now.getTime() + PAYOUT_RULES.methodHoldHours * HOUR_MS);
  const setByName = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  const standing = await findOrganisationStanding(ctx.db, actor.organisationId);
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await upsertPayoutMethod(tx, {
      organisationId: actor.organisationId,
      ...destination,
      setAt: now,
      setByAccountId: actor.accountId,
      setByName,
      heldUntil,
    });
    await recordAudit(tx, actor, {
      action: 'payout.method_set',
      target: { type: 'organisation', id: actor.organisationId, label: standing?.name ?? null },
      details: { type: row.type, destination: destinationLabel(row), held_until: heldUntil.toISOString() },
    });
    for (const owner of await listOwners(tx, actor.organisationId)) {
      await enqueueMail(tx, {
        to: owner.email,
        ...payoutMethodChangedMail({
          firstName: owner.firstName,
          organisationName: standing?.name ?? 'your organisation',
          changedBy: setByName,
          method: destinationLabel(row),
          heldUntil: toNairobiLocal(heldUntil).replace('T', ' ').slice(0, 16),
          moneyUrl: `${ctx.config.publicUrl}/organizer/money`,
        }),
      });
    }
    return row;
  });
  return { method: methodView(saved), held_until: heldUntilOf(saved, now) };
}

/**
 * Payouts of a verified organisation below the operator's threshold for the currency are approved
 * at once (docs/product.md#payouts); a suspended organisation's never are.
 */
async function autoApproves(tx: Tx, organisationId: number, currency: 'KES' | 'USD', amountMinor: number) {
  const standing = await findOrganisationStanding(tx, organisationId);
  if (!standing?.verifiedAt || standing.suspendedAt) return false;
  const settings = await findPayoutSettings(tx);
  const below = currency === 'KES' ? settings.autoApproveBelowKes : settings.autoApproveBelowUsd;
  return below !== null && amountMinor < below;
}

/**
 * POST v1/client/payouts: the owner asks for some or all of the available balance. Under the
 * balance's lock (docs/decisions/0031-payout-safeguards.md) the amount is checked against what is
 * available and debited in the same transaction, so two requests at once make one payout.
 */
export async function requestPayout(
  ctx: AppContext,
  actor: Organiser,
  body: RequestPayoutBody,
  now = new Date(),
): Promise<Payout> {
  assertOwner(actor, 'request payouts');
  await requireTwoFactor(ctx.db, actor);
  const { currency } = body;
  const amountMinor = toMinor(body.amount, currency);
  const minimum = PAYOUT_RULES.minimum[currency];
  if (amountMinor < toMinor(minimum, currency)) {
    const message = `The smallest payout is ${formatAmount(minimum, currency)}`;
    throw badRequest(message, [{ path: 'amount', message }], 'payout.below_minimum');
  }
  const method = await findPayoutMethod(ctx.db, actor.organisationId);
  if (!method) throw conflict('Set a payout method first', undefined, 'payout.no_method');
  const held = heldUntilOf(method, now);
  if (held) {
    throw conflict(
      `The payout method was changed: payouts wait until ${toNairobiLocal(held).replace('T', ' ').slice(0, 16)} (Nairobi time)`,
      undefined,
      'payout.method_held',
    );
  }
  if (method.type !== 'bank') {
    if (currency !== 'KES') {
      const message = 'M-Pesa pays shillings only: choose KES, or set a bank account for dollars';
      throw badRequest(message, [{ path: 'currency', message }], 'payout.mpesa_kes_only');
    }
    if (!isWholeMajor(amountMinor, currency)) throw invalidField('amount', 'M-Pesa pays whole shillings');
  }
  const requestedByName = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  const payout = await ctx.db.transaction(async (tx) => {
    const balance = await lockOrganisationBalance(tx, actor.organisationId, currency, ctx.config.payoutDelayDays);
    if (amountMinor > balance.availableMinor) {
      const message = `That is more than the available balance (${formatAmount(toMajor(Math.max(0, balance.availableMinor), currency), currency)})`;
      throw conflict(message, [{ path: 'amount', message }], 'payout.exceeds_available');
    }
    const row = await insertPayout(tx, {
      organisationId: actor.organisationId,
      currency,
      amountMinor,
      status: 'requested',
      methodType: method.type,
      msisdn: method.msisdn,
      shortcode: method.shortcode,
      account: method.account,
      bank: method.bank,
      branch: method.branch,
      accountName: method.accountName,
      accountNumber: method.accountNumber,
      requestedAt: now,
      requestedByAccountId: actor.accountId,
      requestedByName,
    });
    await postPayoutDebit(tx, row);
    await recordAudit(tx, actor, {
      action: 'payout.requested',
      target: { type: 'payout', id: row.id, label: `PO-${row.id}` },
      details: { amount: body.amount, currency, destination: destinationLabel(row) },
    });
    if (await autoApproves(tx, actor.organisationId, currency, amountMinor)) {
      return approveInTx(tx, row, 'Automatic approval', now);
    }
    return row;
  });
  return payoutView(payout);
}

/** GET v1/client/payouts: the organisation's payouts, newest first (owner and admins). */
export async function listOwnPayouts(db: Db, organisationId: number, q: ListPayoutsQuery): Promise<ListPayouts> {
  const { rows, total } = await listPayoutRows(
    db,
    { organisationId },
    { offset: (q.page - 1) * q.limit, limit: q.limit },
  );
  return { data: rows.map((r) => payoutView(r.payout)), total };
}

import { formatAmount, parseCurrency, toMajor } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { enqueueMail, payoutOutcomeMail } from '../mail/index.js';
import { postPayoutReturn } from './payout-ledger.js';
import { destinationLabel } from './payout-view.js';
import { listOwners, updatePayout, type PayoutRow } from './payouts.repo.js';

/**
 * The end of a payout (docs/product.md#payouts), in the caller's transaction with the payout
 * locked: paid, or failed / rejected with the money returned to the balance. The caller has
 * checked the payout is in a state that may end so; a final payout never changes again.
 */

/** Mails every owner of the organisation how a payout ended. */
async function mailOwners(ctx: AppContext, tx: Tx, p: PayoutRow, outcome: 'paid' | 'failed' | 'rejected') {
  const currency = parseCurrency(p.currency);
  for (const owner of await listOwners(tx, p.organisationId)) {
    await enqueueMail(tx, {
      to: owner.email,
      ...payoutOutcomeMail({
        firstName: owner.firstName,
        amount: formatAmount(toMajor(p.amountMinor, currency), currency),
        destination: destinationLabel(p),
        outcome,
        reason: p.reason,
        moneyUrl: `${ctx.config.publicUrl}/organizer/money`,
      }),
    });
  }
}

export async function markPayoutPaid(ctx: AppContext, tx: Tx, p: PayoutRow, receipt: string | null, now: Date) {
  const paid = await updatePayout(tx, p.id, { status: 'paid', receipt, paidAt: now });
  await mailOwners(ctx, tx, paid, 'paid');
  return paid;
}

export async function returnPayout(
  ctx: AppContext,
  tx: Tx,
  p: PayoutRow,
  outcome: 'failed' | 'rejected',
  reason: string,
  now: Date,
  decidedByName?: string,
) {
  const ended = await updatePayout(tx, p.id, {
    status: outcome,
    reason,
    ...(outcome === 'rejected' ? { decidedAt: now, decidedByName } : {}),
  });
  await postPayoutReturn(tx, ended, reason);
  await mailOwners(ctx, tx, ended, outcome);
  return ended;
}

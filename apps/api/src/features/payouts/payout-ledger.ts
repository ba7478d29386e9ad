import { parseCurrency } from '@tikiti/contract';
import type { Tx } from '../../db/client.js';
import { clearingAccount, organiserAccount, postTransaction } from '../ledger/index.js';
import { destinationLabel } from './payout-view.js';
import type { PayoutRow } from './payouts.repo.js';

/**
 * A payout's two ledger transactions (docs/decisions/0031-payout-safeguards.md), each written in
 * the transaction of the state change that causes it: the money leaves the organiser's balance
 * when the payout is requested (so a second request cannot spend it), and comes back when the
 * payout fails or is rejected. Each is posted once per payout, whatever runs twice (the cause key).
 */
const clearingOf = (p: PayoutRow) => clearingAccount(p.methodType);

export async function postPayoutDebit(tx: Tx, p: PayoutRow) {
  const currency = parseCurrency(p.currency);
  await postTransaction(tx, {
    kind: 'payout',
    causeKey: `payout:${p.id}`,
    organisationId: p.organisationId,
    reference: `PO-${p.id}`,
    description: `Payout to ${destinationLabel(p)}`,
    lines: [
      { account: organiserAccount(p.organisationId), currency, amountMinor: p.amountMinor },
      { account: clearingOf(p), currency, amountMinor: -p.amountMinor },
    ],
  });
}

export async function postPayoutReturn(tx: Tx, p: PayoutRow, why: string) {
  const currency = parseCurrency(p.currency);
  await postTransaction(tx, {
    kind: 'payout_returned',
    causeKey: `payout-returned:${p.id}`,
    organisationId: p.organisationId,
    reference: `PO-${p.id}`,
    description: `Payout PO-${p.id} returned: ${why}`.slice(0, 300),
    lines: [
      { account: organiserAccount(p.organisationId), currency, amountMinor: -p.amountMinor },
      { account: clearingOf(p), currency, amountMinor: p.amountMinor },
    ],
  });
}

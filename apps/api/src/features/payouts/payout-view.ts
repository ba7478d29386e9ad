import {
  parseCurrency,
  toMajor,
  type Payout,
  type PayoutMethod,
  type PayoutMethodInput,
  type PayoutMethodType,
} from '@tikiti/contract';
import type { PayoutMethodRow, PayoutRow } from './payouts.repo.js';

/** How payout destinations are shown (docs/product.md#payouts): numbers masked but their last digits. */
export const maskTail = (value: string, keep = 3) => (value.length <= keep ? value : `•••• ${value.slice(-keep)}`);

interface Destination {
  type?: PayoutMethodType;
  methodType?: PayoutMethodType;
  msisdn: string | null;
  shortcode: string | null;
  account: string | null;
  bank: string | null;
  branch: string | null;
  accountName: string | null;
  accountNumber: string | null;
}

/** One line naming where the money goes, masked: "M-Pesa •••• 678", "Paybill 888880, account •••• 21". */
export function destinationLabel(d: Destination): string {
  switch (d.type ?? d.methodType) {
    case 'mpesa_b2c':
      return `M-Pesa ${maskTail(d.msisdn ?? '')}`;
    case 'mpesa_b2b':
      return d.account ? `Paybill ${d.shortcode}, account ${maskTail(d.account, 2)}` : `Till ${d.shortcode}`;
    default:
      return `${d.bank}, ${d.branch} ${maskTail(d.accountNumber ?? '', 4)}`;
  }
}

/** The full destination, for the one who pays it (the bank batch, Daraja): never shown masked there. */
export function destinationOf(input: PayoutMethodInput) {
  switch (input.type) {
    case 'mpesa_b2c':
      return { ...NONE, type: input.type, msisdn: input.msisdn };
    case 'mpesa_b2b':
      return { ...NONE, type: input.type, shortcode: input.shortcode, account: input.account ?? null };
    case 'bank':
      return {
        ...NONE,
        type: input.type,
        bank: input.bank,
        branch: input.branch,
        accountName: input.account_name,
        accountNumber: input.account_number.replace(/\s+/g, ' '),
      };
  }
}
const NONE = {
  msisdn: null,
  shortcode: null,
  account: null,
  bank: null,
  branch: null,
  accountName: null,
  accountNumber: null,
};

export function methodView(m: PayoutMethodRow): PayoutMethod {
  return {
    type: m.type,
    label: destinationLabel(m),
    msisdn: m.msisdn ? maskTail(m.msisdn) : null,
    shortcode: m.shortcode,
    account: m.account ? maskTail(m.account, 2) : null,
    bank: m.bank,
    branch: m.branch,
    account_name: m.accountName,
    account_number: m.accountNumber ? maskTail(m.accountNumber, 4) : null,
    set_at: m.setAt.toISOString(),
    set_by: m.setByName,
  };
}

/** Until when payouts wait after the method changed; null once the hold is over. */
export const heldUntilOf = (m: PayoutMethodRow | undefined, now: Date) =>
  m && m.heldUntil.getTime() > now.getTime() ? m.heldUntil.toISOString() : null;

export function payoutView(p: PayoutRow): Payout {
  const currency = parseCurrency(p.currency);
  return {
    id: p.id,
    currency,
    amount: toMajor(p.amountMinor, currency),
    status: p.status,
    method_type: p.methodType,
    destination: destinationLabel(p),
    requested_at: p.requestedAt.toISOString(),
    requested_by: p.requestedByName,
    decided_at: p.decidedAt?.toISOString() ?? null,
    reason: p.reason,
    receipt: p.receipt,
    paid_at: p.paidAt?.toISOString() ?? null,
    batch_id: p.batchId,
  };
}

import { parseCurrency, sumMinor, type Currency } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  ensureAccount,
  findCauseEntries,
  insertEntries,
  insertEntriesAt,
  insertTransaction,
  insertTransactionsAt,
  lockAccount,
  organisationBalanceRows,
  type AccountKind,
  type LedgerKind,
} from './ledger.repo.js';

/**
 * Posting to the double-entry ledger (docs/decisions/0030-ledger.md). Every call runs in the
 * caller's transaction, with the state change that causes it, and posts once per cause.
 */

/** An account of the ledger, one per currency (the line's). */
export type LedgerAccount =
  | { kind: 'organiser'; organisationId: number }
  | { kind: 'platform'; name: 'revenue' | 'vat' | 'adjustments' }
  | { kind: 'clearing'; provider: ClearingProvider };

/** Payment providers money comes in through, and the ways it goes out to organisers. */
export type ClearingProvider = 'stripe' | 'sandbox' | 'mpesa' | 'invoice' | 'mpesa_b2c' | 'mpesa_b2b' | 'bank';

export const organiserAccount = (organisationId: number): LedgerAccount => ({ kind: 'organiser', organisationId });
export const platformAccount = (name: 'revenue' | 'vat' | 'adjustments'): LedgerAccount => ({ kind: 'platform', name });
export const clearingAccount = (provider: ClearingProvider): LedgerAccount => ({ kind: 'clearing', provider });

/** `organiser:42:KES`, `platform:revenue:KES`, `clearing:mpesa:KES`. */
export function accountCode(account: LedgerAccount, currency: Currency): string {
  switch (account.kind) {
    case 'organiser':
      return `organiser:${account.organisationId}:${currency}`;
    case 'platform':
      return `platform:${account.name}:${currency}`;
    case 'clearing':
      return `clearing:${account.provider}:${currency}`;
  }
}

/** A line: a debit when positive, a credit when negative, in integer minor units. */
export interface LedgerLine {
  account: LedgerAccount;
  currency: string;
  amountMinor: number;
}

export interface LedgerPosting {
  kind: LedgerKind;
  /** Unique per cause (`sale:<booking id>`, `payout:<id>`): posting it again does nothing. */
  causeKey: string;
  organisationId: number | null;
  eventId?: number | null;
  reference: string;
  description: string;
  lines: LedgerLine[];
}

export class UnbalancedPostingError extends Error {
  constructor(causeKey: string, currency: string) {
    super(`Ledger posting ${causeKey} does not balance in ${currency}`);
    this.name = 'UnbalancedPostingError';
  }
}

/**
 * Posts a balanced transaction, in the caller's transaction. Lines of 0 are left out; the
 * lines of each currency must add up to 0 (else it throws, and the database's statement trigger
 * would refuse it anyway); they are written in one statement. `created` is false when the cause was posted already.
 */
export async function postTransaction(tx: Tx, p: LedgerPosting): Promise<{ id: number | undefined; created: boolean }> {
  const lines = checkedLines(p);
  if (lines.length === 0) return { id: undefined, created: false };
  const id = await insertTransaction(tx, {
    kind: p.kind,
    causeKey: p.causeKey,
    organisationId: p.organisationId,
    eventId: p.eventId ?? null,
    reference: p.reference,
    description: p.description,
  });
  if (id === undefined) return { id: undefined, created: false };
  const ids = await accountIds(tx, lines);
  await insertEntries(
    tx,
    lines.map((l) => ({
      transactionId: id,
      accountId: ids.get(accountCode(l.account, parseCurrency(l.currency)))!,
      currency: l.currency,
      amountMinor: l.amountMinor,
    })),
  );
  return { id, created: true };
}

/**
 * Many postings at once, dated (the demo's backfill of its past sales): the same lines and
 * checks as `postTransaction`, written in a few statements. Causes posted already are skipped.
 */
export async function postBackdated(tx: Tx, postings: (LedgerPosting & { at: Date })[]) {
  const checked = postings.map((p) => ({ ...p, lines: checkedLines(p) })).filter((p) => p.lines.length > 0);
  if (checked.length === 0) return 0;
  const ids = await accountIds(
    tx,
    checked.flatMap((p) => p.lines),
  );
  const made = await insertTransactionsAt(
    tx,
    checked.map((p) => ({
      kind: p.kind,
      causeKey: p.causeKey,
      organisationId: p.organisationId,
      eventId: p.eventId ?? null,
      reference: p.reference,
      description: p.description,
      createdAt: p.at,
    })),
  );
  const idOf = new Map(made.map((m) => [m.cause_key, m.id]));
  await insertEntriesAt(
    tx,
    checked.flatMap((p) =>
      idOf.has(p.causeKey)
        ? p.lines.map((l) => ({
            transactionId: idOf.get(p.causeKey)!,
            accountId: ids.get(accountCode(l.account, parseCurrency(l.currency)))!,
            currency: l.currency,
            amountMinor: l.amountMinor,
            createdAt: p.at,
          }))
        : [],
    ),
  );
  return made.length;
}

/** The posting's lines without zeros, each whole minor units, balanced per currency (else it throws). */
function checkedLines(p: LedgerPosting): LedgerLine[] {
  const lines = p.lines.filter((l) => l.amountMinor !== 0);
  const byCurrency = new Map<Currency, number[]>();
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amountMinor))
      throw new Error(`Ledger amount ${l.amountMinor} is not whole minor units`);
    const c = parseCurrency(l.currency);
    byCurrency.set(c, [...(byCurrency.get(c) ?? []), l.amountMinor]);
  }
  for (const [c, amounts] of byCurrency) {
    if (sumMinor(amounts) !== 0) throw new UnbalancedPostingError(p.causeKey, c);
  }
  return lines;
}

/** The ids of the lines' accounts, each made on first use. */
async function accountIds(tx: Tx, lines: LedgerLine[]) {
  // Accounts are made (and so locked by their insert) in code order: two postings never wait on each other in a ring.
  const coded = lines
    .map((l) => ({
      ...l,
      currency: parseCurrency(l.currency),
      code: accountCode(l.account, parseCurrency(l.currency)),
    }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const ids = new Map<string, number>();
  for (const l of coded) {
    if (!ids.has(l.code)) {
      ids.set(
        l.code,
        await ensureAccount(tx, {
          code: l.code,
          kind: l.account.kind as AccountKind,
          organisationId: l.account.kind === 'organiser' ? l.account.organisationId : null,
          currency: l.currency,
        }),
      );
    }
  }
  return ids;
}

/** A booking's line as settled: its price per ticket and the fee fixed on it at booking time. */
export interface SettledLine {
  quantity: number;
  unitPriceMinor: number;
  serviceFeeMinor: number;
  serviceFeeVatMinor: number;
}

export interface Sale {
  bookingId: number;
  reference: string;
  organisationId: number;
  eventId: number;
  eventTitle: string;
  currency: string;
  /** What the provider took: the booking's total. */
  totalMinor: number;
  provider: ClearingProvider;
  lines: SettledLine[];
}

/** The service fee and its VAT in a booking: what the platform keeps of it. */
export function feesOf(lines: readonly SettledLine[]) {
  return {
    feeMinor: sumMinor(lines.map((l) => l.serviceFeeMinor * l.quantity)),
    vatMinor: sumMinor(lines.map((l) => l.serviceFeeVatMinor * l.quantity)),
  };
}

/**
 * A settled booking (docs/decisions/0030-ledger.md): the buyer's payment in on the provider's
 * clearing account, the organiser's share, the platform's fee and the VAT on it, posted once
 * per booking (`sale:<id>`). The parts add up to the payment exactly: the share is the rest.
 */
export async function postSale(tx: Tx, s: Sale) {
  return postTransaction(tx, salePosting(s));
}

/** The posting of a sale (shared by settlement and the demo's backfill). */
export function salePosting(s: Sale): LedgerPosting {
  const { feeMinor, vatMinor } = feesOf(s.lines);
  return {
    kind: 'sale',
    causeKey: `sale:${s.bookingId}`,
    organisationId: s.organisationId,
    eventId: s.eventId,
    reference: s.reference,
    description: `Sale: ${s.eventTitle}`,
    lines: [
      { account: clearingAccount(s.provider), currency: s.currency, amountMinor: s.totalMinor },
      {
        account: organiserAccount(s.organisationId),
        currency: s.currency,
        amountMinor: -(s.totalMinor - feeMinor - vatMinor),
      },
      { account: platformAccount('revenue'), currency: s.currency, amountMinor: -feeMinor },
      { account: platformAccount('vat'), currency: s.currency, amountMinor: -vatMinor },
    ],
  };
}

/**
 * The refund's posting from its sale's posting: the same reversal `postRefund` makes from the
 * sale's entries (a passed fee returned, an absorbed one kept).
 */
export function refundPosting(
  sale: LedgerPosting,
  bookingId: number,
  feePassed: boolean,
  reason: string,
): LedgerPosting {
  const lines = feePassed
    ? sale.lines.map((l) => ({ ...l, amountMinor: -l.amountMinor }))
    : sale.lines
        .filter((l) => l.account.kind === 'clearing')
        .flatMap((l) => [
          { ...l, amountMinor: -l.amountMinor },
          { account: organiserAccount(sale.organisationId!), currency: l.currency, amountMinor: l.amountMinor },
        ]);
  return { ...sale, kind: 'refund', causeKey: `refund:${bookingId}`, description: reason, lines };
}

/**
 * A settled booking refunded (whole: refunds are per booking): the buyer's money out of the
 * clearing account it came in on. A fee passed to the buyer goes back with it (the platform's
 * fee and its VAT reversed); an absorbed fee stays the platform's, so the organiser gives back
 * the whole payment (docs/decisions/0030-ledger.md). Posted once (`refund:<id>`); a booking
 * never settled in the ledger posts nothing.
 */
export async function postRefund(tx: Tx, r: { bookingId: number; feePassed: boolean; reason: string }) {
  const sale = await findCauseEntries(tx, `sale:${r.bookingId}`);
  if (sale.length === 0) return { id: undefined, created: false };
  const first = sale[0]!;
  const accountOf = (code: string): LedgerAccount => {
    const [kind, name] = code.split(':') as [AccountKind, string];
    if (kind === 'organiser') return organiserAccount(Number(name));
    if (kind === 'platform') return platformAccount(name as 'revenue' | 'vat' | 'adjustments');
    return clearingAccount(name as ClearingProvider);
  };
  const lines: LedgerLine[] = r.feePassed
    ? sale.map((e) => ({ account: accountOf(e.code), currency: e.currency, amountMinor: -e.amount_minor }))
    : sale
        .filter((e) => e.kind === 'clearing')
        .flatMap((e) => [
          { account: accountOf(e.code), currency: e.currency, amountMinor: -e.amount_minor },
          { account: organiserAccount(first.organisation_id!), currency: e.currency, amountMinor: e.amount_minor },
        ]);
  return postTransaction(tx, {
    kind: 'refund',
    causeKey: `refund:${r.bookingId}`,
    organisationId: first.organisation_id,
    eventId: first.event_id,
    reference: first.reference,
    description: r.reason,
    lines,
  });
}

export interface OrganisationBalance {
  currency: string;
  /** Everything the organisation is owed (its account's credit balance). */
  totalMinor: number;
  pendingMinor: number;
  /** What may be paid out now: total less pending; negative when refunds exceed. */
  availableMinor: number;
  paidOutMinor: number;
}

function balanceOf(r: { currency: string; total_minor: number; pending_minor: number; paid_out_minor: number }) {
  return {
    currency: r.currency,
    totalMinor: r.total_minor,
    pendingMinor: r.pending_minor,
    availableMinor: r.total_minor - r.pending_minor,
    paidOutMinor: r.paid_out_minor,
  };
}

/** The organisation's balances per currency (docs/product.md#balances), without a lock. */
export async function organisationBalances(db: Db | Tx, organisationId: number, delayDays: number) {
  return (await organisationBalanceRows(db, organisationId, delayDays)).map(balanceOf);
}

/**
 * The organisation's balance in one currency with its account row locked until the caller's
 * transaction ends: a second payout request waits here, then sees the first one's posting.
 */
export async function lockOrganisationBalance(
  tx: Tx,
  organisationId: number,
  currency: string,
  delayDays: number,
): Promise<OrganisationBalance> {
  const c = parseCurrency(currency);
  const code = accountCode(organiserAccount(organisationId), c);
  await ensureAccount(tx, { code, kind: 'organiser', organisationId, currency: c });
  await lockAccount(tx, code);
  const [row] = await organisationBalanceRows(tx, organisationId, delayDays, c);
  return balanceOf(row ?? { currency: c, total_minor: 0, pending_minor: 0, paid_out_minor: 0 });
}

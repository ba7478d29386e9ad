import { parseCurrency, sumMinor, type Currency } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { feeRuleFor, serviceFeeOf, type FeeRule } from '../ledger/index.js';
import { findBookingEvent, findLines, setBookingTotal, setLineServiceFees } from './checkout.repo.js';

/** What a new booking of the event will be charged as fee: read before the hold's transaction. */
export interface FeeTerms {
  rule: FeeRule;
  currency: Currency;
  passed: boolean;
}

/** The event's fee terms (its organisation's rule, absorb or pass); undefined for an unknown event. */
export async function feeTermsOf(ctx: AppContext, eventId: number): Promise<FeeTerms | undefined> {
  const event = await findBookingEvent(ctx.db, eventId);
  if (!event) return undefined;
  const currency = parseCurrency(event.currency);
  return {
    rule: await feeRuleFor(ctx.db, ctx.config.serviceFees, event.organisationId, currency),
    currency,
    passed: event.serviceFee === 'pass',
  };
}

/**
 * Fixes the service fee on a new booking's lines (docs/product.md#service-fees), in the hold's
 * transaction: per ticket from the price the buyer pays for it (after any discount), 0 on a
 * free one. When the event passes the fee to the buyer, the booking's total (and the payment
 * recorded with it) includes it. Answers the total. A few statements: the hold's ticket rows
 * stay locked until its commit (docs/decisions/0018-hot-rows-last.md).
 */
export async function fixServiceFees(tx: Tx, bookingId: number, terms: FeeTerms): Promise<number> {
  const lines = await findLines(tx, bookingId);
  const fees = lines.map((l) => ({ line: l, ...serviceFeeOf(l.unitPriceMinor, terms.rule, terms.currency) }));
  await setLineServiceFees(
    tx,
    fees.map((f) => ({ lineId: f.line.id, feeMinor: f.feeMinor, vatMinor: f.vatMinor, passed: terms.passed })),
  );
  const total = sumMinor(
    fees.map((f) => (f.line.unitPriceMinor + (terms.passed ? f.feeMinor + f.vatMinor : 0)) * f.line.quantity),
  );
  if (terms.passed) await setBookingTotal(tx, bookingId, total);
  return total;
}

/** The fee and VAT a booking's buyer pays on top of the tickets (0 when absorbed), minor units. */
export async function passedFeeOf(db: Db | Tx, bookingId: number): Promise<number> {
  const lines = await findLines(db, bookingId);
  return sumMinor(
    lines.filter((l) => l.serviceFeePassed).map((l) => (l.serviceFeeMinor + l.serviceFeeVatMinor) * l.quantity),
  );
}

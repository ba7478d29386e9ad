import { parseCurrency, sumMinor } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { feeRuleFor, serviceFeeOf } from '../ledger/index.js';
import { findBookingEvent, findLines, setBookingTotal, setLineServiceFee } from './checkout.repo.js';

/**
 * Fixes the service fee on a new booking's lines (docs/product.md#service-fees), in the hold's
 * transaction: per ticket from the price the buyer pays for it (after any discount), 0 on a
 * free one. When the event passes the fee to the buyer, the booking's total (and the payment
 * recorded with it) includes it. Answers the total.
 */
export async function fixServiceFees(ctx: AppContext, tx: Tx, bookingId: number, eventId: number): Promise<number> {
  const event = await findBookingEvent(tx, eventId);
  const lines = await findLines(tx, bookingId);
  if (!event) throw new Error(`Booking ${bookingId} has no event`);
  const currency = parseCurrency(event.currency);
  const rule = await feeRuleFor(tx, ctx.config.serviceFees, event.organisationId, currency);
  const passed = event.serviceFee === 'pass';
  let total = 0;
  for (const line of lines) {
    const fee = serviceFeeOf(line.unitPriceMinor, rule, currency);
    await setLineServiceFee(tx, line.id, { ...fee, passed });
    total += (line.unitPriceMinor + (passed ? fee.feeMinor + fee.vatMinor : 0)) * line.quantity;
  }
  if (passed) await setBookingTotal(tx, bookingId, total);
  return total;
}

/** The fee and VAT a booking's buyer pays on top of the tickets (0 when absorbed), minor units. */
export async function passedFeeOf(db: Db | Tx, bookingId: number): Promise<number> {
  const lines = await findLines(db, bookingId);
  return sumMinor(
    lines.filter((l) => l.serviceFeePassed).map((l) => (l.serviceFeeMinor + l.serviceFeeVatMinor) * l.quantity),
  );
}

import { sql } from 'drizzle-orm';
import { BOOKING_STATUS, parseCurrency, SERVICE_FEE_DEFAULTS } from '@tikiti/contract';
import { queryRows, type Tx } from '../client.js';
import { serviceFeesOf } from '../../config.js';
import {
  postBackdated,
  refundPosting,
  salePosting,
  serviceFeeOf,
  type ClearingProvider,
} from '../../features/ledger/index.js';

/**
 * The demo's money (docs/product.md#service-fees, #balances): the default service fee fixed on
 * every line of its settled bookings (its events absorb it, so totals stay as sold), and the
 * ledger's sales and refunds of those bookings, dated when they happened, through the postings
 * settlement and refunds make.
 */
export async function seedDemoLedger(tx: Tx) {
  const rule = serviceFeesOf(SERVICE_FEE_DEFAULTS.percent, SERVICE_FEE_DEFAULTS.fixed);
  const lines = await queryRows<{
    id: number;
    booking_id: number;
    currency: string;
    unit_price_minor: number;
    quantity: number;
  }>(
    tx,
    sql`SELECT l.id, l.booking_id, b.currency, l.unit_price_minor, l.quantity
          FROM booking_lines l JOIN bookings b ON b.id = l.booking_id
         WHERE b.paid_at IS NOT NULL ORDER BY l.id`,
  );
  const fees = lines.map((l) => {
    const currency = parseCurrency(l.currency);
    const fee = serviceFeeOf(
      l.unit_price_minor,
      { percentBasisPoints: rule.percentBasisPoints, fixedMinor: rule.fixedMinor[currency] },
      currency,
    );
    return { ...l, fee_minor: fee.feeMinor, vat_minor: fee.vatMinor };
  });
  await tx.execute(
    sql`UPDATE booking_lines l SET service_fee_minor = x.fee_minor, service_fee_vat_minor = x.vat_minor
          FROM json_to_recordset(${JSON.stringify(fees.map((f) => ({ id: f.id, fee_minor: f.fee_minor, vat_minor: f.vat_minor })))}::json)
            AS x(id integer, fee_minor integer, vat_minor integer)
         WHERE l.id = x.id`,
  );
  const linesOf = new Map<number, typeof fees>();
  for (const f of fees) linesOf.set(f.booking_id, [...(linesOf.get(f.booking_id) ?? []), f]);
  const settled = await queryRows<{
    id: number;
    reference: string;
    status: number;
    currency: string;
    total_minor: number;
    paid_at: string | Date;
    refund_requested_at: string | Date | null;
    event_id: number;
    title: string;
    organisation_id: number;
    provider: string;
  }>(
    tx,
    sql`SELECT b.id, b.reference, b.status, b.currency, b.total_minor, b.paid_at, b.refund_requested_at,
               e.id AS event_id, e.title, e.organisation_id,
               coalesce((SELECT p.provider FROM payments p WHERE p.booking_id = b.id AND p.status = 'succeeded' ORDER BY p.id LIMIT 1), 'sandbox') AS provider
          FROM bookings b JOIN events e ON e.id = b.event_id
         WHERE b.paid_at IS NOT NULL ORDER BY b.paid_at, b.id`,
  );
  const postings = settled.flatMap((b) => {
    const sale = salePosting({
      bookingId: b.id,
      reference: b.reference,
      organisationId: b.organisation_id,
      eventId: b.event_id,
      eventTitle: b.title,
      currency: b.currency,
      totalMinor: b.total_minor,
      provider: b.provider as ClearingProvider,
      lines: (linesOf.get(b.id) ?? []).map((l) => ({
        quantity: l.quantity,
        unitPriceMinor: l.unit_price_minor,
        serviceFeeMinor: l.fee_minor,
        serviceFeeVatMinor: l.vat_minor,
      })),
    });
    const out = [{ ...sale, at: new Date(b.paid_at) }];
    if (b.status === BOOKING_STATUS.refunded) {
      out.push({ ...refundPosting(sale, b.id, false, 'Refund'), at: new Date(b.refund_requested_at ?? b.paid_at) });
    }
    return out;
  });
  return postBackdated(tx, postings);
}

import {
  C2B_RESULT_CODES,
  formatTime,
  nairobiDay,
  toMajor,
  toMinor,
  type BookingPayments,
  type C2BNotification,
  type C2BResult,
  type UnmatchedPayment,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { addPayment, invoiceBookingByReference, paymentsView } from './pay-by-invoice.service.js';
import {
  insertC2BPayment,
  listUnmatchedC2B,
  lockC2BPayment,
  lockInvoiceBooking,
  paidMinorOf,
  setC2BApplied,
  type InvoiceBookingRow,
} from './invoices.repo.js';

const accepted: C2BResult = { ResultCode: C2B_RESULT_CODES.accepted, ResultDesc: 'Accepted' };
const rejected = (code: string, why: string): C2BResult => ({ ResultCode: code, ResultDesc: `Rejected: ${why}` });

/**
 * Only Safaricom may call the C2B URLs (docs/operations.md#m-pesa-paybill-c2b): when
 * MPESA_C2B_ALLOWED_IPS lists addresses, a call from any other is refused with 403 and changes
 * nothing. Empty (development, the simulator) lets every address through.
 */
export function assertC2BCaller(ctx: AppContext, ip: string) {
  const allowed = ctx.config.mpesaC2b.allowedIps;
  const plain = ip.replace(/^::ffff:/, '');
  if (allowed.length > 0 && !allowed.includes(plain)) {
    throw forbidden('This address may not report paybill payments', 'c2b.address_not_allowed');
  }
}

/** Shillings in Daraja's text ("1500.00"); null when it is not a positive amount. */
function amountOf(raw: string | number): number | null {
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isFinite(n) || n <= 0 || Math.round(n * 100) !== n * 100) return null;
  return toMinor(n, 'KES');
}

/** Why a payment cannot go to this booking, or null when it can. */
async function refusalOf(db: Db | Tx, row: InvoiceBookingRow | undefined, amountMinor: number): Promise<string | null> {
  if (!row) return 'No booking awaiting payment has this account number';
  if (row.releasedAt)
    return `The booking was released on ${formatTime(row.releasedAt.toISOString())}, unpaid at its due date`;
  if (row.coveredAt) return 'The booking is paid already';
  if (row.currency !== 'KES') return 'The booking is priced in another currency than shillings';
  const owed = row.totalMinor - (await paidMinorOf(db, row.bookingId));
  if (amountMinor > owed) return `More than is owed (KES ${toMajor(owed, 'KES')})`;
  return null;
}

/**
 * POST v1/payments/mpesa/c2b/validation: Safaricom asks before taking the money. Accepted only
 * for this paybill, an account number that is a booking awaiting payment, and at most what is
 * owed; otherwise Daraja's rejection code, and the customer is not charged.
 */
export async function validateC2B(ctx: AppContext, ip: string, n: C2BNotification): Promise<C2BResult> {
  assertC2BCaller(ctx, ip);
  if (String(n.BusinessShortCode).trim() !== ctx.config.mpesaC2b.shortcode) {
    return rejected(C2B_RESULT_CODES.invalidShortcode, 'unknown business number');
  }
  const amountMinor = amountOf(n.TransAmount);
  if (amountMinor === null) return rejected(C2B_RESULT_CODES.invalidAmount, 'not an amount');
  const row = await invoiceBookingByReference(ctx.db, n.BillRefNumber);
  const refusal = await refusalOf(ctx.db, row, amountMinor);
  if (!row || (refusal && !refusal.startsWith('More than'))) {
    return rejected(C2B_RESULT_CODES.invalidAccountNumber, refusal ?? 'unknown account');
  }
  if (refusal) return rejected(C2B_RESULT_CODES.invalidAmount, refusal);
  return accepted;
}

/**
 * POST v1/payments/mpesa/c2b/confirmation: Safaricom took the money. Kept once per TransID (a
 * repeated confirmation adds nothing); applied to the booking its account number names when it
 * may be (the payments may then cover it, and checkout's settlement job settles it), else kept
 * unmatched, with why, for the organisation to assign. Always acknowledged: the money is taken.
 */
export async function confirmC2B(ctx: AppContext, ip: string, n: C2BNotification): Promise<C2BResult> {
  assertC2BCaller(ctx, ip);
  const amountMinor = amountOf(n.TransAmount);
  if (amountMinor === null) return rejected(C2B_RESULT_CODES.invalidAmount, 'not an amount');
  const account = n.BillRefNumber.trim().toUpperCase();
  await ctx.db.transaction(async (tx) => {
    const found = await invoiceBookingByReference(tx, account);
    const row = found ? await lockInvoiceBooking(tx, found.bookingId) : undefined;
    const refusal =
      String(n.BusinessShortCode).trim() !== ctx.config.mpesaC2b.shortcode
        ? 'Paid to another business number'
        : await refusalOf(tx, row, amountMinor);
    const saved = await insertC2BPayment(tx, {
      transId: n.TransID,
      shortcode: String(n.BusinessShortCode).trim(),
      account,
      amountMinor,
      msisdn: n.MSISDN === undefined ? null : String(n.MSISDN),
      payerName: [n.FirstName, n.MiddleName, n.LastName].filter(Boolean).join(' ') || null,
      transTime: n.TransTime ?? null,
      // Kept unmatched, with why, for the organisation whose booking it names (else the operators').
      organisationId: row?.organisationId ?? null,
      bookingId: refusal || !row ? null : row.bookingId,
      reason: refusal,
    });
    if (!saved || refusal || !row) return; // the same TransID again adds nothing; unmatched is kept
    await addPayment(tx, row, {
      amountMinor,
      paidOn: nairobiDay(new Date()),
      method: 'mpesa',
      reference: n.TransID,
    });
  });
  return accepted;
}

/** GET v1/client/payments/unmatched. */
export async function listUnmatched(db: Db, organisationId: number): Promise<UnmatchedPayment[]> {
  const rows = await listUnmatchedC2B(db, organisationId);
  return rows.map((r) => ({
    id: r.id,
    trans_id: r.transId,
    account: r.account,
    amount: toMajor(r.amountMinor, 'KES'),
    currency: r.currency,
    msisdn: r.msisdn,
    payer_name: r.payerName,
    received_at: r.receivedAt.toISOString(),
    reason: r.reason ?? 'Assigned by hand',
    assigned_booking_reference: r.assignedReference,
    assigned_at: r.assignedAt?.toISOString() ?? null,
  }));
}

/**
 * POST v1/client/payments/unmatched/{id}/assign: the organisation applies one of its unmatched
 * paybill payments to one of its bookings awaiting payment. Audited.
 */
export async function assignUnmatched(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
  bookingReference: string,
): Promise<BookingPayments> {
  return ctx.db.transaction(async (tx) => {
    const payment = await lockC2BPayment(tx, id);
    if (!payment || payment.organisationId !== actor.organisationId) throw notFound('Payment');
    if (payment.bookingId !== null) {
      throw conflict('This payment was applied to a booking already', undefined, 'payment.already_assigned');
    }
    const found = await invoiceBookingByReference(tx, bookingReference);
    const row = found ? await lockInvoiceBooking(tx, found.bookingId) : undefined;
    if (!row || row.organisationId !== actor.organisationId) throw notFound('Booking awaiting payment');
    if (row.currency !== payment.currency) {
      throw new AppError(
        400,
        'payment.currency_mismatch',
        `This booking is priced in ${row.currency}; the payment was in ${payment.currency}`,
      );
    }
    await addPayment(tx, row, {
      amountMinor: payment.amountMinor,
      paidOn: nairobiDay(payment.receivedAt),
      method: 'mpesa',
      reference: payment.transId,
      by: actor.accountId,
    });
    await setC2BApplied(tx, payment.id, {
      bookingId: row.bookingId,
      assignedAt: new Date(),
      assignedBy: actor.accountId,
    });
    await recordAudit(tx, actor, {
      action: 'booking.payment_assigned',
      target: { type: 'booking', id: row.reference, label: row.reference },
      details: { trans_id: payment.transId, amount: toMajor(payment.amountMinor, 'KES'), account: payment.account },
    });
    return paymentsView(tx, (await lockInvoiceBooking(tx, row.bookingId))!);
  });
}

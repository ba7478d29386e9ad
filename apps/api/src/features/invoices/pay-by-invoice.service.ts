import {
  BOOKING_STATUS,
  formatTime,
  invoiceDueAt,
  nairobiDay,
  parseCurrency,
  toMajor,
  toMinor,
  type BookingPayments,
  type Company,
  type RecordPaymentBody,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, conflict, invalidField, notFound } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { INTENT_CHANGED_JOB, type IntentChangedJob } from '../payments/index.js';
import { documentLines, type DocumentContent } from './document-content.js';
import { documentPdf } from './document-pdf.js';
import { partiesOf, type SettledBooking } from './documents.service.js';
import {
  findInvoiceBooking,
  findInvoiceBookingByReference,
  findInvoiceOfBooking,
  findTaxProfile,
  insertInvoiceBooking,
  insertInvoicePayment,
  invoiceBookingFacts,
  listInvoicePayments,
  lockInvoiceBooking,
  markInvoiceBooking,
  paidMinorOf,
  saveBookingCompany,
  type InvoiceBookingRow,
} from './invoices.repo.js';
import { TAX } from '@tikiti/contract';

/** The intent id of a booking paid by invoice at the `invoice` payment provider. */
export const invoiceIntentId = (reference: string) => `booking-${reference}`;

/**
 * Whether pay by invoice may be chosen for this event now (docs/product.md#pay-by-invoice): the
 * event offers it, its start is more than 2 days away, and the organisation has a tax profile.
 * Answers the due date: `invoice_payment_days` from now, never later than 2 days before the start.
 */
export async function invoiceTermsFor(
  db: Db,
  event: { organisationId: number; invoicePaymentDays: number; startTime: Date },
  now = Date.now(),
): Promise<Date> {
  const due = invoiceDueAt(event.invoicePaymentDays, event.startTime, now);
  if (!due) {
    throw invalidField(
      'payment_method',
      event.invoicePaymentDays > 0
        ? 'Pay by invoice closes 2 days before the event starts; pay by card or M-Pesa'
        : 'This event does not offer pay by invoice; pay by card or M-Pesa',
      'invoice.not_offered',
    );
  }
  if (!(await findTaxProfile(db, event.organisationId))) {
    throw conflict(
      'The organiser cannot issue invoices yet; pay by card or M-Pesa',
      [{ path: 'payment_method', message: 'The organiser cannot issue invoices yet' }],
      'invoice.no_tax_profile',
    );
  }
  return due;
}

/** "Buying for a company": kept with the booking, in the hold's transaction. */
export async function saveCompany(tx: Tx, bookingId: number, company: Company) {
  await saveBookingCompany(tx, {
    bookingId,
    name: company.name,
    kraPin: company.kra_pin,
    address: company.address ?? null,
    poNumber: company.po_number ?? null,
  });
}

/**
 * A booking paid by invoice is made (in the hold's transaction, after `saveCompany`): its terms
 * and its proforma's content are kept here, so matching payments and drawing the proforma need no
 * other feature. The paybill and bank details are the ones in force now.
 */
export async function openInvoiceBooking(
  tx: Tx,
  b: Omit<SettledBooking, 'paymentMethod' | 'paymentReference'> & { dueAt: Date },
  paybill: string | null,
  now = new Date(),
) {
  const { profile, issuer, buyer, poNumber } = await partiesOf(tx, b);
  const sums = documentLines(b.lines, issuer.vatRegistered ? TAX.vatRatePercent : null);
  const proforma: DocumentContent = {
    kind: 'proforma',
    number: b.reference,
    issuedAt: now.toISOString(),
    issuer,
    buyer,
    poNumber,
    bookingReference: b.reference,
    event: { title: b.eventTitle, startTime: b.eventStart.toISOString() },
    currency: b.currency,
    vatRatePercent: TAX.vatRatePercent,
    ...sums,
    payment: null,
    refersTo: null,
    dueAt: b.dueAt.toISOString(),
    bank: {
      name: profile?.bankName ?? null,
      branch: profile?.bankBranch ?? null,
      accountName: profile?.bankAccountName ?? null,
      accountNumber: profile?.bankAccountNumber ?? null,
    },
    paybill: b.currency === 'KES' ? paybill : null,
  };
  await insertInvoiceBooking(tx, {
    bookingId: b.bookingId,
    organisationId: b.organisationId,
    reference: b.reference,
    currency: b.currency,
    totalMinor: b.totalMinor,
    dueAt: b.dueAt,
    proforma,
  });
}

/** The proforma PDF of a booking awaiting payment (null when it has none). */
export async function proformaPdf(db: Db, bookingId: number) {
  const row = await findInvoiceBooking(db, bookingId);
  if (!row) return null;
  return { filename: `proforma-${row.reference}.pdf`, content: await documentPdf(row.proforma as DocumentContent) };
}

/**
 * Releases an unpaid booking at its due date, in checkout's transaction (the booking row
 * locked): false when its payments cover it meanwhile (its settlement is on its way) or it was
 * released already.
 */
export async function releaseInvoiceBooking(tx: Tx, bookingId: number, now = new Date()): Promise<boolean> {
  const row = await lockInvoiceBooking(tx, bookingId);
  if (!row || row.releasedAt || row.coveredAt) return false;
  await markInvoiceBooking(tx, bookingId, { releasedAt: now });
  return true;
}

/** What the orders list and the booking's answers show of bookings paid by invoice. */
export async function invoiceBookingState(db: Db | Tx, bookingIds: number[]) {
  const facts = await invoiceBookingFacts(db, bookingIds);
  return new Map(
    facts.map((f) => [
      f.booking_id,
      { dueAt: new Date(f.due_at), paidMinor: f.paid_minor, owedMinor: Math.max(0, f.total_minor - f.paid_minor) },
    ]),
  );
}

/**
 * Adds a payment to a booking awaiting payment, in the caller's transaction (the invoice booking
 * locked): refused once released (the seats went back on sale) or covered, or above what is owed.
 * When the payments now cover the total, the booking is settled by checkout's settlement job
 * (the same path as cards and M-Pesa: the `invoice` provider reports the payments), once.
 */
export async function addPayment(
  tx: Tx,
  row: InvoiceBookingRow,
  p: { amountMinor: number; paidOn: string; method: 'bank' | 'cheque' | 'mpesa'; reference: string; by?: number },
) {
  if (row.releasedAt) {
    throw conflict(
      `This booking was released on ${formatTime(row.releasedAt.toISOString())}, unpaid at its due date, and its tickets went back on sale: the payment cannot be applied to it. Give the money back, or ask the buyer to book again.`,
      undefined,
      'payment.booking_released',
    );
  }
  const paid = await paidMinorOf(tx, row.bookingId);
  const owed = row.totalMinor - paid;
  if (row.coveredAt || owed <= 0) {
    throw conflict('This booking is paid already: nothing is owed', undefined, 'payment.not_awaiting');
  }
  if (p.amountMinor > owed) {
    const currency = parseCurrency(row.currency);
    throw badRequest(
      `Only ${toMajor(owed, currency)} ${currency} is owed`,
      [{ path: 'amount', message: `At most ${toMajor(owed, currency)} ${currency} (what is owed)` }],
      'payment.exceeds_owed',
    );
  }
  await insertInvoicePayment(tx, {
    bookingId: row.bookingId,
    amountMinor: p.amountMinor,
    currency: row.currency,
    paidOn: p.paidOn,
    method: p.method,
    reference: p.reference,
    recordedBy: p.by ?? null,
  });
  const covered = paid + p.amountMinor >= row.totalMinor;
  if (covered) {
    await markInvoiceBooking(tx, row.bookingId, { coveredAt: new Date() });
    await enqueueJob<IntentChangedJob>(
      tx,
      INTENT_CHANGED_JOB,
      { provider: 'invoice', intentId: invoiceIntentId(row.reference) },
      { dedupeKey: `invoice-covered-${row.bookingId}` },
    );
  }
  return covered;
}

async function paymentsView(db: Db | Tx, row: InvoiceBookingRow): Promise<BookingPayments> {
  const [payments, invoice] = await Promise.all([
    listInvoicePayments(db, row.bookingId),
    findInvoiceOfBooking(db, row.bookingId),
  ]);
  const currency = parseCurrency(row.currency);
  const paid = payments.reduce((s, p) => s + p.amountMinor, 0);
  return {
    booking_id: row.bookingId,
    reference: row.reference,
    status: row.releasedAt ? BOOKING_STATUS.failed : invoice ? BOOKING_STATUS.paid : BOOKING_STATUS.awaiting_payment,
    currency,
    total: toMajor(row.totalMinor, currency),
    amount_paid: toMajor(paid, currency),
    amount_owed: toMajor(Math.max(0, row.totalMinor - paid), currency),
    due_at: row.dueAt.toISOString(),
    covered: row.coveredAt !== null,
    payments: payments.map((p) => ({
      id: p.id,
      amount: toMajor(p.amountMinor, currency),
      paid_on: p.paidOn,
      method: p.method,
      reference: p.reference,
      recorded_at: p.recordedAt.toISOString(),
    })),
  };
}

/** The organisation's booking paid by invoice; another organisation's, or one not paid by invoice, is not found. */
async function ownInvoiceBooking(db: Db | Tx, organisationId: number, bookingId: number, lock?: Tx) {
  const row = lock ? await lockInvoiceBooking(lock, bookingId) : await findInvoiceBooking(db, bookingId);
  if (!row || row.organisationId !== organisationId) throw notFound('Booking awaiting payment');
  return row;
}

/** GET v1/client/booking/{id}/payments. */
export async function bookingPayments(db: Db, organisationId: number, bookingId: number) {
  return paymentsView(db, await ownInvoiceBooking(db, organisationId, bookingId));
}

/** POST v1/client/booking/{id}/payments: a bank transfer or cheque received, recorded and audited. */
export async function recordPayment(
  ctx: AppContext,
  actor: AuditActor,
  bookingId: number,
  body: RecordPaymentBody,
  now = new Date(),
): Promise<BookingPayments> {
  if (body.paid_on > nairobiDay(now)) throw invalidField('paid_on', 'The day it was paid cannot be in the future');
  return ctx.db.transaction(async (tx) => {
    const row = await ownInvoiceBooking(tx, actor.organisationId, bookingId, tx);
    const currency = parseCurrency(row.currency);
    const amountMinor = toMinor(body.amount, currency);
    await addPayment(tx, row, {
      amountMinor,
      paidOn: body.paid_on,
      method: body.method,
      reference: body.reference,
      by: actor.accountId,
    });
    await recordAudit(tx, actor, {
      action: 'booking.payment_recorded',
      target: { type: 'booking', id: row.reference, label: row.reference },
      details: { amount: body.amount, currency, method: body.method, reference: body.reference, paid_on: body.paid_on },
    });
    return paymentsView(tx, (await findInvoiceBooking(tx, bookingId))!);
  });
}

/** Finds the booking awaiting payment a paybill account number names. */
export const invoiceBookingByReference = (db: Db | Tx, reference: string) =>
  findInvoiceBookingByReference(db, reference.trim().toUpperCase());

export { paymentsView };

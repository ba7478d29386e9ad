import {
  BOOKING_STATUS,
  formatAmount,
  formatDateRange,
  formatTime,
  INVOICE_PAYMENT,
  parseCurrency,
  sumMinor,
  toMajor,
  type BookEventBody,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { enqueueJob, type JobHandler } from '../../jobs/queue.js';
import {
  amountOwedMinor,
  documentUrlSigner,
  issueBookingInvoice,
  openInvoiceBooking,
  paybillOf,
  releaseInvoiceBooking,
  saveCompany,
  type SettledBooking,
} from '../invoices/index.js';
import type { PaymentRow } from '../payments/index.js';
import {
  enqueueMail,
  invoiceBookingReleasedMail,
  invoiceReminderMail,
  proformaInvoiceMail,
  type InvoiceBookingNotice,
  type MailToSend,
} from '../mail/index.js';
import { invalidatePublicCatalogue } from '../catalogue/index.js';
import { emitBookingEvent } from '../webhooks/index.js';
import {
  findBooking,
  findBookingEvent,
  findLines,
  lockBooking,
  releaseHeld,
  setAwaitingPayment,
  setBookingStatus,
  type BookingRow,
} from './checkout.repo.js';

/**
 * Pay by invoice in checkout (docs/product.md#pay-by-invoice): the booking awaiting payment is
 * made with its hold, its reminders and release are durable jobs queued with it, and its
 * settlement is checkout's one settlement path (the `invoice` provider reports the payments).
 */
export const INVOICE_RELEASE_JOB = 'checkout.release-unpaid-invoice';
export const INVOICE_REMINDER_JOB = 'checkout.invoice-reminder';
const DAY_MS = 86_400_000;

type Event = NonNullable<Awaited<ReturnType<typeof findBookingEvent>>>;
type Lines = Awaited<ReturnType<typeof findLines>>;

/** The attachment of the first mail: the proforma, rebuilt from its stored content when sent. */
export const PROFORMA_PDF = 'proforma-pdf';

/** What the invoices feature is told of a booking (its documents' parties, lines and event). */
export function settledBookingOf(
  booking: BookingRow,
  event: Event,
  lines: Lines,
  payment: Pick<PaymentRow, 'provider' | 'intentId' | 'receiptNumber'> | null,
): SettledBooking {
  return {
    bookingId: booking.id,
    reference: booking.reference,
    organisationId: event.organisationId,
    organiserName: event.organiserName,
    eventId: booking.eventId,
    eventTitle: event.title,
    eventStart: event.startTime,
    fullName: booking.fullName,
    email: booking.email,
    currency: booking.currency,
    totalMinor: booking.totalMinor,
    paymentMethod: booking.paymentMethod,
    paymentReference: payment ? (payment.provider === 'mpesa' ? payment.receiptNumber : payment.intentId) : null,
    lines: [
      ...lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor })),
      // A service fee passed to the buyer is part of what they pay (docs/product.md#service-fees):
      // its own line, so the proforma asks for, and the invoice shows, the booking's total.
      ...passedFeeLine(lines),
    ],
  };
}

function passedFeeLine(lines: Lines) {
  const feeMinor = sumMinor(
    lines.filter((l) => l.serviceFeePassed).map((l) => (l.serviceFeeMinor + l.serviceFeeVatMinor) * l.quantity),
  );
  return feeMinor > 0 ? [{ name: 'Service fee', quantity: 1, unitPriceMinor: feeMinor }] : [];
}

/**
 * Issues the paid booking's invoice in the settling transaction and attaches it to the
 * confirmation mail (docs/product.md#numbering): call it just before the hot ticket rows.
 */
export async function withInvoice(
  tx: Tx,
  booking: BookingRow,
  lines: Lines,
  payment: PaymentRow,
  mail: MailToSend,
): Promise<MailToSend> {
  const event = await findBookingEvent(tx, booking.eventId);
  if (!event) return mail;
  const doc = await issueBookingInvoice(tx, settledBookingOf(booking, event, lines, payment));
  return {
    ...mail,
    attachments: [
      ...(mail.attachments ?? []),
      { filename: `${doc.number}.pdf`, contentType: 'application/pdf', source: `invoice-pdf:${doc.id}` },
    ],
  };
}

async function noticeOf(ctx: AppContext, tx: Tx, booking: BookingRow, sign?: (f: `proforma:${string}`) => string) {
  const [event, lines] = await Promise.all([findBookingEvent(tx, booking.eventId), findLines(tx, booking.id)]);
  const currency = parseCurrency(booking.currency);
  const money = (minor: number) => formatAmount(toMajor(minor, currency), currency);
  const owed = await amountOwedMinor(tx, booking.reference);
  const paybill = currency === 'KES' ? paybillOf(ctx) : null;
  return {
    firstName: booking.fullName.split(/\s+/)[0] ?? '',
    reference: booking.reference,
    eventTitle: event?.title ?? 'your event',
    when: event ? formatDateRange(event.startTime.toISOString(), event.endTime.toISOString()) : '',
    location: event?.location ?? '',
    lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: money(l.unitPriceMinor * l.quantity) })),
    total: money(booking.totalMinor),
    ticketsUrl: `${ctx.config.publicUrl}/account/tickets`,
    due: formatTime(booking.holdExpiresAt.toISOString()),
    owed: money(owed),
    proformaUrl: sign ? ctx.config.publicUrl + sign(`proforma:${booking.reference}`) : '',
    paybill: paybill
      ? `Lipa na M-Pesa, Pay Bill, business number ${paybill}, account number ${booking.reference}`
      : null,
  } satisfies InvoiceBookingNotice;
}

/**
 * Makes a held booking a booking awaiting payment, in the hold's transaction: status 6 until the
 * due date, its terms and proforma kept by invoices, the proforma mailed, and the reminders and
 * the release queued. `sign` is made before the transaction (signing reads the app's secret).
 */
export async function awaitInvoicePayment(
  ctx: AppContext,
  tx: Tx,
  bookingId: number,
  event: Event,
  dueAt: Date,
  sign: (f: `proforma:${string}`) => string,
) {
  await setAwaitingPayment(tx, bookingId, dueAt);
  const booking = (await findBooking(tx, bookingId))!;
  const lines = await findLines(tx, bookingId);
  await openInvoiceBooking(tx, { ...settledBookingOf(booking, event, lines, null), dueAt }, paybillOf(ctx));
  await enqueueMail(tx, {
    to: booking.email,
    ...proformaInvoiceMail(await noticeOf(ctx, tx, booking, sign)),
    attachments: [
      {
        filename: `proforma-${booking.reference}.pdf`,
        contentType: 'application/pdf',
        source: `${PROFORMA_PDF}:${bookingId}`,
      },
    ],
  });
  for (const days of INVOICE_PAYMENT.reminderDaysBefore) {
    const runAt = new Date(dueAt.getTime() - days * DAY_MS);
    if (runAt.getTime() > Date.now()) {
      await enqueueJob(
        tx,
        INVOICE_REMINDER_JOB,
        { bookingId },
        { runAt, dedupeKey: `invoice-reminder-${bookingId}-${days}` },
      );
    }
  }
  await enqueueJob(tx, INVOICE_RELEASE_JOB, { bookingId }, { runAt: dueAt, dedupeKey: `invoice-release-${bookingId}` });
}

/** "Buying for a company", kept with the hold whatever the payment method. */
export async function keepCompany(tx: Tx, bookingId: number, body: BookEventBody) {
  if (body.company) await saveCompany(tx, bookingId, body.company);
}

/** A reminder 3 days and 1 day before the due date, while the booking still awaits payment. */
export const invoiceReminderJob: JobHandler<{ bookingId: number }> = {
  kind: INVOICE_REMINDER_JOB,
  async run({ bookingId }, { ctx }) {
    const booking = await findBooking(ctx.db, bookingId);
    if (!booking || booking.status !== BOOKING_STATUS.awaiting_payment) return;
    const sign = await documentUrlSigner(ctx.db, 'mail');
    await ctx.db.transaction(async (tx) => {
      if ((await amountOwedMinor(tx, booking.reference)) <= 0) return; // paid; settling
      await enqueueMail(tx, { to: booking.email, ...invoiceReminderMail(await noticeOf(ctx, tx, booking, sign)) });
    });
  },
};

/** Not yet due: the release is tried again later (the worker's retry). */
class NotDueYet extends Error {}

/**
 * At the due date an unpaid booking is released (docs/product.md#pay-by-invoice): its tickets go
 * back on sale, it becomes failed/expired (3), the buyer is told and the organiser's webhooks get
 * `booking.cancelled` with `reason: "expired"` (docs/api.md#webhooks). A booking whose payments
 * covered it meanwhile is left to its settlement. Safe to repeat.
 */
export const invoiceReleaseJob: JobHandler<{ bookingId: number }> = {
  kind: INVOICE_RELEASE_JOB,
  retryDelaySeconds: () => 60,
  async run({ bookingId }, { ctx, log }) {
    const released = await ctx.db.transaction(async (tx) => {
      const found = await lockBooking(tx, bookingId);
      if (!found || found.booking.status !== BOOKING_STATUS.awaiting_payment) return false;
      if (found.booking.holdExpiresAt.getTime() > Date.now()) throw new NotDueYet('The booking is not due yet');
      if (!(await releaseInvoiceBooking(tx, bookingId))) return false;
      await releaseHeld(tx, found.lines, bookingId);
      await setBookingStatus(tx, bookingId, BOOKING_STATUS.failed);
      // News to the organiser's systems, once: the lock and the status check above make a second run a no-op.
      await emitBookingEvent(tx, 'booking.cancelled', bookingId, 'expired');
      const notice = await noticeOf(ctx, tx, found.booking);
      await enqueueMail(tx, { to: found.booking.email, ...invoiceBookingReleasedMail(notice) });
      return true;
    });
    if (released) {
      invalidatePublicCatalogue(ctx.db);
      log.info({ bookingId }, 'unpaid invoice booking released');
    }
  },
};

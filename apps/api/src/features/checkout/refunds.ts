import { EVENT_STATUS, formatAmount, parseCurrency, toMajor } from '@tikiti/contract';
import type { Tx } from '../../db/client.js';
import { enqueueJob, type JobHandler } from '../../jobs/queue.js';
import { bookingRefundedMail, enqueueMail, isErasedAddress } from '../mail/index.js';
import { findPayment, findSucceededPayment, markPaymentRefunded } from '../payments/index.js';
import {
  clearRefundError,
  findBooking,
  findBookingEvent,
  markRefundRequested,
  recordRefundError,
  type BookingRow,
} from './checkout.repo.js';
import { providerNamed } from './providers.js';

/**
 * The one job that gives a booking's money back, whatever the cause: an organiser's refund, a
 * cancelled event, a payment that came after its tickets were gone, or a payment for another
 * amount than the booking's (docs/decisions/0010-refunds-and-cancellation.md,
 * docs/decisions/0024-payment-amount-checked.md).
 */
export const REFUND_JOB = 'checkout.refund';

export interface RefundJob {
  bookingId: number;
  /** The payment to give back; else the booking's newest payment that succeeded. */
  paymentId?: number;
  /** Set when the refund comes from the event's cancellation. */
  eventCancelled?: boolean;
  reason?: string | null;
}

/** The idempotency key of one refund request: a replay of the same request never refunds twice. */
export const refundKeyOf = (booking: Pick<BookingRow, 'reference' | 'refundRequestedAt'>) =>
  `refund-${booking.reference}-${booking.refundRequestedAt?.getTime() ?? 0}`;

/**
 * Asks for a booking's money back in the caller's transaction (the booking row locked): the
 * request's time (a new idempotency key), any earlier refusal forgotten, and the job queued
 * with it, so the change that causes the refund and the refund exist together or not at all.
 * `once` names a request that must be made once only (a mismatched payment's refund, which
 * every later settlement of that payment would ask for again): false when it was made already.
 */
export async function requestRefund(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'reference'>,
  job: Omit<RefundJob, 'bookingId'> = {},
  once?: string,
): Promise<boolean> {
  const at = new Date();
  const queued = await enqueueJob<RefundJob>(
    tx,
    REFUND_JOB,
    { bookingId: booking.id, ...job },
    { dedupeKey: once ?? refundKeyOf({ reference: booking.reference, refundRequestedAt: at }) },
  );
  if (queued === null) return false;
  await markRefundRequested(tx, booking.id, at);
  return true;
}

/** The provider's words for a failed refund, without anything that could be a secret. */
function refundErrorOf(err: unknown): string {
  const message = err instanceof Error && err.message ? err.message : 'The payment provider did not answer';
  return message.replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_]+/g, '[key]').slice(0, 300);
}

/**
 * Gives the money back through the provider that took it, then records it (and, for a booking
 * that had been paid, mails the buyer) in one transaction. One failure policy for every cause:
 * a provider failure is recorded on the booking (`refund_error`) for the organiser, who sees it
 * and may retry (a new request, a new key); nothing retries it by itself, since a refusal is
 * rarely cured by waiting and two automatic paths would race the organiser's. Safe to repeat: a
 * recorded refund is not asked again, and the idempotency key (one per request) makes a replay
 * after a crash return the provider's first refund instead of a second one.
 */
export const refundJob: JobHandler<RefundJob> = {
  kind: REFUND_JOB,
  async run({ bookingId, paymentId, eventCancelled, reason }, { ctx, log }) {
    const booking = await findBooking(ctx.db, bookingId);
    if (!booking || booking.refundError !== null) return; // a failed refund waits for the organiser's retry
    const payment = paymentId ? await findPayment(ctx.db, paymentId) : await findSucceededPayment(ctx.db, bookingId);
    if (payment?.refundedAt) return;
    // The provider that took the money: the card provider of this server, or M-Pesa.
    const provider = payment ? providerNamed(ctx, payment.provider) : undefined;
    if (!payment || !provider || payment.provider !== provider.name) {
      await recordRefundError(
        ctx.db,
        bookingId,
        payment
          ? `The payment was taken by ${payment.provider}, which is not set up on this server`
          : 'No payment is on record for this booking',
      );
      return;
    }
    try {
      await provider.refund(payment.intentId, refundKeyOf(booking));
    } catch (err) {
      await recordRefundError(ctx.db, bookingId, refundErrorOf(err));
      log.warn({ bookingId, reference: booking.reference, err: refundErrorOf(err) }, 'refund failed');
      return;
    }
    const event = await findBookingEvent(ctx.db, booking.eventId);
    await ctx.db.transaction(async (tx) => {
      // Recorded here, or by the provider itself (the sandbox keeps its state in our table).
      await markPaymentRefunded(tx, payment.id);
      await clearRefundError(tx, bookingId);
      // A buyer whose booking was paid hears once the money is back; one whose payment was
      // never accepted (late, or not the booking's amount) was told when it was refused.
      if (booking.paidAt === null) return;
      // A buyer who deleted their account was told on screen; their address is gone.
      if (isErasedAddress(booking.email)) return;
      const currency = parseCurrency(booking.currency);
      await enqueueMail(
        tx,
        {
          to: booking.email,
          ...bookingRefundedMail({
            firstName: booking.fullName.split(/\s+/)[0] ?? '',
            reference: booking.reference,
            eventTitle: event?.title ?? 'your event',
            total: formatAmount(toMajor(booking.totalMinor, currency), currency),
            eventCancelled: eventCancelled ?? event?.status === EVENT_STATUS.cancelled,
            reason: reason ?? null,
            paidByInvoice: booking.paymentMethod === 'invoice',
          }),
        },
        { dedupeKey: `refund-mail-${bookingId}` },
      );
    });
    log.info({ bookingId, reference: booking.reference }, 'booking refunded');
  },
};

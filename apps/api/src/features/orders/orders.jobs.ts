import { formatAmount, parseCurrency, toMajor } from '@tikiti/contract';
import type { JobHandler } from '../../jobs/queue.js';
import { findBooking, providerNamed } from '../checkout/index.js';
import { bookingRefundedMail, enqueueMail } from '../mail/index.js';
import { findLatestPayment, markPaymentRefunded } from '../payments/index.js';
import { clearRefundError, eventTitleOf, recordRefundError } from './orders.repo.js';
import { CANCEL_EVENT_JOB, REFUND_JOB, cancelEventBookings, refundKeyOf, type RefundJob } from './orders.service.js';

/** The provider's words for a failed refund, without anything that could be a secret. */
function refundErrorOf(err: unknown): string {
  const message = err instanceof Error && err.message ? err.message : 'The payment provider did not answer';
  return message.replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_]+/g, '[key]').slice(0, 300);
}

/**
 * Gives one refunded booking's money back through the provider that took it, then records it
 * and mails the buyer in one transaction. Safe to repeat: a recorded refund is not asked
 * again, and the provider's idempotency key (one per refund request) makes a replay after a
 * crash (the provider refunded, we did not record it) return the same refund instead of a
 * second one. A provider failure is recorded on the booking for the organiser, who may retry.
 */
export const refundJob: JobHandler<RefundJob> = {
  kind: REFUND_JOB,
  async run({ bookingId, eventCancelled, reason }, { ctx, log }) {
    const booking = await findBooking(ctx.db, bookingId);
    if (!booking || booking.refundError !== null) return; // a failed refund waits for the organiser's retry
    const payment = await findLatestPayment(ctx.db, bookingId);
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
    const event = await eventTitleOf(ctx.db, booking.eventId);
    await ctx.db.transaction(async (tx) => {
      // Recorded here, or by the provider itself (the sandbox keeps its state in our table).
      await markPaymentRefunded(tx, payment.id);
      await clearRefundError(tx, bookingId);
      const currency = parseCurrency(booking.currency);
      await enqueueMail(
        tx,
        {
          to: booking.email,
          ...bookingRefundedMail({
            firstName: booking.fullName.split(/\s+/)[0] ?? '',
            reference: booking.reference,
            eventTitle: event.title,
            total: formatAmount(toMajor(booking.totalMinor, currency), currency),
            eventCancelled: eventCancelled ?? event.cancelled,
            reason: reason ?? null,
          }),
        },
        { dedupeKey: `refund-mail-${bookingId}` },
      );
    });
    log.info({ bookingId, reference: booking.reference }, 'booking refunded');
  },
};

/** A cancelled event's bookings: every paid one refunded (a refund job each), every hold released. */
export const cancelEventJob: JobHandler<{ eventId: number; reason: string | null }> = {
  kind: CANCEL_EVENT_JOB,
  async run({ eventId, reason }, { ctx, log }) {
    const handled = await cancelEventBookings(ctx, eventId, reason);
    log.info({ eventId, bookings: handled }, 'cancelled event bookings handled');
  },
};

export const ordersJobs: JobHandler[] = [refundJob as JobHandler, cancelEventJob as JobHandler];

import { BOOKING_STATUS, EVENT_STATUS } from '@tikiti/contract';

/** Why a ticket that verifies no longer admits anyone; null when it does. */
export type AdmissionRefusal = 'refunded' | 'cancelled' | 'not_paid' | null;

/**
 * The door's question after the sale: does this e-ticket still admit? Its booking refunded
 * (or its tickets revoked) → `refunded`; its event cancelled → `cancelled`; a booking that is
 * not paid → `not_paid`. Everything the door reads is on the ticket, its booking and event.
 */
export function admissionRefusal(t: {
  revokedAt: Date | string | null;
  bookingStatus: number;
  eventStatus: number;
}): AdmissionRefusal {
  if (t.eventStatus === EVENT_STATUS.cancelled) return 'cancelled';
  if (t.revokedAt !== null || t.bookingStatus === BOOKING_STATUS.refunded) return 'refunded';
  if (t.bookingStatus !== BOOKING_STATUS.paid) return 'not_paid';
  return null;
}

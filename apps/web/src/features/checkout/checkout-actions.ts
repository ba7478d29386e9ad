import type { BookEventBody, BookingCreated, PaymentMethod } from '@tikiti/contract';
import { bookEvent } from './api/book-event';
import { isLive, useCheckout, type PendingBooking } from './checkout-store';

export { bookingErrorOf, type BookingProblem } from './booking-errors';

/** The body of POST v1/event/book for a pending booking: only what the call takes. */
export function bookingBody(booking: PendingBooking, method: PaymentMethod): BookEventBody {
  return {
    event_id: booking.event_id,
    tickets: booking.tickets.map(({ id, qty, price }) => ({ id, qty, price })),
    payment_method: method,
    ...(booking.details ? { details: booking.details } : {}),
    ...(method === 'mpesa' && booking.phone ? { phone: booking.phone } : {}),
  };
}

/**
 * The payment of a booking (docs/product.md#checkout-and-payments): a live payment already
 * created for this booking and method is reused; otherwise the booking call holds the tickets
 * and creates one. The booking and its payment go to the checkout store. Callers run it one at
 * a time (`useSingleFlight`), so repeat clicks never create a second payment.
 */
export async function startPayment(
  booking: PendingBooking,
  method: PaymentMethod,
  opts: { fresh?: boolean } = {},
): Promise<BookingCreated> {
  useCheckout.getState().startBooking(booking);
  // A new M-Pesa prompt after a failed one: the server sends it for the same hold.
  if (opts.fresh) useCheckout.getState().dropPayment(method);
  const existing = useCheckout.getState().payments[method];
  if (isLive(existing)) return existing;
  // A new prompt is asked for by the session the first booking gave (a guest's checkout token),
  // so the server finds the same hold instead of taking the buyer for a second guest.
  const payment = await bookEvent(bookingBody(opts.fresh ? { ...booking, details: undefined } : booking, method));
  useCheckout.getState().keepPayment(method, payment);
  return payment;
}

/**
 * Checkout owns bookings and their lines (docs/architecture.md): booking with a hold,
 * settlement by the provider's word, hold expiry and late refunds. Others read the sales
 * figure of the organiser's dashboard, and e-tickets resolve their caller as checkout does (a
 * buyer's session or a guest's checkout token); the composition roots pick up its routes and jobs.
 * Orders (refunds and cancellation) change a booking's state with the same locking and stock
 * steps that settlement uses.
 */
export { paidBookingsByCurrency } from './sales.repo.js';
export { buyerOrCheckoutOf, type CheckoutCaller } from './checkout-caller.js';
export { checkoutTokenKind } from './checkout-keys.js';
export { REFUND_JOB, requestRefund, type RefundJob } from './refunds.js';
export { receivedMismatch } from './received-amount.js';
export {
  findBooking,
  findLines,
  lockBooking,
  releaseHeld,
  releaseSold,
  setBookingStatus,
  type BookingRow,
} from './checkout.repo.js';
export { providerNamed } from './providers.js';
/** The demo seed queues the release of its booking awaiting payment. */
export { INVOICE_RELEASE_JOB } from './invoice-bookings.js';
/**
 * Issue 27: seats returned to a type queue the waiting list's offer job (features/waitlist runs it,
 * and offers through the same stock); a released booking gives its code's uses back.
 */
export { queueSeatsReturned, WAITLIST_FILL_JOB } from './checkout.repo.js';
export { offerTokenHash } from './booking-prices.js';

/**
 * The checkout as other features may use it: the pending booking and its payments, the actions
 * that create a payment (loaded on demand), the card form shown under the details page's
 * 'Credit / Debit' tab (loaded on demand), and the pages the router mounts. Nothing here may
 * weigh on the home page: everything beyond the store loads when a buyer starts to pay.
 */
import { lazy } from 'react';

export { useCheckout, sameBooking, isLive, type CheckoutState, type PendingBooking } from './checkout-store';
export type { BookingProblem } from './booking-errors';

/** startPayment (creates the payment once, reusing a live one) and bookingErrorOf (what a refusal means for the form). */
export const loadCheckoutActions = () => import('./checkout-actions');

export const InlinePayment = lazy(() => import('./components/inline-payment'));

export const checkoutPages = {
  paymentMethod: () => import('./pages/payment-method-page'),
  paymentSuccess: () => import('./pages/payment-success-page'),
};

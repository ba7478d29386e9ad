/** The checkout as other features may use it: the pending booking, and the pages the router mounts. */
export { useCheckout, type CheckoutState, type PendingBooking } from './checkout-store';

export const checkoutPages = {
  paymentMethod: () => import('./pages/payment-method-page'),
  paymentSuccess: () => import('./pages/payment-success-page'),
};

/**
 * The checkout as other features may use it: the pending booking and its payments, pressing pay
 * (`useStartPayment`, whose actions load on demand), the guest's details fields and the refused
 * booking's dialog shared with the details page's booking panel, the card form shown under its
 * 'Credit / Debit' tab (loaded on demand), and the pages the router mounts. Nothing here may weigh
 * on the home page: everything beyond the store and these small pieces loads when a buyer starts
 * to pay.
 */
import { lazy } from 'react';

export { useCheckout, sameBooking, isLive, type CheckoutState, type PendingBooking } from './checkout-store';
export type { BookingProblem } from './booking-errors';
export { useStartPayment, loadCheckoutActions, type BookingField, type StartOutcome } from './use-start-payment';
export { GuestDetailsFields, NO_GUEST_DETAILS } from './components/guest-details-fields';
export { BookingErrorDialog } from './components/booking-error-dialog';
export { NO_CARD, type DelegateCard } from './delegate-card';
export type { DelegatesDraft, PlacedCard } from './delegates';
export { successPath } from './success-path';
export { invoiceDueAt, NO_COMPANY, type CompanyDraft, type CompanyField } from './company';
/** Issue 27: the page's pricing with a code and team prices, and its saving lines (docs/product.md#discount-codes). */
export { summaryOfPicked, codePriceOf, passedFeeOf, type PriceSummary } from './price-summary';
export { SavingLines } from './components/price-summary-lines';

export const InlinePayment = lazy(() => import('./components/inline-payment'));
/** The delegate cards and order questions: loaded with the booking panel's first ticket (docs/decisions/0022-main-thread-on-a-phone.md). */
export const DelegateCards = lazy(() => import('./components/delegate-cards'));
/** "Buying for a company": loaded when the buyer ticks it (docs/product.md#tax-documents). */
export const CompanyFields = lazy(() => import('./components/company-fields'));

export const checkoutPages = {
  paymentMethod: () => import('./pages/payment-method-page'),
  paymentSuccess: () => import('./pages/payment-success-page'),
  /** The waiting list's mail links (docs/product.md#waiting-list): an offer opens checkout; leave. */
  waitlistOffer: () => import('./pages/waitlist-offer-page'),
  waitlistLeave: () => import('./pages/waitlist-leave-page'),
};

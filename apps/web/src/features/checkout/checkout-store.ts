import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { BookEventBody, BookingCreated, BookingLine, PaymentMethod } from '@tikiti/contract';
import { persistFields } from '../../lib/persisted-state';

/**
 * A booking the buyer is about to pay for: the body of POST v1/event/book (docs/product.md#entities-and-fields Booking
 * form) with what the payment page shows: the event's title, each line's ticket name, the
 * total and the event's currency.
 */
export interface PendingBooking extends BookEventBody {
  event_title: string;
  tickets: (BookingLine & { name: string })[];
  total_price: number;
  currency: string;
}

/** Client state of the checkout, kept across reloads: the booking and a payment secret per method. */
export interface CheckoutState {
  booking: PendingBooking | null;
  /** docs/product.md#checkout-and-payments: a secret already created for a method is reused instead of creating a new payment. */
  paymentSecrets: Partial<Record<PaymentMethod, string>>;
  /** What the booking call answered for each method: the hold's end, the reference, the price charged, the provider. */
  payments: Partial<Record<PaymentMethod, BookingCreated>>;
  /** Starts paying for a booking; a payment started for an earlier, different one is never reused. */
  startBooking(booking: PendingBooking): void;
  /** Keeps the payment the booking call created for `method`. */
  keepPayment(method: PaymentMethod, payment: BookingCreated): void;
  /** Forgets every payment of the booking (its hold ended, or the buyer starts again); the booking stays. */
  dropPayments(): void;
  /** Forgets one method's payment (an M-Pesa prompt that failed, before a new one is sent). */
  dropPayment(method: PaymentMethod): void;
  clear(): void;
}

/** The same tickets of the same event for the same buyer: its payment may be reused. */
export function sameBooking(a: PendingBooking | null, b: PendingBooking): boolean {
  if (!a || a.event_id !== b.event_id || a.tickets.length !== b.tickets.length) return false;
  if (a.tickets.some((l, i) => l.id !== b.tickets[i]!.id || l.qty !== b.tickets[i]!.qty)) return false;
  // A guest who booked is signed in afterwards and sends no details: still the same buyer.
  if (!b.details) return true;
  if (!a.details) return false;
  return (
    a.details.email_address === b.details.email_address &&
    a.details.full_name === b.details.full_name &&
    a.details.msisdn === b.details.msisdn
  );
}

/** The hold of this payment has not ended yet. */
export const isLive = (payment: BookingCreated | undefined, now = Date.now()): payment is BookingCreated =>
  payment !== undefined && Date.parse(payment.hold_expires_at) > now;

const noPayments = { paymentSecrets: {}, payments: {} };

export const useCheckout = create<CheckoutState>()(
  persist(
    (set) => ({
      booking: null,
      ...noPayments,
      startBooking: (booking) =>
        set((s) => (sameBooking(s.booking, booking) ? { booking } : { booking, ...noPayments })),
      keepPayment: (method, payment) =>
        set((s) => ({
          paymentSecrets: { ...s.paymentSecrets, [method]: payment.client_secret },
          payments: { ...s.payments, [method]: payment },
        })),
      dropPayments: () => set(noPayments),
      dropPayment: (method) =>
        set((s) => {
          const { [method]: _secret, ...paymentSecrets } = s.paymentSecrets;
          const { [method]: _payment, ...payments } = s.payments;
          return { paymentSecrets, payments };
        }),
      clear: () => set({ booking: null, ...noPayments }),
    }),
    persistFields<CheckoutState, 'booking' | 'paymentSecrets' | 'payments'>(['booking', 'paymentSecrets', 'payments']),
  ),
);

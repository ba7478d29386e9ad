import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { BookEventBody, BookingLine, PaymentMethod } from '@tikiti/contract';
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
  /** Starts paying for a new booking; a payment started for an earlier one is never reused. */
  startBooking(booking: PendingBooking): void;
  clear(): void;
}

export const useCheckout = create<CheckoutState>()(
  persist(
    (set) => ({
      booking: null,
      paymentSecrets: {},
      startBooking: (booking) => set({ booking, paymentSecrets: {} }),
      clear: () => set({ booking: null, paymentSecrets: {} }),
    }),
    persistFields<CheckoutState, 'booking' | 'paymentSecrets'>(['booking', 'paymentSecrets']),
  ),
);

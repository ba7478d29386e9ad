import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { BookEventBody, BookingCreated, BookingLine, GuestDetails, PaymentMethod } from '@tikiti/contract';
import { persistFields } from '../../lib/persisted-state';
import type { CompanyDraft } from './company';
import type { DelegatesDraft } from './delegates';
import type { PriceSummary } from './price-summary';

/**
 * A booking the buyer is about to pay for: the body of POST v1/event/book (docs/product.md#entities-and-fields Booking
 * form) with what the payment page shows: the event's title, each line's ticket name, the
 * total and the event's currency.
 */
export interface PendingBooking extends Omit<BookEventBody, 'company'> {
  event_title: string;
  tickets: (BookingLine & { name: string })[];
  /** What the buyer pays, the service fee included when the event passes it. */
  total_price: number;
  /**
   * The service fee (fee plus VAT) the buyer pays on top of the tickets when the event passes it
   * (docs/product.md#service-fees); absent when the organiser absorbs it.
   */
  service_fee?: number;
  currency: string;
  /**
   * Who each ticket is for and the answers to the organiser's questions, as typed
   * (docs/product.md#delegates-and-questions); `attendees` and `answers` are made from it when
   * the booking is sent.
   */
  delegates?: DelegatesDraft;
  /** "Buying for a company", as typed; absent when the buyer buys for themself. */
  company?: CompanyDraft;
  /**
   * The page's pricing of the lines with the buyer's code and the types' team prices
   * (docs/product.md#discount-codes): the savings shown until the server has priced the booking.
   */
  summary?: PriceSummary;
  /** A waiting-list offer's end (docs/product.md#waiting-list): its seats are held until then. */
  offer_expires_at?: string;
}

/** Client state of the checkout, kept across reloads: the booking and a payment secret per method. */
export interface CheckoutState {
  booking: PendingBooking | null;
  /** docs/product.md#checkout-and-payments: a secret already created for a method is reused instead of creating a new payment. */
  paymentSecrets: Partial<Record<PaymentMethod, string>>;
  /** What the booking call answered for each method: the hold's end, the reference, the price charged, the provider. */
  payments: Partial<Record<PaymentMethod, BookingCreated>>;
  /**
   * The details a guest last booked with on this device: the booking forms start from them, and
   * "Buying for someone else?" empties the form (docs/product.md#guest-checkout).
   */
  guestDetails: GuestDetails | null;
  /** Starts paying for a booking; a payment started for an earlier, different one is never reused. */
  startBooking(booking: PendingBooking): void;
  /**
   * Keeps the payment the booking call created for `method`. The server gave up the buyer's
   * other hold of the event for it (one hold per buyer and event), so other methods' payments go.
   */
  keepPayment(method: PaymentMethod, payment: BookingCreated): void;
  /** Forgets every payment of the booking (its hold ended, or the buyer starts again); the booking stays. */
  dropPayments(): void;
  /**
   * The booking paid by `clientSecret` is paid: when it is this checkout's, whatever the method,
   * the checkout is over and the next one starts afresh (a paid payment is never offered again).
   */
  settled(clientSecret: string): void;
  clear(): void;
}

/** The same guest details, or both none (a signed-in buyer's). */
export function sameDetails(a: GuestDetails | undefined, b: GuestDetails | undefined): boolean {
  if (!a || !b) return a === b;
  return a.email_address === b.email_address && a.full_name === b.full_name && a.msisdn === b.msisdn;
}

/** The same tickets of the same event for the same buyer, delegates and company: its payment may be reused. */
export function sameBooking(a: PendingBooking | null, b: PendingBooking): boolean {
  if (!a || a.event_id !== b.event_id || a.tickets.length !== b.tickets.length) return false;
  if (a.tickets.some((l, i) => l.id !== b.tickets[i]!.id || l.qty !== b.tickets[i]!.qty)) return false;
  // Ticking the news box after the tickets are held books again, so the yes is recorded.
  if (Boolean(a.marketing_consent) !== Boolean(b.marketing_consent)) return false;
  // Another code (or none) prices the booking again; an offer's booking is only ever its own.
  if ((a.code ?? '') !== (b.code ?? '') || (a.offer ?? '') !== (b.offer ?? '')) return false;
  // So is ticking "Send my tickets by SMS too": the booking carries the choice.
  if (Boolean(a.tickets_by_sms) !== Boolean(b.tickets_by_sms)) return false;
  return (
    sameDetails(a.details, b.details) &&
    sameDelegates(a.delegates, b.delegates) &&
    JSON.stringify(a.company ?? null) === JSON.stringify(b.company ?? null)
  );
}

/** The same cards and answers typed: a delegate renamed before paying is a new booking. */
const sameDelegates = (a: DelegatesDraft | undefined, b: DelegatesDraft | undefined) =>
  JSON.stringify([a?.cards ?? [], a?.answers ?? {}]) === JSON.stringify([b?.cards ?? [], b?.answers ?? {}]);

/** The hold of this payment has not ended yet. */
export const isLive = (payment: BookingCreated | undefined, now = Date.now()): payment is BookingCreated =>
  payment !== undefined && Date.parse(payment.hold_expires_at) > now;

const noPayments = { paymentSecrets: {}, payments: {} };

export const useCheckout = create<CheckoutState>()(
  persist(
    (set) => ({
      booking: null,
      guestDetails: null,
      ...noPayments,
      startBooking: (booking) =>
        set((s) => (sameBooking(s.booking, booking) ? { booking } : { booking, ...noPayments })),
      keepPayment: (method, payment) =>
        set((s) => ({
          paymentSecrets: { [method]: payment.client_secret },
          payments: { [method]: payment },
          guestDetails: s.booking?.details ?? s.guestDetails,
        })),
      dropPayments: () => set(noPayments),
      settled: (clientSecret) =>
        set((s) => (Object.values(s.paymentSecrets).includes(clientSecret) ? { booking: null, ...noPayments } : {})),
      clear: () => set({ booking: null, guestDetails: null, ...noPayments }),
    }),
    persistFields<CheckoutState, 'booking' | 'paymentSecrets' | 'payments' | 'guestDetails'>([
      'booking',
      'paymentSecrets',
      'payments',
      'guestDetails',
    ]),
  ),
);

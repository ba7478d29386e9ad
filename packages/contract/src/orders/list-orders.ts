import { z } from 'zod';
import { BOOKING_STATUS, PAYMENT_METHODS } from '../constants.js';
import { emptyToUndefined, pageQuerySchema, paged, queryInt, queryText, text } from '../common.js';
import { envelope } from '../envelope.js';
import { answerViewSchema } from '../attendees/questions.js';
import { companyViewSchema } from '../invoices/kra-pin.js';

/**
 * Where a booking's money stands after an organiser refunded it (or cancelled its event):
 * `none` never asked; `pending` asked, the provider not yet done; `failed` the provider refused
 * the last attempt (`refund_error` says why, and the organiser may retry); `refunded` the money
 * went back.
 */
export const REFUND_STATES = ['none', 'pending', 'failed', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Which bookings an organiser's list shows (docs/product.md#after-the-sale): `sales`, those
 * whose money was taken (paid, refunded after payment, or holding a payment of another amount
 * that is being given back) and those awaiting payment by invoice (status 6, money owed); `holds`, tickets held and never paid (pending, failed or expired,
 * released by a cancellation); `all`.
 */
export const ORDER_KINDS = ['sales', 'holds', 'all'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * GET v1/client/event/{id}/orders: the event's bookings, newest first: by default the sales
 * only, so that a booking on the list means money (`kind`). `q` finds a booking by its
 * reference, or the buyer's name, email or phone (part of it, any case). `status` is a booking
 * status (docs/product.md#booking-status), within `kind` when both are given, else alone. The
 * same query gives the CSV at GET v1/client/event/{id}/orders.csv (every match, not one page).
 */
export const listOrdersQuerySchema = pageQuerySchema.extend({
  q: queryText(100),
  status: queryInt(BOOKING_STATUS.pending, BOOKING_STATUS.awaiting_payment),
  kind: z.preprocess(emptyToUndefined, z.enum(ORDER_KINDS).optional()),
});
export type ListOrdersQuery = z.infer<typeof listOrdersQuerySchema>;

/** One booking as its organiser sees it. Amounts are in major units of `currency`. */
export const orderSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  full_name: z.string(),
  email_address: z.string(),
  msisdn: z.string().nullable(),
  /** E-tickets (or, before payment, tickets held): a line of 2 × "Group of 4" is 2. */
  tickets: z.number().int(),
  /** People those tickets admit: 8 for that line. */
  persons: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The M-Pesa receipt number of a paid M-Pesa booking, else null. */
  receipt_number: z.string().nullable(),
  /**
   * Set when a payment took another amount or currency than the booking's total: what was
   * received, in words. Such a payment settles nothing and is refunded
   * (docs/product.md#checkout-and-payments).
   */
  payment_mismatch: z.string().nullable(),
  /** 1 pending, 2 paid, 3 failed or expired, 4 cancelled, 5 refunded, 6 awaiting payment. */
  status: z.number().int(),
  /** The company bought for, else null. */
  company: companyViewSchema.nullable(),
  /** Pay by invoice: received so far, and still owed (major units); other bookings 0 owed. */
  amount_paid: z.number(),
  amount_owed: z.number(),
  /** Pay by invoice: the due date; null for other bookings. */
  due_at: z.string().nullable(),
  /** Awaiting payment with the due date passed (about to be released). */
  overdue: z.boolean(),
  /** The number of its tax invoice (or receipt) once issued, else null. */
  invoice_number: z.string().nullable(),
  /** When the hold on the tickets ends (or ended): what a pending booking is waiting for. */
  hold_expires_at: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refund_state: z.enum(REFUND_STATES),
  refund_requested_at: z.string().nullable(),
  /** The provider's reason for the last failed refund attempt; null once it succeeds. */
  refund_error: z.string().nullable(),
  /** The buyer's answers to the event's order questions (docs/product.md#delegates-and-questions). */
  answers: z.array(answerViewSchema),
  /** The code the booking was made with, in capitals, else null (docs/product.md#discount-codes). */
  code: z.string().nullable(),
  /** What the code or team tiers took off the booking (major units); `amount` is after it. */
  discount: z.number(),
});
export type Order = z.infer<typeof orderSchema>;
export const listOrdersDataSchema = paged(orderSchema);
export const listOrdersResponseSchema = envelope(listOrdersDataSchema);

/**
 * POST v1/client/booking/{id}/refund → 202: refunds a paid booking whole, through the provider
 * that took the money. At once: the booking is refunded (status 5), its seats go back on sale
 * and its tickets stop admitting; the money follows by a durable job, and the buyer is mailed
 * when it has gone back. Asking again is harmless: for a booking whose refund failed it is the
 * retry; otherwise it answers the booking as it is. 409 for a booking that was never paid.
 */
export const refundBookingResponseSchema = envelope(orderSchema);

/**
 * POST v1/client/event/{id}/cancel → 202: the event leaves the public lists at once and sells
 * nothing more; a durable job then refunds every paid booking (each mailed, with `reason`) and
 * releases pending holds. Asking again answers the same cancellation.
 */
export const cancelEventBodySchema = z.object({
  reason: z.preprocess(emptyToUndefined, text().trim().max(500).optional()),
});
export type CancelEventBody = z.infer<typeof cancelEventBodySchema>;
export const cancelEventSchema = z.object({
  event_id: z.number().int(),
  cancelled_at: z.string(),
  /** Paid bookings the job refunds (all of them; some may be refunded already when asked again). */
  bookings_to_refund: z.number().int(),
});
export type CancelledEvent = z.infer<typeof cancelEventSchema>;
export const cancelEventResponseSchema = envelope(cancelEventSchema);

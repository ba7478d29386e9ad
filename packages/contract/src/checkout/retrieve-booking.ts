import { z } from 'zod';
import { text } from '../common.js';
import { envelope } from '../envelope.js';
import { PAYMENT_METHODS } from '../constants.js';
import { companyViewSchema } from '../invoices/kra-pin.js';
import { PRICE_SOURCES } from '../codes/pricing.js';

/** POST v1/booking/retrieve: the booking behind a payment, found by the payment's client secret. */
export const retrieveBookingBodySchema = z.object({ payment_intent: text().trim().min(1).max(300) });
export type RetrieveBookingBody = z.infer<typeof retrieveBookingBodySchema>;

/** The provider's state of the payment (Stripe's PaymentIntent statuses; the sandbox uses the same). */
export const INTENT_STATUSES = ['requires_payment_method', 'processing', 'succeeded', 'canceled'] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

/** docs/product.md#error-messages: what the buyer reads for each state of the payment. */
export const INTENT_MESSAGES: Record<IntentStatus | 'other', string> = {
  succeeded: 'Payment succeeded!',
  processing: 'Your payment is processing.',
  requires_payment_method: 'Your payment was not successful, please try again.',
  canceled: 'Something went wrong.',
  other: 'Something went wrong.',
};

/** `price_per_ticket` is what was paid per ticket; `list_price`, `discount` and `applied` say how (docs/product.md#discount-codes). */
export const storedBookingLineSchema = z.object({
  name: z.string(),
  no_of_persons: z.number().int(),
  price_per_ticket: z.number(),
  quantity: z.number().int(),
  list_price: z.number().optional(),
  discount: z.number().optional(),
  applied: z.enum(PRICE_SOURCES).nullable().optional(),
});

/**
 * docs/product.md#entities-and-fields Stored booking (status, currency, price, tickets), with
 * what the success page shows: the reference, the hold, the payment's state, the buyer's name
 * and the event.
 */
export const storedBookingSchema = z.object({
  reference: z.string(),
  /** 1 pending, 2 paid, 3 failed or expired, 4 cancelled, 5 refunded, 6 awaiting payment (BOOKING_STATUS_WORDS). */
  status: z.number().int(),
  currency: z.string(),
  price: z.number(),
  /** The service fee (fee plus VAT) inside `price` when passed to the buyer; 0 otherwise. */
  service_fee: z.number().optional(),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.enum(INTENT_STATUSES),
  /** The provider's reason when the last attempt failed ("Your card was declined."). */
  payment_error: z.string().nullable(),
  /** The M-Pesa receipt number (e.g. "SKL4ABC123") once an M-Pesa payment is paid, else null. */
  receipt_number: z.string().nullable(),
  hold_expires_at: z.string(),
  paid_at: z.string().nullable(),
  full_name: z.string(),
  /** The company the booking is for ("Buying for a company"), else null. */
  company: companyViewSchema.nullable(),
  /** Signed URL of the tax invoice (or receipt) PDF once the booking is paid, else null. */
  invoice_url: z.string().nullable(),
  /** Signed URL of the proforma invoice PDF while the booking awaits payment (status 6), else null. */
  proforma_url: z.string().nullable(),
  /** Pay by invoice: when the booking is released unless paid; null for other bookings. */
  due_at: z.string().nullable(),
  /** Pay by invoice: what is still owed (major units); 0 for other bookings. */
  amount_owed: z.number(),
  /**
   * Pay by invoice, while awaiting payment: where to pay, as the proforma prints it (the
   * organiser's bank from its tax profile, the M-Pesa paybill with the booking reference as the
   * account number); else null. Optional: an answer without it sends the buyer to the proforma.
   */
  pay_to: z
    .object({
      paybill: z.string().nullable(),
      account: z.string(),
      bank_name: z.string().nullable(),
      bank_branch: z.string().nullable(),
      bank_account_name: z.string().nullable(),
      bank_account_number: z.string().nullable(),
    })
    .nullable()
    .optional(),
  tickets: z.array(storedBookingLineSchema),
  /** The code the booking was made with (null when none), and what came off its lines (major units). */
  code: z.string().nullable(),
  discount: z.number(),
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    location: z.string(),
    short_description: z.string(),
    image_card: z.string().nullable(),
  }),
});
export type StoredBooking = z.infer<typeof storedBookingSchema>;
export const storedBookingResponseSchema = envelope(storedBookingSchema);

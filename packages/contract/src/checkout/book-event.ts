import { z } from 'zod';
import { LIMITS, PAYMENT_METHODS } from '../constants.js';
import { emailSchema, idSchema, msisdnSchema, text } from '../common.js';
import { envelope } from '../envelope.js';
import { mpesaPhoneSchema } from './mpesa.js';
import { bookingAttendeeSchema } from '../attendees/attendee.js';
import { answerInputSchema } from '../attendees/questions.js';
import { QUESTION_LIMITS } from '../attendees/question-rules.js';
import { companySchema } from '../invoices/kra-pin.js';

/** docs/product.md#validation-rules booking messages, shown in the 'Error!' dialog. */
export const BOOKING_MESSAGES = {
  noTicket: 'Pick a ticket to book this event',
  noDetails: 'Personal details is required to proceed with payment',
  companyForInvoice: 'Pay by invoice is for companies: fill in "Buying for a company"',
} as const;

/**
 * One line of a booking: a ticket type, how many, at the price the buyer saw (major units).
 * The price is only what the buyer saw: the server charges the ticket type's own price.
 */
export const bookingLineSchema = z.object({
  id: idSchema,
  qty: z
    .number()
    .int()
    .min(1, BOOKING_MESSAGES.noTicket)
    .max(LIMITS.quantityPerLineMax, `At most ${LIMITS.quantityPerLineMax} tickets of a type per order`),
  price: z.number().min(0).optional(),
});
export type BookingLine = z.infer<typeof bookingLineSchema>;

/**
 * A guest's details (docs/product.md#validation-rules): all three required; the email must be an
 * address and the phone a number (a leading 0 is read as Kenyan; the server keeps +254…).
 */
const required = (max: number) => text().trim().min(1, BOOKING_MESSAGES.noDetails).max(max);
export const guestDetailsSchema = z.object({
  full_name: required(LIMITS.nameMax),
  email_address: required(254).pipe(emailSchema),
  msisdn: required(20).pipe(msisdnSchema),
});
export type GuestDetails = z.infer<typeof guestDetailsSchema>;

/**
 * POST v1/event/book (docs/api.md#checkout): only lines with a quantity above 0, and `details`
 * when the buyer is a guest. The display-only total and currency of the booking form stay
 * in the browser.
 */
export const bookEventBodySchema = z
  .object({
    event_id: idSchema,
    tickets: z.array(bookingLineSchema).min(1, BOOKING_MESSAGES.noTicket).max(LIMITS.ticketsPerEventMax),
    payment_method: z.enum(PAYMENT_METHODS),
    details: guestDetailsSchema.optional(),
    /** M-Pesa only: the number to send the prompt to (defaults to the buyer's phone). */
    phone: mpesaPhoneSchema.optional(),
    /**
     * M-Pesa only: send a new prompt for the same hold although the last one may still be on the
     * phone (the buyer never saw it). A different `phone` sends a new prompt without it.
     */
    new_prompt: z.boolean().optional(),
    /**
     * Who each ticket is for (docs/product.md#delegates-and-questions): entries name the tickets of
     * each type in order. Without it, or with fewer entries than tickets where the event lets names
     * come later, the rest are "to be named", in the buyer's name meanwhile.
     */
    attendees: z
      .array(bookingAttendeeSchema)
      .max(LIMITS.ticketsPerEventMax * LIMITS.quantityPerLineMax)
      .optional(),
    /** Answers to the event's order questions (asked once, of the buyer). */
    answers: z.array(answerInputSchema).max(QUESTION_LIMITS.perEvent).optional(),
    /**
     * "Buying for a company" (docs/product.md#tax-documents): the invoice is made out to it, with
     * its KRA PIN. Required with `payment_method: 'invoice'` (pay by invoice).
     */
    company: companySchema.optional(),
    /**
     * The buyer ticked "Send me news…" (docs/security.md#consent): recorded with its wording and
     * time. Unticked by default; absent is no.
     */
    marketing_consent: z.boolean().optional(),
    /**
     * "Send my tickets by SMS too" (docs/product.md#messages-to-attendees): once paid, an SMS with
     * the ticket page's link goes to the buyer's phone. Absent is no.
     */
    tickets_by_sms: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.payment_method === 'invoice' && !b.company) {
      ctx.addIssue({ code: 'custom', path: ['company'], message: BOOKING_MESSAGES.companyForInvoice });
    }
  });
export type BookEventBody = z.infer<typeof bookEventBodySchema>;

/**
 * Who takes the money: for cards Stripe when configured, else the built-in sandbox; M-Pesa for
 * `mpesa`; `invoice` for pay by invoice (the company pays later: bank, cheque or paybill).
 */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'mpesa', 'invoice'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * 201 of POST v1/event/book: the payment to confirm (`client_secret`), the booking's
 * reference, and when the hold on its tickets ends. A guest also gets a session token in the
 * `auth` header, which reaches only what this checkout bought.
 */
export const bookingCreatedSchema = z.object({
  client_secret: z.string(),
  booking_reference: z.string(),
  hold_expires_at: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** What will be charged, from the ticket types' own prices (major units). */
  price: z.number(),
  currency: z.string(),
  /**
   * Pay by invoice only (else null): when the booking is released unless paid (status 6,
   * docs/product.md#pay-by-invoice), and the signed URL of its proforma invoice PDF.
   */
  due_at: z.string().nullable(),
  proforma_url: z.string().nullable(),
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;
export const bookingCreatedResponseSchema = envelope(bookingCreatedSchema);

import { z } from 'zod';
import { text } from '../common.js';
import { envelope } from '../envelope.js';
import { PAYMENT_METHODS } from '../constants.js';
import { storedBookingLineSchema } from '../checkout/retrieve-booking.js';
import { ATTENDEE_NAMES, ticketAttendeeSchema } from '../attendees/attendee.js';
import { questionSchema } from '../attendees/questions.js';

/**
 * One e-ticket (docs/product.md#e-tickets-and-signed-codes): one per ticket bought (a "Group of
 * 5" ticket is one e-ticket admitting 5), each with its own signed code.
 */
export const eTicketItemSchema = z.object({
  id: z.number().int(),
  /** The signed code the QR image carries (docs/ticket-codes.md), checkable offline at the door. */
  code: z.string(),
  /** URL of the QR image (PNG) of `code`; works without the token for a while (signed). */
  qr: z.string(),
  /**
   * Its short reference, printed under its QR code: the booking's reference and its number in the
   * booking (`TK-ERZVFGJ-2`); typed at the door, it admits this ticket (docs/ticket-codes.md#typed-references).
   */
  reference: z.string(),
  ticket_type: z.string(),
  /** Its ticket type's id: which of the event's attendee questions its delegate is asked. */
  ticket_type_id: z.number().int(),
  /** How many people it admits. */
  admits: z.number().int(),
  holder_name: z.string(),
  /** True once the booking was refunded or the event cancelled: it no longer admits. */
  revoked: z.boolean(),
  /** Who it is for: the named delegate, or the buyer while it is "to be named". */
  attendee: ticketAttendeeSchema,
  /**
   * Its certificate of attendance once issued and not revoked (docs/product.md#certificates-of-attendance),
   * else null: the PDF's URL (public: the signed code in it is the key) and the verification page.
   */
  certificate: z
    .object({ id: z.number().int(), number: z.string(), pdf_url: z.string(), verify_url: z.string() })
    .nullable(),
});
export type ETicketItem = z.infer<typeof eTicketItemSchema>;

/**
 * PUT v1/tickets/{ticket_id}/attendee (the buyer, until the lock): the ticket as it is now, with
 * a new `id`, `code`, `qr` and the new delegate when the change re-issued it.
 */
export const putTicketAttendeeResponseSchema = envelope(eTicketItemSchema);

/** docs/product.md#entities-and-fields E-ticket: a paid booking with its event and its tickets. */
export const eTicketSchema = z.object({
  /** URL of the QR image of the booking's own code. */
  code_link: z.string(),
  /** The booking's own code; empty while a booking awaits payment by invoice (no tickets yet). */
  booking_code: z.string(),
  /** URL of the booking's PDF: one page per ticket (signed, like `code_link`). */
  link: z.string(),
  event_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  location: z.string(),
  short_description: z.string(),
  image_card: z.string().nullable(),
  /** The event's end has passed. */
  ended: z.boolean(),
  holder_name: z.string(),
  booking: z.object({
    payment_method: z.enum(PAYMENT_METHODS),
    /** The booking reference (spec's "Ticker ID"). */
    booking_id: z.string(),
    currency: z.string(),
    price: z.number(),
    /** The M-Pesa receipt number of an M-Pesa payment, else null. */
    receipt_number: z.string().nullable(),
    tickets: z.array(storedBookingLineSchema),
    /** Signed URL of the booking's tax invoice (or receipt) PDF, null until issued. */
    invoice_url: z.string().nullable(),
    /** Signed URL of the proforma invoice while awaiting payment, else null. */
    proforma_url: z.string().nullable(),
    /**
     * Pay by invoice, while awaiting payment (status 6): when the booking is released unless
     * paid; else null. Optional: an answer without it shows the proforma only.
     */
    due_at: z.string().nullable().optional(),
  }),
  tickets: z.array(eTicketItemSchema),
  /** The event's rule for names (docs/product.md#delegates-and-questions). */
  attendee_names: z.enum(ATTENDEE_NAMES),
  /** Until when the buyer may name or change delegates: the start less the event's lock hours. */
  changes_until: z.string(),
  /** The event's attendee questions, asked when a delegate is named or changed. */
  questions: z.array(questionSchema),
});
export type ETicket = z.infer<typeof eTicketSchema>;

/**
 * GET v1/tickets/delegate/{ticket_id}?sig=…: one delegate's own ticket, from the signed link in
 * their mail: the event and that one ticket (its QR, PDF and calendar file), nothing else of the
 * booking. A link of a ticket re-issued since, or a forged one, is a 404.
 */
export const delegateTicketSchema = z.object({
  event_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  location: z.string(),
  short_description: z.string(),
  image_card: z.string().nullable(),
  ended: z.boolean(),
  /** The delegate's ticket: its code, QR and short reference, and who it is for. */
  ticket: eTicketItemSchema,
  /** URL of this ticket's own PDF (one page), signed like the QR image. */
  link: z.string(),
  /** URL of the event's calendar file, signed. */
  calendar_link: z.string(),
});
export type DelegateTicket = z.infer<typeof delegateTicketSchema>;

export const delegateTicketResponseSchema = envelope(delegateTicketSchema);
/** The `?sig=` of a delegate's link (and of the other signed addresses). */
export const delegateTicketQuerySchema = z.object({ sig: z.string().max(100).optional() });

/** GET v1/tickets/view: the buyer's paid bookings, the soonest upcoming event first, then past ones. */
export const viewTicketsResponseSchema = envelope(z.array(eTicketSchema));

/** POST v1/tickets/email: mails the booking's tickets (with the PDF) to the buyer again. */
export const emailTicketsBodySchema = z.object({ reference: text().trim().min(1).max(20) });
export type EmailTicketsBody = z.infer<typeof emailTicketsBodySchema>;
export const emailTicketsResponseSchema = envelope(z.null());

/** GET v1/tickets/public-key: the keys that sign ticket codes, newest first (door devices try each). */
export const ticketKeysSchema = z.object({
  keys: z.array(z.object({ public_key: z.string(), version: z.number().int(), created_at: z.string() })),
});
export type TicketKeys = z.infer<typeof ticketKeysSchema>;
export const ticketKeysResponseSchema = envelope(ticketKeysSchema);

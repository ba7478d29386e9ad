import { z } from 'zod';
import { ATTENDEE_NAMES } from '../attendees/attendee.js';
import { questionSchema } from '../attendees/questions.js';
import { serviceFeeModeSchema } from '../ledger/service-fee.js';
import { appliedCodeSchema } from '../codes/manage-codes.js';

/** A ticket type as buyers and organisers see it (docs/product.md#entities-and-fields). Prices are major units. */
export const ticketTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  no_of_persons: z.number().int(),
  price_per_ticket: z.number(),
  max_tickets: z.number().int(),
  status: z.number().int(),
  /** Tickets sold (paid) of this type. */
  tickets_bought: z.number().int(),
  /** Tickets still on sale: max_tickets minus sold and currently held. */
  available: z.number().int(),
  /**
   * When the event passes the service fee to the buyer: the fee plus its VAT per ticket, in
   * major units, added to `price_per_ticket` at checkout (0 for a free ticket). Absent when the
   * organiser absorbs it (docs/product.md#service-fees).
   */
  service_fee: z.number().optional(),
  /**
   * Shown only to buyers with an access code (docs/product.md#hidden-ticket-types): public answers
   * carry only hidden types a code revealed; the organiser's own views carry all.
   */
  hidden: z.boolean().default(false),
  /** Team pricing (docs/product.md#team-pricing), lowest `min_qty` first; empty when none. */
  tiers: z.array(z.object({ min_qty: z.number().int(), percent_off: z.number().int() })).default([]),
  /**
   * The type is sold out and its waiting list is open: the page offers "Join the waiting list"
   * (docs/product.md#waiting-list). Organiser views: whether the list is turned on.
   */
  waitlist: z.boolean().default(false),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

/** `slug`: the organiser's page is `/o/{slug}` (GET v1/organizers/{slug}). */
export const organizerSummarySchema = z.object({ id: z.number().int(), display_name: z.string(), slug: z.string() });
export type OrganizerSummary = z.infer<typeof organizerSummarySchema>;

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

/** docs/product.md#entities-and-fields Event, plus `slug`, `image_card`, `category` and `organizer` for display. */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** URL of the full-size image. */
  image: z.string().nullable(),
  /** URL of the card-sized variant. */
  image_card: z.string().nullable(),
  /** `<img srcset>` of the full image as WebP at several widths (our addition). */
  image_srcset: z.string().nullable().optional(),
  /** `<img srcset>` of the card variant as WebP (our addition). */
  image_card_srcset: z.string().nullable().optional(),
  start_time: z.string(),
  end_time: z.string(),
  location: z.string(),
  coordinates: z.string().nullable(),
  full_description: z.string(),
  short_description: z.string(),
  currency: z.string(),
  category_id: z.number().int(),
  category: categorySchema.nullable(),
  organizer: organizerSummarySchema,
  status: z.number().int(),
  tickets_bought: z.number().int(),
  max_tickets: z.number().int(),
  /** Lowest price still on sale (a type with tickets left), null when none is. */
  price_from: z.number().nullable(),
  /** Every open ticket type is sold out (an event with no ticket types is not). */
  sold_out: z.boolean(),
  /** The event's end has passed: it is shown as past and sells nothing. */
  ended: z.boolean(),
  created_at: z.string(),
  tickets: z.array(ticketTypeSchema),
  /** Whether every ticket is named at checkout or names may come later (docs/product.md#delegates-and-questions). */
  attendee_names: z.enum(ATTENDEE_NAMES),
  /** Hours before the start when buyers can no longer name or change delegates. */
  changes_lock_hours: z.number().int(),
  /** Days a company has to pay by invoice (docs/product.md#pay-by-invoice); 0: not offered. */
  invoice_payment_days: z.number().int(),
  /**
   * When pay by invoice can be chosen now: the latest a due date may fall (2 days before the
   * start). A booking's due date is the earlier of now + `invoice_payment_days` and this. Null
   * when it is not offered (0 days, no tax profile, or too close to the start).
   */
  invoice_payment_until: z.string().nullable(),
  /** Who pays the service fee (docs/product.md#service-fees); absent on cards and lists. */
  service_fee: serviceFeeModeSchema.optional(),
  /**
   * When the event passes the fee: its rule (a percentage in basis points, 350 = 3.5 %, and a fixed
   * amount per ticket, major units), so the page works out the fee on a price a code or team
   * price lowered with the contract's `serviceFeeOf`, as the booking will.
   */
  service_fee_rule: z.object({ percent_basis_points: z.number().int(), fixed: z.number() }).optional(),
  /**
   * The questions the checkout asks, in order (event details answers only: the public details and
   * the organiser's own event; lists and cards leave them out).
   */
  questions: z.array(questionSchema).optional(),
  /**
   * GET v1/event/details/{id}?code=…: the code the buyer gave, as the page prices with it
   * (docs/product.md#discount-codes); absent without a code.
   */
  applied_code: appliedCodeSchema.optional(),
});
export type Event = z.infer<typeof eventSchema>;

/** What an event card shows: the event without its full description and ticket types. */
export const eventCardSchema = eventSchema.omit({
  full_description: true,
  tickets: true,
  questions: true,
  attendee_names: true,
  changes_lock_hours: true,
  invoice_payment_days: true,
  invoice_payment_until: true,
  service_fee: true,
  service_fee_rule: true,
  applied_code: true,
});
export type EventCardData = z.infer<typeof eventCardSchema>;

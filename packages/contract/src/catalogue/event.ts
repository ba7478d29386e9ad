import { z } from 'zod';
import { ATTENDEE_NAMES } from '../attendees/attendee.js';
import { questionSchema } from '../attendees/questions.js';

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
  /**
   * The questions the checkout asks, in order (event details answers only: the public details and
   * the organiser's own event; lists and cards leave them out).
   */
  questions: z.array(questionSchema).optional(),
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
});
export type EventCardData = z.infer<typeof eventCardSchema>;

import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * GET v1/client/event/{id}/sales: the event's sales at a glance. Amounts are major units of
 * `currency`. `gross` is every payment taken, `refunded` what went (or is going) back, `net` the
 * difference. Tickets count e-tickets (a "Group of 4" ticket is one, admitting 4 persons).
 */
export const ticketTypeSalesSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  max_tickets: z.number().int(),
  /** Paid. */
  sold: z.number().int(),
  /** In pending bookings whose hold is still running. */
  held: z.number().int(),
  /** Still on sale: max − sold − held, never below 0. */
  left: z.number().int(),
  /** Deleted types keep their sales here; they sell nothing more. */
  deleted: z.boolean(),
});
export type TicketTypeSales = z.infer<typeof ticketTypeSalesSchema>;

/** One Nairobi day with sales: tickets sold that day and their gross. Days without sales are left out. */
export const salesDaySchema = z.object({ day: z.string(), tickets: z.number().int(), gross: z.number() });
export type SalesDay = z.infer<typeof salesDaySchema>;

export const salesSummarySchema = z.object({
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    /** 1 published, 2 draft, 3 cancelled. */
    status: z.number().int(),
    start_time: z.string(),
    end_time: z.string(),
    cancelled_at: z.string().nullable(),
  }),
  currency: z.string(),
  ticket_types: z.array(ticketTypeSalesSchema),
  gross: z.number(),
  refunded: z.number(),
  net: z.number(),
  bookings_paid: z.number().int(),
  /** Bookings refunded, whether their money has gone back yet or not. */
  bookings_refunded: z.number().int(),
  tickets_sold: z.number().int(),
  persons_sold: z.number().int(),
  tickets_checked_in: z.number().int(),
  persons_checked_in: z.number().int(),
  /** Refunds asked for whose money has not gone back yet, and those whose last attempt failed. */
  refunds_pending: z.number().int(),
  refunds_failed: z.number().int(),
  over_time: z.array(salesDaySchema),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;
export const salesSummaryResponseSchema = envelope(salesSummarySchema);

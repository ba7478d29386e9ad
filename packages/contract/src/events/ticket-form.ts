import { z } from 'zod';
import { LIMITS, TICKET_STATUS, TIER_LIMITS } from '../constants.js';
import { moneySchema, numberFromText, text } from '../common.js';
import { envelope } from '../envelope.js';
import { ticketTypeSchema } from '../catalogue/event.js';

/** A ticket type's fields, as numbers: the JSON bodies carry real numbers. */
const ticketFields = {
  name: text().trim().min(1, 'Name is required').max(LIMITS.nameMax),
  price_per_ticket: moneySchema.refine((n) => n > 0 && n <= LIMITS.priceMax, 'Price must be above 0'),
  no_of_persons: z.number({ error: 'Enter a number' }).int('Whole number').min(1, 'At least 1').max(100),
  max_tickets: z
    .number({ error: 'Enter a number' })
    .int('Whole number')
    .min(1, 'At least 1')
    .max(LIMITS.maxTicketsPerType),
};

/**
 * Team pricing (docs/product.md#team-pricing): from `min_qty` tickets of the type in one booking,
 * `percent_off` off each; `min_qty` from 2, each tier's `min_qty` different.
 */
export const tierSchema = z.object({
  min_qty: z
    .number()
    .int('Whole number')
    .min(TIER_LIMITS.minQtyMin, `At least ${TIER_LIMITS.minQtyMin}`)
    .max(LIMITS.quantityPerLineMax, `At most ${LIMITS.quantityPerLineMax}`),
  percent_off: z.number().int('Whole number').min(1, 'From 1 to 100').max(100, 'From 1 to 100'),
});
export const tiersSchema = z
  .array(tierSchema)
  .max(TIER_LIMITS.perTypeMax, `At most ${TIER_LIMITS.perTypeMax} tiers`)
  .refine((ts) => new Set(ts.map((t) => t.min_qty)).size === ts.length, 'Each tier needs its own quantity');

/**
 * Issue 27's fields beside the others, optional: absent, a new type is not hidden and has no
 * tiers, and an updated one keeps what it had (forms that predate them keep working). `hidden`
 * types show only to buyers with an access code (docs/product.md#hidden-ticket-types); `tiers`
 * as above.
 */
const sellingFields = {
  hidden: z.boolean().optional(),
  tiers: tiersSchema.optional(),
};

/** POST v1/event/{id}/ticket/register: an array of new ticket types → 201. */
export const newTicketSchema = z.object({ ...ticketFields, ...sellingFields });
export const registerTicketsBodySchema = z
  .array(newTicketSchema)
  .min(1, 'Add at least one ticket')
  .max(LIMITS.ticketsPerEventMax);
export type RegisterTicketsBody = z.infer<typeof registerTicketsBodySchema>;

const ticketId = z
  .number()
  .int()
  .refine((n) => n === -1 || n > 0, 'id is -1 (new) or an existing id');
const ticketStatus = z
  .number()
  .int()
  .refine((s) => s === TICKET_STATUS.open || s === TICKET_STATUS.deleted, 'Status is 1 (open) or 3 (deleted)');

/** POST v1/event/{id}/ticket/update: id -1 creates, status 3 deletes by hiding. */
export const updatedTicketSchema = z.object({
  id: ticketId,
  ...ticketFields,
  ...sellingFields,
  status: ticketStatus.default(TICKET_STATUS.open),
});
export const updateTicketsBodySchema = z.array(updatedTicketSchema).min(1).max(LIMITS.ticketsPerEventMax);
export type UpdateTicketsBody = z.infer<typeof updateTicketsBodySchema>;

/** One row of the organiser's ticket form (docs/product.md#organiser-side): the same rules, read from typed text. */
export const ticketRowFormSchema = z.object({
  id: ticketId,
  name: ticketFields.name,
  price_per_ticket: numberFromText(ticketFields.price_per_ticket),
  no_of_persons: numberFromText(ticketFields.no_of_persons),
  max_tickets: numberFromText(ticketFields.max_tickets),
  status: ticketStatus.default(TICKET_STATUS.open),
});

export const ticketsResponseSchema = envelope(z.array(ticketTypeSchema));

import { z } from 'zod';
import { LIMITS, TICKET_STATUS } from '../constants.js';
import { moneySchema } from '../common.js';
import { envelope } from '../envelope.js';
import { ticketTypeSchema } from '../catalogue/event.js';

const ticketFields = {
  name: z.string().trim().min(1, 'Name is required').max(LIMITS.nameMax),
  price_per_ticket: moneySchema.refine((n) => n > 0 && n <= LIMITS.priceMax, 'Price must be above 0'),
  no_of_persons: z.coerce.number().int('Whole number').min(1, 'At least 1').max(100),
  max_tickets: z.coerce.number().int('Whole number').min(1, 'At least 1').max(LIMITS.maxTicketsPerType),
};

/** POST v1/event/{id}/ticket/register: an array of new ticket types → 201. */
export const newTicketSchema = z.object(ticketFields);
export const registerTicketsBodySchema = z
  .array(newTicketSchema)
  .min(1, 'Add at least one ticket')
  .max(LIMITS.ticketsPerEventMax);
export type RegisterTicketsBody = z.infer<typeof registerTicketsBodySchema>;

/** POST v1/event/{id}/ticket/update: id -1 creates, status 3 deletes by hiding. */
export const updatedTicketSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || n > 0, 'id is -1 (new) or an existing id'),
  ...ticketFields,
  status: z.coerce
    .number()
    .int()
    .refine((s) => s === TICKET_STATUS.open || s === TICKET_STATUS.deleted, 'Status is 1 (open) or 3 (deleted)')
    .default(TICKET_STATUS.open),
});
export const updateTicketsBodySchema = z.array(updatedTicketSchema).min(1).max(LIMITS.ticketsPerEventMax);
export type UpdateTicketsBody = z.infer<typeof updateTicketsBodySchema>;

export const ticketsResponseSchema = envelope(z.array(ticketTypeSchema));

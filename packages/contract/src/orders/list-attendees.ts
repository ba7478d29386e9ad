import { z } from 'zod';
import { emptyToUndefined, pageQuerySchema, paged, queryText } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * GET v1/client/event/{id}/attendees: one row per e-ticket of the event (refunded ones
 * included, marked), by holder name. `q` finds a holder, booking reference or ticket type;
 * `checked_in` keeps those in (`yes`) or not yet in (`no`). The same query gives the CSV at
 * GET v1/client/event/{id}/attendees.csv.
 */
export const listAttendeesQuerySchema = pageQuerySchema.extend({
  q: queryText(100),
  checked_in: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
});
export type ListAttendeesQuery = z.infer<typeof listAttendeesQuerySchema>;

export const attendeeSchema = z.object({
  /** The e-ticket's id. */
  id: z.number().int(),
  holder_name: z.string(),
  email_address: z.string(),
  ticket_type: z.string(),
  admits: z.number().int(),
  booking_id: z.number().int(),
  booking_reference: z.string(),
  /** Its place among its booking's tickets (1-based), as its PDF page says: "Ticket 2 of 3". */
  ticket_number: z.number().int(),
  tickets_in_booking: z.number().int(),
  /** True once its booking was refunded or its event cancelled: it no longer admits. */
  revoked: z.boolean(),
  checked_in_at: z.string().nullable(),
  /** The door device that admitted it (its name, as the door page calls it). */
  checked_in_device: z.string().nullable(),
});
export type Attendee = z.infer<typeof attendeeSchema>;
export const listAttendeesDataSchema = paged(attendeeSchema);
export const listAttendeesResponseSchema = envelope(listAttendeesDataSchema);

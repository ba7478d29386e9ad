import { z } from 'zod';
import { emptyToUndefined, pageQuerySchema, paged, queryText } from '../common.js';
import { envelope } from '../envelope.js';
import { answerViewSchema } from '../attendees/questions.js';

/**
 * GET v1/client/event/{id}/attendees: one row per live e-ticket of the event (refunded ones
 * included, marked; a re-issued ticket's old code is not a row), by holder name. `q` finds a
 * delegate (name, email, phone, company), booking reference or ticket type; `checked_in` keeps
 * those in (`yes`) or not yet in (`no`); `names` keeps the tickets still `to_be_named`, or those
 * whose delegate was `changed` since the booking. The same query gives the CSV at
 * GET v1/client/event/{id}/attendees.csv, with a column per question.
 */
export const ATTENDEE_NAME_FILTERS = ['to_be_named', 'changed'] as const;
export type AttendeeNameFilter = (typeof ATTENDEE_NAME_FILTERS)[number];
export const listAttendeesQuerySchema = pageQuerySchema.extend({
  q: queryText(100),
  checked_in: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  names: z.preprocess(emptyToUndefined, z.enum(ATTENDEE_NAME_FILTERS).optional()),
});
export type ListAttendeesQuery = z.infer<typeof listAttendeesQuerySchema>;

export const attendeeSchema = z.object({
  /** The e-ticket's id. */
  id: z.number().int(),
  /** The delegate's name (the buyer's while the ticket is to be named). */
  holder_name: z.string(),
  /** The delegate's email, else the buyer's. */
  email_address: z.string(),
  /** The delegate's own email, null when none was given (`email_address` is then the buyer's): what a rename starts from. */
  delegate_email: z.string().nullable(),
  msisdn: z.string().nullable(),
  company: z.string().nullable(),
  job_title: z.string().nullable(),
  /** False while the ticket is "to be named". */
  named: z.boolean(),
  /** The delegate was changed since the booking (its history: GET v1/client/ticket/{id}/attendee/changes). */
  changed: z.boolean(),
  /** The delegate's answers to the attendee questions. */
  answers: z.array(answerViewSchema),
  ticket_type: z.string(),
  /** Its ticket type's id: which of the event's attendee questions its delegate is asked. */
  ticket_type_id: z.number().int(),
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

/**
 * PUT v1/client/ticket/{ticket_id}/attendee (the organiser's rename, no lock) answers the
 * ticket's row as the attendees list shows it now (a new `id` when the change re-issued it).
 */
export const putClientAttendeeResponseSchema = envelope(attendeeSchema);

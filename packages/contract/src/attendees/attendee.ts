import { z } from 'zod';
import { emailSchema, idTextSchema, msisdnSchema, text } from '../common.js';
import { LIMITS } from '../constants.js';
import { envelope } from '../envelope.js';
import { QUESTION_LIMITS } from './question-rules.js';
import { answerInputSchema, answerViewSchema } from './questions.js';

/**
 * Who is named on an event's tickets (docs/product.md#delegates-and-questions): at checkout
 * (every ticket named before paying), or later (the buyer may leave tickets "to be named").
 */
export const ATTENDEE_NAMES = ['at_checkout', 'later'] as const;
export type AttendeeNames = (typeof ATTENDEE_NAMES)[number];

/** Hours before the start when the buyer can no longer name or change delegates (0–168, 24 by default). */
export const CHANGES_LOCK_HOURS = { min: 0, max: 168, default: 24 } as const;

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text().trim().max(max).optional());

/** A delegate's details, as a buyer or an organiser gives them. */
export const attendeeDetailsSchema = z.object({
  full_name: text().trim().min(1, 'Write the delegate’s full name').max(LIMITS.nameMax),
  email: z.preprocess((v) => (v === '' ? undefined : v), emailSchema.optional()),
  msisdn: z.preprocess((v) => (v === '' ? undefined : v), msisdnSchema.optional()),
  company: optionalText(QUESTION_LIMITS.companyMax),
  job_title: optionalText(QUESTION_LIMITS.jobTitleMax),
  /** Answers to the event's attendee questions that apply to this ticket's type. */
  answers: z.array(answerInputSchema).max(QUESTION_LIMITS.perEvent).default([]),
});
export type AttendeeDetails = z.infer<typeof attendeeDetailsSchema>;
export type AttendeeDetailsInput = z.input<typeof attendeeDetailsSchema>;

/**
 * One entry of `attendees` in POST v1/event/book: a ticket of `ticket_type_id` and who it is for.
 * Entries name the tickets of each type in order; a type may have fewer entries than tickets when
 * the event lets names come later (the rest are "to be named", in the buyer's name meanwhile).
 */
export const bookingAttendeeSchema = attendeeDetailsSchema.extend({ ticket_type_id: z.number().int().positive() });
export type BookingAttendee = z.infer<typeof bookingAttendeeSchema>;

/** A ticket's delegate, as the buyer's, the delegate's and the organiser's views give it. */
export const ticketAttendeeSchema = z.object({
  full_name: z.string(),
  email: z.string().nullable(),
  msisdn: z.string().nullable(),
  company: z.string().nullable(),
  job_title: z.string().nullable(),
  /** False while the ticket is "to be named": it carries the buyer's name meanwhile. */
  named: z.boolean(),
  answers: z.array(answerViewSchema),
});
export type TicketAttendee = z.infer<typeof ticketAttendeeSchema>;

/**
 * PUT v1/tickets/{ticket_id}/attendee (the buyer, signed in or with the checkout key, until the
 * lock) and PUT v1/client/ticket/{ticket_id}/attendee (the organiser, no lock): names or renames
 * a ticket's delegate. A new name or email re-issues the ticket's code; the answer is the
 * ticket as it is now (a new `id` when it was re-issued): the buyer's e-ticket
 * (`putTicketAttendeeResponseSchema`), the organiser's attendee row (`putClientAttendeeResponseSchema`).
 */
export const putAttendeeBodySchema = attendeeDetailsSchema;
/** The `{ticket_id}` of the attendee calls: an e-ticket's id. */
export const ticketIdParamsSchema = z.object({ ticket_id: idTextSchema });
export type PutAttendeeBody = z.input<typeof putAttendeeBodySchema>;

/** One change of a ticket's delegate, for the organiser's history. */
export const attendeeChangeSchema = z.object({
  at: z.string(),
  /** Who changed it: the buyer, the organiser's teammate (their name), or the booking itself. */
  by: z.enum(['buyer', 'organiser']),
  by_name: z.string(),
  from: z.object({ full_name: z.string(), email: z.string().nullable() }),
  to: z.object({ full_name: z.string(), email: z.string().nullable() }),
  /** True when the change gave the ticket a new code (and revoked the old one). */
  reissued: z.boolean(),
});
export type AttendeeChange = z.infer<typeof attendeeChangeSchema>;
/** GET v1/client/ticket/{ticket_id}/attendee/changes: oldest first, across the ticket's re-issues. */
export const attendeeChangesResponseSchema = envelope(z.array(attendeeChangeSchema));

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { events } from './catalogue.js';
import { bookingLines, bookings } from './orders.js';

/**
 * The questions an organiser asks at checkout (docs/product.md#delegates-and-questions), in the
 * order asked (`position`). `order` questions are asked once of the buyer, `attendee` questions
 * of each delegate; `ticket_type_ids` narrows a question to some types (empty: all of them). A
 * question taken out of the set once it has answers is archived, not deleted, so its answers stay
 * in the orders and the exports.
 */
export const eventQuestions = pgTable(
  'event_questions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', {
      enum: ['text', 'long_text', 'single_choice', 'multi_choice', 'checkbox', 'email', 'phone', 'number', 'date'],
    }).notNull(),
    label: text('label').notNull(),
    required: boolean('required').notNull().default(false),
    scope: text('scope', { enum: ['order', 'attendee'] }).notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    ticketTypeIds: integer('ticket_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_questions_event_idx').on(t.eventId, t.position),
    // QUESTION_KINDS and QUESTION_SCOPES in the contract.
    check(
      'event_questions_kind_check',
      sql`${t.kind} IN ('text', 'long_text', 'single_choice', 'multi_choice', 'checkbox', 'email', 'phone', 'number', 'date')`,
    ),
    check('event_questions_scope_check', sql`${t.scope} IN ('order', 'attendee')`),
    check('event_questions_options_check', sql`jsonb_typeof(${t.options}) = 'array'`),
  ],
);

/**
 * Who each ticket of a booking is for (docs/product.md#delegates-and-questions): one row per
 * ticket, keyed like its e-ticket by (booking line, place in the line), written with the booking
 * so a hold carries its names. `named` false: "to be named", in the buyer's name meanwhile. The
 * row outlives its ticket's re-issues (the e-ticket rows change, the delegate's row stays).
 */
export const bookingAttendees = pgTable(
  'booking_attendees',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookingLineId: integer('booking_line_id')
      .notNull()
      .references(() => bookingLines.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    msisdn: text('msisdn'),
    company: text('company'),
    jobTitle: text('job_title'),
    named: boolean('named').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_attendees_line_seq_key').on(t.bookingLineId, t.seq),
    index('booking_attendees_booking_idx').on(t.bookingId),
    check('booking_attendees_seq_check', sql`${t.seq} > 0`),
  ],
);

/**
 * Answers to an event's questions: an order question's answer (no attendee), or a delegate's
 * answer to an attendee question. `value` as checked by the contract's `answerProblem`.
 */
export const bookingAnswers = pgTable(
  'booking_answers',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => eventQuestions.id, { onDelete: 'cascade' }),
    attendeeId: integer('attendee_id').references(() => bookingAttendees.id, { onDelete: 'cascade' }),
    value: jsonb('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_answers_order_key')
      .on(t.bookingId, t.questionId)
      .where(sql`${t.attendeeId} IS NULL`),
    uniqueIndex('booking_answers_attendee_key')
      .on(t.attendeeId, t.questionId)
      .where(sql`${t.attendeeId} IS NOT NULL`),
    // Whether a question has answers (archived rather than deleted when it leaves the set).
    index('booking_answers_question_idx').on(t.questionId),
  ],
);

/**
 * Every change of a ticket's delegate (docs/product.md#delegates-and-questions), for the
 * organiser's history: who (the buyer, or an organiser's teammate), the name and email before
 * and after, and whether it re-issued the ticket's code.
 */
export const attendeeChanges = pgTable(
  'attendee_changes',
  {
    id: serial('id').primaryKey(),
    attendeeId: integer('attendee_id')
      .notNull()
      .references(() => bookingAttendees.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by', { enum: ['buyer', 'organiser'] }).notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The changer's name as it was then. */
    byName: text('by_name').notNull(),
    fromName: text('from_name').notNull(),
    fromEmail: text('from_email'),
    toName: text('to_name').notNull(),
    toEmail: text('to_email'),
    reissued: boolean('reissued').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attendee_changes_attendee_idx').on(t.attendeeId, t.id),
    check('attendee_changes_by_check', sql`${t.changedBy} IN ('buyer', 'organiser')`),
  ],
);

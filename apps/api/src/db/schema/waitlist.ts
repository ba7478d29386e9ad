import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events, ticketTypes } from './catalogue.js';
import { bookings } from './orders.js';

/**
 * People waiting for a sold-out ticket type (docs/product.md#waiting-list), served in id order.
 * `offered`: `quantity` seats are held for them (counted in the type's `held`) until
 * `offer_expires_at`; the offer's link (its token's hash here) books them. `booked`: a booking was
 * made through the offer (`booking_id`).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    msisdn: text('msisdn'),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: ['waiting', 'offered', 'booked', 'expired', 'left', 'removed'] })
      .notNull()
      .default('waiting'),
    leaveTokenHash: text('leave_token_hash').notNull(),
    offerTokenHash: text('offer_token_hash'),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    offersSent: integer('offers_sent').notNull().default(0),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('waitlist_entries_type_idx').on(t.ticketTypeId, t.status, t.id),
    index('waitlist_entries_event_idx').on(t.eventId),
    // Once per person per type while they are on it (waiting or offered).
    uniqueIndex('waitlist_entries_person_key')
      .on(t.ticketTypeId, t.email)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    uniqueIndex('waitlist_entries_leave_key').on(t.leaveTokenHash),
    uniqueIndex('waitlist_entries_offer_key')
      .on(t.offerTokenHash)
      .where(sql`${t.offerTokenHash} IS NOT NULL`),
    check('waitlist_entries_quantity_check', sql`${t.quantity} > 0`),
    check('waitlist_entries_offer_check', sql`${t.status} <> 'offered' OR ${t.offerExpiresAt} IS NOT NULL`),
  ],
);

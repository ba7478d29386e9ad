import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './catalogue.js';

/**
 * An event's discount and access codes (docs/product.md#discount-codes). `used` counts the tickets
 * the code discounts or unlocks in live holds and paid bookings: taken with the seats by
 * book_tickets(), given back when a hold ends or a booking is refunded or cancelled; the CHECK
 * makes overuse impossible.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** In capitals: codes compare without case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['discount', 'access'] }).notNull(),
    percentOff: integer('percent_off'),
    amountOffMinor: integer('amount_off_minor'),
    /** The ticket types it applies to; empty: all. */
    ticketTypeIds: integer('ticket_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    maxUses: integer('max_uses'),
    maxPerBooking: integer('max_per_booking'),
    used: integer('used').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_event_code_key').on(t.eventId, t.code),
    index('discount_codes_event_idx').on(t.eventId),
    check('discount_codes_code_check', sql`${t.code} ~ '^[A-Z0-9-]{3,30}$'`),
    check('discount_codes_used_check', sql`${t.used} >= 0 AND (${t.maxUses} IS NULL OR ${t.used} <= ${t.maxUses})`),
    check('discount_codes_percent_check', sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 100`),
    check('discount_codes_amount_check', sql`${t.amountOffMinor} IS NULL OR ${t.amountOffMinor} > 0`),
    check('discount_codes_one_discount_check', sql`${t.percentOff} IS NULL OR ${t.amountOffMinor} IS NULL`),
    check(
      'discount_codes_discount_kind_check',
      sql`${t.kind} <> 'discount' OR ${t.percentOff} IS NOT NULL OR ${t.amountOffMinor} IS NOT NULL`,
    ),
  ],
);

import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './accounts.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('categories_name_key').on(t.name)],
);

/**
 * Uploaded images. Each upload has a full-size and a card-sized variant. URLs name an image by
 * its `key`, 128 random bits, never by the sequential id (docs/security.md). The row always
 * lives here; its bytes live where `storage` says (docs/decisions/0014-image-storage.md): in
 * `bytes`/`card_bytes` by default, so every API instance serves them and pg_dump backs them
 * up, or as two objects on S3-compatible storage when S3_BUCKET is set (the columns then NULL).
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    key: text('key')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** 'database' (the two columns below) or 's3' (objects media/{key}/full.jpg and card.jpg). */
    storage: text('storage', { enum: ['database', 's3'] })
      .notNull()
      .default('database'),
    bytes: bytea('bytes'),
    cardBytes: bytea('card_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('media_storage_check', sql`${t.storage} IN ('database', 's3')`)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    location: text('location').notNull(),
    coordinates: text('coordinates'),
    fullDescription: text('full_description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    currency: text('currency').notNull().default('USD'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** 1 published, 2 draft, 3 cancelled (off the public lists; its paid bookings refunded). */
    status: integer('status').notNull().default(2),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    imageId: integer('image_id').references(() => media.id),
    /**
     * Who is named on its tickets (docs/product.md#delegates-and-questions): `at_checkout` (every
     * ticket named before paying) or `later` (the buyer may leave tickets "to be named").
     */
    attendeeNames: text('attendee_names', { enum: ['at_checkout', 'later'] })
      .notNull()
      .default('later'),
    /** Hours before the start when buyers can no longer name or change delegates (0–168). */
    changesLockHours: integer('changes_lock_hours').notNull().default(24),
    /** Pay by invoice (docs/product.md#pay-by-invoice): days a company has to pay; 0 not offered. */
    invoicePaymentDays: integer('invoice_payment_days').notNull().default(0),
    /**
     * Who pays the service fee on its paid tickets (docs/product.md#service-fees): `absorb` (taken
     * from the organiser's share) or `pass` (added to the buyer's total).
     */
    serviceFee: text('service_fee', { enum: ['absorb', 'pass'] })
      .notNull()
      .default('absorb'),
    /**
     * When the retention job removed its attendees' personal data (docs/security.md#retention):
     * names, emails, phones and answers, ATTENDEE_DATA_RETENTION_MONTHS after the end. Null: not yet.
     */
    personalDataRemovedAt: timestamp('personal_data_removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the public search looks in (docs/decisions/0035-search-text.md): the title, both
     * descriptions and the location joined by a space, lower-cased by PostgreSQL's `lower`, kept
     * by PostgreSQL. `search_text LIKE lower(pattern)` is what `ILIKE` computes on the joined
     * fields, without joining and lower-casing them again for every match.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${events.title} || ' ' || ${events.shortDescription} || ' ' || ${events.fullDescription} || ' ' || ${events.location})`,
    ),
  },
  (t) => [
    // The public lists (docs/decisions/0034-catalogue-at-scale.md): published events only, read in
    // the lists' order (start, id) with the columns their filters and counts need, so a page is
    // the first rows of an index and a count an index-only scan.
    index('events_listed_idx')
      .on(t.startTime, t.id, t.endTime, t.organisationId)
      .where(sql`${t.status} = 1`),
    index('events_listed_category_idx')
      .on(t.categoryId, t.startTime, t.id, t.endTime, t.organisationId)
      .where(sql`${t.status} = 1`),
    // The longest published event bounds how early an event still running can have started.
    index('events_listed_duration_idx')
      .on(sql`(${t.endTime} - ${t.startTime})`)
      .where(sql`${t.status} = 1`),
    // The search (`filter`): trigrams of `search_text` (pg_trgm, created by migration 0025).
    // fastupdate off: events are written rarely and searched often, so a new event goes straight
    // into the index instead of a pending list every search would read until the next vacuum.
    index('events_search_text_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${t.status} = 1`),
    index('events_organisation_idx').on(t.organisationId, t.createdAt),
    index('events_category_idx').on(t.categoryId),
    check('events_status_check', sql`${t.status} IN (1, 2, 3)`),
    check('events_time_check', sql`${t.endTime} > ${t.startTime}`),
    // CURRENCIES in the contract: an unknown currency is an error, never read as another.
    check('events_currency_check', sql`${t.currency} IN ('USD', 'KES')`),
    check('events_invoice_payment_days_check', sql`${t.invoicePaymentDays} BETWEEN 0 AND 14`),
    check('events_attendee_names_check', sql`${t.attendeeNames} IN ('at_checkout', 'later')`),
    check('events_service_fee_check', sql`${t.serviceFee} IN ('absorb', 'pass')`),
    check('events_changes_lock_hours_check', sql`${t.changesLockHours} BETWEEN 0 AND 168`),
  ],
);

/**
 * How many events the public lists without dates show, by category and the UTC day they end:
 * published events of organisers not suspended; category 0 counts every category (the home
 * list). Kept by triggers on `events` and `organisations` (migration 0025), never written by the
 * app; such a list's `total` sums the days after today and counts today's events exactly
 * (docs/decisions/0034-catalogue-at-scale.md). `npm run db:copy` leaves it to the triggers.
 */
export const listedEventEnds = pgTable(
  'listed_event_ends',
  {
    categoryId: integer('category_id').notNull(),
    endDay: date('end_day').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.endDay] })],
);

/**
 * Ticket types. `sold` counts paid tickets, `held` tickets reserved by pending bookings;
 * the CHECK makes overselling impossible whatever the concurrency (docs/product.md#inventory).
 */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceMinor: integer('price_minor').notNull(),
    noOfPersons: integer('no_of_persons').notNull().default(1),
    maxTickets: integer('max_tickets').notNull(),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    /** 1 open, 3 deleted (hidden, kept for orders). */
    status: integer('status').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Shown only with an access code (docs/product.md#hidden-ticket-types). */
    hidden: boolean('hidden').notNull().default(false),
    /** Team pricing `[{ min_qty, percent_off }]` (docs/product.md#team-pricing). */
    tiers: jsonb('tiers').$type<{ min_qty: number; percent_off: number }[]>().notNull().default([]),
    /** People may join the type's waiting list when it sells out (docs/product.md#waiting-list). */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_types_event_idx').on(t.eventId),
    check(
      'ticket_types_capacity_check',
      sql`${t.sold} >= 0 AND ${t.held} >= 0 AND ${t.sold} + ${t.held} <= ${t.maxTickets}`,
    ),
    check('ticket_types_price_check', sql`${t.priceMinor} >= 0`),
    check('ticket_types_persons_check', sql`${t.noOfPersons} >= 1`),
    check('ticket_types_status_check', sql`${t.status} IN (1, 3)`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { events, ticketTypes } from './catalogue.js';
import { discountCodes } from './codes.js';

/**
 * A buyer's order for one event. Status (docs/product.md#booking-status): 1 pending (tickets held until
 * `hold_expires_at`), 2 paid, 3 failed or expired, 4 cancelled, 5 refunded, 6 awaiting payment
 * (pay by invoice: tickets held until `hold_expires_at`, the due date).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    /** Public booking reference shown to the buyer (e.g. TK-7Q2M9X). */
    reference: text('reference').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** The buyer's account: a signed-in buyer's from the start, a guest's once they have paid. */
    accountId: integer('account_id').references(() => accounts.id),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    msisdn: text('msisdn'),
    currency: text('currency').notNull(),
    totalMinor: integer('total_minor').notNull(),
    status: integer('status').notNull().default(1),
    paymentMethod: text('payment_method', { enum: ['card', 'mpesa', 'paypal', 'invoice'] }).notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A guest's checkout key (its SHA-256): the token a guest gets carries the key, and reaches
     * only the bookings made with it (docs/security.md, "Guest checkout").
     */
    checkoutKeyHash: text('checkout_key_hash'),
    /**
     * The same buyer, event and lines while a hold is live: a second click returns the first
     * booking instead of holding the tickets twice (unique among pending bookings).
     */
    dedupeKey: text('dedupe_key'),
    /** Set when an organiser asked for a refund (or cancelled the event): the refund job's work. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    /** The provider's last refusal of the refund, shown to the organiser until a retry succeeds. */
    refundError: text('refund_error'),
    /**
     * The booking's own signed code (docs/ticket-codes.md, kind `booking`: all of its persons),
     * set in the transaction that makes it paid, with its e-tickets. Null: no e-tickets issued.
     */
    bookingCode: text('booking_code'),
    /**
     * The code the booking was made with (docs/product.md#discount-codes): its id (null once the
     * organiser deletes it), its text as typed then, and the tickets it counts against the code's
     * `max_uses`, given back when the hold ends or the booking is refunded or cancelled.
     */
    codeId: integer('code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    code: text('code'),
    codeUses: integer('code_uses').notNull().default(0),
    /** "Send my tickets by SMS too" (docs/product.md#messages-to-attendees): an SMS with the ticket link once paid. */
    ticketsBySms: boolean('tickets_by_sms').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_reference_key').on(t.reference),
    index('bookings_account_idx').on(t.accountId),
    // Currency and total too: an organisation's paid sums (the dashboard) read only this index
    // (docs/scaling.md#cost-curves-as-the-data-grows).
    index('bookings_event_idx').on(t.eventId, t.status, t.currency, t.totalMinor),
    index('bookings_pending_idx').on(t.status, t.holdExpiresAt),
    uniqueIndex('bookings_pending_dedupe_key')
      .on(t.dedupeKey)
      .where(sql`${t.status} = 1`),
    // A guest's logout forgets their key on every booking that carries it.
    index('bookings_checkout_key_idx')
      .on(t.checkoutKeyHash)
      .where(sql`${t.checkoutKeyHash} IS NOT NULL`),
    check('bookings_status_check', sql`${t.status} IN (1, 2, 3, 4, 5, 6)`),
    check('bookings_total_check', sql`${t.totalMinor} >= 0`),
    check('bookings_currency_check', sql`${t.currency} IN ('USD', 'KES')`),
    check('bookings_code_uses_check', sql`${t.codeUses} >= 0`),
  ],
);

/** One line per ticket type in a booking; name and price are copied at booking time. */
export const bookingLines = pgTable(
  'booking_lines',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    name: text('name').notNull(),
    /** What the buyer pays per ticket, after any discount: fees and totals are computed from it. */
    unitPriceMinor: integer('unit_price_minor').notNull(),
    /** The type's own price per ticket at booking time; null when nothing came off (= unit price). */
    listPriceMinor: integer('list_price_minor'),
    /** Off each ticket, and which rule took it off: `code` or `tier` (docs/product.md#discount-codes). */
    discountMinor: integer('discount_minor').notNull().default(0),
    priceSource: text('price_source', { enum: ['code', 'tier'] }),
    noOfPersons: integer('no_of_persons').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * The platform's service fee and its VAT per ticket, fixed at booking time from the unit price
     * (docs/product.md#service-fees); 0 for a free ticket.
     */
    serviceFeeMinor: integer('service_fee_minor').notNull().default(0),
    serviceFeeVatMinor: integer('service_fee_vat_minor').notNull().default(0),
    /** True when the buyer pays the fee on top of `unit_price_minor` (the event passed it). */
    serviceFeePassed: boolean('service_fee_passed').notNull().default(false),
  },
  (t) => [
    index('booking_lines_booking_idx').on(t.bookingId),
    // An event's lines through its ticket types, read from this index alone: the sales summary's
    // tickets and persons sold, and the attendees' search by ticket type (docs/scaling.md).
    index('booking_lines_type_idx').on(t.ticketTypeId, t.bookingId, t.quantity, t.noOfPersons, t.name, t.id),
    check('booking_lines_qty_check', sql`${t.quantity} > 0`),
    check('booking_lines_fee_check', sql`${t.serviceFeeMinor} >= 0 AND ${t.serviceFeeVatMinor} >= 0`),
    check('booking_lines_discount_check', sql`${t.discountMinor} >= 0 AND ${t.unitPriceMinor} >= 0`),
  ],
);

/** A payment attempt at a provider (sandbox or Stripe) for a booking. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'mpesa', 'invoice', 'free'] }).notNull(),
    intentId: text('intent_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** The provider's intent status: requires_payment_method, processing, succeeded, canceled. */
    status: text('status').notNull(),
    /** Why the last attempt failed, in the provider's words ("Your card was declined."). */
    lastError: text('last_error'),
    /** M-Pesa only: the number the prompt went to (2547XXXXXXXX). */
    phone: text('phone'),
    /** M-Pesa only: the receipt number from the result callback (shown once the query confirms payment). */
    receiptNumber: text('receipt_number'),
    /** Sandbox only: a processing payment succeeds at this time. */
    settlesAt: timestamp('settles_at', { withTimezone: true }),
    /** Set once the money has gone back to the buyer. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What was asked of the provider (the booking's total when the payment was made). */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /**
     * What the provider says it took, once it says so (docs/product.md#checkout-and-payments):
     * Stripe's `amount_received`, the sandbox's amount, M-Pesa's callback `Amount`. A booking is
     * settled only when this equals its total in its currency; anything else is a mismatch the
     * organiser sees, and the money is refunded.
     */
    receivedMinor: integer('received_minor'),
    receivedCurrency: text('received_currency'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_currency_check', sql`${t.currency} IN ('USD', 'KES')`),
    check('payments_received_check', sql`${t.receivedMinor} >= 0`),
    uniqueIndex('payments_intent_key').on(t.provider, t.intentId),
    uniqueIndex('payments_client_secret_key').on(t.clientSecret),
    index('payments_booking_idx').on(t.bookingId),
  ],
);

/**
 * One e-ticket per ticket bought (a line of quantity 3 gives 3), each admitting the line's
 * persons and carrying its own signed code (docs/product.md#e-tickets-and-signed-codes).
 * Issued once, when the booking becomes paid. Renaming its delegate re-issues it
 * (docs/decisions/0025-rename-reissues-the-code.md): a new row, a new id and so a new code, and
 * the old row marked `reissued_at`, kept so the door refuses its code. `(booking_line_id, seq)`
 * is unique among the live rows: one valid code per ticket.
 */
export const eTickets = pgTable(
  'e_tickets',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookingLineId: integer('booking_line_id')
      .notNull()
      .references(() => bookingLines.id, { onDelete: 'cascade' }),
    /** Which ticket of its line this is: 1 … the line's quantity. */
    seq: integer('seq').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    code: text('code').notNull(),
    holderName: text('holder_name').notNull(),
    /** How many people it admits: the line's persons per ticket ("Group of 4": 4). */
    admits: integer('admits').notNull(),
    /** Set when its booking is refunded or its event cancelled: the code still verifies, but no longer admits. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when its delegate was renamed and the ticket got a new row and code: this code no longer admits. */
    reissuedAt: timestamp('reissued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('e_tickets_code_key').on(t.code),
    uniqueIndex('e_tickets_line_seq_live_key')
      .on(t.bookingLineId, t.seq)
      .where(sql`${t.reissuedAt} IS NULL`),
    index('e_tickets_booking_idx').on(t.bookingId),
    index('e_tickets_event_idx').on(t.eventId),
    // The door's counts read the live tickets of an event from this index alone (checkin.repo.ts countDoor).
    index('e_tickets_live_event_idx')
      .on(t.eventId, t.bookingId, t.id, t.admits)
      .where(sql`${t.revokedAt} IS NULL AND ${t.reissuedAt} IS NULL`),
    // The attendees list: an event's live tickets in name order, counted and paged from this index
    // alone (the name itself last: PostgreSQL reads lower(name) from an index only when it holds the name).
    index('e_tickets_live_name_idx')
      .on(t.eventId, sql`lower(${t.holderName})`, t.id, t.holderName)
      .where(sql`${t.reissuedAt} IS NULL`),
    check('e_tickets_seq_check', sql`${t.seq} > 0`),
    check('e_tickets_admits_check', sql`${t.admits} > 0`),
  ],
);

/** A check-in; the unique e-ticket id makes a second admission impossible. */
export const checkIns = pgTable(
  'check_ins',
  {
    id: serial('id').primaryKey(),
    eTicketId: integer('e_ticket_id')
      .notNull()
      .references(() => eTickets.id, { onDelete: 'cascade' }),
    checkedInBy: integer('checked_in_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** When the ticket was scanned: the device's clock for a scan made offline, synced later. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** The door device that scanned it (a name the door page makes up once per device). */
    deviceId: text('device_id'),
    /** When the server learnt of it: later than `checked_in_at` for an offline scan. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('check_ins_e_ticket_key').on(t.eTicketId)],
);

/**
 * Every scan that admitted, or claimed to admit, an e-ticket (docs/decisions/0011-offline-check-in.md):
 * online admissions (no `local_id`) and the scans door devices made offline and synced later, one
 * row per e-ticket the scan names (a booking's own code names several). `check_ins` keeps the
 * earliest of them per e-ticket; these rows tell both devices of a conflict, and make a sync
 * idempotent per (device, local id): a scan sent again keeps its first `scanned_at`.
 */
export const doorScans = pgTable(
  'door_scans',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eTicketId: integer('e_ticket_id')
      .notNull()
      .references(() => eTickets.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** The device's own id of an offline scan; null for a scan answered online. */
    localId: text('local_id'),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The device's clock for an offline scan, the server's for an online one. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('door_scans_offline_key').on(t.deviceId, t.localId, t.eTicketId),
    index('door_scans_ticket_idx').on(t.eTicketId, t.scannedAt),
  ],
);

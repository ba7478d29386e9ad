import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { accounts, organisations } from './accounts.js';
import { bookings } from './orders.js';
import { events } from './catalogue.js';

/**
 * The tables of the invoices feature (docs/product.md#tax-documents,
 * docs/decisions/0027-invoices-are-the-organisers.md): the organisation as issuer, the company a
 * booking is for, pay-by-invoice terms and payments, M-Pesa paybill (C2B) payments, and the
 * numbered documents with their per-organisation counters.
 */

/** The organisation as the issuer of its tax documents; none until saved. */
export const taxProfiles = pgTable(
  'tax_profiles',
  {
    organisationId: integer('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    kraPin: text('kra_pin').notNull(),
    physicalAddress: text('physical_address').notNull(),
    vatRegistered: boolean('vat_registered').notNull(),
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
    bankName: text('bank_name'),
    bankBranch: text('bank_branch'),
    bankAccountName: text('bank_account_name'),
    bankAccountNumber: text('bank_account_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_profiles_kra_pin_check', sql`${t.kraPin} ~ '^[A-Z][0-9]{9}[A-Z]$'`),
    check('tax_profiles_prefix_check', sql`${t.invoicePrefix} ~ '^[A-Z][A-Z0-9]{0,9}$'`),
  ],
);

/** "Buying for a company": whom the booking's documents are made out to. */
export const bookingCompanies = pgTable(
  'booking_companies',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kraPin: text('kra_pin').notNull(),
    address: text('address'),
    poNumber: text('po_number'),
  },
  (t) => [check('booking_companies_kra_pin_check', sql`${t.kraPin} ~ '^[A-Z][0-9]{9}[A-Z]$'`)],
);

/**
 * A booking paid by invoice (status 6 until covered): its terms, copied when it was made, so that
 * matching a payment and drawing the proforma need no other feature's tables. `released_at` once
 * the due date passed unpaid; `covered_at` once its payments reached the total.
 */
export const invoiceBookings = pgTable(
  'invoice_bookings',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    reference: text('reference').notNull(),
    currency: text('currency').notNull(),
    totalMinor: integer('total_minor').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The proforma's content (parties, lines, bank details), fixed when the booking was made. */
    proforma: jsonb('proforma').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    coveredAt: timestamp('covered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_bookings_reference_key').on(t.reference),
    index('invoice_bookings_organisation_idx').on(t.organisationId),
    check('invoice_bookings_total_check', sql`${t.totalMinor} > 0`),
  ],
);

/** Money received for a booking paid by invoice: recorded by the organiser, or an M-Pesa paybill payment. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => invoiceBookings.bookingId, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method', { enum: ['bank', 'cheque', 'mpesa'] }).notNull(),
    reference: text('reference').notNull(),
    recordedBy: integer('recorded_by').references(() => accounts.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_booking_idx').on(t.bookingId),
    check('invoice_payments_amount_check', sql`${t.amountMinor} > 0`),
    check('invoice_payments_method_check', sql`${t.method} IN ('bank', 'cheque', 'mpesa')`),
  ],
);

/**
 * Every M-Pesa paybill payment Safaricom confirmed (C2B), once per TransID. `booking_id` is the
 * booking it was applied to (matched or assigned by hand); null while unmatched.
 */
export const c2bPayments = pgTable(
  'c2b_payments',
  {
    id: serial('id').primaryKey(),
    transId: text('trans_id').notNull(),
    shortcode: text('shortcode').notNull(),
    account: text('account').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('KES'),
    msisdn: text('msisdn'),
    payerName: text('payer_name'),
    transTime: text('trans_time'),
    /** The organisation whose booking reference it names (null: it names none). */
    organisationId: integer('organisation_id').references(() => organisations.id),
    bookingId: integer('booking_id').references(() => bookings.id),
    /** Why it was not applied, in words (null once applied). */
    reason: text('reason'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    assignedBy: integer('assigned_by').references(() => accounts.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('c2b_payments_trans_id_key').on(t.transId),
    index('c2b_payments_organisation_idx').on(t.organisationId, t.receivedAt),
    check('c2b_payments_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * The last number given per organisation, kind of document and year: the row is locked by the
 * settling transaction that takes the next number, so numbers are consecutive without gaps or
 * repeats however many instances settle at once, and a rolled-back settlement gives its number back.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    sequence: text('sequence', { enum: ['invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.sequence, t.year] }),
    check('document_counters_sequence_check', sql`${t.sequence} IN ('invoice', 'credit_note')`),
    check('document_counters_last_check', sql`${t.last} > 0`),
  ],
);

/**
 * A numbered document an organisation issued: a tax invoice (VAT-registered), a receipt (not
 * VAT-registered) or a credit note. Its content is fixed when issued (`content`, the PDF is drawn
 * from it), and its number never changes; eTIMS transmission only adds its state.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind', { enum: ['invoice', 'receipt', 'credit_note'] }).notNull(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    bookingReference: text('booking_reference').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** A credit note's invoice. */
    refersToId: integer('refers_to_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency').notNull(),
    totalMinor: integer('total_minor').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    content: jsonb('content').notNull(),
    transmission: text('transmission', { enum: ['not_transmitted', 'transmitted', 'failed'] })
      .notNull()
      .default('not_transmitted'),
    transmissionRef: text('transmission_ref'),
  },
  (t) => [
    uniqueIndex('tax_documents_number_key').on(t.organisationId, t.number),
    uniqueIndex('tax_documents_one_invoice_key')
      .on(t.bookingId)
      .where(sql`${t.kind} IN ('invoice', 'receipt')`),
    uniqueIndex('tax_documents_one_credit_note_key')
      .on(t.refersToId)
      .where(sql`${t.kind} = 'credit_note'`),
    index('tax_documents_issued_idx').on(t.organisationId, t.issuedAt),
    index('tax_documents_booking_reference_idx').on(t.bookingReference),
    check('tax_documents_kind_check', sql`${t.kind} IN ('invoice', 'receipt', 'credit_note')`),
    check('tax_documents_transmission_check', sql`${t.transmission} IN ('not_transmitted', 'transmitted', 'failed')`),
    check(
      'tax_documents_amounts_check',
      sql`${t.totalMinor} >= 0 AND ${t.vatMinor} >= 0 AND ${t.vatMinor} <= ${t.totalMinor}`,
    ),
  ],
);

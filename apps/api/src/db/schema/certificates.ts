import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { events } from './catalogue.js';
import { eTickets } from './orders.js';

/**
 * An event's certificates of attendance (docs/product.md#certificates-of-attendance): on or off,
 * what they certify, and when the job issued them after the event (`auto_issued_at`, set in the
 * same transaction as the certificates, so the job issues once however often it runs).
 */
export const certificateSettings = pgTable(
  'certificate_settings',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** CPD points in halves: 13 is 6.5 points. */
    cpdHalfPoints: integer('cpd_half_points').notNull().default(0),
    accreditingBody: text('accrediting_body'),
    signatoryName: text('signatory_name'),
    signatoryTitle: text('signatory_title'),
    /** 1: checked in at least once; n: checked in on at least n distinct Nairobi days. */
    minDays: integer('min_days').notNull().default(1),
    autoIssuedAt: timestamp('auto_issued_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('certificate_settings_points_check', sql`${t.cpdHalfPoints} BETWEEN 0 AND 200`),
    check('certificate_settings_min_days_check', sql`${t.minDays} BETWEEN 1 AND 31`),
  ],
);

/**
 * One certificate: what it printed (name, company, points as they were) and where it was mailed.
 * At most one live (not revoked) certificate per e-ticket; a re-issue revokes the old row and
 * points it at the new one.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eTicketId: integer('e_ticket_id')
      .notNull()
      .references(() => eTickets.id, { onDelete: 'cascade' }),
    /** Its place in the event's numbering, 1 for the first: the number printed is `CPD-<event>-<seq>`. */
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    holderName: text('holder_name').notNull(),
    company: text('company'),
    email: text('email').notNull(),
    cpdHalfPoints: integer('cpd_half_points').notNull(),
    source: text('source', { enum: ['auto', 'manual', 'reissue'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: integer('issued_by').references(() => accounts.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: integer('replaced_by'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_number_key').on(t.number),
    uniqueIndex('certificates_event_seq_key').on(t.eventId, t.seq),
    uniqueIndex('certificates_live_ticket_key')
      .on(t.eTicketId)
      .where(sql`${t.revokedAt} IS NULL`),
    index('certificates_ticket_idx').on(t.eTicketId),
    check('certificates_source_check', sql`${t.source} IN ('auto', 'manual', 'reissue')`),
    check('certificates_seq_check', sql`${t.seq} > 0`),
  ],
);

/** Name badges printed (docs/product.md#name-badges): one row per e-ticket whose badge was downloaded. */
export const badgePrints = pgTable('badge_prints', {
  eTicketId: integer('e_ticket_id')
    .primaryKey()
    .references(() => eTickets.id, { onDelete: 'cascade' }),
  printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
  printedBy: integer('printed_by').references(() => accounts.id, { onDelete: 'set null' }),
});

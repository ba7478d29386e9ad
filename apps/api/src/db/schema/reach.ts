import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  MESSAGE_AUDIENCES,
  MESSAGE_PURPOSES,
  MESSAGE_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_STATUSES,
} from '@tikiti/contract';
import { accounts, organisations } from './accounts.js';
import { events } from './catalogue.js';
import { bookings } from './orders.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Messages an organiser sends an event's attendees (docs/product.md#messages-to-attendees).
 * The recipients are resolved when it goes out (a scheduled one waits with none), then each
 * delivery is a row of `message_recipients` and a job.
 */
export const attendeeMessages = pgTable(
  'attendee_messages',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: MESSAGE_AUDIENCES }).notNull(),
    ticketTypeId: integer('ticket_type_id'),
    channels: text('channels').array().notNull(),
    purpose: text('purpose', { enum: MESSAGE_PURPOSES }).notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attendee_messages_event_idx').on(t.eventId, t.createdAt),
    check('attendee_messages_audience_check', sql`${t.audience} IN (${inList(MESSAGE_AUDIENCES)})`),
    check('attendee_messages_purpose_check', sql`${t.purpose} IN (${inList(MESSAGE_PURPOSES)})`),
    check('attendee_messages_status_check', sql`${t.status} IN (${inList(MESSAGE_STATUSES)})`),
    check(
      'attendee_messages_ticket_type_check',
      sql`(${t.audience} = 'ticket_type') = (${t.ticketTypeId} IS NOT NULL)`,
    ),
    check(
      'attendee_messages_channels_check',
      sql`cardinality(${t.channels}) BETWEEN 1 AND 2 AND ${t.channels} <@ ARRAY['mail', 'sms']::text[]`,
    ),
  ],
);

/**
 * One delivery of a message: one recipient on one channel. `(message_id, channel, address)` is
 * unique, so a person with three tickets gets it once; `sending` is the claim that keeps a
 * second worker (or a job run again after its lease) from sending it twice.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => attendeeMessages.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull(),
    /** Lower-cased email, or +254… phone. */
    address: text('address').notNull(),
    name: text('name').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_recipients_once_key').on(t.messageId, t.channel, t.address),
    check('message_recipients_channel_check', sql`${t.channel} IN ('mail', 'sms')`),
    check('message_recipients_state_check', sql`${t.state} IN ('queued', 'sending', 'sent', 'failed', 'skipped')`),
  ],
);

/** The stop list: addresses that asked for no more messages from an organiser (the link in each mail). */
export const messageStops = pgTable(
  'message_stops',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_stops_key').on(t.organisationId, t.address)],
);

/** The local SMS simulator (development, AT_* unset): every SMS "sent" lands here (/dev/sms). */
export const simulatedSms = pgTable('simulated_sms', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  from: text('from').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An organisation's webhook endpoint (docs/api.md#webhooks). The signing secret is kept sealed
 * (AES-256-GCM, docs/security.md#webhooks): it must be readable to sign, and is shown once.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    secretSealed: text('secret_sealed').notNull(),
    status: text('status', { enum: WEBHOOK_STATUSES }).notNull().default('active'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_organisation_idx').on(t.organisationId),
    check('webhook_endpoints_status_check', sql`${t.status} IN (${inList(WEBHOOK_STATUSES)})`),
    check(
      'webhook_endpoints_events_check',
      sql`cardinality(${t.events}) >= 1 AND ${t.events} <@ ARRAY[${inList(WEBHOOK_EVENT_TYPES)}]::text[]`,
    ),
  ],
);

/**
 * One event for one endpoint, with its body fixed when the event happened. Deliveries of the
 * same `ordering_key` (a booking, an event) to one endpoint go in id order.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type', { enum: WEBHOOK_EVENT_TYPES }).notNull(),
    /** The body as sent, byte for byte (the signature covers it). */
    body: text('body').notNull(),
    orderingKey: text('ordering_key').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    error: text('error'),
    /** A worker's claim while an attempt is in flight. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** A resend's own 24 hours start at the resend. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The attempts' history: [{at, status, error}] (the log's detail). */
    log: jsonb('log')
      .$type<{ at: string; response_code: number | null; error: string | null }[]>()
      .notNull()
      .default([]),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_chain_idx')
      .on(t.endpointId, t.orderingKey, t.id)
      .where(sql`${t.status} IN ('pending', 'retrying')`),
    check('webhook_deliveries_status_check', sql`${t.status} IN (${inList(WEBHOOK_DELIVERY_STATUSES)})`),
    check('webhook_deliveries_type_check', sql`${t.type} IN (${inList(WEBHOOK_EVENT_TYPES)})`),
  ],
);

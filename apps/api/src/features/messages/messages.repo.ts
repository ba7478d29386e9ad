import { sql } from 'drizzle-orm';
import { BOOKING_STATUS, type MessageAudience, type MessageChannel, type MessagePurpose } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { attendeeMessages, messageRecipients, messageStops } from '../../db/schema/index.js';

type Time = Date | string;
export const toDate = (t: Time) => (t instanceof Date ? t : new Date(t));

/** The organisation's event (any status) with what a message needs of it; undefined for another's. */
export async function findOwnEvent(db: Db | Tx, organisationId: number, eventId: number) {
  const [row] = await queryRows<{ id: number; title: string; organiser: string; organisation_id: number }>(
    db,
    sql`SELECT e.id, e.title, o.display_name AS organiser, o.id AS organisation_id
          FROM events e JOIN organisations o ON o.id = e.organisation_id
         WHERE e.id = ${eventId} AND e.organisation_id = ${organisationId}`,
  );
  return row;
}

export async function ticketTypeOfEvent(db: Db | Tx, eventId: number, ticketTypeId: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM ticket_types WHERE id = ${ticketTypeId} AND event_id = ${eventId}`,
  );
  return row !== undefined;
}

/** Takes the event's row lock: messages of one event are counted against the daily limit one at a time. */
export async function lockEvent(tx: Tx, eventId: number) {
  await queryRows(tx, sql`SELECT id FROM events WHERE id = ${eventId} FOR UPDATE`);
}

export async function countMessagesSince(db: Db | Tx, eventId: number, since: Date) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM attendee_messages WHERE event_id = ${eventId} AND created_at >= ${since.toISOString()}`,
  );
  return row?.n ?? 0;
}

export async function insertMessage(tx: Tx, row: typeof attendeeMessages.$inferInsert) {
  const [inserted] = await tx.insert(attendeeMessages).values(row).returning();
  return inserted!;
}

/** One person the audience holds: a ticket's delegate (or its buyer), or a booking's buyer awaiting payment. */
export interface AudienceMember {
  name: string;
  email: string | null;
  phone: string | null;
  booking_id: number;
}

/**
 * Who an audience holds now (docs/product.md#messages-to-attendees). Ticket audiences read the
 * live e-tickets of paid bookings, each in its delegate's name and address, the buyer's where the
 * delegate left them out; `awaiting_payment` reads the buyers of bookings awaiting payment.
 */
export async function findAudience(
  db: Db | Tx,
  eventId: number,
  audience: MessageAudience,
  ticketTypeId: number | null,
): Promise<AudienceMember[]> {
  if (audience === 'awaiting_payment') {
    return queryRows<AudienceMember>(
      db,
      sql`SELECT b.full_name AS name, b.email, b.msisdn AS phone, b.id AS booking_id
            FROM bookings b
           WHERE b.event_id = ${eventId} AND b.status = ${BOOKING_STATUS.awaiting_payment}
           ORDER BY b.id`,
    );
  }
  const checked = sql`EXISTS (SELECT 1 FROM check_ins c WHERE c.e_ticket_id = t.id)`;
  const condition =
    audience === 'ticket_type'
      ? sql`AND l.ticket_type_id = ${ticketTypeId}`
      : audience === 'checked_in'
        ? sql`AND ${checked}`
        : audience === 'not_checked_in'
          ? sql`AND NOT ${checked}`
          : sql``;
  return queryRows<AudienceMember>(
    db,
    sql`SELECT coalesce(a.full_name, t.holder_name) AS name, coalesce(a.email, b.email) AS email,
               coalesce(a.msisdn, b.msisdn) AS phone, b.id AS booking_id
          FROM e_tickets t
          JOIN bookings b ON b.id = t.booking_id
          JOIN booking_lines l ON l.id = t.booking_line_id
          LEFT JOIN booking_attendees a ON a.booking_line_id = t.booking_line_id AND a.seq = t.seq
         WHERE t.event_id = ${eventId} AND t.revoked_at IS NULL AND t.reissued_at IS NULL
           AND b.status = ${BOOKING_STATUS.paid} ${condition}
         ORDER BY t.id`,
  );
}

/** The addresses of `addresses` on the organisation's stop list. */
export async function findStopped(db: Db | Tx, organisationId: number, addresses: string[]): Promise<Set<string>> {
  if (!addresses.length) return new Set();
  const found = await queryRows<{ address: string }>(
    db,
    sql`SELECT s.address FROM message_stops s
         WHERE s.organisation_id = ${organisationId}
           AND s.address IN (SELECT jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb))`,
  );
  return new Set(found.map((r) => r.address));
}

export async function insertStop(db: Db, organisationId: number, address: string) {
  await db.insert(messageStops).values({ organisationId, address }).onConflictDoNothing();
}

export async function organisationName(db: Db, organisationId: number) {
  const [row] = await queryRows<{ display_name: string }>(
    db,
    sql`SELECT display_name FROM organisations WHERE id = ${organisationId}`,
  );
  return row?.display_name;
}

/** Moves a scheduled message to sending, once: the winner of two workers resolves the recipients. */
export async function startSending(tx: Tx, messageId: number) {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE attendee_messages SET status = 'sending' WHERE id = ${messageId} AND status = 'scheduled' RETURNING id`,
  );
  return rows.length === 1;
}

export async function findMessageRow(db: Db | Tx, messageId: number) {
  const [row] = await queryRows<{
    id: number;
    organisation_id: number;
    event_id: number;
    subject: string;
    body: string;
    audience: MessageAudience;
    ticket_type_id: number | null;
    channels: MessageChannel[];
    purpose: MessagePurpose;
    event_title: string;
    organiser: string;
  }>(
    db,
    sql`SELECT m.id, m.organisation_id, m.event_id, m.subject, m.body, m.audience, m.ticket_type_id, m.channels,
               m.purpose, e.title AS event_title, o.display_name AS organiser
          FROM attendee_messages m JOIN events e ON e.id = m.event_id JOIN organisations o ON o.id = m.organisation_id
         WHERE m.id = ${messageId}`,
  );
  return row;
}

export type NewRecipient = typeof messageRecipients.$inferInsert;

/** Adds deliveries; one already there for (message, channel, address) is kept as it is. Answers the new ones. */
export async function insertRecipients(tx: Tx, rows: NewRecipient[]) {
  if (!rows.length) return [];
  return tx
    .insert(messageRecipients)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: messageRecipients.id, state: messageRecipients.state });
}

/**
 * Claims a queued delivery for sending: only one worker's claim succeeds, and a delivery claimed
 * once is never claimed again (docs/product.md#messages-to-attendees: never sent twice).
 */
export async function claimRecipient(db: Db, recipientId: number) {
  const [row] = await queryRows<{
    id: number;
    message_id: number;
    channel: MessageChannel;
    address: string;
    name: string;
  }>(
    db,
    sql`UPDATE message_recipients SET state = 'sending' WHERE id = ${recipientId} AND state = 'queued'
        RETURNING id, message_id, channel, address, name`,
  );
  return row;
}

export async function recipientState(db: Db, recipientId: number) {
  const [row] = await queryRows<{ state: string }>(
    db,
    sql`SELECT state FROM message_recipients WHERE id = ${recipientId}`,
  );
  return row?.state;
}

export async function finishRecipient(
  db: Db,
  recipientId: number,
  outcome: { state: 'sent' | 'failed' | 'queued'; error?: string | null },
) {
  await queryRows(
    db,
    sql`UPDATE message_recipients SET state = ${outcome.state}, error = ${outcome.error ?? null},
               sent_at = CASE WHEN ${outcome.state} = 'sent' THEN now() ELSE sent_at END
         WHERE id = ${recipientId}`,
  );
}

export interface MessageListRow {
  id: number;
  event_id: number;
  subject: string;
  body: string;
  audience: MessageAudience;
  ticket_type_id: number | null;
  channels: MessageChannel[];
  purpose: MessagePurpose;
  status: 'scheduled' | 'sending' | 'sent';
  send_at: Time;
  created_at: Time;
  created_by_name: string;
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
}

const messageWithCounts = sql`SELECT m.id, m.event_id, m.subject, m.body, m.audience, m.ticket_type_id, m.channels,
         m.purpose, m.status, m.send_at, m.created_at, m.created_by_name,
         count(r.id)::int AS recipients,
         count(r.id) FILTER (WHERE r.state IN ('queued', 'sending'))::int AS queued,
         count(r.id) FILTER (WHERE r.state = 'sent')::int AS sent,
         count(r.id) FILTER (WHERE r.state = 'failed')::int AS failed,
         count(r.id) FILTER (WHERE r.state = 'skipped')::int AS skipped
    FROM attendee_messages m LEFT JOIN message_recipients r ON r.message_id = m.id`;

export async function listEventMessages(db: Db, eventId: number) {
  return queryRows<MessageListRow>(
    db,
    sql`${messageWithCounts} WHERE m.event_id = ${eventId} GROUP BY m.id ORDER BY m.created_at DESC, m.id DESC`,
  );
}

export async function findEventMessage(db: Db | Tx, eventId: number, messageId: number) {
  const [row] = await queryRows<MessageListRow>(
    db,
    sql`${messageWithCounts} WHERE m.event_id = ${eventId} AND m.id = ${messageId} GROUP BY m.id`,
  );
  return row;
}

export async function listRecipients(db: Db, messageId: number) {
  return queryRows<{
    id: number;
    name: string;
    channel: MessageChannel;
    address: string;
    state: string;
    error: string | null;
    sent_at: Time | null;
  }>(
    db,
    sql`SELECT id, name, channel, address, state, error, sent_at FROM message_recipients
         WHERE message_id = ${messageId} ORDER BY lower(name), id`,
  );
}

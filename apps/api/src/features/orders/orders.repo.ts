import { sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUS, EVENT_STATUS, NAIROBI_OFFSET_MINUTES, type AnswerValue } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';

/**
 * Orders reads an event's bookings, lines, payments, e-tickets and check-ins for its organiser
 * (read only: the reports), and writes one thing of its own: an event's cancellation
 * (`events.status` 3, `cancelled_at`). Stock, booking status and refund requests change
 * through checkout's exports (docs/decisions/0010-refunds-and-cancellation.md).
 */

export interface OwnEventRow {
  id: number;
  title: string;
  status: number;
  currency: string;
  start_time: Date;
  end_time: Date;
  cancelled_at: Date | null;
}

/** The organisation's event (any status), optionally locked for the rest of the transaction. */
export async function findOwnEvent(
  db: Db | Tx,
  organisationId: number,
  eventId: number,
  lock = false,
): Promise<OwnEventRow | undefined> {
  const [row] = await queryRows<OwnEventRow>(
    db,
    sql`SELECT id, title, status, currency, start_time, end_time, cancelled_at FROM events
         WHERE id = ${eventId} AND organisation_id = ${organisationId}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return row && { ...row, start_time: new Date(row.start_time), end_time: new Date(row.end_time) };
}

/** The booking's event when the booking belongs to one of the organisation's events. */
export async function findOwnBookingEvent(
  db: Db | Tx,
  organisationId: number,
  bookingId: number,
): Promise<OwnEventRow | undefined> {
  const [row] = await queryRows<{ event_id: number }>(
    db,
    sql`SELECT b.event_id FROM bookings b JOIN events e ON e.id = b.event_id
         WHERE b.id = ${bookingId} AND e.organisation_id = ${organisationId}`,
  );
  return row ? findOwnEvent(db, organisationId, row.event_id) : undefined;
}

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The digits of a typed phone number as stored (+254…): 0712 345 → 254712345. */
function phoneDigitsOf(q: string): string | null {
  const digits = q.replace(/\D/g, '');
  if (digits.length < 3 || digits.length < q.replace(/[\s+()-]/g, '').length) return null;
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
}

export interface OrderRow {
  id: number;
  reference: string;
  full_name: string;
  email: string;
  msisdn: string | null;
  tickets: number;
  persons: number;
  total_minor: number;
  currency: string;
  payment_method: 'card' | 'mpesa' | 'paypal' | 'invoice';
  status: number;
  hold_expires_at: Date | string;
  created_at: Date | string;
  paid_at: Date | string | null;
  refund_requested_at: Date | string | null;
  refund_error: string | null;
  refunded_at: Date | string | null;
  receipt_number: string | null;
  /** The newest payment that took another amount or currency than the booking's total, if any. */
  mismatch: { minor: number; currency: string } | null;
  /** The buyer's answers to the order questions, in the order asked. */
  answers: AnswerRow[];
  /** The code it was made with, and what came off its lines (docs/product.md#discount-codes). */
  code: string | null;
  discount_minor: number;
}

/** An answer with its question, as the orders' and attendees' reports read them. */
export interface AnswerRow {
  question_id: number;
  label: string;
  value: AnswerValue;
}

/**
 * Which bookings: by search text, by one status, by a list's kind, or one booking. The sales are
 * the bookings whose money was taken: paid, refunded, or holding a payment that is being given
 * back (a payment of another amount); the holds are the rest, never paid.
 */
export interface OrdersFilter {
  q?: string;
  status?: number;
  kind?: 'sales' | 'holds';
  bookingId?: number;
}

const { paid: PAID, refunded: REFUNDED, awaiting_payment: AWAITING } = BOOKING_STATUS;
/** Sales: money taken, or owed by a company paying by invoice (status 6). */
const MONEY_TAKEN = sql`(b.status IN (${PAID}, ${REFUNDED}, ${AWAITING}) OR b.refund_requested_at IS NOT NULL)`;

function ordersWhere(eventId: number, f: OrdersFilter): SQL {
  const parts: SQL[] = [sql`b.event_id = ${eventId}`];
  if (f.bookingId !== undefined) parts.push(sql`b.id = ${f.bookingId}`);
  if (f.status !== undefined) parts.push(sql`b.status = ${f.status}`);
  if (f.kind === 'sales') parts.push(MONEY_TAKEN);
  if (f.kind === 'holds') parts.push(sql`NOT ${MONEY_TAKEN}`);
  if (f.q) {
    const like = likeOf(f.q);
    const phone = phoneDigitsOf(f.q);
    parts.push(
      sql`(b.reference ILIKE ${like} OR b.full_name ILIKE ${like} OR b.email ILIKE ${like}${
        phone ? sql` OR regexp_replace(coalesce(b.msisdn, ''), '\\D', '', 'g') LIKE ${`%${phone}%`}` : sql``
      })`,
    );
  }
  return sql.join(parts, sql` AND `);
}

const ORDER_COLUMNS = sql`b.id, b.reference, b.full_name, b.email, b.msisdn, b.total_minor, b.currency,
  b.payment_method, b.status, b.hold_expires_at, b.created_at, b.paid_at, b.refund_requested_at, b.refund_error,
  b.code, coalesce((SELECT sum(l.discount_minor * l.quantity) FROM booking_lines l WHERE l.booking_id = b.id), 0)::int
    AS discount_minor,
  coalesce((SELECT sum(l.quantity) FROM booking_lines l WHERE l.booking_id = b.id), 0)::int AS tickets,
  coalesce((SELECT sum(l.quantity * l.no_of_persons) FROM booking_lines l WHERE l.booking_id = b.id), 0)::int AS persons,
  (SELECT p.refunded_at FROM payments p WHERE p.booking_id = b.id ORDER BY p.id DESC LIMIT 1) AS refunded_at,
  (SELECT p.receipt_number FROM payments p WHERE p.booking_id = b.id AND p.receipt_number IS NOT NULL
    ORDER BY p.id DESC LIMIT 1) AS receipt_number,
  (SELECT json_build_object('minor', p.received_minor, 'currency', p.received_currency) FROM payments p
    WHERE p.booking_id = b.id AND p.received_minor IS NOT NULL
      AND (p.received_minor <> b.total_minor OR p.received_currency <> b.currency)
    ORDER BY p.id DESC LIMIT 1) AS mismatch,
  coalesce((SELECT json_agg(json_build_object('question_id', q.id, 'label', q.label, 'value', x.value)
      ORDER BY q.archived_at NULLS FIRST, q.position, q.id)
    FROM booking_answers x JOIN event_questions q ON q.id = x.question_id
    WHERE x.booking_id = b.id AND x.attendee_id IS NULL), '[]'::json) AS answers`;

/** The event's bookings, newest first: one page and the count of every match. */
export async function listOrders(
  db: Db | Tx,
  eventId: number,
  f: OrdersFilter & { offset: number; limit: number | null },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = ordersWhere(eventId, f);
  const [ids, [count]] = await Promise.all([
    listOrderIds(db, eventId, f),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM bookings b WHERE ${where}`),
  ]);
  return { rows: await findOrdersByIds(db, ids), total: count?.n ?? 0 };
}

/**
 * The ids of the event's matching bookings, newest first, one page or all (`limit` null: the CSV).
 * Only ids are sorted and skipped; each row's sums and answers are computed for the returned
 * rows only (`findOrdersByIds`), so a deep page costs what the first does plus the skip.
 */
export async function listOrderIds(
  db: Db | Tx,
  eventId: number,
  f: OrdersFilter & { offset: number; limit: number | null },
): Promise<number[]> {
  const page = f.limit === null ? sql`` : sql` LIMIT ${f.limit} OFFSET ${f.offset}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT b.id FROM bookings b WHERE ${ordersWhere(eventId, f)} ORDER BY b.created_at DESC, b.id DESC${page}`,
  );
  return rows.map((r) => r.id);
}

/** The bookings of these ids as the orders list shows them, in the order of `ids`. */
export async function findOrdersByIds(db: Db | Tx, ids: number[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  const rows = await queryRows<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM bookings b WHERE b.id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, { ...r, answers: parseJson<AnswerRow[]>(r.answers) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Archived order questions that any of these bookings answered (an export's extra columns). */
export async function answeredArchivedOrderQuestions(db: Db | Tx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT x.question_id AS id FROM booking_answers x JOIN event_questions q ON q.id = x.question_id
         WHERE x.booking_id = ANY(${`{${ids.join(',')}}`}::int[]) AND x.attendee_id IS NULL AND q.archived_at IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.id));
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export interface AttendeeRow {
  id: number;
  holder_name: string;
  email: string;
  delegate_email: string | null;
  msisdn: string | null;
  company: string | null;
  job_title: string | null;
  named: boolean;
  changed: boolean;
  answers: AnswerRow[];
  ticket_type: string;
  ticket_type_id: number;
  admits: number;
  booking_id: number;
  booking_reference: string;
  ticket_number: number;
  tickets_in_booking: number;
  revoked: boolean;
  checked_in_at: Date | string | null;
  device_id: string | null;
}

export interface AttendeesFilter {
  q?: string;
  checkedIn?: 'yes' | 'no';
  names?: 'to_be_named' | 'changed';
  /** One e-ticket (the row an organiser's change answers with). */
  ticketId?: number;
}

/**
 * The event's live e-tickets (the old rows of re-issued ones left out) by delegate name, with
 * their delegates (docs/product.md#delegates-and-questions), answers and check-ins; `limit` null
 * gives every match. `q` finds a delegate's name, email, phone or company, a booking reference or
 * a ticket type; `names` the tickets still to be named, or those whose delegate changed.
 */
export async function listAttendees(
  db: Db | Tx,
  eventId: number,
  f: AttendeesFilter & { offset: number; limit: number | null },
): Promise<{ rows: AttendeeRow[]; total: number }> {
  const where = attendeesWhere(eventId, f);
  const [ids, [count]] = await Promise.all([
    listAttendeeIds(db, eventId, f),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM e_tickets t WHERE ${where}`),
  ]);
  return { rows: await findAttendeesByIds(db, ids), total: count?.n ?? 0 };
}

/** The ticket's delegate row (at most one: unique per line and place). */
const ATTENDEE_OF_TICKET = sql`a.booking_line_id = t.booking_line_id AND a.seq = t.seq`;

/**
 * The filter of an event's attendees, shared by the page, its count and the export: on
 * `e_tickets t` alone, so counting and paging read the event's live tickets from
 * `e_tickets_live_name_idx` and join nothing (docs/scaling.md#cost-curves-as-the-data-grows).
 * A search looks in each table through the event's own rows (its bookings, its ticket types'
 * lines, its bookings' delegates), never through another event's.
 */
function attendeesWhere(eventId: number, f: AttendeesFilter): SQL {
  const parts: SQL[] = [sql`t.event_id = ${eventId}`, sql`t.reissued_at IS NULL`];
  if (f.ticketId !== undefined) parts.push(sql`t.id = ${f.ticketId}`);
  if (f.q) {
    const like = likeOf(f.q);
    const phone = phoneDigitsOf(f.q);
    // '\\D' in SQL is the regexp \D (not a digit): a template literal turns a lone '\D' into 'D'.
    const phoneMatch = phone
      ? sql` OR regexp_replace(coalesce(a.msisdn, ''), '\\D', '', 'g') LIKE ${`%${phone}%`}`
      : sql``;
    parts.push(
      sql`(t.holder_name ILIKE ${like}
           OR t.booking_id IN (SELECT b.id FROM bookings b WHERE b.event_id = ${eventId} AND b.reference ILIKE ${like})
           OR t.booking_line_id IN (SELECT l.id FROM booking_lines l WHERE ${eventLines(eventId)} AND l.name ILIKE ${like})
           OR (t.booking_line_id, t.seq) IN (SELECT a.booking_line_id, a.seq FROM booking_attendees a
                WHERE a.booking_id IN (SELECT b.id FROM bookings b WHERE b.event_id = ${eventId})
                  AND (a.email ILIKE ${like} OR a.company ILIKE ${like}${phoneMatch})))`,
    );
  }
  if (f.checkedIn === 'yes') parts.push(sql`EXISTS (SELECT 1 FROM check_ins c WHERE c.e_ticket_id = t.id)`);
  if (f.checkedIn === 'no') parts.push(sql`NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.e_ticket_id = t.id)`);
  if (f.names === 'to_be_named')
    parts.push(sql`NOT EXISTS (SELECT 1 FROM booking_attendees a WHERE ${ATTENDEE_OF_TICKET} AND a.named)`);
  if (f.names === 'changed')
    parts.push(sql`EXISTS (SELECT 1 FROM booking_attendees a WHERE ${ATTENDEE_OF_TICKET} AND ${ATTENDEE_CHANGED})`);
  return sql.join(parts, sql` AND `);
}

const ATTENDEE_CHANGED = sql`EXISTS (SELECT 1 FROM attendee_changes h WHERE h.attendee_id = a.id)`;

/**
 * The ids of an event's attendees in the list's order (by name, then id), one page or all. Only
 * the ids are sorted and skipped, in `e_tickets_live_name_idx`'s order: a deep page, or an export
 * of 100,000 rows, computes each row's answers and numbers for the rows it returns only
 * (`findAttendeesByIds`; docs/scaling.md).
 */
export async function listAttendeeIds(
  db: Db | Tx,
  eventId: number,
  f: AttendeesFilter & { offset: number; limit: number | null },
): Promise<number[]> {
  const page = f.limit === null ? sql`` : sql` LIMIT ${f.limit} OFFSET ${f.offset}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT t.id FROM e_tickets t WHERE ${attendeesWhere(eventId, f)} ORDER BY lower(t.holder_name), t.id${page}`,
  );
  return rows.map((r) => r.id);
}

/**
 * The attendees (e-tickets) of these ids, in the order of `ids`: one statement for a page or an
 * export's chunk of 1,000, set-based (each figure computed once for all the ids, by their keys,
 * never a subquery per row). The ids are live tickets (the lists show no re-issued row).
 */
export async function findAttendeesByIds(db: Db | Tx, ids: number[]): Promise<AttendeeRow[]> {
  if (!ids.length) return [];
  const rows = await queryRows<AttendeeRow & { answers: unknown }>(
    db,
    // A ticket's number counts its booking's live tickets in the order its PDF prints them (line, then place).
    sql`WITH chosen AS (SELECT * FROM e_tickets WHERE id = ANY(${`{${ids.join(',')}}`}::int[])),
         numbered AS (
           SELECT o.id, row_number() OVER w AS ticket_number, count(*) OVER (PARTITION BY o.booking_id) AS tickets_in_booking
             FROM e_tickets o
            WHERE o.booking_id IN (SELECT booking_id FROM chosen) AND o.reissued_at IS NULL
           WINDOW w AS (PARTITION BY o.booking_id ORDER BY o.booking_line_id, o.seq)),
         delegates AS (
           SELECT a.*, EXISTS (SELECT 1 FROM attendee_changes h WHERE h.attendee_id = a.id) AS changed
             FROM booking_attendees a JOIN chosen t ON ${ATTENDEE_OF_TICKET}),
         answers AS (
           SELECT x.attendee_id, json_agg(json_build_object('question_id', q.id, 'label', q.label, 'value', x.value)
                    ORDER BY q.archived_at NULLS FIRST, q.position, q.id) AS answers
             FROM booking_answers x JOIN event_questions q ON q.id = x.question_id
            WHERE x.attendee_id IN (SELECT id FROM delegates)
            GROUP BY x.attendee_id)
       SELECT t.id, t.holder_name, coalesce(a.email, b.email) AS email, a.email AS delegate_email, a.msisdn, a.company, a.job_title,
              coalesce(a.named, false) AS named, coalesce(a.changed, false) AS changed,
              coalesce(x.answers, '[]'::json) AS answers,
              l.name AS ticket_type, l.ticket_type_id, t.admits, b.id AS booking_id, b.reference AS booking_reference,
              -- A ticket re-issued since its id was listed is numbered as before, by itself.
              coalesce(n.ticket_number, (SELECT count(*) FROM e_tickets o WHERE o.booking_id = t.booking_id
                AND o.reissued_at IS NULL AND (o.booking_line_id, o.seq) <= (t.booking_line_id, t.seq)))::int AS ticket_number,
              coalesce(n.tickets_in_booking, (SELECT count(*) FROM e_tickets o WHERE o.booking_id = t.booking_id
                AND o.reissued_at IS NULL))::int AS tickets_in_booking,
              (t.revoked_at IS NOT NULL) AS revoked, c.checked_in_at, c.device_id
         FROM chosen t JOIN bookings b ON b.id = t.booking_id JOIN booking_lines l ON l.id = t.booking_line_id
         LEFT JOIN numbered n ON n.id = t.id
         LEFT JOIN delegates a ON ${ATTENDEE_OF_TICKET}
         LEFT JOIN answers x ON x.attendee_id = a.id
         LEFT JOIN check_ins c ON c.e_ticket_id = t.id`,
  );
  const byId = new Map(rows.map((r) => [r.id, { ...r, answers: parseJson<AnswerRow[]>(r.answers) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Archived questions of the event that any of these attendees answered (an export's extra columns). */
export async function answeredArchivedAttendeeQuestions(db: Db | Tx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT x.question_id AS id
          FROM e_tickets t JOIN booking_attendees a ON a.booking_line_id = t.booking_line_id AND a.seq = t.seq
          JOIN booking_answers x ON x.attendee_id = a.id JOIN event_questions q ON q.id = x.question_id
         WHERE t.id = ANY(${`{${ids.join(',')}}`}::int[]) AND q.archived_at IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The event's questions of one scope, archived ones too, in the order asked (a report's columns). */
export async function findEventQuestions(db: Db | Tx, eventId: number, scope: 'order' | 'attendee') {
  return queryRows<{ id: number; label: string; archived: boolean }>(
    db,
    sql`SELECT id, label, archived_at IS NOT NULL AS archived FROM event_questions
         WHERE event_id = ${eventId} AND scope = ${scope} ORDER BY archived_at NULLS FIRST, position, id`,
  );
}

/**
 * The e-ticket (live or re-issued) when it is of one of the organisation's events: its event,
 * line and place (a delegate's history follows the place across re-issues).
 */
export async function findOwnTicket(db: Db | Tx, organisationId: number, ticketId: number) {
  const [row] = await queryRows<{ event_id: number; booking_line_id: number; seq: number }>(
    db,
    sql`SELECT t.event_id, t.booking_line_id, t.seq FROM e_tickets t JOIN events e ON e.id = t.event_id
         WHERE t.id = ${ticketId} AND e.organisation_id = ${organisationId}`,
  );
  return row && { eventId: row.event_id, bookingLineId: row.booking_line_id, seq: row.seq };
}

export interface SalesFigures {
  ticketTypes: {
    id: number;
    name: string;
    price_minor: number;
    max_tickets: number;
    sold: number;
    held: number;
    status: number;
  }[];
  money: {
    gross_minor: number;
    refunded_minor: number;
    bookings_paid: number;
    bookings_refunded: number;
    refunds_pending: number;
    refunds_failed: number;
  };
  tickets: { tickets_sold: number; persons_sold: number; tickets_checked_in: number; persons_checked_in: number };
  days: { day: string; tickets: number; gross_minor: number }[];
}

/** The event's booking lines, `l`, through its ticket types (booking_lines_type_idx). */
const eventLines = (eventId: number) =>
  sql`l.ticket_type_id IN (SELECT y.id FROM ticket_types y WHERE y.event_id = ${eventId})`;

/**
 * The tickets and persons of each of the event's bookings, from its lines: summed before they
 * meet the bookings, and LEFT JOINed to them (a booking without lines adds nothing to a sum), so
 * the event's bookings drive and the lines are hashed once, never looked up a booking at a time
 * (a plain join let the planner, misled by the average lines per type, probe 50,000 bookings).
 */
const linesPerBooking = (eventId: number) =>
  sql`(SELECT l.booking_id, sum(l.quantity) AS tickets, sum(l.quantity * l.no_of_persons) AS persons
         FROM booking_lines l WHERE ${eventLines(eventId)} GROUP BY l.booking_id)`;

/** Everything the sales summary counts, in four queries. */
export async function salesFigures(db: Db | Tx, eventId: number): Promise<SalesFigures> {
  const { paid, refunded } = BOOKING_STATUS;
  const offset = sql.raw(`interval '${NAIROBI_OFFSET_MINUTES} minutes'`);
  const [ticketTypes, [money], [tickets], days] = await Promise.all([
    queryRows<SalesFigures['ticketTypes'][number]>(
      db,
      sql`SELECT id, name, price_minor, max_tickets, sold, held, status FROM ticket_types
           WHERE event_id = ${eventId} ORDER BY status, id`,
    ),
    // A refunded booking (5) always had its money taken: by an organiser's refund of a paid
    // booking, or a payment that came after its hold and was given back. Bookings refunded count
    // those and any whose payment is being given back (a payment of the wrong amount).
    queryRows<SalesFigures['money']>(
      db,
      sql`SELECT coalesce(sum(b.total_minor) FILTER (WHERE b.status IN (${paid}, ${refunded})), 0)::bigint AS gross_minor,
                 coalesce(sum(b.total_minor) FILTER (WHERE b.status = ${refunded}), 0)::bigint AS refunded_minor,
                 (count(*) FILTER (WHERE b.status = ${paid}))::int AS bookings_paid,
                 (count(*) FILTER (WHERE b.status = ${refunded} OR b.refund_requested_at IS NOT NULL))::int AS bookings_refunded,
                 (count(*) FILTER (WHERE (b.status = ${refunded} OR b.refund_requested_at IS NOT NULL)
                    AND b.refund_error IS NULL AND NOT EXISTS (
                    SELECT 1 FROM payments p WHERE p.booking_id = b.id AND p.refunded_at IS NOT NULL)))::int AS refunds_pending,
                 (count(*) FILTER (WHERE b.refund_error IS NOT NULL))::int AS refunds_failed
            FROM bookings b WHERE b.event_id = ${eventId}`,
    ),
    // Sold from the paid bookings' lines (what the ticket counters count), checked in from the
    // check-ins of tickets that still admit. The lines are read through the event's ticket types
    // (a booking's lines are always of its event's types: checkout prices only those), so both
    // sides of the join are the event's own rows (booking_lines_type_idx; docs/scaling.md).
    queryRows<SalesFigures['tickets']>(
      db,
      sql`SELECT coalesce(s.tickets, 0)::int AS tickets_sold, coalesce(s.persons, 0)::int AS persons_sold,
                 (SELECT count(*) FROM check_ins c JOIN e_tickets t ON t.id = c.e_ticket_id
                   WHERE t.event_id = ${eventId} AND t.revoked_at IS NULL)::int AS tickets_checked_in,
                 coalesce((SELECT sum(t.admits) FROM check_ins c JOIN e_tickets t ON t.id = c.e_ticket_id
                   WHERE t.event_id = ${eventId} AND t.revoked_at IS NULL), 0)::int AS persons_checked_in
            FROM (SELECT sum(q.tickets) AS tickets, sum(q.persons) AS persons
                    FROM bookings b LEFT JOIN ${linesPerBooking(eventId)} q ON q.booking_id = b.id
                   WHERE b.event_id = ${eventId} AND b.status = ${paid}) s`,
    ),
    queryRows<SalesFigures['days'][number]>(
      db,
      sql`SELECT to_char((b.paid_at AT TIME ZONE 'UTC') + ${offset}, 'YYYY-MM-DD') AS day,
                 sum(q.tickets)::int AS tickets, sum(b.total_minor)::bigint AS gross_minor
            FROM bookings b
            LEFT JOIN ${linesPerBooking(eventId)} q ON q.booking_id = b.id
           WHERE b.event_id = ${eventId} AND b.paid_at IS NOT NULL AND b.status IN (${paid}, ${refunded})
           GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  return { ticketTypes, money: money!, tickets: tickets!, days };
}

/** The event leaves the public lists: status 3, cancelled now. */
export async function markEventCancelled(tx: Tx, eventId: number): Promise<Date> {
  const [row] = await queryRows<{ cancelled_at: Date | string }>(
    tx,
    sql`UPDATE events SET status = ${EVENT_STATUS.cancelled}, cancelled_at = now(), updated_at = now()
         WHERE id = ${eventId} RETURNING cancelled_at`,
  );
  return new Date(row!.cancelled_at);
}

/** Bookings the cancellation still has to deal with: pending holds and paid bookings, oldest first. */
export async function openBookingIds(db: Db | Tx, eventId: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM bookings WHERE event_id = ${eventId} AND status IN (${BOOKING_STATUS.pending}, ${BOOKING_STATUS.paid}, ${BOOKING_STATUS.awaiting_payment})
         ORDER BY id LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** Paid bookings a cancellation refunds: those still paid and those it has refunded already. */
export async function countBookingsToRefund(db: Db | Tx, eventId: number, cancelledAt: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM bookings WHERE event_id = ${eventId}
         AND (status = ${BOOKING_STATUS.paid}
              OR (status = ${BOOKING_STATUS.refunded} AND refund_requested_at >= ${cancelledAt.toISOString()}::timestamptz))`,
  );
  return row?.n ?? 0;
}

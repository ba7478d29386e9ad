import { sql } from 'drizzle-orm';
import type { AnswerValue, AttendeeNames, QuestionKind, QuestionRule, QuestionScope } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import type { AttendeePlan, CheckedAnswer, CheckedDetails } from './answer-checks.js';

type Executor = Db | Tx;

/**
 * The attendees feature's tables (docs/architecture.md): an event's questions, one delegate row
 * per ticket with its answers, and the history of changes. Events and ticket types are read to
 * check who owns an event and which types it has.
 */

interface QuestionRow {
  id: number;
  event_id: number;
  kind: QuestionKind;
  label: string;
  required: boolean;
  scope: QuestionScope;
  options: string[];
  ticket_type_ids: number[];
  archived_at: Date | string | null;
}

export type EventQuestion = QuestionRule & { eventId: number; archived: boolean };

const toQuestion = (r: QuestionRow): EventQuestion => ({
  id: r.id,
  eventId: r.event_id,
  kind: r.kind,
  label: r.label,
  required: r.required,
  scope: r.scope,
  options: r.options,
  ticket_type_ids: r.ticket_type_ids.map(Number),
  archived: r.archived_at !== null,
});

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** A list of ids as one `int[]` parameter (Drizzle spreads a JavaScript array into a parenthesised list). */
const ints = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

const QUESTION_COLUMNS = sql`id, event_id, kind, label, required, scope, options, ticket_type_ids, archived_at`;

/** The questions of these events, in the order asked; archived ones only when asked for. */
export async function findQuestions(
  db: Executor,
  eventIds: number[],
  opts: { archived?: boolean } = {},
): Promise<EventQuestion[]> {
  if (eventIds.length === 0) return [];
  const rows = await queryRows<QuestionRow>(
    db,
    sql`SELECT ${QUESTION_COLUMNS} FROM event_questions
         WHERE event_id = ANY(${ints(eventIds)})${opts.archived ? sql`` : sql` AND archived_at IS NULL`}
         ORDER BY event_id, archived_at NULLS FIRST, position, id`,
  );
  return rows.map(toQuestion);
}

export interface EventRulesRow {
  id: number;
  organisationId: number;
  status: number;
  attendeeNames: AttendeeNames;
  changesLockHours: number;
  startTime: Date;
  /** Its questions being asked (not archived), in order. */
  questions: EventQuestion[];
  /** Its organisation is suspended by the operator: the event does not sell (docs/product.md#the-operator). */
  organiserSuspended: boolean;
}

/** What the delegate rules read of an event, in one query: its name rule, lock hours, start and questions. */
export async function findEventRules(db: Executor, eventId: number): Promise<EventRulesRow | undefined> {
  const [row] = await queryRows<{
    id: number;
    organisation_id: number;
    status: number;
    attendee_names: AttendeeNames;
    changes_lock_hours: number;
    start_time: Date | string;
    questions: unknown;
    suspended: boolean;
  }>(
    db,
    sql`SELECT e.id, e.organisation_id, e.status,
               EXISTS (SELECT 1 FROM organisations o WHERE o.id = e.organisation_id AND o.suspended_at IS NOT NULL) AS suspended, e.attendee_names, e.changes_lock_hours, e.start_time,
               coalesce((SELECT json_agg(json_build_object('id', q.id, 'event_id', q.event_id, 'kind', q.kind,
                   'label', q.label, 'required', q.required, 'scope', q.scope, 'options', q.options,
                   'ticket_type_ids', q.ticket_type_ids, 'archived_at', q.archived_at) ORDER BY q.position, q.id)
                 FROM event_questions q WHERE q.event_id = e.id AND q.archived_at IS NULL), '[]'::json) AS questions
          FROM events e WHERE e.id = ${eventId}`,
  );
  return (
    row && {
      id: row.id,
      organisationId: row.organisation_id,
      status: row.status,
      attendeeNames: row.attendee_names,
      changesLockHours: row.changes_lock_hours,
      startTime: new Date(row.start_time),
      questions: parseJson<QuestionRow[]>(row.questions).map(toQuestion),
      organiserSuspended: Boolean(row.suspended),
    }
  );
}

/** The organisation's event, its row locked for the rest of the transaction (its questions change one set at a time). */
export async function lockOwnEvent(tx: Tx, organisationId: number, eventId: number) {
  const [row] = await queryRows<{ id: number; status: number }>(
    tx,
    sql`SELECT id, status FROM events WHERE id = ${eventId} AND organisation_id = ${organisationId} FOR UPDATE`,
  );
  return row;
}

/** Whether the event is the organisation's. */
export async function ownsEvent(db: Executor, organisationId: number, eventId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM events WHERE id = ${eventId} AND organisation_id = ${organisationId}`,
  );
  return rows.length > 0;
}

/** The ids of the event's ticket types, deleted ones included (a question may still name them). */
export async function findTicketTypeIds(db: Executor, eventId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM ticket_types WHERE event_id = ${eventId}`);
  return rows.map((r) => r.id);
}

/** Which of these questions have answers. */
export async function findAnsweredQuestionIds(db: Executor, questionIds: number[]): Promise<Set<number>> {
  if (questionIds.length === 0) return new Set();
  const rows = await queryRows<{ question_id: number }>(
    db,
    sql`SELECT DISTINCT question_id FROM booking_answers WHERE question_id = ANY(${ints(questionIds)})`,
  );
  return new Set(rows.map((r) => r.question_id));
}

export interface QuestionValues {
  position: number;
  kind: QuestionKind;
  label: string;
  required: boolean;
  scope: QuestionScope;
  options: string[];
  ticketTypeIds: number[];
}

const optionsJson = (options: string[]) => sql`${JSON.stringify(options)}::jsonb`;

export async function insertQuestion(tx: Tx, eventId: number, q: QuestionValues) {
  await tx.execute(sql`INSERT INTO event_questions (event_id, position, kind, label, required, scope, options, ticket_type_ids)
    VALUES (${eventId}, ${q.position}, ${q.kind}, ${q.label}, ${q.required}, ${q.scope}, ${optionsJson(q.options)},
            ${ints(q.ticketTypeIds)})`);
}

/** A kept question's new values; a kept archived question is asked again. */
export async function updateQuestion(tx: Tx, id: number, q: QuestionValues) {
  await tx.execute(sql`UPDATE event_questions SET position = ${q.position}, kind = ${q.kind}, label = ${q.label},
      required = ${q.required}, scope = ${q.scope}, options = ${optionsJson(q.options)},
      ticket_type_ids = ${ints(q.ticketTypeIds)}, archived_at = NULL, updated_at = now()
    WHERE id = ${id}`);
}

export async function deleteQuestions(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`DELETE FROM event_questions WHERE id = ANY(${ints(ids)})`);
}

export async function archiveQuestions(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(
    sql`UPDATE event_questions SET archived_at = now(), updated_at = now() WHERE id = ANY(${ints(ids)}) AND archived_at IS NULL`,
  );
}

/**
 * A booking's delegates and answers, in the transaction that holds its tickets: one row per ticket
 * (line, place), the planned delegates named, the others "to be named" in the buyer's name, and
 * the answers, in one statement. `replace`: a booking answered again (the same buyer's hold
 * resumed) first loses the delegates and answers it had, so they follow the latest request.
 */
export async function saveBookingAttendees(
  tx: Tx,
  bookingId: number,
  buyerName: string,
  plan: AttendeePlan,
  replace: boolean,
) {
  if (replace) {
    await tx.execute(sql`DELETE FROM booking_answers WHERE booking_id = ${bookingId}`);
    await tx.execute(sql`DELETE FROM booking_attendees WHERE booking_id = ${bookingId}`);
  }
  const given = JSON.stringify(
    plan.attendees.map((a) => ({
      type_id: a.ticketTypeId,
      seq: a.seq,
      full_name: a.fullName,
      email: a.email,
      msisdn: a.msisdn,
      company: a.company,
      job_title: a.jobTitle,
      answers: a.answers.map((x) => ({ question_id: x.questionId, value: x.value })),
    })),
  );
  const orderAnswers = JSON.stringify(plan.orderAnswers.map((x) => ({ question_id: x.questionId, value: x.value })));
  await tx.execute(sql`
    WITH given AS (
      SELECT * FROM jsonb_to_recordset(${given}::jsonb)
        AS g(type_id int, seq int, full_name text, email text, msisdn text, company text, job_title text, answers jsonb)
    ), places AS (
      SELECT l.id AS line_id, l.ticket_type_id, s.seq
        FROM booking_lines l CROSS JOIN LATERAL generate_series(1, l.quantity) AS s(seq)
       WHERE l.booking_id = ${bookingId}
    ), ins AS (
      INSERT INTO booking_attendees (booking_id, booking_line_id, seq, full_name, email, msisdn, company, job_title, named)
      SELECT ${bookingId}::int, p.line_id, p.seq, coalesce(g.full_name, ${buyerName}::text), g.email, g.msisdn, g.company,
             g.job_title, g.type_id IS NOT NULL
        FROM places p LEFT JOIN given g ON g.type_id = p.ticket_type_id AND g.seq = p.seq
      RETURNING id, booking_line_id, seq
    )
    INSERT INTO booking_answers (booking_id, question_id, attendee_id, value)
    SELECT ${bookingId}::int, (a->>'question_id')::int, ins.id, a->'value'
      FROM ins JOIN places p ON p.line_id = ins.booking_line_id AND p.seq = ins.seq
      JOIN given g ON g.type_id = p.ticket_type_id AND g.seq = p.seq
      CROSS JOIN LATERAL jsonb_array_elements(g.answers) AS a
    UNION ALL
    SELECT ${bookingId}::int, (a->>'question_id')::int, NULL::int, a->'value'
      FROM jsonb_array_elements(${orderAnswers}::jsonb) AS a`);
}

/** The delegates' names of these bookings' tickets, for issuing their e-tickets. */
export async function findAttendeeNames(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return queryRows<{ booking_line_id: number; seq: number; full_name: string }>(
    db,
    sql`SELECT booking_line_id, seq, full_name FROM booking_attendees WHERE booking_id = ANY(${ints(bookingIds)})`,
  );
}

/** An answer with its question as asked (archived questions included: answers outlive them). */
export interface AnswerRow {
  questionId: number;
  label: string;
  value: AnswerValue;
}

export interface AttendeeRow {
  id: number;
  bookingId: number;
  bookingLineId: number;
  seq: number;
  fullName: string;
  email: string | null;
  msisdn: string | null;
  company: string | null;
  jobTitle: string | null;
  named: boolean;
  answers: AnswerRow[];
}

const ATTENDEE_ANSWERS = sql`coalesce((SELECT json_agg(json_build_object('questionId', q.id, 'label', q.label, 'value', x.value)
    ORDER BY q.archived_at NULLS FIRST, q.position, q.id)
    FROM booking_answers x JOIN event_questions q ON q.id = x.question_id WHERE x.attendee_id = a.id), '[]'::json)`;

/** The delegates of these bookings with their answers. A ticket without a row (issued before delegates existed) is to be named. */
export async function findBookingAttendees(db: Executor, bookingIds: number[]): Promise<AttendeeRow[]> {
  if (bookingIds.length === 0) return [];
  const rows = await queryRows<{
    id: number;
    booking_id: number;
    booking_line_id: number;
    seq: number;
    full_name: string;
    email: string | null;
    msisdn: string | null;
    company: string | null;
    job_title: string | null;
    named: boolean;
    answers: unknown;
  }>(
    db,
    sql`SELECT a.id, a.booking_id, a.booking_line_id, a.seq, a.full_name, a.email, a.msisdn, a.company, a.job_title,
               a.named, ${ATTENDEE_ANSWERS} AS answers
          FROM booking_attendees a WHERE a.booking_id = ANY(${ints(bookingIds)})`,
  );
  return rows.map((r) => ({
    id: r.id,
    bookingId: r.booking_id,
    bookingLineId: r.booking_line_id,
    seq: r.seq,
    fullName: r.full_name,
    email: r.email,
    msisdn: r.msisdn,
    company: r.company,
    jobTitle: r.job_title,
    named: r.named,
    answers: parseJson<AnswerRow[]>(r.answers),
  }));
}

/** The order answers of these bookings, with their questions as asked. */
export async function findOrderAnswers(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return queryRows<{ booking_id: number; question_id: number; label: string; value: AnswerValue }>(
    db,
    sql`SELECT x.booking_id, q.id AS question_id, q.label, x.value
          FROM booking_answers x JOIN event_questions q ON q.id = x.question_id
         WHERE x.booking_id = ANY(${ints(bookingIds)}) AND x.attendee_id IS NULL
         ORDER BY x.booking_id, q.archived_at NULLS FIRST, q.position, q.id`,
  );
}

/**
 * The delegate row of a ticket (line, place), made in the buyer's name when the ticket has none
 * yet, and locked for the rest of the transaction: two changes of one ticket's delegate take
 * turns, the second seeing what the first did (docs/decisions/0025-rename-reissues-the-code.md).
 */
export async function lockAttendee(
  tx: Tx,
  ticket: { bookingId: number; bookingLineId: number; seq: number },
  buyerName: string,
) {
  await tx.execute(sql`INSERT INTO booking_attendees (booking_id, booking_line_id, seq, full_name, named)
    VALUES (${ticket.bookingId}, ${ticket.bookingLineId}, ${ticket.seq}, ${buyerName}, false)
    ON CONFLICT (booking_line_id, seq) DO NOTHING`);
  const [row] = await queryRows<{
    id: number;
    full_name: string;
    email: string | null;
    named: boolean;
  }>(
    tx,
    sql`SELECT id, full_name, email, named FROM booking_attendees
         WHERE booking_line_id = ${ticket.bookingLineId} AND seq = ${ticket.seq} FOR UPDATE`,
  );
  return { id: row!.id, fullName: row!.full_name, email: row!.email, named: row!.named };
}

/** A delegate named (or renamed): their details, and their answers to the questions `asked` in place of the old ones. */
export async function updateAttendee(
  tx: Tx,
  attendee: { id: number; bookingId: number },
  details: CheckedDetails,
  asked: number[],
) {
  await tx.execute(sql`UPDATE booking_attendees SET full_name = ${details.fullName}, email = ${details.email},
      msisdn = ${details.msisdn}, company = ${details.company}, job_title = ${details.jobTitle}, named = true,
      updated_at = now()
    WHERE id = ${attendee.id}`);
  if (asked.length > 0) {
    await tx.execute(
      sql`DELETE FROM booking_answers WHERE attendee_id = ${attendee.id} AND question_id = ANY(${ints(asked)})`,
    );
  }
  await insertAnswers(tx, attendee.bookingId, attendee.id, details.answers);
}

async function insertAnswers(tx: Tx, bookingId: number, attendeeId: number, answers: CheckedAnswer[]) {
  if (answers.length === 0) return;
  const json = JSON.stringify(answers.map((a) => ({ question_id: a.questionId, value: a.value })));
  await tx.execute(sql`INSERT INTO booking_answers (booking_id, question_id, attendee_id, value)
    SELECT ${bookingId}::int, (a->>'question_id')::int, ${attendeeId}::int, a->'value' FROM jsonb_array_elements(${json}::jsonb) AS a`);
}

export interface AttendeeChangeValues {
  attendeeId: number;
  by: 'buyer' | 'organiser';
  accountId: number | null;
  byName: string;
  from: { fullName: string; email: string | null };
  to: { fullName: string; email: string | null };
  reissued: boolean;
}

export async function insertAttendeeChange(tx: Tx, c: AttendeeChangeValues) {
  await tx.execute(sql`INSERT INTO attendee_changes
      (attendee_id, changed_by, account_id, by_name, from_name, from_email, to_name, to_email, reissued)
    VALUES (${c.attendeeId}, ${c.by}, ${c.accountId}, ${c.byName}, ${c.from.fullName}, ${c.from.email},
            ${c.to.fullName}, ${c.to.email}, ${c.reissued})`);
}

/** The changes of the delegate of a ticket (line, place), oldest first. */
export async function findAttendeeChanges(db: Executor, ticket: { bookingLineId: number; seq: number }) {
  const rows = await queryRows<{
    created_at: Date | string;
    changed_by: 'buyer' | 'organiser';
    by_name: string;
    from_name: string;
    from_email: string | null;
    to_name: string;
    to_email: string | null;
    reissued: boolean;
  }>(
    db,
    sql`SELECT c.created_at, c.changed_by, c.by_name, c.from_name, c.from_email, c.to_name, c.to_email, c.reissued
          FROM attendee_changes c JOIN booking_attendees a ON a.id = c.attendee_id
         WHERE a.booking_line_id = ${ticket.bookingLineId} AND a.seq = ${ticket.seq}
         ORDER BY c.id`,
  );
  return rows.map((r) => ({
    at: new Date(r.created_at),
    by: r.changed_by,
    byName: r.by_name,
    from: { fullName: r.from_name, email: r.from_email },
    to: { fullName: r.to_name, email: r.to_email },
    reissued: r.reissued,
  }));
}

import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  accounts,
  bookingAnswers,
  bookingAttendees,
  bookingLines,
  bookings,
  checkIns,
  eTickets,
  eventQuestions,
  events,
  mailboxMessages,
  organisations,
  payments,
  sessions,
} from '../../db/schema/index.js';

/**
 * Every query of a person's data across the tables that hold it (docs/security.md#your-data):
 * the copy they download, the deletion of their account and the retention job. They live in one
 * place on purpose, beside the test that scans every column of every table, so that a new
 * column holding a name, email or phone is found here or by that test, not forgotten in a feature.
 */
type Executor = Db | Tx;

/** A buyer's bookings: those of their account, and those made with their email before it had one. */
const bookingsOfPerson = (accountId: number, email: string) =>
  or(eq(bookings.accountId, accountId), eq(bookings.email, email));

export async function findBuyer(db: Executor, accountId: number) {
  const [row] = await db
    .select({
      id: accounts.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
      msisdn: accounts.msisdn,
      googleLinked: sql<boolean>`${accounts.googleSub} IS NOT NULL`,
      lastLoginAt: accounts.lastLoginAt,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.type, 'user')));
  return row;
}
export type BuyerRow = NonNullable<Awaited<ReturnType<typeof findBuyer>>>;

export async function updateBuyerDetails(
  db: Executor,
  accountId: number,
  d: { firstName: string; lastName: string; msisdn: string | null },
) {
  await db
    .update(accounts)
    .set(d)
    .where(and(eq(accounts.id, accountId), eq(accounts.type, 'user')));
}

/** Another buyer account holds this phone already (the phone is unique among buyers). */
export async function phoneTaken(db: Executor, accountId: number, msisdn: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.type, 'user'), eq(accounts.msisdn, msisdn), sql`${accounts.id} <> ${accountId}`))
    .limit(1);
  return row !== undefined;
}

export async function countBookings(db: Executor, accountId: number, email: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(bookingsOfPerson(accountId, email), sql`${bookings.status} <> ${BOOKING_STATUS.failed}`));
  return row?.n ?? 0;
}

/** Paid bookings for events that have not started: deleting the account cancels or keeps them. */
export async function futureBookings(db: Executor, accountId: number, email: string, now: Date) {
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      eventTitle: events.title,
      organiser: organisations.displayName,
      organisationId: organisations.id,
      organiserEmail: organisations.email,
      totalMinor: bookings.totalMinor,
      currency: bookings.currency,
      startsAt: events.startTime,
      tickets: sql<number>`(SELECT count(*)::int FROM e_tickets t WHERE t.booking_id = ${bookings.id}
        AND t.revoked_at IS NULL AND t.reissued_at IS NULL)`,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(and(bookingsOfPerson(accountId, email), eq(bookings.status, BOOKING_STATUS.paid), gt(events.startTime, now)))
    .orderBy(asc(events.startTime), asc(bookings.id));
}

// ---- The copy of their data (GET v1/account/export) ----

export async function exportBookings(db: Executor, accountId: number, email: string) {
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      fullName: bookings.fullName,
      email: bookings.email,
      msisdn: bookings.msisdn,
      currency: bookings.currency,
      totalMinor: bookings.totalMinor,
      paymentMethod: bookings.paymentMethod,
      createdAt: bookings.createdAt,
      paidAt: bookings.paidAt,
      eventTitle: events.title,
      eventStart: events.startTime,
      eventLocation: events.location,
      organiser: organisations.displayName,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(bookingsOfPerson(accountId, email))
    .orderBy(asc(bookings.id));
}

export async function exportLines(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: bookingLines.bookingId,
      name: bookingLines.name,
      unitPriceMinor: bookingLines.unitPriceMinor,
      quantity: bookingLines.quantity,
      persons: bookingLines.noOfPersons,
    })
    .from(bookingLines)
    .where(inArray(bookingLines.bookingId, bookingIds))
    .orderBy(asc(bookingLines.id));
}

export async function exportTickets(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      id: eTickets.id,
      bookingId: eTickets.bookingId,
      bookingLineId: eTickets.bookingLineId,
      seq: eTickets.seq,
      holderName: eTickets.holderName,
      admits: eTickets.admits,
      revokedAt: eTickets.revokedAt,
      reissuedAt: eTickets.reissuedAt,
      checkedInAt: checkIns.checkedInAt,
      createdAt: eTickets.createdAt,
    })
    .from(eTickets)
    .leftJoin(checkIns, eq(checkIns.eTicketId, eTickets.id))
    .where(inArray(eTickets.bookingId, bookingIds))
    .orderBy(asc(eTickets.id));
}

/** The delegates of their bookings, and the tickets others bought in their name (by their email). */
export async function exportAttendees(db: Executor, bookingIds: number[], email: string) {
  return db
    .select({
      id: bookingAttendees.id,
      bookingId: bookingAttendees.bookingId,
      reference: bookings.reference,
      eventTitle: events.title,
      bookingLineId: bookingAttendees.bookingLineId,
      seq: bookingAttendees.seq,
      fullName: bookingAttendees.fullName,
      email: bookingAttendees.email,
      msisdn: bookingAttendees.msisdn,
      company: bookingAttendees.company,
      jobTitle: bookingAttendees.jobTitle,
      named: bookingAttendees.named,
    })
    .from(bookingAttendees)
    .innerJoin(bookings, eq(bookings.id, bookingAttendees.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(
      bookingIds.length
        ? or(inArray(bookingAttendees.bookingId, bookingIds), eq(bookingAttendees.email, email))
        : eq(bookingAttendees.email, email),
    )
    .orderBy(asc(bookingAttendees.id));
}

/** Answers to the order questions of their bookings, and those given for the delegates listed. */
export async function exportAnswers(db: Executor, bookingIds: number[], attendeeIds: number[]) {
  const conditions = [
    ...(bookingIds.length
      ? [and(inArray(bookingAnswers.bookingId, bookingIds), isNull(bookingAnswers.attendeeId))]
      : []),
    ...(attendeeIds.length ? [inArray(bookingAnswers.attendeeId, attendeeIds)] : []),
  ];
  if (conditions.length === 0) return [];
  return db
    .select({
      bookingId: bookingAnswers.bookingId,
      attendeeId: bookingAnswers.attendeeId,
      question: eventQuestions.label,
      value: bookingAnswers.value,
      createdAt: bookingAnswers.createdAt,
    })
    .from(bookingAnswers)
    .innerJoin(eventQuestions, eq(eventQuestions.id, bookingAnswers.questionId))
    .where(or(...conditions))
    .orderBy(asc(bookingAnswers.id));
}

export async function exportPayments(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: payments.bookingId,
      provider: payments.provider,
      status: payments.status,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      phone: payments.phone,
      receiptNumber: payments.receiptNumber,
      refundedAt: payments.refundedAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(asc(payments.id));
}

/** The mail sent to them (or copied to them), as the local mailbox keeps it. */
export async function exportMails(db: Executor, email: string) {
  return db
    .select({
      to: mailboxMessages.to,
      cc: mailboxMessages.cc,
      from: mailboxMessages.from,
      subject: mailboxMessages.subject,
      text: mailboxMessages.text,
      createdAt: mailboxMessages.createdAt,
    })
    .from(mailboxMessages)
    .where(or(eq(sql`lower(${mailboxMessages.to})`, email), eq(sql`lower(${mailboxMessages.cc})`, email)))
    .orderBy(asc(mailboxMessages.id));
}

export async function exportSessions(db: Executor, accountId: number) {
  return db
    .select({
      device: sessions.device,
      address: sessions.address,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.accountId, accountId))
    .orderBy(asc(sessions.id));
}

// ---- Deleting the account (DELETE v1/account) ----

const texts = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`;

/**
 * Removes a buyer from every table (docs/decisions/0028-deletion-keeps-the-books.md), in the
 * caller's transaction: their bookings keep amounts, lines, payments and references under a
 * pseudonym; the delegates named as them, their answers, their mail, codes, sessions, consents,
 * rate-limit counters and contact messages go; then the account itself. `names` are the
 * lower-cased full names they were known by (the account's, and what they typed at checkout).
 */
export async function eraseBuyer(
  tx: Tx,
  p: { accountId: number; email: string; names: string[]; pseudonym: string; pseudoEmail: string },
) {
  const names = texts(p.names);
  const theirs = sql`(SELECT id FROM bookings WHERE account_id = ${p.accountId} OR email = ${p.email})`;
  // The delegates who are them: on their own bookings the tickets in their name (or still to be
  // named, which show the buyer's name); on anyone's booking a ticket given to their email.
  const asThem = sql`(booking_id IN ${theirs} AND (named = false OR lower(email) = ${p.email}
      OR lower(full_name) = ANY(${names}))) OR lower(email) = ${p.email}`;
  const changed = await tx.execute<{ id: number }>(sql`
    UPDATE booking_attendees SET full_name = ${p.pseudonym}, email = NULL, msisdn = NULL, company = NULL,
      job_title = NULL, updated_at = now()
    WHERE ${asThem} RETURNING id`);
  const attendeeIds = rowsOf<{ id: number }>(changed).map((r) => r.id);
  if (attendeeIds.length) {
    const ids = sql`${`{${attendeeIds.join(',')}}`}::int[]`;
    await tx.execute(sql`DELETE FROM booking_answers WHERE attendee_id = ANY(${ids})`);
    await tx.execute(sql`
      UPDATE e_tickets t SET holder_name = ${p.pseudonym}
      FROM booking_attendees a
      WHERE a.id = ANY(${ids}) AND t.booking_line_id = a.booking_line_id AND t.seq = a.seq`);
  }
  await tx.execute(sql`DELETE FROM booking_answers WHERE attendee_id IS NULL AND booking_id IN ${theirs}`);
  await tx.execute(sql`
    UPDATE e_tickets SET holder_name = ${p.pseudonym}
    WHERE booking_id IN ${theirs} AND lower(holder_name) = ANY(${names})`);
  await tx.execute(sql`
    UPDATE attendee_changes SET
      by_name = CASE WHEN lower(by_name) = ANY(${names}) OR account_id = ${p.accountId} THEN ${p.pseudonym} ELSE by_name END,
      from_name = CASE WHEN lower(from_name) = ANY(${names}) THEN ${p.pseudonym} ELSE from_name END,
      to_name = CASE WHEN lower(to_name) = ANY(${names}) THEN ${p.pseudonym} ELSE to_name END,
      from_email = CASE WHEN lower(from_email) = ${p.email} THEN NULL ELSE from_email END,
      to_email = CASE WHEN lower(to_email) = ${p.email} THEN NULL ELSE to_email END
    WHERE account_id = ${p.accountId} OR lower(from_email) = ${p.email} OR lower(to_email) = ${p.email}
      OR attendee_id IN (SELECT id FROM booking_attendees WHERE booking_id IN ${theirs})`);
  await tx.execute(sql`UPDATE payments SET phone = NULL WHERE booking_id IN ${theirs}`);
  // Their tax documents keep number, company, PIN, lines and amounts (the law's seven years) and
  // name the pseudonym; the paybill payments made for their bookings forget the payer.
  const buyer = sql`jsonb_build_object('name', ${p.pseudonym}::text, 'email', ${p.pseudoEmail}::text)`;
  await tx.execute(sql`
    UPDATE tax_documents SET content = jsonb_set(content, '{buyer}', (content->'buyer') || ${buyer})
    WHERE booking_id IN ${theirs}`);
  await tx.execute(sql`
    UPDATE invoice_bookings SET proforma = jsonb_set(proforma, '{buyer}', (proforma->'buyer') || ${buyer})
    WHERE booking_id IN ${theirs}`);
  await tx.execute(sql`UPDATE c2b_payments SET msisdn = NULL, payer_name = NULL WHERE booking_id IN ${theirs}`);
  await tx.execute(sql`
    UPDATE bookings SET full_name = ${p.pseudonym}, email = ${p.pseudoEmail}, msisdn = NULL, account_id = NULL,
      checkout_key_hash = NULL, updated_at = now()
    WHERE account_id = ${p.accountId} OR email = ${p.email}`);
  // Mail to them, or naming their address, in the local mailbox and in the queue (a mail job
  // keeps its payload a week after sending); a job running right now finishes as it is.
  await tx.execute(sql`
    DELETE FROM mailbox_messages WHERE lower("to") = ${p.email} OR lower(cc) = ${p.email}
      OR position(${p.email} in lower(text)) > 0`);
  await tx.execute(sql`DELETE FROM jobs WHERE state <> 'running' AND position(${p.email} in lower(payload::text)) > 0`);
  await tx.execute(sql`DELETE FROM rate_limits WHERE position(${p.email} in lower(key)) > 0`);
  await tx.execute(sql`DELETE FROM contact_messages WHERE lower(email) = ${p.email}`);
  // Sessions, codes and (for a buyer, none) second factors go with the account (ON DELETE CASCADE).
  await tx.execute(sql`DELETE FROM accounts WHERE id = ${p.accountId} AND type = 'user'`);
}

/** Rows of a raw statement, whichever driver ran it (node-postgres and PGlite both answer `rows`). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

// ---- Retention (the attendee-data job) ----

/** Events whose end is before `endedBefore` and whose attendees' personal data is still there. */
export async function eventsDueForRemoval(db: Executor, endedBefore: Date, limit: number) {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(lt(events.endTime, endedBefore), isNull(events.personalDataRemovedAt)))
    .orderBy(asc(events.endTime))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * An event's attendee personal data removed (docs/security.md#retention): the names, emails and
 * phones on its bookings, delegates, tickets and their history, and every answer; amounts,
 * lines, payments, references and check-in times stay, so its sales figures do not move.
 * A booking keeps its reference as its name ("Removed TK-7Q2M9X"). Safe to repeat.
 */
export async function removeEventPersonalData(
  tx: Tx,
  eventId: number,
  now: Date,
  erasedDomain: string,
): Promise<boolean> {
  const locked = await tx.execute<{ id: number }>(
    sql`SELECT id FROM events WHERE id = ${eventId} AND personal_data_removed_at IS NULL FOR UPDATE`,
  );
  if (rowsOf(locked).length === 0) return false;
  const ofEvent = sql`(SELECT id FROM bookings WHERE event_id = ${eventId})`;
  await tx.execute(sql`DELETE FROM booking_answers WHERE booking_id IN ${ofEvent}`);
  await tx.execute(sql`
    UPDATE attendee_changes SET by_name = 'Removed', from_name = 'Removed', to_name = 'Removed',
      from_email = NULL, to_email = NULL
    WHERE attendee_id IN (SELECT id FROM booking_attendees WHERE booking_id IN ${ofEvent})`);
  await tx.execute(sql`
    UPDATE booking_attendees SET full_name = 'Attendee ' || seq, email = NULL, msisdn = NULL, company = NULL,
      job_title = NULL, updated_at = now()
    WHERE booking_id IN ${ofEvent}`);
  await tx.execute(sql`
    UPDATE e_tickets t SET holder_name = 'Removed ' || b.reference FROM bookings b
    WHERE b.id = t.booking_id AND t.event_id = ${eventId}`);
  await tx.execute(sql`UPDATE payments SET phone = NULL WHERE booking_id IN ${ofEvent}`);
  await tx.execute(sql`
    UPDATE bookings SET full_name = 'Removed ' || reference,
      email = 'removed-' || lower(reference) || ${'@' + erasedDomain}, msisdn = NULL, checkout_key_hash = NULL,
      updated_at = now()
    WHERE event_id = ${eventId}`);
  await tx.update(events).set({ personalDataRemovedAt: now }).where(eq(events.id, eventId));
  return true;
}

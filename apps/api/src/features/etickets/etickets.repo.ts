import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { BOOKING_STATUS } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { appSecrets, bookingLines, bookings, checkIns, eTickets, events } from '../../db/schema/index.js';

type Executor = Db | Tx;

/**
 * A named secret in `app_secrets`, inserted with `fresh` when missing. `created` says this
 * call wrote it: inside a transaction that may still roll back, so the caller must not trust
 * it to last until that transaction commits.
 */
export async function findOrCreateSecret(db: Executor, name: string, fresh: string) {
  const [made] = await db
    .insert(appSecrets)
    .values({ name, value: fresh })
    .onConflictDoNothing()
    .returning({ value: appSecrets.value, createdAt: appSecrets.createdAt });
  if (made) return { ...made, created: true };
  const [row] = await db
    .select({ value: appSecrets.value, createdAt: appSecrets.createdAt })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return { ...row!, created: false };
}

/**
 * What issuing needs of these bookings: those that have no e-tickets yet (no booking code), each
 * with its lines in order.
 */
export async function findBookingsToIssue(tx: Tx, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  const found = await tx
    .select({
      id: bookings.id,
      reference: bookings.reference,
      eventId: bookings.eventId,
      fullName: bookings.fullName,
    })
    .from(bookings)
    .where(and(inArray(bookings.id, bookingIds), isNull(bookings.bookingCode)))
    .orderBy(asc(bookings.id));
  if (found.length === 0) return [];
  const lines = await tx
    .select({
      id: bookingLines.id,
      bookingId: bookingLines.bookingId,
      noOfPersons: bookingLines.noOfPersons,
      quantity: bookingLines.quantity,
    })
    .from(bookingLines)
    .where(
      inArray(
        bookingLines.bookingId,
        found.map((b) => b.id),
      ),
    )
    .orderBy(asc(bookingLines.bookingId), asc(bookingLines.id));
  return found.map((booking) => ({ booking, lines: lines.filter((l) => l.bookingId === booking.id) }));
}

/** `n` new e-ticket ids, taken from the table's sequence before the rows exist (their codes sign them). */
export async function nextTicketIds(tx: Tx, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence('e_tickets', 'id'))::integer AS id FROM generate_series(1, ${n})`,
  );
  return rows.map((r) => Number(r.id));
}

export type NewETicket = typeof eTickets.$inferInsert;

/** Rows in one INSERT: 8 parameters each, well below PostgreSQL's 65,535 a statement. */
const INSERT_CHUNK = 2_000;

/** Inserts e-tickets; one already issued for the same line and place is left as it was. Answers how many were new. */
export async function insertETickets(tx: Tx, rows: NewETicket[]): Promise<number> {
  let inserted = 0;
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
    const done = await tx
      .insert(eTickets)
      .values(rows.slice(from, from + INSERT_CHUNK))
      .onConflictDoNothing({ target: [eTickets.bookingLineId, eTickets.seq], where: isNull(eTickets.reissuedAt) })
      .returning({ id: eTickets.id });
    inserted += done.length;
  }
  return inserted;
}

/** Each booking's own code, set once (a booking that has one keeps it). */
export async function setBookingCodes(tx: Tx, codes: { bookingId: number; code: string }[]) {
  if (codes.length === 0) return;
  const json = JSON.stringify(codes.map((c) => ({ id: c.bookingId, code: c.code })));
  await tx.execute(sql`
    UPDATE ${bookings} SET booking_code = v.code
    FROM json_to_recordset(${json}::json) AS v(id integer, code text)
    WHERE ${bookings.id} = v.id AND ${bookings.bookingCode} IS NULL`);
}

/** Marks a booking's e-tickets revoked (those not revoked already); answers how many. */
export async function revokeETickets(tx: Tx, bookingId: number): Promise<number> {
  const revoked = await tx
    .update(eTickets)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(eTickets.bookingId, bookingId), isNull(eTickets.revokedAt)))
    .returning({ id: eTickets.id });
  return revoked.length;
}

/** Statuses whose bookings have e-tickets to show: paid, and paid then cancelled or refunded (revoked). */
const ISSUED_STATUSES = [BOOKING_STATUS.paid, BOOKING_STATUS.cancelled, BOOKING_STATUS.refunded];

const bookingColumns = {
  id: bookings.id,
  reference: bookings.reference,
  status: bookings.status,
  accountId: bookings.accountId,
  checkoutKeyHash: bookings.checkoutKeyHash,
  fullName: bookings.fullName,
  email: bookings.email,
  currency: bookings.currency,
  totalMinor: bookings.totalMinor,
  paymentMethod: bookings.paymentMethod,
  bookingCode: bookings.bookingCode,
  /** The M-Pesa receipt of the payment that paid (docs/decisions/0012-mpesa-daraja.md). */
  receiptNumber: sql<
    string | null
  >`(SELECT receipt_number FROM payments WHERE payments.booking_id = ${bookings.id} AND payments.receipt_number IS NOT NULL ORDER BY payments.id DESC LIMIT 1)`,
  eventId: events.id,
  title: events.title,
  startTime: events.startTime,
  endTime: events.endTime,
  location: events.location,
  shortDescription: events.shortDescription,
  imageKey: sql<string | null>`(SELECT key FROM media WHERE media.id = ${events.imageId})`,
  attendeeNames: events.attendeeNames,
  changesLockHours: events.changesLockHours,
};

export type TicketBookingRow = Awaited<ReturnType<typeof findTicketBookings>>[number];

/**
 * The bookings with e-tickets of one buyer account, or of one guest checkout, and its bookings
 * awaiting payment by invoice (no tickets yet: docs/product.md#pay-by-invoice): a guest's
 * bookings belong to the buyer account of their email, so the account's index finds them and
 * the checkout key narrows them to those made with that token (docs/security.md "Guest checkout").
 */
export async function findTicketBookings(
  db: Db,
  owner: { accountId: number } | { email: string; checkoutKeyHash: string },
) {
  const ownerFilter =
    'accountId' in owner
      ? eq(bookings.accountId, owner.accountId)
      : and(
          or(
            eq(bookings.accountId, sql`(SELECT id FROM accounts WHERE type = 'user' AND email = ${owner.email})`),
            // A guest's booking gets its buyer account when paid; until then, the key alone.
            and(isNull(bookings.accountId), eq(bookings.status, BOOKING_STATUS.awaiting_payment)),
          ),
          eq(bookings.checkoutKeyHash, owner.checkoutKeyHash),
        );
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(
      and(
        ownerFilter,
        or(
          and(inArray(bookings.status, ISSUED_STATUSES), isNotNull(bookings.bookingCode)),
          eq(bookings.status, BOOKING_STATUS.awaiting_payment),
        ),
      ),
    )
    .orderBy(asc(events.startTime), asc(bookings.id));
}

/** One booking with e-tickets, by its id or reference (whoever owns it: the caller checks). */
export async function findTicketBooking(db: Executor, by: { id: number } | { reference: string }) {
  const [row] = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(
      and(
        'id' in by ? eq(bookings.id, by.id) : eq(bookings.reference, by.reference),
        inArray(bookings.status, ISSUED_STATUSES),
        isNotNull(bookings.bookingCode),
      ),
    );
  return row;
}

const eTicketColumns = {
  id: eTickets.id,
  bookingId: eTickets.bookingId,
  bookingLineId: eTickets.bookingLineId,
  seq: eTickets.seq,
  code: eTickets.code,
  holderName: eTickets.holderName,
  admits: eTickets.admits,
  revokedAt: eTickets.revokedAt,
  reissuedAt: eTickets.reissuedAt,
  ticketType: bookingLines.name,
  ticketTypeId: bookingLines.ticketTypeId,
};

export type ETicketRow = Awaited<ReturnType<typeof findETickets>>[number];

/**
 * The live e-tickets of these bookings (not the old rows of re-issued ones) with their ticket
 * type's name, in issue order: by booking, line and place in the line. A ticket's place in its
 * booking in this order is its number, 1 for the first, as the PDF's pages and the short
 * references count (docs/ticket-codes.md#typed-references); a re-issue keeps it.
 */
export async function findETickets(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select(eTicketColumns)
    .from(eTickets)
    .innerJoin(bookingLines, eq(bookingLines.id, eTickets.bookingLineId))
    .where(and(inArray(eTickets.bookingId, bookingIds), isNull(eTickets.reissuedAt)))
    .orderBy(asc(eTickets.bookingId), asc(eTickets.bookingLineId), asc(eTickets.seq));
}

/** The lines of these bookings, as bought. */
export async function findBookingLines(db: Executor, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: bookingLines.bookingId,
      name: bookingLines.name,
      noOfPersons: bookingLines.noOfPersons,
      unitPriceMinor: bookingLines.unitPriceMinor,
      quantity: bookingLines.quantity,
    })
    .from(bookingLines)
    .where(inArray(bookingLines.bookingId, bookingIds))
    .orderBy(asc(bookingLines.bookingId), asc(bookingLines.ticketTypeId), asc(bookingLines.id));
}

/** One live e-ticket's code, for its QR image (a re-issued ticket's old code has none). */
export async function findETicketCode(db: Db, ticketId: number) {
  const [row] = await db
    .select({ code: eTickets.code })
    .from(eTickets)
    .where(and(eq(eTickets.id, ticketId), isNull(eTickets.reissuedAt)));
  return row?.code;
}

/**
 * One e-ticket, live or re-issued, with what a change of its delegate and the delegate's own
 * views need: its booking, its event and whether it was admitted.
 */
export async function findTicket(db: Executor, ticketId: number) {
  const [row] = await db
    .select({
      ...eTicketColumns,
      eventId: eTickets.eventId,
      ticketTypeId: bookingLines.ticketTypeId,
      booking: bookingColumns,
      organisationId: events.organisationId,
      eventStatus: events.status,
      admitted: sql<boolean>`EXISTS (SELECT 1 FROM ${checkIns} WHERE ${checkIns.eTicketId} = ${eTickets.id})`,
    })
    .from(eTickets)
    .innerJoin(bookingLines, eq(bookingLines.id, eTickets.bookingLineId))
    .innerJoin(bookings, eq(bookings.id, eTickets.bookingId))
    .innerJoin(events, eq(events.id, eTickets.eventId))
    .where(eq(eTickets.id, ticketId));
  return row;
}

export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/**
 * Marks a live e-ticket re-issued; false when it is not live any more (re-issued meanwhile). Its
 * new row must be written after, in the same transaction: one live row per ticket.
 */
export async function markReissued(tx: Tx, ticketId: number): Promise<boolean> {
  const done = await tx
    .update(eTickets)
    .set({ reissuedAt: sql`now()` })
    .where(and(eq(eTickets.id, ticketId), isNull(eTickets.reissuedAt)))
    .returning({ id: eTickets.id });
  return done.length > 0;
}

/** A ticket's holder renamed without a new code (an organiser's correction of a ticket already admitted). */
export async function setHolderName(tx: Tx, ticketId: number, holderName: string) {
  await tx.update(eTickets).set({ holderName }).where(eq(eTickets.id, ticketId));
}

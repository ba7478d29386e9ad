import { asc, eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS, EVENT_STATUS } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { bookingLines, bookings, events, organisations } from '../../db/schema/index.js';

export type BookingRow = typeof bookings.$inferSelect;

export interface BookTicketsInput {
  eventId: number;
  /** A signed-in buyer's account; null for a guest, whose account is made when they pay. */
  accountId: number | null;
  /** A guest's checkout key (its hash): what the guest's token reaches. */
  checkoutKeyHash: string | null;
  fullName: string;
  email: string;
  msisdn: string | null;
  paymentMethod: 'card' | 'mpesa' | 'paypal' | 'invoice';
  reference: string;
  dedupeKey: string;
  holdMinutes: number;
  lines: { ticketTypeId: number; quantity: number }[];
  /** A payment made without a round trip to its provider (the sandbox's), recorded in the same call. */
  payment: { provider: string; intentId: string; clientSecret: string } | null;
}

export interface BookedTickets {
  bookingId: number;
  reference: string;
  totalMinor: number;
  currency: string;
  holdExpiresAt: Date;
  /** The same buyer's live booking of the same lines, returned instead of a second hold. */
  existing: boolean;
  /** The checkout key hash the booking was made with (the existing one's, when existing). */
  checkoutKeyHash: string | null;
  /** The booking's payment, when there is one already. */
  clientSecret: string | null;
}

/**
 * One call of `book_tickets()` (migrations/0003_checkout.sql; docs/decisions/0009-inventory.md):
 * the booking, its lines at the ticket types' prices, the payment and the hold, in one round
 * trip. Its refusals arrive as errors with SQLSTATE TK404
 * (not on sale), TK410 (ended), TK422 (a ticket type not of this event or not open) and TK409
 * (short: message the type's name, detail how many are left, hint the type's id).
 */
export async function bookTickets(db: Db | Tx, b: BookTicketsInput): Promise<BookedTickets> {
  const p = {
    event_id: b.eventId,
    account_id: b.accountId,
    checkout_key_hash: b.checkoutKeyHash,
    full_name: b.fullName,
    email: b.email,
    msisdn: b.msisdn,
    payment_method: b.paymentMethod,
    reference: b.reference,
    dedupe_key: b.dedupeKey,
    hold_minutes: b.holdMinutes,
    lines: b.lines.map((l) => ({ id: l.ticketTypeId, qty: l.quantity })),
    ...(b.payment
      ? {
          payment: {
            provider: b.payment.provider,
            intent_id: b.payment.intentId,
            client_secret: b.payment.clientSecret,
          },
        }
      : {}),
  };
  const [row] = await queryRows<{
    booking_id: number;
    booking_reference: string;
    total_minor: number;
    booking_currency: string;
    expires_at: Date | string;
    is_existing: boolean;
    existing_checkout_key_hash: string | null;
    client_secret: string | null;
  }>(db, sql`SELECT * FROM book_tickets(${JSON.stringify(p)}::jsonb)`);
  return {
    bookingId: row!.booking_id,
    reference: row!.booking_reference,
    totalMinor: row!.total_minor,
    currency: row!.booking_currency,
    holdExpiresAt: new Date(row!.expires_at),
    existing: row!.is_existing,
    checkoutKeyHash: row!.existing_checkout_key_hash,
    clientSecret: row!.client_secret,
  };
}

/** The booking and its lines, the booking row locked for the rest of the transaction. */
export async function lockBooking(tx: Tx, bookingId: number) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) return undefined;
  return { booking, lines: await findLines(tx, bookingId) };
}

export function findLines(db: Db | Tx, bookingId: number) {
  return db
    .select({
      ticketTypeId: bookingLines.ticketTypeId,
      name: bookingLines.name,
      unitPriceMinor: bookingLines.unitPriceMinor,
      noOfPersons: bookingLines.noOfPersons,
      quantity: bookingLines.quantity,
    })
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, bookingId))
    .orderBy(asc(bookingLines.ticketTypeId), asc(bookingLines.id));
}

export async function findBooking(db: Db | Tx, bookingId: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return row;
}

/** Quantities per ticket type, in ticket-type order: the one locking order of every stock change. */
function perType(lines: { ticketTypeId: number; quantity: number }[]) {
  const sums = new Map<number, number>();
  for (const l of lines) sums.set(l.ticketTypeId, (sums.get(l.ticketTypeId) ?? 0) + l.quantity);
  return [...sums.entries()].sort(([a], [b]) => a - b);
}

/** A paid hold: its tickets move from held to sold. */
export async function sellHeld(tx: Tx, lines: { ticketTypeId: number; quantity: number }[]) {
  for (const [id, q] of perType(lines)) {
    await tx.execute(sql`UPDATE ticket_types SET held = held - ${q}, sold = sold + ${q} WHERE id = ${id}`);
  }
}

/** A hold given up: its tickets go back on sale. */
export async function releaseHeld(tx: Tx, lines: { ticketTypeId: number; quantity: number }[]) {
  for (const [id, q] of perType(lines)) {
    await tx.execute(sql`UPDATE ticket_types SET held = held - ${q} WHERE id = ${id}`);
  }
}

/** A refunded sale: its tickets go back on sale. */
export async function releaseSold(tx: Tx, lines: { ticketTypeId: number; quantity: number }[]) {
  for (const [id, q] of perType(lines)) {
    await tx.execute(sql`UPDATE ticket_types SET sold = sold - ${q} WHERE id = ${id}`);
  }
}

/**
 * A payment that arrived after its hold ended: its tickets are sold again if they still fit.
 * False when any line does not fit; the caller's transaction must then be rolled back, since
 * lines before it were taken.
 */
export async function sellIfRoom(tx: Tx, lines: { ticketTypeId: number; quantity: number }[]): Promise<boolean> {
  for (const [id, q] of perType(lines)) {
    const taken = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE ticket_types SET sold = sold + ${q} WHERE id = ${id} AND sold + held + ${q} <= max_tickets RETURNING id`,
    );
    if (taken.length === 0) return false;
  }
  return true;
}

export async function setBookingStatus(tx: Tx, bookingId: number, status: number, paid = false) {
  await tx
    .update(bookings)
    .set({ status, updatedAt: sql`now()`, ...(paid ? { paidAt: sql`now()` } : {}) })
    .where(eq(bookings.id, bookingId));
}

/**
 * A company's booking paid by invoice (docs/product.md#pay-by-invoice): status 6, its tickets
 * held until the due date instead of the checkout's few minutes.
 */
export async function setAwaitingPayment(tx: Tx, bookingId: number, dueAt: Date) {
  await tx
    .update(bookings)
    .set({ status: BOOKING_STATUS.awaiting_payment, holdExpiresAt: dueAt, updatedAt: sql`now()` })
    .where(eq(bookings.id, bookingId));
}

/**
 * Ends up to `limit` holds whose time has run out: the bookings become failed/expired (3) and
 * their tickets go back on sale, in one transaction. SKIP LOCKED leaves a booking that is
 * being settled to its settlement and lets several instances sweep side by side; the ticket
 * types are updated in id order, the order every booking locks them in, so a sweep and a
 * booking never deadlock.
 */
export async function expireHolds(db: Db, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE bookings SET status = ${BOOKING_STATUS.failed}, updated_at = now()
           WHERE id IN (SELECT id FROM bookings
                         WHERE status = ${BOOKING_STATUS.pending} AND hold_expires_at <= now()
                         ORDER BY hold_expires_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id`,
    );
    if (expired.length === 0) return 0;
    const released = await queryRows<{ ticket_type_id: number; quantity: number }>(
      tx,
      sql`SELECT ticket_type_id, sum(quantity)::integer AS quantity FROM booking_lines
           WHERE booking_id IN (${sql.join(
             expired.map((e) => sql`${e.id}`),
             sql`, `,
           )})
           GROUP BY ticket_type_id ORDER BY ticket_type_id`,
    );
    for (const r of released) {
      await tx.execute(sql`UPDATE ticket_types SET held = held - ${r.quantity} WHERE id = ${r.ticket_type_id}`);
    }
    return expired.length;
  });
}

/** Whether the event was cancelled (status 3): its pending bookings are never honoured. */
export async function isEventCancelled(tx: Tx, eventId: number): Promise<boolean> {
  const [row] = await tx.select({ status: events.status }).from(events).where(eq(events.id, eventId)).limit(1);
  return row?.status === EVENT_STATUS.cancelled;
}

/** What the success page shows of the booking's event. */
export async function findBookingEvent(db: Db | Tx, eventId: number) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
      location: events.location,
      shortDescription: events.shortDescription,
      currency: events.currency,
      status: events.status,
      imageId: events.imageId,
      imageKey: sql<string | null>`(SELECT key FROM media WHERE media.id = ${events.imageId})`,
      organisationId: events.organisationId,
      organiserName: organisations.displayName,
      invoicePaymentDays: events.invoicePaymentDays,
    })
    .from(events)
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}

/** A guest's first booking with a checkout key: who they said they are. */
export async function findCheckoutBooking(db: Db, reference: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      checkoutKeyHash: bookings.checkoutKeyHash,
      fullName: bookings.fullName,
      email: bookings.email,
      msisdn: bookings.msisdn,
    })
    .from(bookings)
    .where(eq(bookings.reference, reference))
    .limit(1);
  return row;
}

/** A refund asked for now (`at`): the refund job's work, with any earlier refusal forgotten. */
export async function markRefundRequested(tx: Tx, bookingId: number, at: Date) {
  await tx
    .update(bookings)
    .set({ refundRequestedAt: at, refundError: null, updatedAt: sql`now()` })
    .where(eq(bookings.id, bookingId));
}

/** The provider refused the refund (or could not be reached): the organiser sees why and may retry. */
export async function recordRefundError(db: Db | Tx, bookingId: number, message: string) {
  await db
    .update(bookings)
    .set({ refundError: message.slice(0, 500), updatedAt: sql`now()` })
    .where(eq(bookings.id, bookingId));
}

export async function clearRefundError(tx: Tx, bookingId: number) {
  await tx
    .update(bookings)
    .set({ refundError: null, updatedAt: sql`now()` })
    .where(eq(bookings.id, bookingId));
}

/** A guest's paid booking joins the buyer account of its email. */
export async function setBookingAccount(tx: Tx, bookingId: number, accountId: number) {
  await tx
    .update(bookings)
    .set({ accountId, updatedAt: sql`now()` })
    .where(eq(bookings.id, bookingId));
}

/** A guest's checkout key forgotten on every booking that carries it (a partial index finds them). */
export async function forgetCheckoutKey(db: Db, keyHash: string) {
  await db
    .update(bookings)
    .set({ checkoutKeyHash: null, updatedAt: sql`now()` })
    .where(eq(bookings.checkoutKeyHash, keyHash));
}

/** "Send my tickets by SMS too" ticked at checkout (docs/product.md#messages-to-attendees). */
export async function setTicketsBySms(tx: Tx, bookingId: number) {
  await tx.update(bookings).set({ ticketsBySms: true }).where(eq(bookings.id, bookingId));
}

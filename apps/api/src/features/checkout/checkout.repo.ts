import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BOOKING_STATUS, EVENT_STATUS } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import {
  bookingLines,
  bookings,
  events,
  organisations,
  payments,
  ticketTypes,
  waitlistEntries,
} from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';

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
  /** Priced by the contract's `priceBooking` (docs/product.md#discount-codes). */
  lines: {
    ticketTypeId: number;
    quantity: number;
    listMinor: number;
    unitMinor: number;
    discountMinor: number;
    applied: 'code' | 'tier' | null;
  }[];
  /** A payment made without a round trip to its provider (the sandbox's, a free booking's), recorded in the same call. */
  payment: { provider: string; intentId: string; clientSecret: string; status?: string } | null;
  /** The code given, the tickets it counts against its `max_uses`, and the hidden types it reveals. */
  code: { id: number; text: string; uses: number } | null;
  revealed: number[];
  /** A waiting-list offer booked through its link. */
  offerId: number | null;
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
 * One call of `book_tickets()` (migrations/0019_codes_and_waitlist.sql; docs/decisions/0009-inventory.md):
 * the booking, its lines at the ticket types' prices, the payment and the hold, in one round
 * trip. Its refusals arrive as errors with SQLSTATE TK404
 * (not on sale), TK410 (ended), TK422 (a ticket type not of this event, not open, hidden, or at
 * another price now), TK409 (short: message the type's name, detail how many are left, hint the
 * type's id), TK429 (the code used up: detail its uses left) and TK408 (the offer ended).
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
    lines: b.lines.map((l) => ({
      id: l.ticketTypeId,
      qty: l.quantity,
      list_minor: l.listMinor,
      unit_minor: l.unitMinor,
      discount_minor: l.discountMinor,
      source: l.applied,
    })),
    revealed: b.revealed,
    ...(b.code ? { code_id: b.code.id, code: b.code.text, code_uses: b.code.uses } : {}),
    ...(b.offerId ? { offer_id: b.offerId } : {}),
    ...(b.payment
      ? {
          payment: {
            provider: b.payment.provider,
            intent_id: b.payment.intentId,
            client_secret: b.payment.clientSecret,
            ...(b.payment.status ? { status: b.payment.status } : {}),
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
      id: bookingLines.id,
      ticketTypeId: bookingLines.ticketTypeId,
      name: bookingLines.name,
      unitPriceMinor: bookingLines.unitPriceMinor,
      noOfPersons: bookingLines.noOfPersons,
      quantity: bookingLines.quantity,
      serviceFeeMinor: bookingLines.serviceFeeMinor,
      serviceFeeVatMinor: bookingLines.serviceFeeVatMinor,
      serviceFeePassed: bookingLines.serviceFeePassed,
      listPriceMinor: bookingLines.listPriceMinor,
      discountMinor: bookingLines.discountMinor,
      priceSource: bookingLines.priceSource,
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

/**
 * The kind of the job that offers returned seats to a ticket type's waiting list
 * (docs/product.md#waiting-list); its handler lives in features/waitlist.
 */
export const WAITLIST_FILL_JOB = 'waitlist.fill';

/**
 * Seats of these ticket types came back (a hold ended, a booking refunded or cancelled, an offer
 * unused, a capacity raised): a durable job offers them to the people waiting, queued in the
 * caller's transaction. Types nobody waits for queue nothing.
 */
export async function queueSeatsReturned(tx: Db | Tx, ticketTypeIds: readonly number[]) {
  if (ticketTypeIds.length === 0) return;
  const waiting = await queryRows<{ ticket_type_id: number }>(
    tx,
    sql`SELECT DISTINCT ticket_type_id FROM waitlist_entries
         WHERE status = 'waiting' AND ticket_type_id IN (${sql.join(
           ticketTypeIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  for (const w of waiting) await enqueueJob(tx, WAITLIST_FILL_JOB, { ticketTypeId: w.ticket_type_id });
}

/**
 * A booking's code uses given back (its hold ended, or it was refunded or cancelled): after the
 * seats, the hot rows' order (docs/product.md#discount-codes). Safe to repeat: the booking's
 * count is zeroed with it.
 */
export async function releaseCodeUses(tx: Tx, bookingId: number) {
  await tx.execute(
    sql`UPDATE discount_codes d SET used = d.used - b.code_uses, updated_at = now()
          FROM bookings b WHERE b.id = ${bookingId} AND d.id = b.code_id AND b.code_uses > 0`,
  );
  await tx.execute(sql`UPDATE bookings SET code_uses = 0 WHERE id = ${bookingId} AND code_uses > 0`);
}

/** Ticket types of an event as checkout prices them: price, tiers, hidden. */
export async function findPricingTypes(db: Db | Tx, eventId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      priceMinor: ticketTypes.priceMinor,
      tiers: ticketTypes.tiers,
      hidden: ticketTypes.hidden,
      status: ticketTypes.status,
    })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.id, [...ids])));
}

/** A paid hold: its tickets move from held to sold. */
export async function sellHeld(tx: Tx, lines: { ticketTypeId: number; quantity: number }[]) {
  for (const [id, q] of perType(lines)) {
    await tx.execute(sql`UPDATE ticket_types SET held = held - ${q}, sold = sold + ${q} WHERE id = ${id}`);
  }
}

/**
 * A hold given up: its tickets go back on sale (the waiting list first) and its code's uses
 * back to the code.
 */
export async function releaseHeld(tx: Tx, lines: { ticketTypeId: number; quantity: number }[], bookingId: number) {
  for (const [id, q] of perType(lines)) {
    await tx.execute(sql`UPDATE ticket_types SET held = held - ${q} WHERE id = ${id}`);
  }
  await releaseCodeUses(tx, bookingId);
  await queueSeatsReturned(
    tx,
    perType(lines).map(([id]) => id),
  );
}

/** A refunded sale: its tickets go back on sale (the waiting list first), its code's uses back. */
export async function releaseSold(tx: Tx, lines: { ticketTypeId: number; quantity: number }[], bookingId: number) {
  for (const [id, q] of perType(lines)) {
    await tx.execute(sql`UPDATE ticket_types SET sold = sold - ${q} WHERE id = ${id}`);
  }
  await releaseCodeUses(tx, bookingId);
  await queueSeatsReturned(
    tx,
    perType(lines).map(([id]) => id),
  );
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
    // The codes' uses come back after the seats, in code-id order (docs/product.md#discount-codes).
    const expiredIds = sql.join(
      expired.map((e) => sql`${e.id}`),
      sql`, `,
    );
    const uses = await queryRows<{ code_id: number; uses: number }>(
      tx,
      sql`SELECT code_id, sum(code_uses)::integer AS uses FROM bookings
           WHERE id IN (${expiredIds}) AND code_id IS NOT NULL AND code_uses > 0
           GROUP BY code_id ORDER BY code_id`,
    );
    for (const u of uses) {
      await tx.execute(
        sql`UPDATE discount_codes SET used = used - ${u.uses}, updated_at = now() WHERE id = ${u.code_id}`,
      );
    }
    if (uses.length > 0) {
      await tx.execute(sql`UPDATE bookings SET code_uses = 0 WHERE id IN (${expiredIds}) AND code_uses > 0`);
    }
    await queueSeatsReturned(
      tx,
      released.map((r) => r.ticket_type_id),
    );
    return expired.length;
  });
}

/** Whether the event was cancelled (status 3): its pending bookings are never honoured. */
export async function isEventCancelled(tx: Tx, eventId: number): Promise<boolean> {
  const [row] = await tx.select({ status: events.status }).from(events).where(eq(events.id, eventId)).limit(1);
  return row?.status === EVENT_STATUS.cancelled;
}

/** The service fee fixed on a booking's lines at booking time, in one statement (docs/product.md#service-fees). */
export async function setLineServiceFees(
  tx: Tx,
  fees: { lineId: number; feeMinor: number; vatMinor: number; passed: boolean }[],
) {
  if (fees.length === 0) return;
  const json = JSON.stringify(fees.map((f) => ({ id: f.lineId, fee: f.feeMinor, vat: f.vatMinor, passed: f.passed })));
  await tx.execute(
    sql`UPDATE booking_lines l SET service_fee_minor = x.fee, service_fee_vat_minor = x.vat, service_fee_passed = x.passed
          FROM json_to_recordset(${json}::json) AS x(id integer, fee integer, vat integer, passed boolean)
         WHERE l.id = x.id`,
  );
}

/**
 * A new booking's total with the service fee passed to the buyer, and the amount of the payment
 * recorded with it (the sandbox's): what the provider is asked for and checked against.
 */
export async function setBookingTotal(tx: Tx, bookingId: number, totalMinor: number) {
  await tx
    .update(bookings)
    .set({ totalMinor, updatedAt: sql`now()` })
    .where(eq(bookings.id, bookingId));
  await tx
    .update(payments)
    .set({ amountMinor: totalMinor, updatedAt: sql`now()` })
    .where(and(eq(payments.bookingId, bookingId), isNull(payments.receivedMinor)));
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
      serviceFee: events.serviceFee,
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

/** A waiting-list offer by its token's hash (docs/product.md#waiting-list). */
export async function findOfferByToken(db: Db | Tx, tokenHash: string) {
  const [row] = await db
    .select({
      id: waitlistEntries.id,
      eventId: waitlistEntries.eventId,
      ticketTypeId: waitlistEntries.ticketTypeId,
      quantity: waitlistEntries.quantity,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      fullName: waitlistEntries.fullName,
      email: waitlistEntries.email,
      msisdn: waitlistEntries.msisdn,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.offerTokenHash, tokenHash))
    .limit(1);
  return row;
}

/** "Send my tickets by SMS too" ticked at checkout (docs/product.md#messages-to-attendees). */
export async function setTicketsBySms(tx: Tx, bookingId: number) {
  await tx.update(bookings).set({ ticketsBySms: true }).where(eq(bookings.id, bookingId));
}

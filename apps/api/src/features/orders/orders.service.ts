import { postRefund } from '../ledger/index.js';
import {
  BOOKING_STATUS,
  EVENT_STATUS,
  TICKET_STATUS,
  answerText,
  formatAmount,
  parseCurrency,
  toMajor,
  toNairobiLocal,
  type Attendee,
  type AttendeeChange,
  type AttendeeDetails,
  type AnswerView,
  type CancelEventBody,
  type CancelledEvent,
  type ListAttendeesQuery,
  type ListOrdersQuery,
  type Order,
  type RefundState,
  type SalesSummary,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { invalidatePublicCatalogue } from '../catalogue/index.js';
import {
  lockBooking,
  releaseHeld,
  receivedMismatch,
  releaseSold,
  requestRefund,
  setBookingStatus,
  type BookingRow,
  type RefundJob,
} from '../checkout/index.js';
import { changeTicketAttendee, revokeBookingTickets } from '../etickets/index.js';
import { findAttendeeChanges } from '../attendees/index.js';
import { requireRecentConfirmation, type Caller } from '../accounts/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import {
  issueCreditNote,
  orderDocumentFacts,
  releaseInvoiceBooking,
  type OrderDocumentFacts,
} from '../invoices/index.js';
import { bookingCancelledByBuyerMail, enqueueMail } from '../mail/index.js';
import { csvStream, phoneCell, type Cell } from '../../lib/csv.js';
import {
  countBookingsToRefund,
  answeredArchivedAttendeeQuestions,
  answeredArchivedOrderQuestions,
  findOrdersByIds,
  listOrderIds,
  findAttendeesByIds,
  findEventQuestions,
  findOwnBookingEvent,
  findOwnEvent,
  findOwnTicket,
  listAttendeeIds,
  listAttendees,
  listOrders,
  markEventCancelled,
  openBookingIds,
  salesFigures,
  type AnswerRow,
  type AttendeeRow,
  type AttendeesFilter,
  type OrderRow,
} from './orders.repo.js';
import { emitBookingEvent, emitEventCancelled } from '../webhooks/index.js';

/** The job that refunds every paid booking of a cancelled event and releases its holds. */
export const CANCEL_EVENT_JOB = 'orders.cancel-event';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function refundStateOf(
  r: Pick<OrderRow, 'status' | 'refund_error' | 'refund_requested_at' | 'refunded_at'>,
): RefundState {
  if (r.refunded_at !== null) return 'refunded';
  if (r.refund_error !== null) return 'failed';
  if (r.status === BOOKING_STATUS.refunded || r.refund_requested_at !== null) return 'pending';
  return 'none';
}

const NO_FACTS: OrderDocumentFacts = { company: null, invoiceNumber: null, dueAt: null, paidMinor: 0, owedMinor: 0 };

/** The rows as orders, with their documents and what is owed on those paid by invoice. */
async function ordersOf(db: Db, rows: OrderRow[], now = Date.now()): Promise<Order[]> {
  const facts = await orderDocumentFacts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => orderOf(r, facts.get(r.id) ?? NO_FACTS, now));
}

function orderOf(r: OrderRow, f: OrderDocumentFacts, now: number): Order {
  const currency = parseCurrency(r.currency);
  const awaiting = r.status === BOOKING_STATUS.awaiting_payment;
  return {
    id: r.id,
    reference: r.reference,
    full_name: r.full_name,
    email_address: r.email,
    msisdn: r.msisdn,
    tickets: r.tickets,
    persons: r.persons,
    amount: toMajor(r.total_minor, currency),
    currency,
    payment_method: r.payment_method,
    status: r.status,
    company: f.company,
    amount_paid: toMajor(f.paidMinor, currency),
    amount_owed: awaiting ? toMajor(f.owedMinor, currency) : 0,
    due_at: f.dueAt?.toISOString() ?? null,
    overdue: awaiting && f.dueAt !== null && f.dueAt.getTime() <= now,
    invoice_number: f.invoiceNumber,
    hold_expires_at: iso(r.hold_expires_at)!,
    created_at: iso(r.created_at)!,
    paid_at: iso(r.paid_at),
    refund_state: refundStateOf(r),
    refund_requested_at: iso(r.refund_requested_at),
    refund_error: r.refund_error,
    receipt_number: r.receipt_number,
    payment_mismatch: r.mismatch && receivedMismatch({ totalMinor: r.total_minor, currency: r.currency }, r.mismatch),
    answers: r.answers.map(answerView),
    code: r.code,
    discount: toMajor(r.discount_minor, currency),
  };
}

const answerView = (a: AnswerRow): AnswerView => ({
  question_id: a.question_id,
  label: a.label,
  text: answerText(a.value),
});

function attendeeOf(r: AttendeeRow): Attendee {
  return {
    id: r.id,
    holder_name: r.holder_name,
    email_address: r.email,
    delegate_email: r.delegate_email,
    msisdn: r.msisdn,
    company: r.company,
    job_title: r.job_title,
    named: r.named,
    changed: r.changed,
    answers: r.answers.map(answerView),
    ticket_type: r.ticket_type,
    ticket_type_id: r.ticket_type_id,
    admits: r.admits,
    booking_id: r.booking_id,
    booking_reference: r.booking_reference,
    ticket_number: r.ticket_number,
    tickets_in_booking: r.tickets_in_booking,
    revoked: r.revoked,
    checked_in_at: iso(r.checked_in_at),
    checked_in_device: r.device_id,
  };
}

async function requireOwnEvent(db: Db | Tx, organisationId: number, eventId: number) {
  const event = await findOwnEvent(db, organisationId, eventId);
  if (!event) throw notFound('Event');
  return event;
}

/**
 * Which bookings a list or CSV holds: by default the sales, so that a booking on the list means
 * money; holds that were never paid only when asked for (docs/product.md#after-the-sale). A
 * status alone narrows nothing else.
 */
function ordersFilterOf(query: ListOrdersQuery) {
  const kind = query.kind ?? (query.status === undefined ? 'sales' : 'all');
  return { q: query.q, status: query.status, kind: kind === 'all' ? undefined : kind };
}

/** GET v1/client/event/{id}/orders. */
export async function eventOrders(db: Db, organisationId: number, eventId: number, query: ListOrdersQuery) {
  await requireOwnEvent(db, organisationId, eventId);
  const { rows, total } = await listOrders(db, eventId, {
    ...ordersFilterOf(query),
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { data: await ordersOf(db, rows), total };
}

const attendeesFilterOf = (query: ListAttendeesQuery): AttendeesFilter => ({
  q: query.q,
  checkedIn: query.checked_in,
  names: query.names,
});

/** GET v1/client/event/{id}/attendees. */
export async function eventAttendees(db: Db, organisationId: number, eventId: number, query: ListAttendeesQuery) {
  await requireOwnEvent(db, organisationId, eventId);
  const { rows, total } = await listAttendees(db, eventId, {
    ...attendeesFilterOf(query),
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { data: rows.map(attendeeOf), total };
}

/**
 * PUT v1/client/ticket/{ticket_id}/attendee: an organiser names or corrects a delegate of one of
 * the organisation's tickets, without the buyers' lock; a change of name or email re-issues the
 * ticket as the buyer's does, but a ticket already admitted is corrected without a new code
 * (docs/product.md#delegates-and-questions). Another organisation's ticket is not found. Answers
 * the ticket's row as the attendees list shows it now.
 */
export async function changeAttendee(
  ctx: AppContext,
  caller: Caller & { organisationId: number },
  ticketId: number,
  body: AttendeeDetails,
): Promise<Attendee> {
  const id = await changeTicketAttendee(ctx, ticketId, body, {
    kind: 'organiser',
    organisationId: caller.organisationId,
    accountId: caller.accountId,
    name: `${caller.firstName} ${caller.lastName}`.trim() || caller.email,
  });
  const ticket = await findOwnTicket(ctx.db, caller.organisationId, id);
  const { rows } = await listAttendees(ctx.db, ticket!.eventId, { ticketId: id, offset: 0, limit: 1 });
  return attendeeOf(rows[0]!);
}

/** GET v1/client/ticket/{ticket_id}/attendee/changes: the history of its delegate, oldest first, across re-issues. */
export async function attendeeChanges(db: Db, organisationId: number, ticketId: number): Promise<AttendeeChange[]> {
  const ticket = await findOwnTicket(db, organisationId, ticketId);
  if (!ticket) throw notFound('Ticket');
  return (await findAttendeeChanges(db, ticket)).map((c) => ({
    at: c.at.toISOString(),
    by: c.by,
    by_name: c.byName,
    from: { full_name: c.from.fullName, email: c.from.email },
    to: { full_name: c.to.fullName, email: c.to.email },
    reissued: c.reissued,
  }));
}

const answerCells = (columns: { id: number }[], answers: AnswerView[]) =>
  columns.map((q) => answers.find((a) => a.question_id === q.id)?.text ?? null);

/** Nairobi wall time for a spreadsheet: 2026-11-25 16:45. */
const sheetTime = (v: string | null) => (v ? toNairobiLocal(v).replace('T', ' ') : '');

const STATUS_WORDS: Record<number, string> = {
  1: 'Held (not paid yet)',
  2: 'Paid',
  3: 'Not paid (hold ended)',
  4: 'Not paid (event cancelled)',
  5: 'Refunded',
  6: 'Awaiting payment (invoice)',
};
const REFUND_WORDS: Record<RefundState, string> = {
  none: '',
  pending: 'Refund in progress',
  failed: 'Refund failed',
  refunded: 'Money returned',
};
const METHOD_WORDS = { card: 'Card', mpesa: 'M-Pesa', paypal: 'PayPal', invoice: 'Invoice' } as const;

/** A file name from the event's title: letters, digits and dashes. */
function fileNameOf(title: string, what: string) {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'event'}-${what}.csv`;
}

/**
 * Who downloads attendee data: an organiser who entered their password again in the last few
 * minutes (docs/security.md#re-entering-the-password), recorded in the activity log.
 */
type Exporter = AuditActor & { confirmedAt: Date | null };

/** GET v1/client/event/{id}/orders.csv: every matching booking. */
export async function eventOrdersCsv(
  db: Db,
  organisationId: number,
  eventId: number,
  query: ListOrdersQuery,
  actor: Exporter,
) {
  const event = await requireOwnEvent(db, organisationId, eventId);
  requireRecentConfirmation(actor);
  // Ids first, then the rows a chunk at a time as the file is sent (as the attendees' export).
  const ids = await listOrderIds(db, eventId, { ...ordersFilterOf(query), offset: 0, limit: null });
  const answered = await answeredArchivedOrderQuestions(db, ids);
  const questions = (await findEventQuestions(db, eventId, 'order')).filter((q) => !q.archived || answered.has(q.id));
  const headers = [
    'Reference',
    'Buyer',
    'Phone',
    'Email',
    'Tickets',
    'Persons',
    'Amount',
    'Currency',
    'Payment method',
    'M-Pesa receipt',
    'Status',
    'Refund',
    'Refund error',
    'Payment mismatch',
    'Booked at (Nairobi)',
    'Paid at (Nairobi)',
    // Issue 27 (docs/product.md#discount-codes): the code and what it (or a team tier) took off.
    'Code',
    'Discount',
    ...questions.map((q) => q.label),
  ];
  const cells = (o: Order): Cell[] => [
    o.reference,
    o.full_name,
    phoneCell(o.msisdn),
    o.email_address,
    o.tickets,
    o.persons,
    o.amount.toFixed(2),
    o.currency,
    METHOD_WORDS[o.payment_method],
    o.receipt_number ?? null,
    STATUS_WORDS[o.status] ?? String(o.status),
    REFUND_WORDS[o.refund_state],
    o.refund_error,
    o.payment_mismatch,
    sheetTime(o.created_at),
    sheetTime(o.paid_at),
    o.code ?? null,
    (o.discount ?? 0).toFixed(2),
    ...answerCells(questions, o.answers),
  ];
  await recordAudit(db, actor, {
    action: 'export.orders',
    target: { type: 'event', id: event.id, label: event.title },
    details: { rows: ids.length, q: query.q ?? null },
  });
  async function* chunks() {
    for (let i = 0; i < ids.length; i += CSV_CHUNK_ROWS)
      yield (await ordersOf(db, await findOrdersByIds(db, ids.slice(i, i + CSV_CHUNK_ROWS)))).map(cells);
  }
  return { fileName: fileNameOf(event.title, 'orders'), csv: csvStream(headers, chunks()) };
}

/** Rows an export loads and writes at a time. */
export const CSV_CHUNK_ROWS = 1000;

/** GET v1/client/event/{id}/attendees.csv: every matching e-ticket. */
export async function eventAttendeesCsv(
  db: Db,
  organisationId: number,
  eventId: number,
  query: ListAttendeesQuery,
  actor: Exporter,
) {
  const event = await requireOwnEvent(db, organisationId, eventId);
  requireRecentConfirmation(actor);
  // The ids in order first, then the rows a chunk at a time as the file is sent: the first bytes
  // leave at once and memory holds one chunk, whatever the event's size (docs/scaling.md).
  const ids = await listAttendeeIds(db, eventId, { ...attendeesFilterOf(query), offset: 0, limit: null });
  const answered = await answeredArchivedAttendeeQuestions(db, ids);
  const questions = (await findEventQuestions(db, eventId, 'attendee')).filter(
    (q) => !q.archived || answered.has(q.id),
  );
  const headers = [
    'Ticket',
    'Delegate',
    'Email',
    'Phone',
    'Company',
    'Job title',
    'Named',
    'Changed',
    'Ticket type',
    'Admits',
    'Booking reference',
    'Valid',
    'Checked in',
    'Checked in at (Nairobi)',
    'Device',
    ...questions.map((q) => q.label),
  ];
  const cells = (a: Attendee): Cell[] => [
    // As the ticket's PDF page says it, beside its booking reference: "2 of 3".
    `${a.ticket_number} of ${a.tickets_in_booking}`,
    a.holder_name,
    a.email_address,
    phoneCell(a.msisdn),
    a.company,
    a.job_title,
    a.named ? 'Yes' : 'To be named',
    a.changed ? 'Yes' : 'No',
    a.ticket_type,
    a.admits,
    a.booking_reference,
    a.revoked ? 'No (refunded)' : 'Yes',
    a.checked_in_at ? 'Yes' : 'No',
    sheetTime(a.checked_in_at),
    a.checked_in_device,
    ...answerCells(questions, a.answers),
  ];
  await recordAudit(db, actor, {
    action: 'export.attendees',
    target: { type: 'event', id: event.id, label: event.title },
    details: { rows: ids.length, q: query.q ?? null },
  });
  async function* chunks() {
    for (let i = 0; i < ids.length; i += CSV_CHUNK_ROWS)
      yield (await findAttendeesByIds(db, ids.slice(i, i + CSV_CHUNK_ROWS))).map((r) => cells(attendeeOf(r)));
  }
  return { fileName: fileNameOf(event.title, 'attendees'), csv: csvStream(headers, chunks()) };
}

/** GET v1/client/event/{id}/sales. */
export async function eventSales(db: Db, organisationId: number, eventId: number): Promise<SalesSummary> {
  const event = await requireOwnEvent(db, organisationId, eventId);
  const currency = parseCurrency(event.currency);
  const major = (minor: number) => toMajor(minor, currency);
  const f = await salesFigures(db, eventId);
  return {
    event: {
      id: event.id,
      title: event.title,
      status: event.status,
      start_time: event.start_time.toISOString(),
      end_time: event.end_time.toISOString(),
      cancelled_at: event.cancelled_at ? new Date(event.cancelled_at).toISOString() : null,
    },
    currency,
    ticket_types: f.ticketTypes.map((t) => ({
      id: t.id,
      name: t.name,
      price: major(t.price_minor),
      max_tickets: t.max_tickets,
      sold: t.sold,
      held: t.held,
      left: t.status === TICKET_STATUS.deleted ? 0 : Math.max(0, t.max_tickets - t.sold - t.held),
      deleted: t.status === TICKET_STATUS.deleted,
    })),
    gross: major(f.money.gross_minor),
    refunded: major(f.money.refunded_minor),
    net: major(f.money.gross_minor - f.money.refunded_minor),
    bookings_paid: f.money.bookings_paid,
    bookings_refunded: f.money.bookings_refunded,
    tickets_sold: f.tickets.tickets_sold,
    persons_sold: f.tickets.persons_sold,
    tickets_checked_in: f.tickets.tickets_checked_in,
    persons_checked_in: f.tickets.persons_checked_in,
    refunds_pending: f.money.refunds_pending,
    refunds_failed: f.money.refunds_failed,
    over_time: f.days.map((d) => ({ day: d.day, tickets: d.tickets, gross: major(d.gross_minor) })),
  };
}

async function orderById(db: Db, eventId: number, bookingId: number): Promise<Order> {
  const { rows } = await listOrders(db, eventId, { bookingId, offset: 0, limit: 1 });
  return (await ordersOf(db, rows))[0]!;
}

/**
 * A paid booking refunded at once, in the caller's transaction (its row locked): status 5,
 * its tickets back on sale and revoked, and checkout's refund job queued with it, so the
 * booking and its job exist together or not at all.
 */
async function refundLockedBooking(
  tx: Tx,
  booking: BookingRow,
  lines: { ticketTypeId: number; quantity: number; serviceFeePassed: boolean }[],
  job: Omit<RefundJob, 'bookingId'> = {},
) {
  await setBookingStatus(tx, booking.id, BOOKING_STATUS.refunded);
  // The money going back, in the ledger with the state change (docs/decisions/0030-ledger.md).
  await postRefund(tx, {
    bookingId: booking.id,
    feePassed: lines.some((l) => l.serviceFeePassed),
    reason: job.eventCancelled ? 'Refund: event cancelled' : `Refund${job.reason ? `: ${job.reason}` : ''}`,
  });
  await emitBookingEvent(tx, 'booking.refunded', booking.id);
  await releaseSold(tx, lines, booking.id);
  await revokeBookingTickets(tx, booking.id);
  await requestRefund(tx, booking, job);
  // Its invoice is credited, once, in the same transaction (docs/product.md#tax-documents).
  await issueCreditNote(tx, booking.id);
}

/**
 * POST v1/client/booking/{id}/refund: a paid booking is refunded at once (status 5, seats back
 * on sale, tickets revoked) and the money follows by the refund job. A booking whose refund
 * failed is retried (a new request, a new idempotency key), whatever the refund was for (the
 * organiser's, a late payment's, a payment for the wrong amount); one refunded already is
 * answered as it is; one never paid is a 409. Another organisation's booking is not found.
 */
export async function refundBooking(
  ctx: AppContext,
  organisationId: number,
  bookingId: number,
  actor: AuditActor,
): Promise<Order> {
  const event = await findOwnBookingEvent(ctx.db, organisationId, bookingId);
  if (!event) throw notFound('Booking');
  const released = await ctx.db.transaction(async (tx) => {
    const found = await lockBooking(tx, bookingId);
    if (!found) throw notFound('Booking');
    const { booking, lines } = found;
    const audit = (retry: boolean) =>
      recordAudit(tx, actor, {
        action: 'booking.refunded',
        target: { type: 'booking', id: booking.reference, label: event.title },
        details: {
          amount: toMajor(booking.totalMinor, parseCurrency(booking.currency)),
          currency: booking.currency,
          retry,
        },
      });
    if (booking.status === BOOKING_STATUS.paid) {
      await refundLockedBooking(tx, booking, lines);
      await audit(false);
      return true;
    }
    if (booking.refundError !== null) {
      // The retry: a new request time gives a new idempotency key (Stripe replays the first
      // answer of a key, its refusal included); a charge refunded meanwhile answers "already
      // refunded", which counts as done.
      await requestRefund(tx, booking);
      await audit(true);
      return false;
    }
    if (booking.status === BOOKING_STATUS.refunded || booking.refundRequestedAt !== null) return false;
    throw conflict('This booking was never paid, so there is nothing to refund');
  });
  if (released) invalidatePublicCatalogue(ctx.db);
  return orderById(ctx.db, event.id, bookingId);
}

/**
 * A buyer deleting their account chose to cancel a booking for an event still to come
 * (docs/security.md#deleting-an-account): refunded as an organiser's refund is (status 5, seats
 * back on sale, tickets revoked, checkout's refund job queued), in the caller's transaction, and
 * the organiser told by mail. False for a booking that is not paid: nothing to give back.
 */
export async function cancelForDeletedAccount(
  tx: Tx,
  bookingId: number,
  organiser: { email: string; eventTitle: string },
): Promise<boolean> {
  const found = await lockBooking(tx, bookingId);
  if (!found || found.booking.status !== BOOKING_STATUS.paid) return false;
  const { booking, lines } = found;
  await refundLockedBooking(tx, booking, lines, { reason: 'The buyer deleted their account' });
  const currency = parseCurrency(booking.currency);
  await enqueueMail(tx, {
    to: organiser.email,
    ...bookingCancelledByBuyerMail({
      reference: booking.reference,
      eventTitle: organiser.eventTitle,
      total: formatAmount(toMajor(booking.totalMinor, currency), currency),
    }),
  });
  return true;
}

/**
 * POST v1/client/event/{id}/cancel: the event is cancelled (status 3) and leaves the public
 * lists at once; the cancel job then refunds every paid booking and releases every hold.
 * Asking again answers the same cancellation and queues nothing new.
 */
export async function cancelEvent(
  ctx: AppContext,
  organisationId: number,
  eventId: number,
  body: CancelEventBody,
  actor: AuditActor,
): Promise<CancelledEvent> {
  const cancelledAt = await ctx.db.transaction(async (tx) => {
    const event = await findOwnEvent(tx, organisationId, eventId, true);
    if (!event) throw notFound('Event');
    if (event.status === EVENT_STATUS.cancelled && event.cancelled_at) return new Date(event.cancelled_at);
    const at = await markEventCancelled(tx, eventId);
    await emitEventCancelled(tx, eventId);
    await recordAudit(tx, actor, {
      action: 'event.cancelled',
      target: { type: 'event', id: eventId, label: event.title },
      details: { reason: body.reason ?? null },
    });
    await enqueueJob(
      tx,
      CANCEL_EVENT_JOB,
      { eventId, reason: body.reason ?? null },
      { dedupeKey: `cancel-event-${eventId}` },
    );
    return at;
  });
  invalidatePublicCatalogue(ctx.db);
  return {
    event_id: eventId,
    cancelled_at: cancelledAt.toISOString(),
    bookings_to_refund: await countBookingsToRefund(ctx.db, eventId, cancelledAt),
  };
}

/** Bookings looked at per round of the cancel job; each is its own short transaction. */
const CANCEL_BATCH = 100;

/**
 * The cancel job's work: every pending booking of the event cancelled (its hold released) and
 * every paid one refunded at once with its refund job queued, one booking per transaction.
 * Safe to repeat and to resume after a crash: a booking dealt with is no longer pending or
 * paid, so it is never picked again, and its refund job's dedupe key is its own.
 */
export async function cancelEventBookings(ctx: AppContext, eventId: number, reason: string | null): Promise<number> {
  let handled = 0;
  for (;;) {
    const ids = await openBookingIds(ctx.db, eventId, CANCEL_BATCH);
    if (ids.length === 0) break;
    for (const id of ids) {
      await ctx.db.transaction(async (tx) => {
        const found = await lockBooking(tx, id);
        if (!found) return;
        const { booking, lines } = found;
        if (booking.status === BOOKING_STATUS.pending) {
          await releaseHeld(tx, lines, booking.id);
          await setBookingStatus(tx, booking.id, BOOKING_STATUS.cancelled);
        } else if (booking.status === BOOKING_STATUS.awaiting_payment) {
          // A company's booking awaiting payment: released, its payments refused from now on.
          await releaseInvoiceBooking(tx, booking.id);
          await releaseHeld(tx, lines, booking.id);
          await setBookingStatus(tx, booking.id, BOOKING_STATUS.cancelled);
          await emitBookingEvent(tx, 'booking.cancelled', booking.id, 'event_cancelled');
        } else if (booking.status === BOOKING_STATUS.paid) {
          await refundLockedBooking(tx, booking, lines, { eventCancelled: true, reason });
        }
      });
      handled++;
    }
  }
  if (handled > 0) invalidatePublicCatalogue(ctx.db);
  return handled;
}

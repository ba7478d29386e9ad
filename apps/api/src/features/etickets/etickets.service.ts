import { signTicketCode } from '@tikiti/ticket-codes';
import {
  BOOKING_STATUS,
  parseCurrency,
  slugify,
  toMajor,
  type AttendeeDetails,
  type ETicket,
  type ETicketItem,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { notFound, tooManyRequests } from '../../http/errors.js';
import { countHit } from '../../lib/rate-limit.js';
import type { CheckoutCaller } from '../checkout/index.js';
import { enqueueMail } from '../mail/index.js';
import { findAttendeeNames, findBookingAttendees, findQuestions, toQuestionView } from '../attendees/index.js';
import { publicImageUrls } from '../media/index.js';
import { bookingDocumentLinks } from '../invoices/index.js';
import { ticketsConfirmationMail } from './etickets-mail.js';
import {
  findBookingLines,
  findBookingsToIssue,
  findETickets,
  findTicketBooking,
  findTicketBookings,
  insertETickets,
  nextTicketIds,
  revokeETickets,
  setBookingCodes,
  type TicketBookingRow,
} from './etickets.repo.js';
import { ticketSigningKey } from './ticket-keys.js';
import { fileSignatureValid, ticketUrlSigner } from './ticket-urls.js';
import { bookingCalendar, bookingPdf, qrImage } from './booking-files.js';
import { certificateLinks } from './certificate-links.js';
import { attendeeFor, ticketItem } from './ticket-items.js';
import { changesUntil } from './changes-until.js';
import { changeTicketAttendee } from './change-attendee.js';
import { ticketItemById } from './delegate-ticket.js';

/** A code admits at most this many people (docs/ticket-codes.md#payload-bytes). */
const MAX_CODE_PERSONS = 0xffff;

/**
 * Issues a paid booking's e-tickets (docs/product.md#e-tickets-and-signed-codes), inside the
 * transaction that makes it paid: one per ticket bought (a line of 3 "Group of 4" gives 3
 * e-tickets admitting 4 each), holder its delegate (the buyer's name while it is to be named:
 * docs/product.md#delegates-and-questions), each with its own signed code naming
 * its id, and the booking's own code (kind `booking`, all of its persons). Idempotent: a booking
 * that has its code already is left alone, and `(line, seq)` is unique, so settling twice
 * never issues twice. Answers how many e-tickets were issued.
 */
export function issueETickets(ctx: AppContext, tx: Tx, bookingId: number): Promise<number> {
  return issueBookingsETickets(ctx, tx, [bookingId]);
}

/**
 * Issues the e-tickets of several paid bookings as `issueETickets` issues each (the same rows,
 * codes and key), in a handful of statements whatever their number: the demo data's thousands of
 * tickets take well under a second this way.
 */
export async function issueBookingsETickets(ctx: AppContext, tx: Tx, bookingIds: number[]): Promise<number> {
  const found = await findBookingsToIssue(tx, bookingIds);
  if (found.length === 0) return 0;
  const [key, names] = await Promise.all([
    ticketSigningKey(ctx, tx),
    findAttendeeNames(
      tx,
      found.map((f) => f.booking.id),
    ),
  ]);
  const nameOf = new Map(names.map((n) => [`${n.booking_line_id}:${n.seq}`, n.full_name]));
  const places = found.flatMap(({ booking, lines }) =>
    lines.flatMap((line) => Array.from({ length: line.quantity }, (_, i) => ({ booking, line, seq: i + 1 }))),
  );
  const ids = await nextTicketIds(tx, places.length);
  const sign = (booking: IssuedBooking, ticketId: number, persons: number, kind: 'ticket' | 'booking') =>
    signTicketCode(key.privateKey, {
      ticketId,
      eventId: booking.eventId,
      bookingRef: booking.reference,
      persons,
      kind,
    });
  const [rows, codes] = await Promise.all([
    Promise.all(
      places.map(async ({ booking, line, seq }, i) => ({
        id: ids[i]!,
        bookingId: booking.id,
        bookingLineId: line.id,
        seq,
        eventId: booking.eventId,
        holderName: nameOf.get(`${line.id}:${seq}`) ?? booking.fullName,
        admits: line.noOfPersons,
        code: await sign(booking, ids[i]!, line.noOfPersons, 'ticket'),
      })),
    ),
    Promise.all(
      found.map(async ({ booking, lines }) => {
        const persons = lines.reduce((n, l) => n + l.noOfPersons * l.quantity, 0);
        return {
          bookingId: booking.id,
          code: await sign(booking, booking.id, Math.min(persons, MAX_CODE_PERSONS), 'booking'),
        };
      }),
    ),
  ]);
  const issued = await insertETickets(tx, rows);
  await setBookingCodes(tx, codes);
  return issued;
}

type IssuedBooking = Awaited<ReturnType<typeof findBookingsToIssue>>[number]['booking'];

/**
 * Revokes a booking's e-tickets (a refund, a cancelled event), in the caller's transaction.
 * Their codes still verify (a signature cannot be taken back): the views mark them revoked,
 * the PDF stops showing them, and door devices learn of it when they sync.
 */
export function revokeBookingTickets(tx: Tx, bookingId: number): Promise<number> {
  return revokeETickets(tx, bookingId);
}

/**
 * GET v1/tickets/view: the caller's bookings with e-tickets. A buyer's session sees every
 * booking of the account; a guest's checkout token only the bookings made with it. Paid
 * bookings, and those refunded or cancelled after they were paid with their tickets revoked.
 * Upcoming events first, the soonest first; then ended ones, the latest first.
 */
export async function viewTickets(ctx: AppContext, who: CheckoutCaller): Promise<ETicket[]> {
  const owner =
    who.kind === 'account' ? { accountId: who.caller.accountId } : { email: who.email, checkoutKeyHash: who.keyHash };
  const rows = await findTicketBookings(ctx.db, owner);
  const ids = rows.map((r) => r.id);
  const [tickets, lines, attendees, questions, sign, documents] = await Promise.all([
    findETickets(ctx.db, ids),
    findBookingLines(ctx.db, ids),
    findBookingAttendees(ctx.db, ids),
    findQuestions(ctx.db, [...new Set(rows.map((r) => r.eventId))]),
    ticketUrlSigner(ctx, 'page'),
    bookingDocumentLinks(ctx, rows),
  ]);
  const certificates = await certificateLinks(
    ctx,
    tickets.map((t) => t.id),
  );
  const now = Date.now();
  const ended = (b: TicketBookingRow) => b.endTime.getTime() <= now;
  const upcoming = rows.filter((b) => !ended(b));
  const past = rows.filter(ended).reverse();
  return [...upcoming, ...past].map((b) => {
    const currency = parseCurrency(b.currency);
    const revoked = b.status !== BOOKING_STATUS.paid;
    return {
      code_link: sign(`qr:${b.reference}`),
      // Empty while awaiting payment by invoice: its tickets and codes come with the payment.
      booking_code: b.bookingCode ?? '',
      link: sign(`pdf:${b.reference}`),
      event_id: b.eventId,
      slug: slugify(b.title),
      title: b.title,
      start_time: b.startTime.toISOString(),
      end_time: b.endTime.toISOString(),
      location: b.location,
      short_description: b.shortDescription,
      image_card: b.imageKey ? publicImageUrls(b.imageKey).image_card : null,
      ended: ended(b),
      holder_name: b.fullName,
      booking: {
        payment_method: b.paymentMethod,
        booking_id: b.reference,
        currency,
        price: toMajor(b.totalMinor, currency),
        receipt_number: b.receiptNumber,
        tickets: lines
          .filter((l) => l.bookingId === b.id)
          .map((l) => ({
            name: l.name,
            no_of_persons: l.noOfPersons,
            price_per_ticket: toMajor(l.unitPriceMinor, currency),
            quantity: l.quantity,
          })),
        invoice_url: documents.get(b.id)?.invoiceUrl ?? null,
        proforma_url: documents.get(b.id)?.proformaUrl ?? null,
        due_at:
          b.status === BOOKING_STATUS.awaiting_payment ? (documents.get(b.id)?.dueAt?.toISOString() ?? null) : null,
      },
      tickets: tickets
        .filter((t) => t.bookingId === b.id)
        .map((t, i) =>
          ticketItem(
            t,
            { reference: b.reference, revoked },
            i + 1,
            attendeeFor(attendees, t),
            sign,
            certificates.get(t.id) ?? null,
          ),
        ),
      attendee_names: b.attendeeNames,
      changes_until: changesUntil(b).toISOString(),
      questions: questions.filter((q) => q.eventId === b.eventId && q.scope === 'attendee').map(toQuestionView),
    };
  });
}

/**
 * PUT v1/tickets/{ticket_id}/attendee: the buyer names or renames the delegate of a ticket of
 * their own paid booking, until the event's lock (`changeTicketAttendee`). Answers the ticket as
 * it is now, with its new id and code when the change re-issued it.
 */
export async function changeOwnTicketAttendee(
  ctx: AppContext,
  who: CheckoutCaller,
  ticketId: number,
  body: AttendeeDetails,
): Promise<ETicketItem> {
  const id = await changeTicketAttendee(ctx, ticketId, body, { kind: 'buyer', who });
  return ticketItemById(ctx, id);
}

/** Mails of one booking's tickets a caller may ask for in an hour. */
export const TICKET_MAILS_PER_HOUR = 5;

/**
 * POST v1/tickets/email: mails the confirmation with the PDF again to the booking's email, for
 * the caller's own paid booking (404 for any other). At most TICKET_MAILS_PER_HOUR per booking.
 */
export async function emailTickets(ctx: AppContext, who: CheckoutCaller, reference: string): Promise<string> {
  const booking = await findTicketBooking(ctx.db, { reference });
  const owns =
    booking &&
    (who.kind === 'account'
      ? booking.accountId === who.caller.accountId
      : booking.checkoutKeyHash !== null && booking.checkoutKeyHash === who.keyHash);
  if (!booking || !owns || booking.status !== BOOKING_STATUS.paid) throw notFound('Booking');
  if ((await countHit(ctx.db, `tickets-mail:${booking.id}`, 3600)) > TICKET_MAILS_PER_HOUR) {
    throw tooManyRequests(
      `We already sent these tickets ${TICKET_MAILS_PER_HOUR} times in the last hour; please check your inbox and spam folder, or try again later`,
    );
  }
  await enqueueMail(ctx.db, await ticketsConfirmationMail(ctx, booking.id));
  return booking.email;
}

/** GET v1/tickets/qr/{id or reference}.png: the QR image, for a live signed address only (404 otherwise). */
export async function signedQrImage(ctx: AppContext, name: string, sig: string | undefined): Promise<Buffer> {
  const png = (await fileSignatureValid(ctx, `qr:${name}`, sig)) ? await qrImage(ctx, name) : undefined;
  if (!png) throw notFound('Ticket');
  return png;
}

/** GET v1/booking/{reference}/tickets.pdf: the booking's PDF, for a live signed address only. */
export async function signedBookingPdf(ctx: AppContext, reference: string, sig: string | undefined): Promise<Buffer> {
  const pdf = (await fileSignatureValid(ctx, `pdf:${reference}`, sig)) ? await bookingPdf(ctx, reference) : undefined;
  if (!pdf) throw notFound('Booking');
  return pdf;
}

/** GET v1/booking/{reference}/event.ics: the event's calendar file, for a live signed address only. */
export async function signedBookingCalendar(
  ctx: AppContext,
  reference: string,
  sig: string | undefined,
): Promise<string> {
  const ics = (await fileSignatureValid(ctx, `ics:${reference}`, sig))
    ? await bookingCalendar(ctx, reference)
    : undefined;
  if (!ics) throw notFound('Booking');
  return ics;
}

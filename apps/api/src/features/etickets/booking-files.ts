import { BOOKING_STATUS, bookingCalendarFile, formatDateRange } from '@tikiti/contract';
import { ticketReference } from '@tikiti/ticket-codes';
import type { AppContext } from '../../app-context.js';
import { findBookingAttendees } from '../attendees/index.js';
import { findETicketCode, findETickets, findTicket, findTicketBooking } from './etickets.repo.js';
import { renderQrPng, renderTicketsPdf } from './render-pool.js';
import { attendeeFor } from './ticket-items.js';

/** The largest id a serial column holds. */
const MAX_ID = 2_147_483_647;

/** A booking reference as printed (TK- and 6 or 7 letters today; a little room either way). */
export const REFERENCE = /^TK-[0-9A-Z]{4,12}$/;

/**
 * The QR image of a ticket's code (`name` is its id) or of a booking's own code (`name` is its
 * reference); undefined when there is no such ticket or booking with e-tickets.
 */
export async function qrImage(ctx: AppContext, name: string): Promise<Buffer | undefined> {
  let code: string | null | undefined;
  if (/^[1-9]\d{0,9}$/.test(name) && Number(name) <= MAX_ID) code = await findETicketCode(ctx.db, Number(name));
  else if (REFERENCE.test(name)) code = (await findTicketBooking(ctx.db, { reference: name }))?.bookingCode;
  return code ? renderQrPng(code) : undefined;
}

/**
 * The booking's PDF, one page per e-ticket with its delegate's name and company; a revoked
 * ticket's page says so instead of showing its code. Undefined when the booking has no e-tickets.
 */
export async function bookingPdf(ctx: AppContext, reference: string): Promise<Buffer | undefined> {
  const booking = REFERENCE.test(reference) ? await findTicketBooking(ctx.db, { reference }) : undefined;
  if (!booking) return undefined;
  const [tickets, attendees] = await Promise.all([
    findETickets(ctx.db, [booking.id]),
    findBookingAttendees(ctx.db, [booking.id]),
  ]);
  return renderTicketsPdf({
    reference: booking.reference,
    title: booking.title,
    when: formatDateRange(booking.startTime.toISOString(), booking.endTime.toISOString()),
    location: booking.location,
    tickets: tickets.map((t, i) => ({
      code: t.code,
      reference: ticketReference(booking.reference, i + 1),
      ticketType: t.ticketType,
      admits: t.admits,
      holderName: t.holderName,
      company: attendeeFor(attendees, t)?.company ?? null,
      revoked: t.revokedAt !== null || booking.status !== BOOKING_STATUS.paid,
    })),
  });
}

/** An e-ticket id as a path names it. */
export const ticketIdOf = (name: string) => (/^[1-9]\d{0,9}$/.test(name) && Number(name) <= MAX_ID ? Number(name) : 0);

/**
 * One delegate's ticket as a one-page PDF (docs/product.md#delegates-and-questions): the same page
 * as the booking's, nothing else of the booking. A ticket re-issued since says so instead of
 * showing its code (a mail queued before a second rename still sends). Undefined when there is
 * no such ticket of a booking with e-tickets.
 */
export async function singleTicketPdf(ctx: AppContext, ticketId: number): Promise<Buffer | undefined> {
  const ticket = ticketId ? await findTicket(ctx.db, ticketId) : undefined;
  if (!ticket?.booking.bookingCode) return undefined;
  const { booking } = ticket;
  const [live, attendees] = await Promise.all([
    findETickets(ctx.db, [booking.id]),
    findBookingAttendees(ctx.db, [booking.id]),
  ]);
  const number = live.findIndex((t) => t.bookingLineId === ticket.bookingLineId && t.seq === ticket.seq) + 1;
  return renderTicketsPdf({
    reference: booking.reference,
    single: true,
    title: booking.title,
    when: formatDateRange(booking.startTime.toISOString(), booking.endTime.toISOString()),
    location: booking.location,
    tickets: [
      {
        code: ticket.code,
        reference: ticketReference(booking.reference, number),
        ticketType: ticket.ticketType,
        admits: ticket.admits,
        holderName: ticket.holderName,
        company: attendeeFor(attendees, ticket)?.company ?? null,
        revoked: ticket.revokedAt !== null || booking.status !== BOOKING_STATUS.paid,
        reissued: ticket.reissuedAt !== null,
      },
    ],
  });
}

/**
 * The booking's event as a calendar file, the same the web's pages write; undefined when the
 * booking has no e-tickets. A delegate's own (`ticketReference` given) names their ticket's short
 * reference rather than the booking's.
 */
export async function bookingCalendar(
  ctx: AppContext,
  reference: string,
  ticketRef?: string,
): Promise<string | undefined> {
  const booking = REFERENCE.test(reference) ? await findTicketBooking(ctx.db, { reference }) : undefined;
  if (!booking) return undefined;
  return bookingCalendarFile(
    {
      reference: ticketRef ?? booking.reference,
      eventId: booking.eventId,
      title: booking.title,
      shortDescription: booking.shortDescription,
      location: booking.location,
      start: booking.startTime.toISOString(),
      end: booking.endTime.toISOString(),
    },
    ctx.config.publicUrl,
  );
}

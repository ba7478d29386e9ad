import { BOOKING_STATUS, bookingCalendarFile, formatDateRange } from '@tikiti/contract';
import { ticketReference } from '@tikiti/ticket-codes';
import type { AppContext } from '../../app-context.js';
import { findETicketCode, findETickets, findTicketBooking } from './etickets.repo.js';
import { renderQrPng, renderTicketsPdf } from './render-pool.js';

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
 * The booking's PDF, one page per e-ticket; a revoked ticket's page says so instead of showing
 * its code. Undefined when the booking has no e-tickets.
 */
export async function bookingPdf(ctx: AppContext, reference: string): Promise<Buffer | undefined> {
  const booking = REFERENCE.test(reference) ? await findTicketBooking(ctx.db, { reference }) : undefined;
  if (!booking) return undefined;
  const tickets = await findETickets(ctx.db, [booking.id]);
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
      revoked: t.revokedAt !== null || booking.status !== BOOKING_STATUS.paid,
    })),
  });
}

/** The booking's event as a calendar file, the same the web's pages write; undefined when the booking has no e-tickets. */
export async function bookingCalendar(ctx: AppContext, reference: string): Promise<string | undefined> {
  const booking = REFERENCE.test(reference) ? await findTicketBooking(ctx.db, { reference }) : undefined;
  if (!booking) return undefined;
  return bookingCalendarFile(
    {
      reference: booking.reference,
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

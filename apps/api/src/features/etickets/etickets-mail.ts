import { formatAmount, formatDateRange, parseCurrency, toMajor } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import {
  bookingConfirmationMail,
  delegateTicketMail,
  enqueueMail,
  type AttachmentResolver,
  type MailToSend,
} from '../mail/index.js';
import { bookingPdf, singleTicketPdf, ticketIdOf } from './booking-files.js';
import { findBookingLines, findETickets, findTicket, findTicketBooking, type TicketRow } from './etickets.repo.js';
import { delegateLinkUntil, ticketUrlSigner, ticketUrlSignerUntil } from './ticket-urls.js';

/** The attachment source of a booking's PDF: `booking-pdf:<reference>`, rebuilt when the mail is sent. */
const BOOKING_PDF = 'booking-pdf';

/**
 * How the mail feature rebuilds a confirmation's PDF when it sends, without importing e-tickets:
 * handed to it at start-up by features/wiring.ts.
 */
export const bookingPdfSource: { kind: string; resolve: AttachmentResolver } = {
  kind: BOOKING_PDF,
  async resolve(ctx, reference) {
    const pdf = await bookingPdf(ctx, reference);
    if (!pdf) throw new Error(`booking ${reference} has no e-tickets to attach`);
    return pdf;
  },
};

/** The attachment source of a delegate's own ticket: `ticket-pdf:<e-ticket id>`, rebuilt when the mail is sent. */
const TICKET_PDF = 'ticket-pdf';

/** How the mail feature rebuilds a delegate's one-page PDF when it sends (features/wiring.ts hands it over). */
export const ticketPdfSource: { kind: string; resolve: AttachmentResolver } = {
  kind: TICKET_PDF,
  async resolve(ctx, id) {
    const pdf = await singleTicketPdf(ctx, ticketIdOf(id));
    if (!pdf) throw new Error(`e-ticket ${id} has no PDF to attach`);
    return pdf;
  },
};

/**
 * A delegate's own ticket (docs/product.md#delegates-and-questions), mailed when a ticket is named
 * after them or renamed to them: to the delegate (to the buyer when the delegate gave no email),
 * the buyer copied; their ticket as a one-page PDF, and signed links to their ticket page and
 * calendar file that last until some days after the event. `reference` is the ticket's short
 * reference; pass the changing transaction (PGlite has one connection).
 */
export async function delegateTicketMailOf(
  ctx: AppContext,
  tx: Tx,
  ticket: Pick<TicketRow, 'booking' | 'ticketType'> & { id: number },
  delegate: { fullName: string; email: string | null },
  reference: string,
): Promise<MailToSend> {
  const { booking } = ticket;
  const sign = await ticketUrlSignerUntil(ctx, delegateLinkUntil(booking.endTime), { tx });
  const to = delegate.email ?? booking.email;
  return {
    to,
    ...(to.toLowerCase() !== booking.email.toLowerCase() ? { cc: booking.email } : {}),
    ...delegateTicketMail({
      firstName: delegate.fullName.split(/\s+/)[0] ?? '',
      buyerName: booking.fullName,
      eventTitle: booking.title,
      when: formatDateRange(booking.startTime.toISOString(), booking.endTime.toISOString()),
      location: booking.location,
      reference,
      ticketType: ticket.ticketType,
      ticketUrl: ctx.config.publicUrl + sign(`delegate:${ticket.id}`),
      calendarUrl: ctx.config.publicUrl + sign(`ticket-ics:${ticket.id}`),
    }),
    attachments: [
      { filename: `tikiti-${reference}.pdf`, contentType: 'application/pdf', source: `${TICKET_PDF}:${ticket.id}` },
    ],
  };
}

/**
 * The confirmation of a paid booking (docs/product.md#e-tickets-and-signed-codes): the order,
 * the event, its e-tickets as an attached PDF, and signed links (30 days) to the PDF and to a
 * calendar file. Pass the settling transaction when there is one (PGlite has one connection).
 * Issue the e-tickets first: a booking without any is a caller's bug.
 */
export async function ticketsConfirmationMail(ctx: AppContext, bookingId: number, tx?: Tx): Promise<MailToSend> {
  const db = tx ?? ctx.db;
  const booking = await findTicketBooking(db, { id: bookingId });
  if (!booking) throw new Error(`booking ${bookingId} has no e-tickets to mail`);
  const lines = await findBookingLines(db, [bookingId]);
  const sign = await ticketUrlSigner(ctx, 'mail', { tx });
  const currency = parseCurrency(booking.currency);
  const money = (minor: number) => formatAmount(toMajor(minor, currency), currency);
  const filename = `tikiti-${booking.reference}.pdf`;
  return {
    to: booking.email,
    ...bookingConfirmationMail({
      firstName: booking.fullName.split(/\s+/)[0] ?? '',
      reference: booking.reference,
      eventTitle: booking.title,
      when: formatDateRange(booking.startTime.toISOString(), booking.endTime.toISOString()),
      location: booking.location,
      lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: money(l.unitPriceMinor * l.quantity) })),
      total: money(booking.totalMinor),
      ticketsUrl: `${ctx.config.publicUrl}/account/tickets`,
      pdfUrl: ctx.config.publicUrl + sign(`pdf:${booking.reference}`),
      calendarUrl: ctx.config.publicUrl + sign(`ics:${booking.reference}`),
    }),
    attachments: [{ filename, contentType: 'application/pdf', source: `${BOOKING_PDF}:${booking.reference}` }],
  };
}

/**
 * The door's "re-send ticket" (docs/product.md, "Check-in"): the ticket's own mail again, as when
 * its delegate was named, to the delegate's email (the buyer's when none was given), the buyer
 * copied. `reference` is the ticket's short reference. Answers the address it went to.
 */
export async function mailTicketAgain(
  ctx: AppContext,
  ticket: { id: number; bookingId: number; reference: string; holderName: string; delegateEmail: string | null },
): Promise<string> {
  const row = await findTicket(ctx.db, ticket.id);
  if (!row) throw new Error(`e-ticket ${ticket.id} is missing`);
  return ctx.db.transaction(async (tx) => {
    const mail = await delegateTicketMailOf(
      ctx,
      tx,
      row,
      { fullName: ticket.holderName, email: ticket.delegateEmail },
      ticket.reference,
    );
    await enqueueMail(tx, mail);
    return mail.to;
  });
}

/**
 * "Send my tickets by SMS too" (docs/product.md#messages-to-attendees): the SMS of a paid
 * booking, with the link to its ticket page (one ticket) or to its tickets' PDF (several), signed
 * to work until some days after the event as a delegate's link does.
 */
export async function ticketsSmsText(ctx: AppContext, bookingId: number, tx: Tx): Promise<string> {
  const booking = await findTicketBooking(tx, { id: bookingId });
  if (!booking) throw new Error(`booking ${bookingId} has no e-tickets to text`);
  const tickets = await findETickets(tx, [bookingId]);
  const sign = await ticketUrlSignerUntil(ctx, delegateLinkUntil(booking.endTime), { tx });
  const link =
    tickets.length === 1
      ? ctx.config.publicUrl + sign(`delegate:${tickets[0]!.id}`)
      : ctx.config.publicUrl + sign(`pdf:${booking.reference}`);
  return `Your Tikiti ${tickets.length === 1 ? 'ticket' : 'tickets'} for ${booking.title} (${booking.reference}): ${link}`;
}

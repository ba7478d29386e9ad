import { BOOKING_STATUS, slugify, type DelegateTicket, type ETicketItem } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { findBookingAttendees } from '../attendees/index.js';
import { bookingCalendar, singleTicketPdf, ticketIdOf } from './booking-files.js';
import { findETickets, findTicket, type TicketRow } from './etickets.repo.js';
import { publicImageUrls } from '../media/index.js';
import { certificateLinks } from './certificate-links.js';
import { attendeeFor, ticketItem } from './ticket-items.js';
import { delegateLinkUntil, fileSignatureValid, ticketUrlSigner, ticketUrlSignerUntil } from './ticket-urls.js';

/** A live e-ticket (not re-issued) of a booking with e-tickets, or undefined. */
async function liveTicket(ctx: AppContext, ticketId: number): Promise<TicketRow | undefined> {
  const ticket = ticketId ? await findTicket(ctx.db, ticketId) : undefined;
  return ticket?.booking.bookingCode && ticket.reissuedAt === null ? ticket : undefined;
}

/** One live e-ticket as the buyer's and the delegate's views show it, with its place in its booking. */
async function itemOf(ctx: AppContext, ticket: TicketRow): Promise<ETicketItem> {
  const [live, attendees, sign, certificates] = await Promise.all([
    findETickets(ctx.db, [ticket.bookingId]),
    findBookingAttendees(ctx.db, [ticket.bookingId]),
    ticketUrlSigner(ctx, 'page'),
    certificateLinks(ctx, [ticket.id]),
  ]);
  const index = live.findIndex((t) => t.id === ticket.id);
  return ticketItem(
    live[index]!,
    { reference: ticket.booking.reference, revoked: ticket.booking.status !== BOOKING_STATUS.paid },
    index + 1,
    attendeeFor(attendees, ticket),
    sign,
    certificates.get(ticket.id) ?? null,
  );
}

/** A live e-ticket's item, after a change of its delegate (the buyer's answer). */
export async function ticketItemById(ctx: AppContext, ticketId: number): Promise<ETicketItem> {
  const ticket = await liveTicket(ctx, ticketId);
  if (!ticket) throw notFound('Ticket');
  return itemOf(ctx, ticket);
}

/**
 * GET v1/tickets/delegate/{ticket_id}?sig=… (docs/product.md#delegates-and-questions): the
 * delegate's own ticket, from the signed link of their mail: the event and that one ticket, with
 * signed addresses of its one-page PDF and calendar file; nothing else of the booking. A forged or
 * expired signature, and the link of a ticket re-issued since, are a 404 like a missing ticket.
 */
export async function delegateTicket(
  ctx: AppContext,
  ticketId: number,
  sig: string | undefined,
): Promise<DelegateTicket> {
  const valid = await fileSignatureValid(ctx, `delegate:${ticketId}`, sig);
  const ticket = valid ? await liveTicket(ctx, ticketId) : undefined;
  if (!ticket) throw notFound('Ticket');
  const { booking } = ticket;
  const sign = await ticketUrlSignerUntil(ctx, delegateLinkUntil(booking.endTime));
  return {
    event_id: booking.eventId,
    slug: slugify(booking.title),
    title: booking.title,
    start_time: booking.startTime.toISOString(),
    end_time: booking.endTime.toISOString(),
    location: booking.location,
    short_description: booking.shortDescription,
    image_card: booking.imageKey ? publicImageUrls(booking.imageKey).image_card : null,
    ended: booking.endTime.getTime() <= Date.now(),
    ticket: await itemOf(ctx, ticket),
    link: sign(`ticket-pdf:${ticket.id}`),
    calendar_link: sign(`ticket-ics:${ticket.id}`),
  };
}

/** GET v1/tickets/{id}/ticket.pdf: a delegate's one-page PDF, for a live signed address of a live ticket only. */
export async function signedTicketPdf(ctx: AppContext, name: string, sig: string | undefined): Promise<Buffer> {
  const id = ticketIdOf(name);
  const live = id && (await fileSignatureValid(ctx, `ticket-pdf:${id}`, sig)) ? await liveTicket(ctx, id) : undefined;
  const pdf = live ? await singleTicketPdf(ctx, live.id) : undefined;
  if (!pdf) throw notFound('Ticket');
  return pdf;
}

/** GET v1/tickets/{id}/event.ics: the event's calendar file for a delegate, for a live signed address of a live ticket only. */
export async function signedTicketCalendar(ctx: AppContext, name: string, sig: string | undefined): Promise<string> {
  const id = ticketIdOf(name);
  const live = id && (await fileSignatureValid(ctx, `ticket-ics:${id}`, sig)) ? await liveTicket(ctx, id) : undefined;
  const ics = live
    ? await bookingCalendar(ctx, live.booking.reference, (await itemOf(ctx, live)).reference)
    : undefined;
  if (!ics) throw notFound('Ticket');
  return ics;
}

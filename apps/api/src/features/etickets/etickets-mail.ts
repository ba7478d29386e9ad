import { formatAmount, formatDateRange, parseCurrency, toMajor } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { bookingConfirmationMail, type AttachmentResolver, type MailToSend } from '../mail/index.js';
import { bookingPdf } from './booking-files.js';
import { findBookingLines, findTicketBooking } from './etickets.repo.js';
import { ticketUrlSigner } from './ticket-urls.js';

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

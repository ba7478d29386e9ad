/**
 * E-tickets as other features see them (docs/product.md#e-tickets-and-signed-codes): checkout
 * issues a booking's e-tickets and queues their confirmation mail (the PDF attached) in the
 * transaction that makes it paid, and revokes them when it is refunded. The routes are picked
 * up by features/routes.ts; features/wiring.ts hands the mail feature the attachment sources
 * `booking-pdf` and `ticket-pdf` (a delegate's own ticket), so it rebuilds the PDFs when it sends
 * without importing e-tickets.
 */
export { issueBookingsETickets, issueETickets, revokeBookingTickets } from './etickets.service.js';
export { bookingPdfSource, ticketPdfSource, ticketsConfirmationMail, ticketsSmsText } from './etickets-mail.js';
/** The door re-sends a delegate's ticket mail (check-in's search). */
export { mailTicketAgain } from './etickets-mail.js';
/** Orders lets an organiser rename a delegate (no lock), re-issuing the ticket as the buyer's change does. */
export { changeTicketAttendee, type AttendeeChanger } from './change-attendee.js';
export { ticketPublicKeys } from './ticket-keys.js';
export { closeRenderPool } from './render-pool.js';
/**
 * Certificates sign their codes with the tickets' key (docs/ticket-codes.md#certificate-codes) and
 * draw their QR codes and text like the tickets; badges print each ticket's QR code.
 */
export { ticketSigningKey } from './ticket-keys.js';
export { qrPng } from './ticket-qr.js';
export { pdfText } from './ticket-pdf.js';
/** The certificates feature lends each ticket's certificate link to the E-tickets page (features/wiring.ts). */
export { registerCertificateLinks } from './certificate-links.js';

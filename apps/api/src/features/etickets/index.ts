/**
 * E-tickets as other features see them (docs/product.md#e-tickets-and-signed-codes): checkout
 * issues a booking's e-tickets and queues their confirmation mail (the PDF attached) in the
 * transaction that makes it paid, and revokes them when it is refunded. The routes are picked
 * up by features/routes.ts; features/wiring.ts hands the mail feature the attachment source
 * `booking-pdf`, so it rebuilds the PDF when it sends without importing e-tickets.
 */
export { issueBookingsETickets, issueETickets, revokeBookingTickets } from './etickets.service.js';
export { bookingPdfSource, ticketsConfirmationMail } from './etickets-mail.js';
export { ticketPublicKeys } from './ticket-keys.js';
export { closeRenderPool } from './render-pool.js';

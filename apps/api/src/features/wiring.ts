import { registerTokenKind } from './accounts/index.js';
import { checkoutTokenKind } from './checkout/index.js';
import { bookingPdfSource, ticketPdfSource } from './etickets/index.js';
import { invoicePdfSource, proformaPdfSource } from './invoices/index.js';
import { registerAttachmentSource } from './mail/index.js';

/**
 * What features lend each other at start-up, where a direct import would point the wrong way:
 * accounts ends a guest's checkout token through checkout (logout), and mail rebuilds a
 * confirmation's and a delegate's PDF through e-tickets, and an invoice's through invoices. Called by buildApp (app.ts) and by background work
 * (background.ts), so neither depends on which modules happen to be imported first; calling it
 * again changes nothing.
 */
export function wireFeatures() {
  registerTokenKind(checkoutTokenKind.prefix, checkoutTokenKind.revoke);
  registerAttachmentSource(bookingPdfSource.kind, bookingPdfSource.resolve);
  registerAttachmentSource(ticketPdfSource.kind, ticketPdfSource.resolve);
  registerAttachmentSource(invoicePdfSource.kind, invoicePdfSource.resolve);
  registerAttachmentSource(proformaPdfSource.kind, proformaPdfSource.resolve);
}

/**
 * Tax documents, pay by invoice and the M-Pesa paybill (docs/architecture.md#invoices,
 * docs/decisions/0027-invoices-are-the-organisers.md). Below checkout: it imports no checkout,
 * e-tickets or orders code, and those call it inside their own transactions.
 */
import type { AppContext } from '../../app-context.js';
import { documentPdfById, transmitJob } from './documents.service.js';
import { proformaPdf } from './pay-by-invoice.service.js';
import type { JobHandler } from '../../jobs/queue.js';

/** The route plugin, for features/routes.ts. */
export { invoicesRoutes } from './invoices.routes.js';
/** Checkout: pay by invoice is a payment provider, so its payments settle through checkout's one path. */
export { invoicePaymentProvider } from './invoice-provider.js';
/** Checkout, in the hold's transaction: the terms, the company and the booking awaiting payment. */
export {
  invoiceTermsFor,
  saveCompany,
  openInvoiceBooking,
  releaseInvoiceBooking,
  invoiceBookingState,
  invoiceIntentId,
} from './pay-by-invoice.service.js';
/** Checkout (settlement) and orders (refunds), in their transactions. */
export { issueBookingInvoice, issueCreditNote, type SettledBooking } from './documents.service.js';
/** Checkout, e-tickets and orders: the links and facts a booking's answers carry. */
export {
  bookingDocumentLinks,
  amountOwedMinor,
  orderDocumentFacts,
  type BookingDocumentLinks,
  type OrderDocumentFacts,
} from './booking-documents.js';
export { documentUrlSigner } from './document-urls.js';
/** Events: offering pay by invoice needs a tax profile. Checkout: the paybill of the proforma mails. */
export { hasTaxProfile, paybillOf, payToOf } from './tax-profile.service.js';
/** Tests and a later eTIMS integration. */
export { setInvoiceTransmitter, notTransmitted, type InvoiceTransmitter } from './transmitter.js';

/** The job handlers, for background.ts. */
export const invoicesJobs: JobHandler[] = [transmitJob as JobHandler];

/** The confirmation mail's invoice attachment (`invoice-pdf:<document id>`), for features/wiring.ts. */
export const invoicePdfSource = {
  kind: 'invoice-pdf',
  resolve: (ctx: AppContext, ref: string) => documentPdfById(ctx.db, Number(ref)),
};

/** The proforma mail's attachment (`proforma-pdf:<booking id>`), for features/wiring.ts. */
export const proformaPdfSource = {
  kind: 'proforma-pdf',
  resolve: async (ctx: AppContext, ref: string) => {
    const pdf = await proformaPdf(ctx.db, Number(ref));
    if (!pdf) throw new Error(`booking ${ref} has no proforma`);
    return pdf.content;
  },
};

import { BOOKING_STATUS, type CompanyView } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { DocumentContent } from './document-content.js';
import { documentPdf } from './document-pdf.js';
import { documentSignatureValid, documentUrlSigner, type DOCUMENT_URL_HOURS } from './document-urls.js';
import {
  documentsOfBookings,
  findBookingCompanies,
  findInvoiceBookingByReference,
  findInvoiceByReference,
  invoiceBookingFacts,
  paidMinorOf,
} from './invoices.repo.js';

/** What a booking's answers carry of its documents (docs/api.md#tax-documents-and-pay-by-invoice). */
export interface BookingDocumentLinks {
  invoiceUrl: string | null;
  proformaUrl: string | null;
  invoiceNumber: string | null;
  dueAt: Date | null;
  company: CompanyView | null;
}

/**
 * The documents of these bookings, with signed links: `invoice_url` once an invoice (or receipt)
 * exists, `proforma_url` while a booking paid by invoice awaits payment (status 6). Signing needs
 * the application's secret, so call it outside a transaction, or pass `sign` made before it.
 */
export async function bookingDocumentLinks(
  ctx: AppContext,
  bookings: { id: number; reference: string; status: number }[],
  lifetime: keyof typeof DOCUMENT_URL_HOURS = 'page',
  db: Db | Tx = ctx.db,
): Promise<Map<number, BookingDocumentLinks>> {
  const ids = bookings.map((b) => b.id);
  const [{ invoices, invoiceBookings }, companies, sign] = await Promise.all([
    documentsOfBookings(db, ids),
    findBookingCompanies(db, ids),
    documentUrlSigner(ctx.db, lifetime),
  ]);
  const invoiceOf = new Map(invoices.map((i) => [i.bookingId, i.number]));
  const termsOf = new Map(invoiceBookings.map((i) => [i.bookingId, i]));
  const companyOf = new Map(companies.map((c) => [c.bookingId, c]));
  return new Map(
    bookings.map((b) => {
      const number = invoiceOf.get(b.id) ?? null;
      const terms = termsOf.get(b.id);
      const company = companyOf.get(b.id);
      return [
        b.id,
        {
          invoiceUrl: number ? sign(`invoice:${b.reference}`) : null,
          proformaUrl: terms && b.status === BOOKING_STATUS.awaiting_payment ? sign(`proforma:${b.reference}`) : null,
          invoiceNumber: number,
          dueAt: terms?.dueAt ?? null,
          company: company
            ? { name: company.name, kra_pin: company.kraPin, address: company.address, po_number: company.poNumber }
            : null,
        },
      ];
    }),
  );
}

/** What is still owed on a booking paid by invoice (0 for others). */
export async function amountOwedMinor(db: Db | Tx, reference: string): Promise<number> {
  const row = await findInvoiceBookingByReference(db, reference);
  if (!row) return 0;
  return Math.max(0, row.totalMinor - (await paidMinorOf(db, row.bookingId)));
}

/**
 * GET v1/booking/{reference}/invoice.pdf and …/proforma.pdf with a live signature: the booking's
 * tax invoice (or receipt), or its proforma. A forged or expired link, or a document that does not
 * exist, is a 404 alike.
 */
export async function signedBookingDocument(
  ctx: AppContext,
  kind: 'invoice' | 'proforma',
  reference: string,
  sig: string | undefined,
) {
  if (!(await documentSignatureValid(ctx.db, `${kind}:${reference}`, sig))) throw notFound('Document');
  if (kind === 'invoice') {
    const doc = await findInvoiceByReference(ctx.db, reference);
    if (!doc) throw notFound('Document');
    return { filename: `${doc.number}.pdf`, content: await documentPdf(doc.content as DocumentContent) };
  }
  const row = await findInvoiceBookingByReference(ctx.db, reference);
  if (!row) throw notFound('Document');
  return { filename: `proforma-${row.reference}.pdf`, content: await documentPdf(row.proforma as DocumentContent) };
}

/** What the organiser's orders list shows of these bookings' documents and invoice payments. */
export interface OrderDocumentFacts {
  company: CompanyView | null;
  invoiceNumber: string | null;
  dueAt: Date | null;
  paidMinor: number;
  owedMinor: number;
}

export async function orderDocumentFacts(db: Db | Tx, bookingIds: number[]): Promise<Map<number, OrderDocumentFacts>> {
  const [{ invoices }, companies, terms] = await Promise.all([
    documentsOfBookings(db, bookingIds),
    findBookingCompanies(db, bookingIds),
    invoiceBookingFacts(db, bookingIds),
  ]);
  const out = new Map<number, OrderDocumentFacts>();
  const get = (id: number) => {
    let f = out.get(id);
    if (!f) out.set(id, (f = { company: null, invoiceNumber: null, dueAt: null, paidMinor: 0, owedMinor: 0 }));
    return f;
  };
  for (const i of invoices) get(i.bookingId).invoiceNumber = i.number;
  for (const c of companies) {
    get(c.bookingId).company = { name: c.name, kra_pin: c.kraPin, address: c.address, po_number: c.poNumber };
  }
  for (const t of terms) {
    const f = get(t.booking_id);
    f.dueAt = new Date(t.due_at);
    f.paidMinor = t.paid_minor;
    f.owedMinor = Math.max(0, t.total_minor - t.paid_minor);
  }
  return out;
}

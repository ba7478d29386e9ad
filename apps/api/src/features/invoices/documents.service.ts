import {
  DOCUMENT_KIND_WORDS,
  nairobiDay,
  parseCurrency,
  TAX,
  toMajor,
  type InvoiceRow,
  type ListInvoicesQuery,
  addDays,
  startOfNairobiDay,
} from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { toCsv } from '../../lib/csv.js';
import { enqueueJob, type JobHandler } from '../../jobs/queue.js';
import { documentLines, documentNumber, type DocumentContent } from './document-content.js';
import { documentPdf } from './document-pdf.js';
import {
  findBookingCompanies,
  findCreditNoteOf,
  findDocument,
  findInvoiceOfBooking,
  findTaxProfile,
  insertDocument,
  listDocuments,
  listInvoicePayments,
  setTransmission,
  takeNextNumber,
  type TaxDocumentRow,
} from './invoices.repo.js';
import { invoiceTransmitter } from './transmitter.js';

/** The Nairobi calendar year of an instant: documents are numbered per year. */
const nairobiYear = (at: Date) => Number(nairobiDay(at).slice(0, 4));

/**
 * What checkout knows of a booking when it settles it, in the settling transaction: enough to
 * issue its invoice without reading checkout's tables.
 */
export interface SettledBooking {
  bookingId: number;
  reference: string;
  organisationId: number;
  organiserName: string;
  eventId: number;
  eventTitle: string;
  eventStart: Date;
  fullName: string;
  email: string;
  currency: string;
  totalMinor: number;
  paymentMethod: 'card' | 'mpesa' | 'paypal' | 'invoice';
  /** The card payment's id, the M-Pesa receipt; for pay by invoice the recorded payments' references are read here. */
  paymentReference: string | null;
  lines: { name: string; quantity: number; unitPriceMinor: number }[];
}

const METHOD_WORDS = { card: 'Card', mpesa: 'M-Pesa', paypal: 'PayPal', bank: 'Bank transfer', cheque: 'Cheque' };

export const TRANSMIT_JOB = 'invoices.transmit';

/** The parties of a booking's documents: the organisation as issuer, the buyer or their company. */
export async function partiesOf(
  db: Db | Tx,
  b: Pick<SettledBooking, 'organisationId' | 'organiserName' | 'bookingId' | 'fullName' | 'email'>,
) {
  const [profile, [company]] = await Promise.all([
    findTaxProfile(db, b.organisationId),
    findBookingCompanies(db, [b.bookingId]),
  ]);
  return {
    profile,
    issuer: profile
      ? {
          name: profile.legalName,
          kraPin: profile.kraPin,
          address: profile.physicalAddress,
          vatRegistered: profile.vatRegistered,
        }
      : { name: b.organiserName, kraPin: null, address: null, vatRegistered: false },
    buyer: {
      name: b.fullName,
      email: b.email,
      company: company?.name ?? null,
      kraPin: company?.kraPin ?? null,
      address: company?.address ?? null,
    },
    poNumber: company?.poNumber ?? null,
  };
}

/**
 * Issues a paid booking's tax invoice (a receipt when the organisation is not VAT-registered) in
 * the settling transaction (docs/product.md#numbering): its number is the next of the
 * organisation's invoice sequence for the Nairobi year, taken last, just before the settlement's
 * hot rows, so the counter row is locked for as short a time as it can be. Once per booking:
 * settling again answers the same invoice. The eTIMS transmission follows by a job.
 */
export async function issueBookingInvoice(tx: Tx, b: SettledBooking, now = new Date()): Promise<TaxDocumentRow> {
  const existing = await findInvoiceOfBooking(tx, b.bookingId);
  if (existing) return existing;
  const { profile, issuer, buyer, poNumber } = await partiesOf(tx, b);
  const kind = issuer.vatRegistered ? 'invoice' : 'receipt';
  const sums = documentLines(b.lines, issuer.vatRegistered ? TAX.vatRatePercent : null);
  let payment: DocumentContent['payment'];
  if (b.paymentMethod === 'invoice') {
    const paid = await listInvoicePayments(tx, b.bookingId);
    const methods = [...new Set(paid.map((p) => (p.method === 'mpesa' ? 'M-Pesa paybill' : METHOD_WORDS[p.method])))];
    payment = { method: methods.join(', ') || 'Invoice', reference: paid.map((p) => p.reference).join(', ') || null };
  } else {
    payment = { method: METHOD_WORDS[b.paymentMethod], reference: b.paymentReference };
  }
  const year = nairobiYear(now);
  const seq = await takeNextNumber(tx, b.organisationId, 'invoice', year);
  const number = documentNumber(profile?.invoicePrefix ?? TAX.defaultInvoicePrefix, year, seq, TAX.numberDigits);
  const content: DocumentContent = {
    kind,
    number,
    issuedAt: now.toISOString(),
    issuer,
    buyer,
    poNumber,
    bookingReference: b.reference,
    event: { title: b.eventTitle, startTime: b.eventStart.toISOString() },
    currency: b.currency,
    vatRatePercent: TAX.vatRatePercent,
    ...sums,
    payment,
    refersTo: null,
  };
  const doc = await insertDocument(tx, {
    organisationId: b.organisationId,
    kind,
    number,
    year,
    seq,
    bookingId: b.bookingId,
    bookingReference: b.reference,
    eventId: b.eventId,
    issuedAt: now,
    currency: b.currency,
    totalMinor: sums.totalMinor,
    vatMinor: sums.vatMinor,
    content,
  });
  await enqueueJob(tx, TRANSMIT_JOB, { documentId: doc.id }, { dedupeKey: `transmit-${doc.id}` });
  return doc;
}

/**
 * A refund's credit note (docs/product.md#tax-documents), in the refund's transaction: it refers
 * to the booking's invoice and credits the refunded amount (refunds are of the whole booking), with
 * its own sequence (`CN-2026-000007`). One per invoice: a refund asked again (a retry) makes no
 * second one. A booking without an invoice (never paid) gets none.
 */
export async function issueCreditNote(tx: Tx, bookingId: number, now = new Date()): Promise<TaxDocumentRow | null> {
  const invoice = await findInvoiceOfBooking(tx, bookingId);
  if (!invoice) return null;
  const existing = await findCreditNoteOf(tx, invoice.id);
  if (existing) return existing;
  const year = nairobiYear(now);
  const seq = await takeNextNumber(tx, invoice.organisationId, 'credit_note', year);
  const number = documentNumber(TAX.creditNotePrefix, year, seq, TAX.numberDigits);
  const original = invoice.content as DocumentContent;
  const content: DocumentContent = {
    ...original,
    kind: 'credit_note',
    number,
    issuedAt: now.toISOString(),
    payment: null,
    refersTo: invoice.number,
  };
  const doc = await insertDocument(tx, {
    organisationId: invoice.organisationId,
    kind: 'credit_note',
    number,
    year,
    seq,
    bookingId,
    bookingReference: invoice.bookingReference,
    eventId: invoice.eventId,
    refersToId: invoice.id,
    issuedAt: now,
    currency: invoice.currency,
    totalMinor: invoice.totalMinor,
    vatMinor: invoice.vatMinor,
    content,
  });
  await enqueueJob(tx, TRANSMIT_JOB, { documentId: doc.id }, { dedupeKey: `transmit-${doc.id}` });
  return doc;
}

/** Reports an issued document to eTIMS through the transmitter; only its state changes. */
export const transmitJob: JobHandler<{ documentId: number }> = {
  kind: TRANSMIT_JOB,
  async run({ documentId }, { ctx }) {
    const doc = await findDocument(ctx.db, documentId);
    if (!doc || doc.transmission === 'transmitted') return;
    const result = await invoiceTransmitter().transmit({
      id: doc.id,
      organisationId: doc.organisationId,
      content: doc.content as DocumentContent,
    });
    await setTransmission(ctx.db, doc.id, {
      transmission: result.state,
      transmissionRef: result.state === 'transmitted' ? result.reference : null,
    });
  },
};

function rowOf(d: TaxDocumentRow, refersTo: string | null): InvoiceRow {
  const c = d.content as DocumentContent;
  const currency = parseCurrency(d.currency);
  return {
    id: d.id,
    kind: d.kind,
    number: d.number,
    issued_at: d.issuedAt.toISOString(),
    event_id: d.eventId,
    event_title: c.event.title,
    booking_id: d.bookingId,
    booking_reference: c.bookingReference,
    buyer_name: c.buyer.name,
    company_name: c.buyer.company,
    buyer_kra_pin: c.buyer.kraPin,
    po_number: c.poNumber,
    currency,
    total: toMajor(d.totalMinor, currency),
    vat: toMajor(d.vatMinor, currency),
    net: toMajor(d.totalMinor - d.vatMinor, currency),
    refers_to: refersTo ?? c.refersTo,
    payment_method: c.payment?.method ?? (d.kind === 'credit_note' ? 'Refund' : ''),
    payment_reference: c.payment?.reference ?? null,
    transmission: d.transmission,
    pdf_url: `/v1/client/invoices/${d.id}/pdf`,
  };
}

/** GET v1/client/invoices: the organisation's documents issued on those Nairobi days, newest first. */
export async function listInvoices(db: Db, organisationId: number, q: ListInvoicesQuery): Promise<InvoiceRow[]> {
  const docs = await listDocuments(db, {
    organisationId,
    since: startOfNairobiDay(q.from),
    before: startOfNairobiDay(addDays(q.to, 1)),
    eventId: q.event_id,
    kind: q.kind,
  });
  return docs.map((d) => rowOf(d, null));
}

/** The same as CSV, for the organisation's accountant. */
export async function listInvoicesCsv(db: Db, organisationId: number, q: ListInvoicesQuery) {
  const rows = await listInvoices(db, organisationId, q);
  return {
    fileName: `tikiti-invoices-${q.from}-to-${q.to}.csv`,
    csv: toCsv(
      [
        'Kind',
        'Number',
        'Issued at',
        'Event',
        'Booking reference',
        'Buyer',
        'Company',
        'Buyer KRA PIN',
        'PO number',
        'Currency',
        'Net',
        'VAT',
        'Total',
        'Refers to',
        'Payment method',
        'Payment reference',
        'eTIMS',
      ],
      rows.map((r) => [
        DOCUMENT_KIND_WORDS[r.kind],
        r.number,
        r.issued_at,
        r.event_title,
        r.booking_reference,
        r.buyer_name,
        r.company_name,
        r.buyer_kra_pin,
        r.po_number,
        r.currency,
        r.net,
        r.vat,
        r.total,
        r.refers_to,
        r.payment_method,
        r.payment_reference,
        r.transmission.replace('_', ' '),
      ]),
    ),
  };
}

/** GET v1/client/invoices/{id}/pdf: one of the organisation's documents; another's is not found. */
export async function organiserDocumentPdf(db: Db, organisationId: number, id: number) {
  const doc = await findDocument(db, id);
  if (!doc || doc.organisationId !== organisationId) throw notFound('Document');
  return { filename: `${doc.number}.pdf`, content: await documentPdf(doc.content as DocumentContent) };
}

/** A booking's invoice PDF by its reference (the signed buyer's link, the confirmation mail's attachment). */
export async function bookingInvoicePdf(db: Db, bookingId: number) {
  const doc = await findInvoiceOfBooking(db, bookingId);
  if (!doc) return null;
  return { filename: `${doc.number}.pdf`, content: await documentPdf(doc.content as DocumentContent) };
}

/** Rebuilds a document's PDF when a queued mail is sent (`invoice-pdf:<id>`). */
export async function documentPdfById(db: Db, id: number): Promise<Buffer> {
  const doc = await findDocument(db, id);
  if (!doc) throw new Error(`document ${id} does not exist`);
  return documentPdf(doc.content as DocumentContent);
}

import { z } from 'zod';
import { daySchema, emptyToUndefined, idParamsSchema, MAX_ID, queryInt } from '../common.js';
import { envelope } from '../envelope.js';
import { INVOICE_PAYMENT } from '../constants.js';

/**
 * The documents an organiser issues (docs/product.md#tax-documents): `invoice` (a VAT-registered
 * organiser's tax invoice), `receipt` (the same for an organiser that is not VAT-registered, no
 * VAT lines), `credit_note` (a refund, referring to its invoice). Proformas are not numbered
 * documents and are not listed.
 */
export const DOCUMENT_KINDS = ['invoice', 'receipt', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_WORDS: Record<DocumentKind, string> = {
  invoice: 'Tax invoice',
  receipt: 'Receipt',
  credit_note: 'Credit note',
};

/**
 * Whether a document reached KRA's eTIMS (through the InvoiceTransmitter, docs/decisions/0027):
 * the built-in transmitter records `not_transmitted`.
 */
export const TRANSMISSION_STATES = ['not_transmitted', 'transmitted', 'failed'] as const;
export type TransmissionState = (typeof TRANSMISSION_STATES)[number];

/**
 * GET v1/client/invoices?from&to[&event_id] (and `.csv`, every row): the documents issued on those
 * Nairobi days (both included, at most 366 days), newest first.
 */
export const listInvoicesQuerySchema = z
  .object({
    from: daySchema,
    to: daySchema,
    event_id: queryInt(1, MAX_ID),
    kind: z.preprocess(emptyToUndefined, z.enum(DOCUMENT_KINDS).optional()),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end day is before the start day' })
  .refine(
    (q) =>
      Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) < INVOICE_PAYMENT.listMaxDays * 86_400_000,
    { path: ['to'], message: `At most ${INVOICE_PAYMENT.listMaxDays} days at once` },
  );
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuerySchema>;

/** One document as its organiser sees it. Amounts in major units of `currency`, VAT included. */
export const invoiceRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  /** `INV-2026-000123`, `CN-2026-000007`. */
  number: z.string(),
  issued_at: z.string(),
  event_id: z.number().int(),
  event_title: z.string(),
  booking_id: z.number().int(),
  booking_reference: z.string(),
  /** The buyer's name (the person who booked). */
  buyer_name: z.string(),
  /** The company the document is made out to, when the buyer bought for one. */
  company_name: z.string().nullable(),
  buyer_kra_pin: z.string().nullable(),
  po_number: z.string().nullable(),
  currency: z.string(),
  /** What was paid (a credit note: refunded), VAT included. */
  total: z.number(),
  /** The VAT inside `total` (0 on a receipt). */
  vat: z.number(),
  /** `total` less `vat`. */
  net: z.number(),
  /** A credit note's invoice number; null for invoices and receipts. */
  refers_to: z.string().nullable(),
  /** card, M-Pesa, bank, cheque, M-Pesa paybill: how the money came. */
  payment_method: z.string(),
  payment_reference: z.string().nullable(),
  transmission: z.enum(TRANSMISSION_STATES),
  /** The PDF, for the signed-in organiser (GET v1/client/invoices/{id}/pdf). */
  pdf_url: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;
export const listInvoicesResponseSchema = envelope(z.array(invoiceRowSchema));

/** GET v1/client/invoices/{id}/pdf: one document's PDF (organiser's token). */
export const invoicePdfParamsSchema = idParamsSchema;

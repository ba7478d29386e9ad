import { vatInside } from '@tikiti/contract';

/**
 * What a document says, fixed when it is issued and stored with it (`tax_documents.content`,
 * `invoice_bookings.proforma`): its PDF is drawn from this alone, so a later change of the tax
 * profile, the event or the booking never changes an issued document (docs/product.md#tax-documents).
 * Amounts in minor units of `currency`.
 */
export interface DocumentContent {
  kind: 'invoice' | 'receipt' | 'credit_note' | 'proforma';
  number: string;
  issuedAt: string;
  issuer: { name: string; kraPin: string | null; address: string | null; vatRegistered: boolean };
  buyer: { name: string; email: string; company: string | null; kraPin: string | null; address: string | null };
  poNumber: string | null;
  bookingReference: string;
  event: { title: string; startTime: string };
  currency: string;
  vatRatePercent: number;
  lines: DocumentLine[];
  totalMinor: number;
  vatMinor: number;
  payment: { method: string; reference: string | null } | null;
  /** A credit note's invoice number. */
  refersTo: string | null;
  /** A proforma's due date and where to pay. */
  dueAt?: string;
  bank?: { name: string | null; branch: string | null; accountName: string | null; accountNumber: string | null };
  paybill?: string | null;
}

export interface DocumentLine {
  name: string;
  quantity: number;
  unitMinor: number;
  totalMinor: number;
  /** The VAT inside `totalMinor` (0 when the issuer is not VAT-registered). */
  vatMinor: number;
}

/**
 * The lines of a VAT-inclusive sale (docs/product.md#vat-arithmetic): each line's VAT is
 * rate/(100+rate) of its total, rounded half up to the minor unit; the document's VAT is the sum
 * of its lines', and its total the sum of their totals, so the lines always add up.
 */
export function documentLines(
  lines: { name: string; quantity: number; unitPriceMinor: number }[],
  vatRatePercent: number | null,
): { lines: DocumentLine[]; totalMinor: number; vatMinor: number } {
  const out = lines.map((l) => {
    const totalMinor = l.unitPriceMinor * l.quantity;
    return {
      name: l.name,
      quantity: l.quantity,
      unitMinor: l.unitPriceMinor,
      totalMinor,
      vatMinor: vatRatePercent === null ? 0 : vatInside(totalMinor, vatRatePercent),
    };
  });
  return {
    lines: out,
    totalMinor: out.reduce((s, l) => s + l.totalMinor, 0),
    vatMinor: out.reduce((s, l) => s + l.vatMinor, 0),
  };
}

/** `INV-2026-000123`: the prefix, the Nairobi year of issue and the sequence number. */
export const documentNumber = (prefix: string, year: number, seq: number, digits: number) =>
  `${prefix}-${year}-${String(seq).padStart(digits, '0')}`;

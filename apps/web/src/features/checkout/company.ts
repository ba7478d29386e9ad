/**
 * "Buying for a company" as typed at checkout (docs/product.md#tax-documents): the company the
 * invoice is made out to, its KRA PIN, and optionally its address and purchase-order (LPO)
 * number. Kept with the pending booking; the contract's companySchema checks it when it is sent.
 * Small and free of zod: the booking panel needs it with the event's page.
 */
export interface CompanyDraft {
  name: string;
  kra_pin: string;
  address: string;
  po_number: string;
}
export type CompanyField = keyof CompanyDraft;
export const COMPANY_FIELDS: readonly CompanyField[] = ['name', 'kra_pin', 'address', 'po_number'];
export const NO_COMPANY: CompanyDraft = { name: '', kra_pin: '', address: '', po_number: '' };

/** The error key of a company field in a booking's problem and its fieldsChanged. */
export type CompanyErrorKey = `company.${CompanyField}`;
export const isCompanyKey = (field: string): field is CompanyErrorKey =>
  COMPANY_FIELDS.some((f) => field === `company.${f}`);

/**
 * When a booking paid by invoice would be due if made now: `invoice_payment_days` from now, but
 * never after the event's `invoice_payment_until` (2 days before the start). Null when the event
 * does not offer pay by invoice now.
 */
export function invoiceDueAt(
  event: { invoice_payment_days: number; invoice_payment_until: string | null },
  now = Date.now(),
): string | null {
  if (event.invoice_payment_days <= 0 || !event.invoice_payment_until) return null;
  const until = Date.parse(event.invoice_payment_until);
  const due = Math.min(now + event.invoice_payment_days * 86_400_000, until);
  return due > now ? new Date(due).toISOString() : null;
}

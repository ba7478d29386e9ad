import { z } from 'zod';
import { emptyToUndefined, text } from '../common.js';

/** A KRA PIN: one letter, nine digits, one letter (`P051234567X`), docs/product.md#tax-documents. */
export const KRA_PIN_PATTERN = /^[A-Z]\d{9}[A-Z]$/;
export const KRA_PIN_MESSAGE = 'A KRA PIN is a letter, nine digits and a letter, e.g. P051234567X';

/** Trimmed and upper-cased before it is checked; stored upper-case. */
export const kraPinSchema = text({ message: KRA_PIN_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(KRA_PIN_PATTERN, KRA_PIN_MESSAGE);

export const COMPANY_LIMITS = { nameMax: 200, addressMax: 300, poNumberMax: 50 } as const;

/**
 * "Buying for a company" on POST v1/event/book: the company the invoice is made out to, its KRA
 * PIN, and optionally its address and purchase-order (LPO) number, printed on the documents.
 */
export const companySchema = z.object({
  name: text({ message: 'Enter the company name' }).trim().min(1, 'Enter the company name').max(COMPANY_LIMITS.nameMax),
  kra_pin: kraPinSchema,
  address: z.preprocess(emptyToUndefined, text().trim().max(COMPANY_LIMITS.addressMax).optional()),
  po_number: z.preprocess(emptyToUndefined, text().trim().max(COMPANY_LIMITS.poNumberMax).optional()),
});
export type Company = z.infer<typeof companySchema>;

/** A booking's company as the answers show it (null fields when not given). */
export const companyViewSchema = z.object({
  name: z.string(),
  kra_pin: z.string(),
  address: z.string().nullable(),
  po_number: z.string().nullable(),
});
export type CompanyView = z.infer<typeof companyViewSchema>;

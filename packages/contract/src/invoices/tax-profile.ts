import { z } from 'zod';
import { emptyToUndefined, text } from '../common.js';
import { envelope } from '../envelope.js';
import { TAX } from '../constants.js';
import { kraPinSchema } from './kra-pin.js';

export const TAX_PROFILE_LIMITS = { legalNameMax: 200, addressMax: 300, prefixMax: 10, bankFieldMax: 100 } as const;
export const INVOICE_PREFIX_PATTERN = /^[A-Z][A-Z0-9]{0,9}$/;
export const INVOICE_PREFIX_MESSAGE = 'Letters and digits, starting with a letter, at most 10 (e.g. INV)';

const optionalText = (max: number) => z.preprocess(emptyToUndefined, text().trim().max(max).nullable().default(null));

/**
 * Where a company pays a proforma invoice by bank transfer (docs/product.md#pay-by-invoice). All
 * optional: without them the proforma offers only the M-Pesa paybill.
 */
export const bankDetailsSchema = z.object({
  bank_name: optionalText(TAX_PROFILE_LIMITS.bankFieldMax),
  bank_branch: optionalText(TAX_PROFILE_LIMITS.bankFieldMax),
  bank_account_name: optionalText(TAX_PROFILE_LIMITS.bankFieldMax),
  bank_account_number: optionalText(TAX_PROFILE_LIMITS.bankFieldMax),
});

/**
 * PUT v1/client/organisation/tax (owner and admins): the organisation as the issuer of its tax
 * documents. `kra_pin` is trimmed and upper-cased; `invoice_prefix` starts its invoice numbers
 * (`INV-2026-000123`), upper-cased.
 */
export const putTaxProfileBodySchema = z
  .object({
    legal_name: text({ message: 'Enter the legal name' })
      .trim()
      .min(1, 'Enter the legal name')
      .max(TAX_PROFILE_LIMITS.legalNameMax),
    kra_pin: kraPinSchema,
    physical_address: text({ message: 'Enter the physical address' })
      .trim()
      .min(1, 'Enter the physical address')
      .max(TAX_PROFILE_LIMITS.addressMax),
    vat_registered: z.boolean({ message: 'Say whether the organisation is VAT-registered' }),
    invoice_prefix: z.preprocess(
      emptyToUndefined,
      text()
        .trim()
        .toUpperCase()
        .regex(INVOICE_PREFIX_PATTERN, INVOICE_PREFIX_MESSAGE)
        .default(TAX.defaultInvoicePrefix),
    ),
  })
  .extend(bankDetailsSchema.shape);
export type PutTaxProfileBody = z.input<typeof putTaxProfileBodySchema>;
export type TaxProfileInput = z.output<typeof putTaxProfileBodySchema>;

/**
 * GET v1/client/organisation/tax (and PUT's answer). `profile` is null until one is saved: then
 * the organisation's documents are receipts in its organisation name, and pay by invoice is not
 * offered. `vat_rate_percent` is the platform's rate (16); `paybill` is the M-Pesa paybill
 * (business number) companies pay proformas to, null when none is configured.
 */
export const taxProfileSchema = z.object({
  profile: z
    .object({
      legal_name: z.string(),
      kra_pin: z.string(),
      physical_address: z.string(),
      vat_registered: z.boolean(),
      invoice_prefix: z.string(),
      bank_name: z.string().nullable(),
      bank_branch: z.string().nullable(),
      bank_account_name: z.string().nullable(),
      bank_account_number: z.string().nullable(),
      updated_at: z.string(),
    })
    .nullable(),
  vat_rate_percent: z.number().int(),
  paybill: z.string().nullable(),
});
export type TaxProfile = z.infer<typeof taxProfileSchema>;
export const taxProfileResponseSchema = envelope(taxProfileSchema);

import { TAX, type StoredBooking, type TaxProfile, type TaxProfileInput } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { findTaxProfile, upsertTaxProfile, type TaxProfileRow } from './invoices.repo.js';

/** The paybill companies pay proformas to: MPESA_C2B_SHORTCODE (docs/operations.md#m-pesa-paybill-c2b). */
export const paybillOf = (ctx: AppContext) => ctx.config.mpesaC2b.shortcode;

function viewOf(ctx: AppContext, p: TaxProfileRow | undefined): TaxProfile {
  return {
    profile: p
      ? {
          legal_name: p.legalName,
          kra_pin: p.kraPin,
          physical_address: p.physicalAddress,
          vat_registered: p.vatRegistered,
          invoice_prefix: p.invoicePrefix,
          bank_name: p.bankName,
          bank_branch: p.bankBranch,
          bank_account_name: p.bankAccountName,
          bank_account_number: p.bankAccountNumber,
          updated_at: p.updatedAt.toISOString(),
        }
      : null,
    vat_rate_percent: TAX.vatRatePercent,
    paybill: paybillOf(ctx),
  };
}

/** GET v1/client/organisation/tax. */
export async function getTaxProfile(ctx: AppContext, organisationId: number): Promise<TaxProfile> {
  return viewOf(ctx, await findTaxProfile(ctx.db, organisationId));
}

/**
 * PUT v1/client/organisation/tax: the organisation as issuer of its documents. Documents issued
 * before keep what they said (their content is fixed when issued). Audited.
 */
export async function putTaxProfile(ctx: AppContext, actor: AuditActor, input: TaxProfileInput): Promise<TaxProfile> {
  const saved = await ctx.db.transaction(async (tx) => {
    const before = await findTaxProfile(tx, actor.organisationId);
    const row = await upsertTaxProfile(tx, {
      organisationId: actor.organisationId,
      legalName: input.legal_name,
      kraPin: input.kra_pin,
      physicalAddress: input.physical_address,
      vatRegistered: input.vat_registered,
      invoicePrefix: input.invoice_prefix,
      bankName: input.bank_name,
      bankBranch: input.bank_branch,
      bankAccountName: input.bank_account_name,
      bankAccountNumber: input.bank_account_number,
    });
    await recordAudit(tx, actor, {
      action: 'organisation.tax_profile_updated',
      target: { type: 'organisation', id: actor.organisationId, label: input.legal_name },
      details: {
        kra_pin: input.kra_pin,
        vat_registered: input.vat_registered,
        invoice_prefix: input.invoice_prefix,
        ...(before && before.kraPin !== input.kra_pin ? { previous_kra_pin: before.kraPin } : {}),
        ...(before && before.vatRegistered !== input.vat_registered
          ? { previous_vat_registered: before.vatRegistered }
          : {}),
      },
    });
    return row;
  });
  return viewOf(ctx, saved);
}

/** Whether the organisation has a tax profile (pay by invoice needs one). */
export async function hasTaxProfile(db: Db, organisationId: number): Promise<boolean> {
  return (await findTaxProfile(db, organisationId)) !== undefined;
}

/**
 * Where a booking awaiting payment is paid (docs/product.md#pay-by-invoice): the paybill (shilling
 * bookings only, as on the proforma) with the booking's reference as the account, and the
 * organiser's bank details from its tax profile.
 */
export async function payToOf(
  ctx: AppContext,
  b: { organisationId: number; reference: string; currency: string },
): Promise<NonNullable<StoredBooking['pay_to']>> {
  const p = await findTaxProfile(ctx.db, b.organisationId);
  return {
    paybill: b.currency === 'KES' ? paybillOf(ctx) : null,
    account: b.reference,
    bank_name: p?.bankName ?? null,
    bank_branch: p?.bankBranch ?? null,
    bank_account_name: p?.bankAccountName ?? null,
    bank_account_number: p?.bankAccountNumber ?? null,
  };
}

import { COMPANY_LIMITS } from '@tikiti/contract';
import { TextField } from '../../../components/ui/field';
import { KraPinField } from '../../../components/ui/kra-pin-field';
import type { CompanyDraft, CompanyField } from '../company';

/**
 * "Buying for a company" (docs/product.md#tax-documents): the company's name and KRA PIN (upper-
 * cased as typed), and optionally its address and purchase-order (LPO) number, printed on the
 * invoice. Each error beside its field. Loaded when the buyer ticks the box, not with the page.
 */
export default function CompanyFields({
  company,
  errors,
  onChange,
}: {
  company: CompanyDraft;
  errors: Partial<Record<CompanyField, string>>;
  onChange: (field: CompanyField, value: string) => void;
}) {
  const field = (key: CompanyField) => ({
    value: company[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(key, e.target.value),
  });
  return (
    <div className="mt-4 space-y-4">
      <TextField
        label="Company name"
        autoComplete="organization"
        maxLength={COMPANY_LIMITS.nameMax}
        {...field('name')}
      />
      <KraPinField label="Company KRA PIN" {...field('kra_pin')} />
      <TextField
        label="Address (optional)"
        autoComplete="street-address"
        maxLength={COMPANY_LIMITS.addressMax}
        {...field('address')}
      />
      <TextField
        label="PO / LPO number (optional)"
        autoComplete="off"
        maxLength={COMPANY_LIMITS.poNumberMax}
        hint="Printed on the invoice, for your finance team."
        {...field('po_number')}
      />
    </div>
  );
}

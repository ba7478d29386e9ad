import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  putTaxProfileBodySchema,
  TAX,
  TAX_PROFILE_LIMITS,
  type PutTaxProfileBody,
  type TaxProfile,
  type TaxProfileInput,
} from '@tikiti/contract';
import { SettingsTabs } from '../../accounts';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { KraPinField } from '../../../components/ui/kra-pin-field';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert, showFormAlert, useAlertClearsWhenValid } from '../../../lib/alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSingleFlight } from '../../../lib/single-flight';
import { useTitle } from '../../../lib/use-title';
import { useSaveTaxProfile, useTaxProfile } from '../api/tax-profile';

const FIELDS: readonly string[] = Object.keys(putTaxProfileBodySchema.shape);

/**
 * Settings, Tax profile tab (docs/product.md#tax-documents): the organisation as the issuer of its
 * tax invoices, receipts and credit notes, and where companies pay a proforma invoice. Owner and
 * admins save it; without it documents are receipts and pay by invoice is not offered.
 */
export default function TaxProfilePage() {
  useTitle('Tax profile');
  const tax = useTaxProfile();
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
      <p className="mt-1 text-slate-600">Who your invoices come from, and how companies pay them.</p>
      <div className="mt-6">
        <SettingsTabs />
        {tax.isPending ? (
          <Loading />
        ) : tax.isError ? (
          <ErrorState message={errorMessage(tax.error)} onRetry={() => void tax.refetch()} />
        ) : (
          <TaxProfileForm tax={tax.data} />
        )}
      </div>
    </div>
  );
}

function TaxProfileForm({ tax }: { tax: TaxProfile }) {
  const save = useSaveTaxProfile();
  const [busy, run] = useSingleFlight();
  const p = tax.profile;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PutTaxProfileBody, unknown, TaxProfileInput>({
    resolver: zodResolver(putTaxProfileBodySchema),
    mode: 'onTouched',
    defaultValues: {
      legal_name: p?.legal_name ?? '',
      kra_pin: p?.kra_pin ?? '',
      physical_address: p?.physical_address ?? '',
      vat_registered: p?.vat_registered ?? false,
      invoice_prefix: p?.invoice_prefix ?? TAX.defaultInvoicePrefix,
      bank_name: p?.bank_name ?? '',
      bank_branch: p?.bank_branch ?? '',
      bank_account_name: p?.bank_account_name ?? '',
      bank_account_number: p?.bank_account_number ?? '',
    },
  });
  useAlertClearsWhenValid(Object.keys(errors).length === 0);

  const onValid = (body: TaxProfileInput) =>
    run(async () => {
      try {
        await save.mutateAsync(body);
        showAlert('success', 'Tax profile saved');
      } catch (err) {
        showAlert('danger', errorMessage(err));
        applyServerFieldErrors(err, setError, (name) => FIELDS.includes(name));
      }
    });

  return (
    <form
      onSubmit={handleSubmit(onValid, () => showFormAlert('Check the highlighted fields'))}
      noValidate
      className="space-y-6"
    >
      {!p && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          No tax profile yet: your documents are receipts in your organisation’s name, and companies cannot pay by
          invoice.
        </p>
      )}
      <section className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 className="text-lg font-semibold">Issuer</h2>
        <TextField
          label="Legal name"
          autoComplete="organization"
          maxLength={TAX_PROFILE_LIMITS.legalNameMax}
          error={errors.legal_name?.message}
          {...register('legal_name')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <KraPinField error={errors.kra_pin?.message} {...register('kra_pin')} />
          <TextField
            label="Invoice number prefix"
            hint="Your invoices are numbered PREFIX-year-number, e.g. INV-2026-000123."
            autoCapitalize="characters"
            maxLength={TAX_PROFILE_LIMITS.prefixMax}
            error={errors.invoice_prefix?.message}
            {...register('invoice_prefix')}
          />
        </div>
        <TextAreaField
          label="Physical address"
          rows={2}
          maxLength={TAX_PROFILE_LIMITS.addressMax}
          error={errors.physical_address?.message}
          {...register('physical_address')}
        />
        <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/50">
          <input type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" {...register('vat_registered')} />
          <span>
            <span className="block font-semibold text-ink">VAT-registered</span>
            <span className="mt-0.5 block text-sm text-slate-600">
              Your documents are tax invoices showing the {tax.vat_rate_percent} % VAT inside each price. Otherwise they
              are receipts without VAT.
            </span>
          </span>
        </label>
      </section>
      <section className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div>
          <h2 className="text-lg font-semibold">How companies pay an invoice</h2>
          <p className="mt-1 text-sm text-slate-600">
            Printed on the proforma invoice. Leave the bank empty to offer only M-Pesa.
          </p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Bank" error={errors.bank_name?.message} {...register('bank_name')} />
          <TextField label="Branch" error={errors.bank_branch?.message} {...register('bank_branch')} />
          <TextField
            label="Account name"
            error={errors.bank_account_name?.message}
            {...register('bank_account_name')}
          />
          <TextField
            label="Account number"
            inputMode="numeric"
            error={errors.bank_account_number?.message}
            {...register('bank_account_number')}
          />
        </div>
        <div>
          <p className="text-sm font-medium text-slate-700">M-Pesa paybill</p>
          <p className="mt-1 rounded-lg border border-slate-200 bg-surface px-3 py-2.5 text-ink">
            {tax.paybill ? (
              <>
                Business number <span className="font-semibold">{tax.paybill}</span>, account number = the booking
                reference
              </>
            ) : (
              'No paybill is configured on Tikiti yet.'
            )}
          </p>
        </div>
      </section>
      <div className="flex justify-end">
        <Button type="submit" busy={busy} busyText="Saving...">
          Save tax profile
        </Button>
      </div>
    </form>
  );
}

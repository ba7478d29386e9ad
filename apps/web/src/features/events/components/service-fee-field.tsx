import type { UseFormRegister } from 'react-hook-form';
import clsx from 'clsx';
import { SERVICE_FEE_VAT_PERCENT, type ServiceFeeMode } from '@tikiti/contract';
import type { DescriptionInput } from './description-fields';

const MODES: { value: ServiceFeeMode; label: string; hint: string }[] = [
  {
    value: 'absorb',
    label: 'I pay the fee',
    hint: 'Buyers pay the ticket price and nothing more; the fee comes out of your share of each sale.',
  },
  {
    value: 'pass',
    label: 'Buyers pay the fee',
    hint: 'Buyers see a “Service fee” line beside the ticket price before they pay; you receive the full ticket price.',
  },
];

/**
 * "Service fee" on step 2 of the create and edit forms (docs/product.md#service-fees): who pays
 * Tikiti's fee on paid tickets, the organiser (absorb, the default) or the buyer (pass, shown as
 * its own line before payment). Free tickets carry no fee either way.
 */
export function ServiceFeeField({
  register,
  error,
  chosen,
}: {
  register: UseFormRegister<DescriptionInput>;
  error?: string;
  chosen: ServiceFeeMode | undefined;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">Service fee</legend>
      <p className="-mt-1 text-sm text-slate-500">
        Tikiti keeps a small fee on each paid ticket: a percentage of the price plus a fixed amount, with{' '}
        {SERVICE_FEE_VAT_PERCENT} % VAT on the fee. Free tickets carry no fee.
      </p>
      <div role="radiogroup" aria-label="Who pays the service fee" className="grid gap-3 sm:grid-cols-2">
        {MODES.map((o) => (
          <label
            key={o.value}
            className={clsx(
              'flex cursor-pointer items-start gap-3 rounded-xl border p-4',
              (chosen ?? 'absorb') === o.value ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-surface',
            )}
          >
            <input type="radio" value={o.value} className="mt-1 accent-brand-700" {...register('service_fee')} />
            <span>
              <span className="block font-semibold text-ink">{o.label}</span>
              <span className="block text-sm text-slate-600">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

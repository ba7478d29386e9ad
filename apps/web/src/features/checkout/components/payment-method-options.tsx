import clsx from 'clsx';
import { CreditCard, Smartphone } from 'lucide-react';
import type { PaymentMethod } from '@tikiti/contract';

function MethodOption({
  value,
  checked,
  onSelect,
  icon,
  title,
  hint,
}: {
  value: PaymentMethod;
  checked: boolean;
  onSelect: () => void;
  icon: React.ReactNode;
  title: string;
  hint: string;
}) {
  return (
    <label
      className={clsx(
        'flex cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
        checked ? 'border-brand-700 bg-brand-50/60' : 'border-slate-200 bg-white hover:border-slate-300',
      )}
    >
      <input
        type="radio"
        name="payment-method"
        value={value}
        checked={checked}
        onChange={onSelect}
        className="h-4 w-4 accent-brand-700"
      />
      {icon}
      <span className="flex-1">
        <span className="block font-semibold text-ink">{title}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
}

/** The payment page's choice of method: the card, and M-Pesa for events in shillings (docs/product.md#m-pesa). */
export function PaymentMethodOptions({
  method,
  mpesaOffered,
  onSelect,
}: {
  method: PaymentMethod;
  mpesaOffered: boolean;
  onSelect: (method: PaymentMethod) => void;
}) {
  return (
    <fieldset className="mt-4 space-y-3">
      <legend className="sr-only">Pay with</legend>
      {/* Another method starts its own payment with fresh forms. */}
      <MethodOption
        value="card"
        checked={method === 'card'}
        onSelect={() => onSelect('card')}
        icon={<CreditCard className="h-5 w-5 text-brand-700" aria-hidden />}
        title="Credit / Debit card"
        hint="Visa, Mastercard and American Express"
      />
      {mpesaOffered && (
        <MethodOption
          value="mpesa"
          checked={method === 'mpesa'}
          onSelect={() => onSelect('mpesa')}
          icon={<Smartphone className="h-5 w-5 text-emerald-700" aria-hidden />}
          title="M-Pesa"
          hint="A prompt on your phone: enter your M-Pesa PIN to pay"
        />
      )}
    </fieldset>
  );
}

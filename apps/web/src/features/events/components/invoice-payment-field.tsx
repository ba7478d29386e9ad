import type { UseFormRegister } from 'react-hook-form';
import { INVOICE_PAYMENT } from '@tikiti/contract';
import { TextField } from '../../../components/ui/field';
import type { DescriptionInput } from './description-fields';

/** What the typed days mean for a buyer (the field's own error says what is wrong). */
export function invoiceDaysLine(typed: unknown): string {
  const text = typeof typed === 'string' ? typed.trim() : typeof typed === 'number' ? String(typed) : '';
  const days = /^\d{1,2}$/.test(text) ? Number(text) : text === '' ? 0 : NaN;
  if (!Number.isInteger(days) || days > INVOICE_PAYMENT.maxDays) {
    return `0 (not offered) or ${INVOICE_PAYMENT.minDays} to ${INVOICE_PAYMENT.maxDays} days.`;
  }
  if (days === 0) return 'Not offered: buyers pay by card or M-Pesa when they book.';
  return `Companies may pay within ${days} ${days === 1 ? 'day' : 'days'} of booking, and never later than ${INVOICE_PAYMENT.dueBeforeStartDays} days before the event starts.`;
}

/**
 * "Pay by invoice" on step 2 of the create and edit forms (docs/product.md#pay-by-invoice): the
 * days a company buyer has to pay a proforma invoice, 1 to 14, or 0 for not offered. The due
 * date is the earlier of booking + days and 2 days before the start; unpaid bookings are
 * released at the due date. Needs the organisation's tax profile (Settings, Tax profile).
 */
export function InvoicePaymentField({
  register,
  error,
  days,
}: {
  register: UseFormRegister<DescriptionInput>;
  error?: string;
  days: unknown;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">Pay by invoice</legend>
      <p className="-mt-1 text-sm text-slate-500">
        Companies buying places may ask for a proforma invoice and pay it later by bank transfer, cheque or M-Pesa
        paybill; their seats are held until the due date, then released if unpaid. Needs your tax profile in Settings.
      </p>
      <TextField
        className="max-w-xs"
        label="Days to pay (0: not offered)"
        type="number"
        inputMode="numeric"
        min={0}
        max={INVOICE_PAYMENT.maxDays}
        step={1}
        hint={invoiceDaysLine(days)}
        error={error}
        {...register('invoice_payment_days')}
      />
    </fieldset>
  );
}

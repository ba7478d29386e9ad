import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  emptyToUndefined,
  fromDecimalText,
  nairobiDay,
  parseCurrency,
  recordPaymentBodySchema,
  toMinor,
  type BookingPayments,
  type Order,
  type RecordPaymentBody,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatDay, formatMoney } from '../../../lib/format';
import { useSingleFlight } from '../../../lib/single-flight';
import { useBookingPayments, useRecordPayment } from '../api/orders';

const METHOD_WORDS = { bank: 'Bank transfer', cheque: 'Cheque', mpesa: 'M-Pesa paybill' } as const;
const FIELDS: readonly string[] = ['amount', 'paid_on', 'method', 'reference'];

/**
 * The form's rules: the contract's, with the amount typed as text, and what the form knows
 * before asking: at most what is owed (compared in minor units), and not a day after today.
 */
export function recordPaymentFormSchema(owed: BookingPayments, today: string) {
  const currency = parseCurrency(owed.currency);
  return recordPaymentBodySchema
    .extend({ amount: z.preprocess((v) => fromDecimalText(emptyToUndefined(v)), recordPaymentBodySchema.shape.amount) })
    .superRefine((b, ctx) => {
      if (toMinor(b.amount, currency) > toMinor(owed.amount_owed, currency)) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `At most what is owed: ${formatMoney(owed.amount_owed, owed.currency)}`,
        });
      }
      if (b.paid_on > today) ctx.addIssue({ code: 'custom', path: ['paid_on'], message: 'Not a day in the future' });
    });
}
type FormInput = z.input<ReturnType<typeof recordPaymentFormSchema>>;

function PaymentForm({
  eventId,
  order,
  owed,
  onDone,
}: {
  eventId: number;
  order: Order;
  owed: BookingPayments;
  onDone: () => void;
}) {
  const record = useRecordPayment(eventId, order.id);
  const [busy, run] = useSingleFlight();
  const [formError, setFormError] = useState<string>();
  const today = nairobiDay(new Date());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, RecordPaymentBody>({
    resolver: zodResolver(recordPaymentFormSchema(owed, today)),
    defaultValues: { amount: String(owed.amount_owed), paid_on: today, method: 'bank', reference: '' },
  });
  const onValid = (body: RecordPaymentBody) =>
    run(async () => {
      setFormError(undefined);
      try {
        const after = await record.mutateAsync(body);
        showAlert(
          'success',
          after.covered
            ? `${order.reference} is paid in full: its e-tickets and tax invoice are on their way to ${order.full_name}`
            : `Payment recorded: ${formatMoney(after.amount_owed, after.currency)} still owed on ${order.reference}`,
        );
        onDone();
      } catch (err) {
        const placed = applyServerFieldErrors(err, setError, (name) => FIELDS.includes(name));
        // Refused as a whole (released, already paid) or unreachable: said in the dialog.
        if (placed === 0) setFormError(errorMessage(err));
      }
    });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="mt-5 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={`Amount (${owed.currency})`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField label="Paid on" type="date" max={today} error={errors.paid_on?.message} {...register('paid_on')} />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Method</legend>
        <div className="mt-1.5 flex gap-3">
          {(['bank', 'cheque'] as const).map((m) => (
            <label
              key={m}
              className="flex flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/50"
            >
              <input type="radio" value={m} className="h-4 w-4 accent-brand-700" {...register('method')} />
              {METHOD_WORDS[m]}
            </label>
          ))}
        </div>
        {errors.method?.message && (
          <p className="mt-1.5 text-sm text-red-600" role="alert">
            {errors.method.message}
          </p>
        )}
      </fieldset>
      <TextField
        label="Bank or cheque reference"
        autoComplete="off"
        maxLength={100}
        error={errors.reference?.message}
        {...register('reference')}
      />
      {formError && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" busy={busy} busyText="Recording...">
          Record payment
        </Button>
      </div>
    </form>
  );
}

/**
 * "Record payment" on a booking awaiting payment (docs/product.md#pay-by-invoice): what was paid
 * so far and what is owed, then the amount, the day, bank or cheque and its reference. Part
 * payments add up; once covered the booking is settled (e-tickets, tax invoice, mails).
 */
export function RecordPaymentDialog({
  eventId,
  order,
  onClose,
}: {
  eventId: number;
  order: Order;
  onClose: () => void;
}) {
  const payments = useBookingPayments(order.id);
  const data = payments.data;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Record a payment for {order.reference}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="rounded-lg p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
                <X className="h-5 w-5" aria-hidden />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {order.company?.name ?? order.full_name}
            {order.company ? ` · KRA PIN ${order.company.kra_pin}` : ''}
          </Dialog.Description>
          {payments.isPending ? (
            <Loading />
          ) : payments.isError ? (
            <div className="mt-4">
              <ErrorState message={errorMessage(payments.error)} onRetry={() => void payments.refetch()} />
            </div>
          ) : data ? (
            <>
              <dl className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-surface p-3 text-sm">
                <div>
                  <dt className="text-slate-500">Total</dt>
                  <dd className="font-semibold text-ink">{formatMoney(data.total, data.currency)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Paid</dt>
                  <dd className="font-semibold text-ink">{formatMoney(data.amount_paid, data.currency)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Owed</dt>
                  <dd className="font-semibold text-ink" data-testid="owed">
                    {formatMoney(data.amount_owed, data.currency)}
                  </dd>
                </div>
              </dl>
              {data.due_at && <p className="mt-2 text-sm text-slate-600">Due {formatDay(data.due_at)}</p>}
              {data.payments.length > 0 && (
                <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Payments received">
                  {data.payments.map((p) => (
                    <li key={p.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                      <span>
                        {formatDay(p.paid_on)} · {METHOD_WORDS[p.method]} · {p.reference}
                      </span>
                      <span className="font-medium">{formatMoney(p.amount, data.currency)}</span>
                    </li>
                  ))}
                </ul>
              )}
              {data.covered || data.amount_owed <= 0 ? (
                <p className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" role="status">
                  Paid in full: the booking is being settled.
                </p>
              ) : (
                <PaymentForm eventId={eventId} order={order} owed={data} onDone={onClose} />
              )}
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

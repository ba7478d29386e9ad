import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { assignUnmatchedBodySchema, type AssignUnmatchedBody, type UnmatchedPayment } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { useSingleFlight } from '../../../lib/single-flight';
import { useAssignPayment, useUnmatchedPayments } from '../api/invoices';

function AssignDialog({ payment, onClose }: { payment: UnmatchedPayment; onClose: () => void }) {
  const assign = useAssignPayment();
  const [busy, run] = useSingleFlight();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AssignUnmatchedBody>({
    resolver: zodResolver(assignUnmatchedBodySchema),
    defaultValues: { booking_reference: payment.account },
  });
  const onValid = (body: AssignUnmatchedBody) =>
    run(async () => {
      setFormError(undefined);
      try {
        const result = await assign.mutateAsync({ id: payment.id, booking_reference: body.booking_reference });
        showAlert(
          'success',
          result.covered
            ? `Assigned to ${result.reference}: paid in full, its e-tickets and tax invoice are on their way`
            : `Assigned to ${result.reference}: ${formatMoney(result.amount_owed, result.currency)} still owed`,
        );
        onClose();
      } catch (err) {
        // Which booking it goes to is the one field: the server's refusals belong beside it.
        if (err instanceof ApiError && err.status < 500) setError('booking_reference', { message: err.message });
        else setFormError(errorMessage(err));
      }
    });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold">Assign {payment.trans_id}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {formatMoney(payment.amount, payment.currency)} paid to account “{payment.account}”. Apply it to a booking
            awaiting payment: at most what it owes, in the same currency.
          </Dialog.Description>
          <form onSubmit={handleSubmit(onValid)} noValidate className="mt-5 space-y-5">
            <TextField
              label="Booking reference"
              autoCapitalize="characters"
              autoComplete="off"
              error={errors.booking_reference?.message}
              {...register('booking_reference')}
            />
            {formError && (
              <p className="text-sm text-red-600" role="alert">
                {formError}
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" busy={busy} busyText="Assigning...">
                Assign payment
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * M-Pesa paybill payments that matched no booking awaiting payment (released, paid already, more
 * than owed: docs/product.md#pay-by-invoice), for the organiser to assign to a booking by hand.
 */
export function UnmatchedPayments() {
  const unmatched = useUnmatchedPayments();
  const [assigning, setAssigning] = useState<UnmatchedPayment | null>(null);
  let body;
  if (unmatched.isPending) body = <Loading />;
  else if (unmatched.isError)
    body = <ErrorState message={errorMessage(unmatched.error)} onRetry={() => void unmatched.refetch()} />;
  else if (unmatched.data.length === 0)
    body = <p className="text-sm text-slate-600">None: every paybill payment went to its booking.</p>;
  else
    body = (
      <ul
        aria-label="Unmatched payments"
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {unmatched.data.map((p) => (
          <li
            key={p.id}
            className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4 sm:px-5"
          >
            <div className="min-w-0">
              <p className="font-semibold text-ink">
                {formatMoney(p.amount, p.currency)} · {p.trans_id}
              </p>
              <p className="break-words text-sm text-slate-700">
                Account “{p.account}”{p.payer_name && <> · {p.payer_name}</>}
                {p.msisdn && <> · {p.msisdn}</>}
              </p>
              <p className="break-words text-sm text-slate-500">
                <time dateTime={p.received_at}>
                  {formatDay(p.received_at)}, {formatTime(p.received_at)}
                </time>{' '}
                · {p.reason}
              </p>
            </div>
            {p.assigned_booking_reference ? (
              <p className="text-sm text-slate-600">Assigned to {p.assigned_booking_reference}</p>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => setAssigning(p)}>
                Assign to a booking
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="unmatched-heading">
      <h2 id="unmatched-heading" className="text-lg font-semibold">
        Unmatched paybill payments
      </h2>
      <p className="mb-3 mt-1 text-sm text-slate-600">
        M-Pesa payments naming one of your bookings that could not be applied to it.
      </p>
      {body}
      {assigning && <AssignDialog payment={assigning} onClose={() => setAssigning(null)} />}
    </section>
  );
}

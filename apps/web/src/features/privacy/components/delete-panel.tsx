import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { deleteAccountBodySchema, type DeleteAccountBody, type FutureBooking } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay } from '../../../lib/format';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { routes } from '../../../lib/routes';
import { useDeleteAccount, useRequestDeletion } from '../api/my-data';

type DeleteForm = z.input<typeof deleteAccountBodySchema>;

const CHOICES = [
  {
    value: 'cancel',
    label: 'Cancel them and refund me',
    hint: 'The tickets stop working, the money goes back to how you paid, and the organiser is told.',
  },
  {
    value: 'keep',
    label: 'Keep them',
    hint: 'The tickets you were sent still work at the door. The organiser sees “Deleted account” instead of your name.',
  },
] as const;

function FutureList({ bookings }: { bookings: FutureBooking[] }) {
  return (
    <ul
      className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200"
      aria-label="Tickets for events to come"
    >
      {bookings.map((b) => (
        <li key={b.reference} className="px-4 py-3 text-sm">
          <span className="font-semibold text-ink">{b.event_title}</span>
          <span className="block text-slate-600">
            {formatDay(b.starts_at)} · {b.organiser} · {b.tickets === 1 ? '1 ticket' : `${b.tickets} tickets`} ·{' '}
            {b.reference}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The second step: the mailed code, and (with tickets to come) the choice about them. */
function ConfirmStep({ email, future, onBack }: { email: string; future: FutureBooking[]; onBack: () => void }) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteForm, unknown, DeleteAccountBody>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { code: '', future_tickets: future.length ? undefined : 'keep' },
  });
  const onValid = async (body: DeleteAccountBody) => {
    try {
      const done = await remove.mutateAsync(body);
      // The session ended with the account: the page that says so needs none, and ends it here
      // once it shows (ending it first would send this guarded page to the sign-in page).
      void navigate(`${routes.accountDeleted}?cancelled=${done.cancelled_bookings.length}`, {
        replace: true,
        state: { signOut: true },
      });
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, (n) => n === 'code' || n === 'future_tickets')) {
        showAlert('danger', errorMessage(err));
      }
    }
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="mt-4 space-y-5">
      {future.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">
            You have tickets for events still to come. What should happen to them?
          </legend>
          <FutureList bookings={future} />
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {CHOICES.map((c) => (
              <label
                key={c.value}
                className="flex cursor-pointer gap-3 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/30"
              >
                <input
                  type="radio"
                  value={c.value}
                  className="mt-1 h-4 w-4 accent-brand-700"
                  {...register('future_tickets')}
                />
                <span>
                  <span className="block font-semibold text-ink">{c.label}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{c.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.future_tickets?.message && (
            <p className="mt-1.5 text-sm text-red-600" role="alert">
              {errors.future_tickets.message}
            </p>
          )}
        </fieldset>
      )}
      <TextField
        label="Code from the email"
        hint={`We sent a 6-digit code to ${email}. It is valid for 10 minutes.`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="max-w-xs"
        error={errors.code?.message}
        {...register('code')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="secondary" onClick={onBack} disabled={remove.isPending}>
          Keep my account
        </Button>
        <Button type="submit" variant="danger" busy={remove.isPending} busyText="Deleting...">
          Delete my account for good
        </Button>
      </div>
    </form>
  );
}

/**
 * My data: deleting the account (docs/product.md#my-data). First a code is mailed; then the code
 * and, with tickets to come, the choice to cancel or keep them. What stays for the books is said
 * before anything is done.
 */
export function DeletePanel({ email }: { email: string }) {
  const request = useRequestDeletion();
  const [future, setFuture] = useState<FutureBooking[] | null>(null);
  const start = async () => {
    try {
      const answer = await request.mutateAsync();
      setFuture(answer.data.future_bookings);
      showAlert('success', answer.message);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    }
  };
  return (
    <Panel title="Delete your account">
      <div className="mt-2 space-y-2 text-sm leading-6 text-slate-600">
        <p>
          Your name, email, phone, answers, emails and sign-ins are removed from Tikiti. Your bookings stay in the
          organisers’ books with their amounts and references, under “Deleted account”, because the law asks businesses
          to keep their sales records for 7 years. Nobody can tell from them who you are.
        </p>
        <p>You can sign up again later with the same email; it starts a new, empty account.</p>
      </div>
      {future === null ? (
        <Button
          variant="danger"
          className="mt-4"
          busy={request.isPending}
          busyText="Sending code..."
          onClick={() => void start()}
        >
          Delete my account
        </Button>
      ) : (
        <ConfirmStep email={email} future={future} onBack={() => setFuture(null)} />
      )}
    </Panel>
  );
}

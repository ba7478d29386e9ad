import { useEffect, useState, type ReactNode } from 'react';
import { AlertCircle, Ban, CheckCircle2, Clock, KeyRound, Smartphone, Wallet } from 'lucide-react';
import { BOOKING_STATUS, formatPhone, mpesaFailureKind, type BookingCreated } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { usePaymentConfig } from '../api/payment-config';
import { useRetrieveBooking } from '../api/retrieve-booking';
import { formatCountdown, useCountdown } from '../use-countdown';
import { OtherNumber } from './mpesa-other-number';

/** What the buyer reads for each way an M-Pesa prompt can fail (docs/product.md#m-pesa), each with its own way on. */
const FAILURES = {
  cancelled: {
    Icon: Ban,
    title: 'You cancelled the M-Pesa prompt',
    text: 'Nothing was charged. Send a new prompt when you are ready.',
  },
  timed_out: {
    Icon: Clock,
    title: 'The M-Pesa prompt timed out',
    text: 'The PIN was not entered in time, so nothing was charged. Keep your phone unlocked and send a new prompt.',
  },
  insufficient_funds: {
    Icon: Wallet,
    title: 'Not enough money in M-Pesa',
    text: 'Your M-Pesa balance is too low for this payment. Top up, or use another number, and try again.',
  },
  wrong_pin: {
    Icon: KeyRound,
    title: 'Wrong M-Pesa PIN',
    text: 'The PIN entered on the phone was not right, so nothing was charged. Send a new prompt and enter your PIN again.',
  },
  other: {
    Icon: AlertCircle,
    title: 'M-Pesa could not take this payment',
    text: 'Nothing was charged. Try again, or pay by card.',
  },
} as const;

function State({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'wait' | 'fail' | 'ok';
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const colours = {
    wait: 'border-brand-200 bg-brand-50/60',
    fail: 'border-red-200 bg-red-50',
    ok: 'border-emerald-200 bg-emerald-50',
  }[tone];
  return (
    <div className={`rounded-xl border px-4 py-5 text-center ${colours}`}>
      <div className="flex justify-center">{icon}</div>
      <h3 className="mt-3 text-lg font-bold text-ink">{title}</h3>
      <div className="mt-2 space-y-3 text-sm text-slate-700">{children}</div>
    </div>
  );
}

/**
 * An M-Pesa payment while the buyer answers the prompt on their phone: "Check your phone" with
 * the hold's countdown, polling the booking (POST v1/booking/retrieve) until it is paid, which
 * opens the success page, or the prompt failed (cancelled, timed out, low balance, wrong PIN),
 * each said in its own words. Waiting or failed, the buyer may have the prompt sent again or
 * sent to another number, for the same hold (docs/product.md#m-pesa).
 */
export function MpesaPayment({
  payment,
  phone,
  onSettled,
  onNewPrompt,
  sending,
  phoneError,
}: {
  payment: BookingCreated;
  phone: string;
  onSettled: (clientSecret: string) => void;
  /** A new prompt for the same hold: to `phone` when given, else to the same number. */
  onNewPrompt: (phone?: string) => void;
  sending: boolean;
  /** The server's or the form's word on another number. */
  phoneError?: string;
}) {
  const [otherNumber, setOtherNumber] = useState(false);
  const { query } = useRetrieveBooking(payment.client_secret, true);
  const config = usePaymentConfig();
  const left = useCountdown(payment.hold_expires_at);
  const booking = query.data;
  const paid = booking?.status === BOOKING_STATUS.paid;

  useEffect(() => {
    if (paid) onSettled(payment.client_secret);
  }, [paid, onSettled, payment.client_secret]);

  const numberForm = (
    <OtherNumber
      initial={phone}
      error={phoneError}
      sending={sending}
      onSend={(next) => onNewPrompt(next)}
      onCancel={() => setOtherNumber(false)}
    />
  );
  const anotherNumberLink = (
    <button
      type="button"
      className="text-sm font-medium text-brand-700 hover:underline"
      onClick={() => setOtherNumber(true)}
    >
      Use another number
    </button>
  );

  if (query.isError && !booking) {
    return (
      <State
        tone="fail"
        icon={<AlertCircle className="h-10 w-10 text-red-600" aria-hidden />}
        title="We could not check the payment"
      >
        <p role="alert">{errorMessage(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Check again
        </Button>
      </State>
    );
  }
  if (paid) {
    return (
      <State
        tone="ok"
        icon={<CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />}
        title="Payment received"
      >
        <p role="status">Opening your tickets…</p>
      </State>
    );
  }
  if (booking && booking.payment_status === 'requires_payment_method' && booking.payment_error) {
    const found = mpesaFailureKind(booking.payment_error);
    const kind = found && found !== 'paid' ? found : 'other';
    const failure = FAILURES[kind];
    return (
      <div data-testid="mpesa-failure" data-kind={kind}>
        <State tone="fail" icon={<failure.Icon className="h-10 w-10 text-red-600" aria-hidden />} title={failure.title}>
          <p role="alert">{failure.text}</p>
          {left !== null && left > 0 ? (
            otherNumber ? (
              numberForm
            ) : (
              <div className="flex flex-col items-center gap-2">
                <Button onClick={() => onNewPrompt()} busy={sending} busyText="Sending a new prompt...">
                  Send a new prompt
                </Button>
                {anotherNumberLink}
              </div>
            )
          ) : (
            <p>Your hold has ended; start again from the event.</p>
          )}
        </State>
      </div>
    );
  }
  return (
    <State tone="wait" icon={<Smartphone className="h-10 w-10 text-brand-700" aria-hidden />} title="Check your phone">
      <p role="status">
        We sent an M-Pesa prompt for{' '}
        <strong className="font-semibold text-ink">{formatMoney(payment.price, payment.currency)}</strong> to{' '}
        <strong className="font-semibold text-ink">{formatPhone(phone)}</strong>. Enter your M-Pesa PIN on the phone to
        pay.
      </p>
      <p className="flex items-center justify-center gap-2 text-slate-600">
        <Spinner className="h-4 w-4" /> Waiting for M-Pesa
        {left !== null && left > 0 && <> · tickets held for {formatCountdown(left)}</>}
      </p>
      <p className="text-xs text-slate-500">Account number on the prompt: {payment.booking_reference}</p>
      {otherNumber ? (
        numberForm
      ) : (
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
          <button
            type="button"
            className="text-sm font-medium text-brand-700 hover:underline disabled:opacity-60"
            disabled={sending}
            onClick={() => onNewPrompt()}
          >
            {sending ? 'Sending the prompt again...' : 'Send the prompt again'}
          </button>
          {anotherNumberLink}
        </div>
      )}
      {query.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(query.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            Check again
          </button>
        </p>
      )}
      {config.data?.mpesa === 'simulator' && (
        <p className="text-xs text-slate-500">
          No real phone here: answer the prompt on the{' '}
          <a href="/dev/mpesa" target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
            simulator phone
          </a>
          .
        </p>
      )}
    </State>
  );
}

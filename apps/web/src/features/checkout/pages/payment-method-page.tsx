import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import type { GuestDetails, PaymentMethod } from '@tikiti/contract';
import { Panel } from '../../../components/ui/panel';
import { Loading } from '../../../components/ui/spinner';
import { useFramedPath } from '../../../lib/embed';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { useSession } from '../../accounts';
import { sameDetails, useCheckout, type PendingBooking } from '../checkout-store';
import { successPath } from '../success-path';
import { BookingErrorDialog } from '../components/booking-error-dialog';
import { GuestDetailsFields, NO_GUEST_DETAILS } from '../components/guest-details-fields';
import { HoldCountdown } from '../components/hold-countdown';
import { OrderSummary } from '../components/order-summary';
import { PayBarAction, PaymentMethodPanel } from '../components/payment-method-panel';
import { StickyPayBar } from '../components/sticky-pay-bar';
import { useCountdown } from '../use-countdown';
import { useGoBack } from '../use-go-back';
import { useStartPayment } from '../use-start-payment';

const FORM_ID = 'card-payment-form';

/** The warning against phishing (docs/product.md#routes-and-screens). */
function StaySafe() {
  return (
    <p className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <span>
        <strong className="font-semibold">Stay safe:</strong> Tikiti never asks for your password, PIN or CVV by email,
        text message or phone call. If someone does, it is not us.
      </span>
    </p>
  );
}

function Checkout({ booking }: { booking: PendingBooking }) {
  const navigate = useNavigate();
  const { to: framedTo, event: eventPage } = useFramedPath();
  const guest = useSession((s) => !(s.token && s.accountType === 'user'));
  // M-Pesa is offered for events in shillings only (docs/product.md#m-pesa).
  const mpesaOffered = booking.currency === 'KES';
  const [method, setMethod] = useState<PaymentMethod>(
    mpesaOffered && booking.payment_method === 'mpesa' ? 'mpesa' : 'card',
  );
  const stored = useCheckout((s) => s.payments[method]);
  const dropPayments = useCheckout((s) => s.dropPayments);
  const left = useCountdown(stored?.hold_expires_at);
  const [details, setDetails] = useState<GuestDetails>(booking.details ?? NO_GUEST_DETAILS);
  const [phone, setPhone] = useState(booking.phone ?? booking.details?.msisdn ?? '');
  const [paying, setPaying] = useState(false);
  const pay = useStartPayment();
  // The details stay editable until payment (docs/product.md#guest-checkout): once they differ
  // from those the tickets are held for, that payment is not offered, and Proceed books again,
  // the new booking taking the place of the old hold.
  const retyped = guest && !sameDetails(details, booking.details);
  const payment = stored && left !== null && left > 0 && !retyped ? stored : undefined;

  const proceed = (opts: { newPrompt?: boolean; phone?: string } = {}) => {
    const number = opts.phone ?? phone;
    if (opts.phone !== undefined) setPhone(opts.phone);
    void pay.start(
      {
        ...booking,
        details: guest ? details : undefined,
        payment_method: method,
        ...(method === 'mpesa' ? { phone: number } : {}),
      },
      method,
      { newPrompt: opts.newPrompt },
    );
  };

  const currency = payment?.currency ?? booking.currency;
  const total = formatMoney(payment?.price ?? booking.total_price, currency);
  // A paid payment's page never stays in the history: Back from the success page goes to the event.
  const onSettled = useCallback(
    (secret: string) => void navigate(framedTo(successPath(secret)), { replace: true }),
    [navigate, framedTo],
  );

  return (
    <div>
      <div className="mx-auto max-w-6xl px-4 pb-12 pt-8 sm:px-6 md:pb-20 md:pt-10">
        <Link
          to={eventPage(booking.event_id)}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the event
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Payment</h1>
        <p className="mt-2 text-slate-600">
          Tickets for <span className="font-medium text-ink">{booking.event_title}</span>
        </p>

        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start lg:gap-8">
          <aside className="space-y-4 lg:sticky lg:top-24 lg:order-last">
            {booking.offer_expires_at && !stored && (
              <p
                className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
                role="status"
              >
                <strong className="font-semibold">From the waiting list:</strong> these seats are held for you until{' '}
                {formatDay(booking.offer_expires_at)}, {formatTime(booking.offer_expires_at)}.
              </p>
            )}
            {stored && !retyped && <HoldCountdown expiresAt={stored.hold_expires_at} onStartAgain={dropPayments} />}
            <OrderSummary booking={booking} charged={payment} />
          </aside>

          <div className="min-w-0 space-y-6">
            {guest && (
              <Panel title="Your details" intro="We send your e-tickets to this email address.">
                <div className="mt-4">
                  <GuestDetailsFields
                    details={details}
                    errors={pay.problem.details}
                    onChange={(field, value) => {
                      setDetails((d) => ({ ...d, [field]: value }));
                      pay.fieldsChanged(field);
                    }}
                  />
                </div>
              </Panel>
            )}

            <PaymentMethodPanel
              method={method}
              onMethod={setMethod}
              mpesaOffered={mpesaOffered}
              payment={payment}
              phone={phone}
              onPhone={(value) => {
                setPhone(value);
                pay.fieldsChanged('phone');
              }}
              busy={pay.busy}
              problem={pay.problem}
              proceed={proceed}
              onSettled={onSettled}
              onCardBusy={setPaying}
              formId={FORM_ID}
            />

            <StaySafe />

            <div className="flex justify-center md:justify-start">
              <Link
                to={eventPage(booking.event_id)}
                className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-ink"
              >
                Cancel
              </Link>
            </div>
          </div>
        </div>
      </div>

      <StickyPayBar label="Total to pay" total={total}>
        <PayBarAction
          method={method}
          payment={payment}
          busy={pay.busy}
          cardBusy={paying}
          formId={FORM_ID}
          proceed={proceed}
        />
      </StickyPayBar>

      <BookingErrorDialog problem={pay.problem} onClose={pay.closeMessage} />
    </div>
  );
}

/**
 * docs/product.md#routes-and-screens `/payment/method`: the order summary, "Total to pay", the
 * guest's details (editable until payment), the payment methods with Proceed, the card form or
 * the M-Pesa prompt, the hold's countdown, a warning against phishing and Cancel. Without a
 * booking in the checkout store it goes back.
 */
export default function PaymentMethodPage() {
  useTitle('Payment');
  const booking = useCheckout((s) => s.booking);
  const goBack = useGoBack();
  useEffect(() => {
    if (!booking) goBack();
  }, [booking, goBack]);
  if (!booking) return <Loading />;
  return <Checkout booking={booking} />;
}

import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import clsx from 'clsx';
import { ArrowLeft, CreditCard, ShieldAlert, Smartphone } from 'lucide-react';
import {
  formatPhone,
  guestDetailsSchema,
  MPESA_PHONE_MESSAGE,
  mpesaPhone,
  type BookingCreated,
  type GuestDetails,
  type PaymentMethod,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ErrorDialog } from '../../../components/ui/error-dialog';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useSession } from '../../accounts';
import { bookingErrorOf } from '../booking-errors';
import { useCheckout, type PendingBooking } from '../checkout-store';
import { successPath } from '../success-path';
import { CardPayment } from '../components/card-payment';
import { MpesaPayment } from '../components/mpesa-payment';
import { HoldCountdown } from '../components/hold-countdown';
import { OrderSummary } from '../components/order-summary';
import { StickyPayBar } from '../components/sticky-pay-bar';
import { useCountdown } from '../use-countdown';
import { useSingleFlight } from '../../../lib/single-flight';
import { startPayment } from '../checkout-actions';

const FORM_ID = 'card-payment-form';
const noDetails: GuestDetails = { full_name: '', email_address: '', msisdn: '' };
type DetailErrors = Partial<Record<keyof GuestDetails, string>>;

/** Goes back where the buyer came from, or to the events when this page was opened directly. */
function useGoBack() {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(routes.allEvents, { replace: true });
  }, [navigate]);
}

function GuestDetailsSection({
  details,
  editable,
  errors,
  onChange,
}: {
  details: GuestDetails;
  editable: boolean;
  errors: DetailErrors;
  onChange: (d: GuestDetails) => void;
}) {
  const field = (key: keyof GuestDetails) => ({
    value: details[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...details, [key]: e.target.value }),
  });
  return (
    <section
      aria-labelledby="details-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="details-heading" className="text-lg font-bold">
        Your details
      </h2>
      <p className="mt-1 text-sm text-slate-600">We send your e-tickets to this email address.</p>
      {editable ? (
        <div className="mt-4 space-y-4">
          <TextField label="Full name" autoComplete="name" maxLength={100} {...field('full_name')} />
          <TextField label="Email" type="email" autoComplete="email" maxLength={254} {...field('email_address')} />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={20}
            placeholder="+254 7xx xxx xxx"
            {...field('msisdn')}
          />
        </div>
      ) : (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Full name</dt>
            <dd className="font-medium text-ink">{details.full_name}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Phone</dt>
            <dd className="font-medium text-ink">{formatPhone(details.msisdn)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Email</dt>
            <dd className="break-all font-medium text-ink">{details.email_address}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

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

function Checkout({ booking }: { booking: PendingBooking }) {
  const navigate = useNavigate();
  const isBuyer = useSession((s) => Boolean(s.token) && s.accountType === 'user');
  // M-Pesa is offered for events in shillings only (docs/product.md#m-pesa).
  const mpesaOffered = booking.currency === 'KES';
  const [method, setMethod] = useState<PaymentMethod>(
    mpesaOffered && booking.payment_method === 'mpesa' ? 'mpesa' : 'card',
  );
  const stored = useCheckout((s) => s.payments[method]);
  const dropPayments = useCheckout((s) => s.dropPayments);
  const left = useCountdown(stored?.hold_expires_at);
  const payment: BookingCreated | undefined = stored && left !== null && left > 0 ? stored : undefined;

  const guest = booking.details !== undefined || !isBuyer;
  const [details, setDetails] = useState<GuestDetails>(booking.details ?? noDetails);
  const [phone, setPhone] = useState(booking.phone ?? booking.details?.msisdn ?? '');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [detailErrors, setDetailErrors] = useState<DetailErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [busy, run] = useSingleFlight();

  const proceed = (opts: { fresh?: boolean } = {}) => {
    const parsed = guest ? guestDetailsSchema.safeParse(details) : null;
    if (parsed && !parsed.success) {
      const errs: DetailErrors = {};
      for (const issue of parsed.error.issues) errs[issue.path[0] as keyof GuestDetails] ??= issue.message;
      setDetailErrors(errs);
      return setError(parsed.error.issues[0]!.message);
    }
    setDetailErrors({});
    if (method === 'mpesa' && !mpesaPhone(phone)) {
      setPhoneError(MPESA_PHONE_MESSAGE);
      return setError(MPESA_PHONE_MESSAGE);
    }
    setPhoneError(undefined);
    void run(async () => {
      try {
        await startPayment(
          { ...booking, details: parsed?.data, payment_method: method, ...(method === 'mpesa' ? { phone } : {}) },
          method,
          opts,
        );
      } catch (err) {
        const problem = bookingErrorOf(err, booking);
        setDetailErrors(problem.details);
        if (problem.phone) setPhoneError(problem.phone);
        setError(problem.message);
      }
    });
  };

  const currency = payment?.currency ?? booking.currency;
  const total = formatMoney(payment?.price ?? booking.total_price, currency);
  const onSettled = (secret: string) => void navigate(successPath(secret));

  return (
    <div>
      <div className="mx-auto max-w-6xl px-4 pb-12 pt-8 sm:px-6 md:pb-20 md:pt-10">
        <Link
          to={routes.details(booking.event_id)}
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
            {stored && <HoldCountdown expiresAt={stored.hold_expires_at} onStartAgain={dropPayments} />}
            <OrderSummary booking={booking} charged={payment} />
          </aside>

          <div className="min-w-0 space-y-6">
            {guest && (
              <GuestDetailsSection details={details} editable={!payment} errors={detailErrors} onChange={setDetails} />
            )}

            <section
              aria-labelledby="method-heading"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <h2 id="method-heading" className="text-lg font-bold">
                Payment method
              </h2>
              <fieldset className="mt-4 space-y-3">
                <legend className="sr-only">Pay with</legend>
                {/* Another method starts its own payment with fresh forms. */}
                <MethodOption
                  value="card"
                  checked={method === 'card'}
                  onSelect={() => setMethod('card')}
                  icon={<CreditCard className="h-5 w-5 text-brand-700" aria-hidden />}
                  title="Credit / Debit card"
                  hint="Visa, Mastercard and American Express"
                />
                {mpesaOffered && (
                  <MethodOption
                    value="mpesa"
                    checked={method === 'mpesa'}
                    onSelect={() => setMethod('mpesa')}
                    icon={<Smartphone className="h-5 w-5 text-emerald-700" aria-hidden />}
                    title="M-Pesa"
                    hint="A prompt on your phone: enter your M-Pesa PIN to pay"
                  />
                )}
              </fieldset>

              {method === 'mpesa' ? (
                <div className="mt-6 border-t border-slate-200 pt-6">
                  {payment ? (
                    <MpesaPayment
                      key={payment.client_secret}
                      payment={payment}
                      phone={phone}
                      onSettled={onSettled}
                      onRetry={() => proceed({ fresh: true })}
                      retrying={busy}
                    />
                  ) : (
                    <div className="space-y-4">
                      <TextField
                        label="M-Pesa number"
                        type="tel"
                        autoComplete="tel"
                        inputMode="tel"
                        maxLength={20}
                        placeholder="07xx xxx xxx"
                        hint="The Safaricom number that will get the payment prompt"
                        value={phone}
                        error={phoneError}
                        onChange={(e) => {
                          setPhone(e.target.value);
                          setPhoneError(undefined);
                        }}
                      />
                      {/* On a phone the pay bar at the bottom sends it. */}
                      <div className="hidden md:block">
                        <Button
                          size="lg"
                          className="w-full"
                          busy={busy}
                          busyText="Sending the prompt..."
                          onClick={() => proceed()}
                        >
                          Send M-Pesa prompt
                        </Button>
                      </div>
                    </div>
                  )}
                </div>
              ) : payment ? (
                <div className="mt-6 border-t border-slate-200 pt-6">
                  <CardPayment
                    key={`${method}:${payment.client_secret}`}
                    payment={payment}
                    formId={FORM_ID}
                    payButtonOnPhone={false}
                    onBusyChange={setPaying}
                    onSettled={onSettled}
                  />
                </div>
              ) : (
                <div className="mt-6 hidden md:block">
                  <Button
                    size="lg"
                    className="w-full"
                    busy={busy}
                    busyText="Holding your tickets..."
                    onClick={() => proceed()}
                  >
                    Proceed
                  </Button>
                </div>
              )}
            </section>

            <p className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
              <span>
                <strong className="font-semibold">Stay safe:</strong> Tikiti never asks for your password, PIN or CVV by
                email, text message or phone call. If someone does, it is not us.
              </span>
            </p>

            <div className="flex justify-center md:justify-start">
              <Link
                to={routes.details(booking.event_id)}
                className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-ink"
              >
                Cancel
              </Link>
            </div>
          </div>
        </div>
      </div>

      <StickyPayBar label="Total to pay" total={total}>
        {method === 'mpesa' ? (
          payment ? null : (
            <Button size="lg" busy={busy} busyText="Sending..." onClick={() => proceed()}>
              Send prompt
            </Button>
          )
        ) : payment ? (
          <Button type="submit" form={FORM_ID} size="lg" busy={paying}>
            Pay now
          </Button>
        ) : (
          <Button size="lg" busy={busy} onClick={() => proceed()}>
            Proceed
          </Button>
        )}
      </StickyPayBar>

      <ErrorDialog message={error} onClose={() => setError(null)} />
    </div>
  );
}

/**
 * docs/product.md#routes-and-screens `/payment/method`: the order summary, "Total to pay", the guest's details, the
 * card option with Proceed, the card form, the hold's countdown, a warning against phishing
 * and Cancel. Without a booking in the checkout store it goes back.
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

import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { CalendarX2, CreditCard, RotateCcw, ShieldCheck, Smartphone } from 'lucide-react';
import { orderTotal, parseCurrency, type Event, type GuestDetails } from '@tikiti/contract';
import { ErrorDialog } from '../../../components/ui/error-dialog';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ButtonLink } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useSession } from '../../accounts';
import {
  InlinePayment,
  isLive,
  loadCheckoutActions,
  sameBooking,
  useCheckout,
  type PendingBooking,
} from '../../checkout';
import { useSingleFlight } from '../../../lib/single-flight';
import { availabilityOf, maxQuantity, TicketRow } from './ticket-picker';

const loadBookingChecks = () => import('../booking-checks');
const CODE_UNREACHABLE = 'We could not reach Tikiti. Check your connection and try again.';

const noDetails: GuestDetails = { full_name: '', email_address: '', msisdn: '' };
type DetailErrors = Partial<Record<keyof GuestDetails, string>>;

function Protections() {
  return (
    <ul className="mt-6 space-y-4 border-t border-slate-200 pt-5 text-sm">
      <li className="flex gap-3">
        <RotateCcw className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <div>
          <p className="font-semibold">Refundable Tickets</p>
          <p className="text-slate-600">
            If the event is cancelled or its date or venue changes, you get your money back.
          </p>
        </div>
      </li>
      <li className="flex gap-3">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <div>
          <p className="font-semibold">Buyer Protection</p>
          <p className="text-slate-600">
            Secure payment and guaranteed tickets: you get a valid e-ticket or a full refund.
          </p>
        </div>
      </li>
    </ul>
  );
}

/** An ended event sells nothing (docs/product.md#buyer-side): the panel says so instead of offering tickets. */
function EndedPanel() {
  return (
    <section
      id="tickets"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-6"
      aria-labelledby="tickets-heading"
    >
      <CalendarX2 className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <h2 id="tickets-heading" className="mt-3 text-xl font-bold">
        This event has ended
      </h2>
      <p className="mt-2 text-slate-600">Tickets are no longer on sale. Have a look at what is coming up next.</p>
      <ButtonLink to={routes.allEvents} className="mt-6">
        Browse upcoming events
      </ButtonLink>
    </section>
  );
}

/**
 * docs/product.md#buyer-side booking: ticket quantities with line subtotals and a total, guest details when
 * not signed in as a buyer, and the 'Credit / Debit' tab that holds the tickets and creates the
 * payment, once (docs/product.md#checkout-and-payments), then opens the payment page. The checks
 * of docs/product.md#validation-rules and the server's refusals show in the 'Error!' dialog; a
 * type that ran short is named under its row and what the buyer picked stays. Coming back with
 * a payment still held shows its card form here.
 */
export function BookingPanel({ event }: { event: Event }) {
  if (event.ended) return <EndedPanel />;
  return <OpenBookingPanel event={event} />;
}

function OpenBookingPanel({ event }: { event: Event }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isBuyer = useSession((s) => Boolean(s.token) && s.accountType === 'user');
  const booking = useCheckout((s) => s.booking);
  const payment = useCheckout((s) => s.payments.card);
  const [busy, run] = useSingleFlight();
  // Coming back from the payment page keeps what was picked.
  const previous = booking?.event_id === event.id ? booking : null;

  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      event.tickets.map((t) => {
        const qty = previous?.tickets.find((l) => l.id === t.id)?.qty ?? 0;
        return [t.id, availabilityOf(t) === 'open' ? Math.min(qty, maxQuantity(t)) : 0];
      }),
    ),
  );
  const [details, setDetails] = useState<GuestDetails>(previous?.details ?? noDetails);
  const [detailErrors, setDetailErrors] = useState<DetailErrors>({});
  const [lineErrors, setLineErrors] = useState<Partial<Record<number, string>>>({});
  const [error, setError] = useState<string | null>(null);

  const lines = event.tickets
    .map((t) => ({ id: t.id, name: t.name, price: t.price_per_ticket, qty: quantities[t.id] ?? 0 }))
    .filter((l) => l.qty > 0);
  const total = orderTotal(lines, parseCurrency(event.currency));
  const ticketCount = lines.reduce((n, l) => n + l.qty, 0);
  const onSale = event.tickets.some((t) => availabilityOf(t) === 'open');

  const pending = (form: { details?: GuestDetails }, method: 'card' | 'mpesa' = 'card'): PendingBooking => ({
    event_id: event.id,
    event_title: event.title,
    tickets: lines,
    payment_method: method,
    details: form.details,
    total_price: total,
    currency: event.currency,
  });
  // The payment already created for exactly this selection, while its hold lasts.
  const held = lines.length > 0 && sameBooking(previous, pending({})) && isLive(payment);

  /** docs/product.md#validation-rules: at least one ticket, then a guest's full name, email and phone. */
  const validBooking = async (method: 'card' | 'mpesa') => {
    const { bookEventBodySchema } = await loadBookingChecks();
    const form = bookEventBodySchema.safeParse({
      event_id: event.id,
      tickets: lines.map(({ id, qty, price }) => ({ id, qty, price })),
      payment_method: method,
      details: isBuyer ? undefined : details,
    });
    if (!form.success) {
      setError(form.error.issues[0]!.message);
      return null;
    }
    setDetailErrors({});
    setLineErrors({});
    return form.data;
  };

  /** Starts the payment and moves on to the payment page; a refusal is shown beside what caused it. */
  const payAndGo = async (next: ReturnType<typeof pending>, method: 'card' | 'mpesa') => {
    const { startPayment, bookingErrorOf } = await loadCheckoutActions();
    try {
      await startPayment(next, method);
    } catch (err) {
      const problem = bookingErrorOf(err, next);
      setDetailErrors(problem.details);
      setLineErrors(problem.lines);
      setError(problem.message);
      // Show what is left now; the quantities picked stay as they are.
      if (Object.keys(problem.lines).length > 0) void queryClient.invalidateQueries({ queryKey: ['event', event.id] });
      return;
    }
    void navigate(routes.paymentMethod);
  };

  /** The booking's code loads on demand: when it cannot (a dropped connection), the dialog says so. */
  const attempt = (action: () => Promise<void>) =>
    void run(async () => {
      try {
        await action();
      } catch {
        setError(CODE_UNREACHABLE);
      }
    });

  const startCardPayment = () => {
    if (busy) return;
    attempt(async () => {
      const data = await validBooking('card');
      if (data) await payAndGo(pending(data), 'card');
    });
  };

  // M-Pesa, for events in shillings (docs/product.md#m-pesa): a guest whose phone is a Safaricom
  // number gets the prompt at once; otherwise the payment page asks for the M-Pesa number.
  const mpesaOffered = event.currency === 'KES';
  const startMpesaPayment = () => {
    if (busy) return;
    attempt(async () => {
      const data = await validBooking('mpesa');
      if (!data) return;
      const { mpesaPhone } = await loadBookingChecks();
      const phone = data.details ? mpesaPhone(data.details.msisdn) : null;
      const next = { ...pending(data, 'mpesa'), ...(phone ? { phone: data.details!.msisdn } : {}) };
      if (!phone) {
        useCheckout.getState().startBooking(next);
        void navigate(routes.paymentMethod);
        return;
      }
      await payAndGo(next, 'mpesa');
    });
  };

  const field = (key: keyof GuestDetails) => ({
    value: details[key],
    error: detailErrors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setDetails((d) => ({ ...d, [key]: e.target.value }));
      setDetailErrors((errs) => ({ ...errs, [key]: undefined }));
    },
  });

  return (
    <section
      id="tickets"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="tickets-heading"
    >
      <h2 id="tickets-heading" className="text-xl font-bold">
        Tickets
      </h2>
      {event.tickets.length === 0 ? (
        <p className="mt-3 text-slate-600">Tickets for this event are not on sale at the moment.</p>
      ) : (
        <>
          {event.sold_out && (
            <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="status">
              This event is sold out.
            </p>
          )}
          <ul className="mt-2 divide-y divide-slate-200">
            {event.tickets.map((t) => (
              <TicketRow
                key={t.id}
                ticket={t}
                currency={event.currency}
                quantity={quantities[t.id] ?? 0}
                error={lineErrors[t.id]}
                onChange={(qty) => {
                  setQuantities((q) => ({ ...q, [t.id]: qty }));
                  // Fetched now, so pay is not kept waiting; a failure is said when pay is pressed.
                  loadBookingChecks().catch(() => {});
                  setLineErrors((errs) => ({ ...errs, [t.id]: undefined }));
                }}
              />
            ))}
          </ul>
        </>
      )}

      <div
        className="mt-2 flex items-baseline justify-between border-t border-slate-200 pt-4"
        aria-live="polite"
        aria-atomic
      >
        <p className="text-slate-600">
          Total
          {ticketCount > 0 && (
            <span className="text-sm">
              {' '}
              · {ticketCount} {ticketCount === 1 ? 'ticket' : 'tickets'}
            </span>
          )}
        </p>
        <p className="text-2xl font-bold text-ink" data-testid="order-total">
          {formatMoney(total, event.currency)}
        </p>
      </div>

      {onSale && !isBuyer && (
        <fieldset className="mt-6 space-y-4">
          <legend className="text-base font-semibold">Your details</legend>
          <p className="-mt-2 text-sm text-slate-600">We send your e-tickets to this email address.</p>
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
        </fieldset>
      )}

      {onSale && (
        <div className="mt-6">
          <p className="text-sm font-semibold text-slate-700" id="pay-with">
            Pay with
          </p>
          <div className="mt-2" role="group" aria-labelledby="pay-with">
            <button
              type="button"
              onClick={startCardPayment}
              aria-busy={busy || undefined}
              aria-pressed={held}
              className={clsx(
                'flex w-full items-center justify-center gap-2 rounded-xl px-4 py-3.5 font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
                held ? 'bg-brand-700 text-white hover:bg-brand-800' : 'bg-accent-500 text-ink hover:bg-accent-400',
                busy && 'cursor-wait',
              )}
            >
              {busy ? <Spinner className="h-5 w-5" /> : <CreditCard className="h-5 w-5" aria-hidden />}
              Credit / Debit
            </button>
            {mpesaOffered && (
              <button
                type="button"
                onClick={startMpesaPayment}
                aria-busy={busy || undefined}
                className={clsx(
                  'mt-3 flex w-full items-center justify-center gap-2 rounded-xl border-2 border-emerald-600 bg-white px-4 py-3 font-semibold text-emerald-800 shadow-sm transition-colors hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2',
                  busy && 'cursor-wait',
                )}
              >
                <Smartphone className="h-5 w-5" aria-hidden />
                M-Pesa
              </button>
            )}
          </div>
          {busy ? (
            <p className="mt-2 text-center text-xs text-slate-600" role="status">
              Holding your tickets...
            </p>
          ) : (
            !held && (
              <p className="mt-2 text-center text-xs text-slate-500">
                Your tickets are held for 15 minutes while you pay. Card details stay with the payment provider
                {mpesaOffered ? '; M-Pesa asks for your PIN on your phone' : ''}.
              </p>
            )
          )}
          {held && (
            <Suspense
              fallback={
                <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-500" role="status">
                  <Spinner className="h-4 w-4" /> Loading the card form...
                </p>
              }
            >
              <InlinePayment />
            </Suspense>
          )}
        </div>
      )}

      <Protections />
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </section>
  );
}

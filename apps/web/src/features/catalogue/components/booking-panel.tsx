import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CreditCard, RotateCcw, ShieldCheck } from 'lucide-react';
import { bookEventBodySchema, type Event, type GuestDetails } from '@tikiti/contract';
import { TextField } from '../../../components/ui/field';
import { formatMoney } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useSession } from '../../accounts';
import { useCheckout } from '../../checkout';
import { orderTotal } from '../booking-totals';
import { ErrorDialog } from './error-dialog';
import { availabilityOf, maxQuantity, TicketRow } from './ticket-picker';

const noDetails: GuestDetails = { full_name: '', email_address: '', msisdn: '' };

/**
 * docs/product.md#buyer-side booking: ticket quantities with line subtotals and a total, guest details when
 * not signed in as a buyer, and the 'Credit / Debit' tab that starts the payment (docs/product.md#validation-rules
 * checks, from the contract's booking form, errors in the 'Error!' dialog). The booking goes
 * to the checkout store, and the payment page takes it from there.
 */
export function BookingPanel({ event }: { event: Event }) {
  const navigate = useNavigate();
  const isBuyer = useSession((s) => Boolean(s.token) && s.accountType === 'user');
  const booking = useCheckout((s) => s.booking);
  const startBooking = useCheckout((s) => s.startBooking);
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
  const [error, setError] = useState<string | null>(null);

  const lines = event.tickets
    .map((t) => ({ id: t.id, name: t.name, price: t.price_per_ticket, qty: quantities[t.id] ?? 0 }))
    .filter((l) => l.qty > 0);
  const total = orderTotal(lines);
  const ticketCount = lines.reduce((n, l) => n + l.qty, 0);

  const startCardPayment = () => {
    // docs/product.md#validation-rules: at least one ticket, then a guest's full name, email and phone.
    const form = bookEventBodySchema.safeParse({
      event_id: event.id,
      tickets: lines.map(({ id, qty, price }) => ({ id, qty, price })),
      payment_method: 'card',
      details: isBuyer ? undefined : details,
    });
    if (!form.success) return setError(form.error.issues[0]!.message);
    startBooking({
      ...form.data,
      event_title: event.title,
      tickets: lines,
      total_price: total,
      currency: event.currency,
    });
    void navigate(routes.paymentMethod);
  };

  const field = (key: keyof GuestDetails) => ({
    value: details[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDetails((d) => ({ ...d, [key]: e.target.value })),
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
        <ul className="mt-2 divide-y divide-slate-200">
          {event.tickets.map((t) => (
            <TicketRow
              key={t.id}
              ticket={t}
              currency={event.currency}
              quantity={quantities[t.id] ?? 0}
              onChange={(qty) => setQuantities((q) => ({ ...q, [t.id]: qty }))}
            />
          ))}
        </ul>
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

      {!isBuyer && (
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

      <div className="mt-6">
        <p className="text-sm font-semibold text-slate-700">Pay with</p>
        <div className="mt-2">
          <button
            type="button"
            onClick={startCardPayment}
            className="flex w-full items-center justify-center gap-2 rounded-xl bg-accent-500 px-4 py-3.5 font-semibold text-ink shadow-sm transition-colors hover:bg-accent-400 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            <CreditCard className="h-5 w-5" aria-hidden />
            Credit / Debit
          </button>
        </div>
        <p className="mt-2 text-center text-xs text-slate-500">
          Card payment on the next step. Your card details stay with the payment provider.
        </p>
      </div>

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

      <ErrorDialog message={error} onClose={() => setError(null)} />
    </section>
  );
}

import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarPlus, CheckCircle2, Clock, FileText, MapPin, SearchX, Ticket, XCircle } from 'lucide-react';
import {
  BOOKING_STATUS,
  bookingCalendarFile,
  calendarBookingOfStoredBooking,
  INTENT_MESSAGES,
  lineTotal,
  parseCurrency,
  type StoredBooking,
} from '@tikiti/contract';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { icsHref, mapsSearchUrl } from '../../../lib/calendar';
import { tellParent, useFramedPath } from '../../../lib/embed';
import { formatDateRange, formatMoney } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { isSettling, useRetrieveBooking } from '../api/retrieve-booking';
import { useCheckout } from '../checkout-store';
import { AwaitingPayment } from '../components/awaiting-payment';

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-5xl px-4 pb-16 pt-10 sm:px-6 md:pb-24 md:pt-14">{children}</div>;
}

/** A state of the page that is not a receipt: an icon, a heading, what happened and what to do next. */
function Notice({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Frame>
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
        <div className="flex justify-center">{icon}</div>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
        {children && <div className="mt-3 text-slate-600">{children}</div>}
        {actions && <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>}
      </div>
    </Frame>
  );
}

function Confirming() {
  return (
    <Notice icon={<Spinner className="h-10 w-10 text-brand-700" />} title="Confirming your payment…">
      <p role="status">This takes a few seconds. Please keep this page open.</p>
    </Notice>
  );
}

function Receipt({ booking }: { booking: StoredBooking }) {
  const { event } = booking;
  // In the widget's frame the buyer's e-tickets are not at hand (the frame keeps its own storage): the mail has them.
  const { embedded } = useFramedPath();
  return (
    <Frame>
      <header className="text-center">
        <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-600" aria-hidden />
        {/* A booking of total 0 (a 100 % code) was never paid for: it is confirmed (docs/product.md#discount-codes). */}
        <h1 className="mt-4 text-3xl font-bold tracking-tight">
          {booking.price === 0 ? 'Booking confirmed' : 'Payment successful'}
        </h1>
        <p className="mt-3 text-slate-600">
          Thank you, your tickets are booked. Your booking reference is{' '}
          <strong className="font-semibold text-ink">{booking.reference}</strong>.
        </p>
        {booking.receipt_number && (
          <p className="mt-1 text-slate-600">
            M-Pesa receipt{' '}
            <strong className="font-semibold text-ink" data-testid="mpesa-receipt">
              {booking.receipt_number}
            </strong>
          </p>
        )}
      </header>

      <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
        <Panel title="Your order" compact>
          {/* Four columns of amounts on a 390 px phone: smaller type there, and the table scrolls
              inside its card rather than the page sideways when a wide font or amount needs it. */}
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-xs sm:text-sm">
              <thead className="border-b border-slate-200 text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-1.5 font-semibold sm:pr-2">
                    Ticket type
                  </th>
                  <th scope="col" className="px-1.5 py-2 text-right font-semibold sm:px-2">
                    Price
                  </th>
                  <th scope="col" className="px-1.5 py-2 text-right font-semibold sm:px-2">
                    Quantity
                  </th>
                  <th scope="col" className="py-2 pl-1.5 text-right font-semibold sm:pl-2">
                    Subtotal
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {booking.tickets.map((line, i) => (
                  <tr key={i}>
                    <td className="py-3 pr-1.5 sm:pr-2">
                      <span className="font-medium text-ink">{line.name}</span>
                      {line.no_of_persons > 1 && (
                        <span className="block text-xs text-slate-500">Admits {line.no_of_persons}</span>
                      )}
                    </td>
                    <td className="whitespace-nowrap px-1.5 py-3 text-right tabular-nums sm:px-2">
                      {formatMoney(line.price_per_ticket, booking.currency)}
                    </td>
                    <td className="px-1.5 py-3 text-right tabular-nums sm:px-2">{line.quantity}</td>
                    <td className="whitespace-nowrap py-3 pl-1.5 text-right font-medium tabular-nums text-ink sm:pl-2">
                      {formatMoney(
                        lineTotal(line.price_per_ticket, line.quantity, parseCurrency(booking.currency)),
                        booking.currency,
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-200">
                <tr>
                  <th scope="row" colSpan={3} className="pt-4 text-base font-semibold text-ink">
                    Total
                  </th>
                  <td
                    className="whitespace-nowrap pt-4 text-right text-xl font-bold tabular-nums text-ink"
                    data-testid="booking-total"
                  >
                    {formatMoney(booking.price, booking.currency)}
                  </td>
                </tr>
                {booking.discount > 0 && (
                  <tr>
                    <td colSpan={4} className="pt-1 text-right text-sm text-emerald-800" data-testid="booking-saving">
                      You saved {formatMoney(booking.discount, booking.currency)}
                      {booking.code ? ` with code ${booking.code}` : ' with the team price'}
                    </td>
                  </tr>
                )}
              </tfoot>
            </table>
          </div>
          <div className="mt-6 rounded-xl bg-surface px-4 py-3 text-sm">
            <p className="text-slate-600">The order is for</p>
            <p className="mt-0.5 text-base font-semibold text-ink">{booking.full_name}</p>
            {booking.company && (
              <p className="mt-0.5 text-slate-600">
                {booking.company.name} · KRA PIN {booking.company.kra_pin}
              </p>
            )}
          </div>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {embedded ? (
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <Ticket className="h-5 w-5 shrink-0 text-brand-700" aria-hidden /> Your e-tickets are on their way to
                your email.
              </p>
            ) : (
              <ButtonLink to={routes.myTickets} size="lg" className="w-full sm:w-auto">
                <Ticket className="h-5 w-5" aria-hidden /> View E-tickets
              </ButtonLink>
            )}
            {booking.invoice_url && (
              <a
                href={booking.invoice_url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-6 text-base font-semibold text-ink hover:bg-slate-50"
              >
                <FileText className="h-5 w-5" aria-hidden /> Tax invoice (PDF)
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </div>
        </Panel>

        <aside aria-label="Event" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {event.image_card ? (
            <img src={event.image_card} alt="" width={800} height={400} className="aspect-[2/1] w-full object-cover" />
          ) : (
            <div className="aspect-[2/1] bg-gradient-to-br from-brand-700 to-brand-900" aria-hidden />
          )}
          <div className="p-5">
            <p className="text-sm font-semibold text-brand-700">
              <time dateTime={event.start_time}>{formatDateRange(event.start_time, event.end_time)}</time>
            </p>
            <h2 className="mt-1.5 text-lg font-bold leading-snug">{event.title}</h2>
            {event.short_description && (
              <p className="mt-2 text-sm leading-6 text-slate-600">{event.short_description}</p>
            )}
            <p className="mt-3 flex items-start gap-1.5 text-sm text-slate-700">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              {event.location}
            </p>
            <div className="mt-5 flex flex-col gap-2">
              <a
                href={icsHref(bookingCalendarFile(calendarBookingOfStoredBooking(booking), window.location.origin))}
                download={`tikiti-${booking.reference}.ics`}
                className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-ink hover:bg-slate-50"
              >
                <CalendarPlus className="h-4 w-4" aria-hidden /> Add to calendar
              </a>
              <a
                href={mapsSearchUrl(event.location)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                <MapPin className="h-4 w-4" aria-hidden /> See location on map
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
          </div>
        </aside>
      </div>
    </Frame>
  );
}

/** What a booking that was not paid says, honestly, with the way back to its event. */
function Unpaid({ booking }: { booking: StoredBooking }) {
  const framed = useFramedPath();
  const eventPage = framed.event(booking.event.id, booking.event.slug);
  const backToEvent = (
    <ButtonLink to={eventPage} size="lg">
      Back to the event
    </ButtonLink>
  );
  const failedIcon = <XCircle className="h-12 w-12 text-red-500" aria-hidden />;
  if (booking.status === BOOKING_STATUS.refunded) {
    return (
      <Notice icon={failedIcon} title="This booking was refunded" actions={backToEvent}>
        <p>
          Booking {booking.reference} for {booking.event.title} was refunded: the money went back to the card it was
          paid with. Its tickets are no longer valid.
        </p>
      </Notice>
    );
  }
  if (booking.status === BOOKING_STATUS.cancelled) {
    return (
      <Notice icon={failedIcon} title="This booking was cancelled" actions={backToEvent}>
        <p>
          Booking {booking.reference} for {booking.event.title} was cancelled. Nothing was charged for it.
        </p>
      </Notice>
    );
  }
  if (booking.status === BOOKING_STATUS.failed && booking.payment_status === 'succeeded') {
    // Paid, but not the booking's total (docs/product.md#checkout-and-payments): refused and refunded.
    return (
      <Notice icon={failedIcon} title="This payment could not be accepted" actions={backToEvent}>
        <p>
          {booking.payment_error ?? 'The payment was not for this booking’s total.'} No tickets were issued. Pick your
          tickets again to book.
        </p>
      </Notice>
    );
  }
  if (booking.status === BOOKING_STATUS.failed) {
    return (
      <Notice
        icon={<Clock className="h-12 w-12 text-amber-500" aria-hidden />}
        title="This booking was not paid"
        actions={backToEvent}
      >
        <p>
          {booking.payment_error
            ? `The payment did not go through: ${booking.payment_error}`
            : 'The hold on these tickets ended before a payment went through.'}{' '}
          Nothing was charged. Pick your tickets again to book.
        </p>
      </Notice>
    );
  }
  // Pending, and the provider says the payment has not succeeded.
  return (
    <Notice
      icon={failedIcon}
      title="Your payment was not successful"
      actions={
        <>
          <ButtonLink to={framed.to(routes.paymentMethod)} size="lg">
            Try again
          </ButtonLink>
          <ButtonLink to={eventPage} size="lg" variant="secondary">
            Back to the event
          </ButtonLink>
        </>
      }
    >
      <p>
        {booking.payment_error ?? INTENT_MESSAGES.requires_payment_method} Your tickets stay held for you until the hold
        ends.
      </p>
    </Notice>
  );
}

function Booking({ clientSecret }: { clientSecret: string }) {
  // docs/product.md#routes-and-screens: asked at once (the server settles on the spot when the
  // provider says paid), then every POLL_MS while the payment settles.
  const { query, gaveUp } = useRetrieveBooking(clientSecret, true);
  const paid = query.data?.status === BOOKING_STATUS.paid;
  const awaiting = query.data?.status === BOOKING_STATUS.awaiting_payment;
  useTitle(paid ? 'Payment successful' : awaiting ? 'Awaiting payment' : 'Payment');

  // Paid, whatever the method: the checkout is over, so the details page starts afresh and the
  // next purchase of the same tickets is a new booking, never this one again.
  // Booked by invoice is as final for the checkout: the payment comes later, outside it.
  useEffect(() => {
    if (paid || awaiting) useCheckout.getState().settled(clientSecret);
  }, [paid, awaiting, clientSecret]);

  // In the widget's frame, the host page learns the booking is paid: its reference, nothing more (docs/api.md#widget).
  const { embedded } = useFramedPath();
  const reference = paid ? query.data?.reference : undefined;
  useEffect(() => {
    if (embedded && reference) tellParent({ type: 'tikiti:booking', reference });
  }, [embedded, reference]);

  if (query.isPending) return <Confirming />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 'not_found') return <NotFound />;
    return (
      <Frame>
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </Frame>
    );
  }
  if (paid) return <Receipt booking={query.data} />;
  if (awaiting) return <AwaitingPayment booking={query.data} onCheck={() => void query.refetch()} />;
  if (isSettling(query.data)) {
    if (!gaveUp) return <Confirming />;
    return (
      <Notice
        icon={<Clock className="h-12 w-12 text-amber-500" aria-hidden />}
        title="Your payment is still being confirmed"
        actions={
          <Button size="lg" onClick={() => void query.refetch()}>
            Check again
          </Button>
        }
      >
        <p>{INTENT_MESSAGES.processing} It can take a few minutes. Your tickets stay held while it does.</p>
      </Notice>
    );
  }
  return <Unpaid booking={query.data} />;
}

function NotFound() {
  useTitle('Payment not found');
  return (
    <Notice
      icon={<SearchX className="h-12 w-12 text-slate-400" aria-hidden />}
      title="We could not find this payment"
      actions={
        <>
          <ButtonLink to={routes.myTickets} size="lg">
            My tickets
          </ButtonLink>
          <ButtonLink to={routes.allEvents} size="lg" variant="secondary">
            Browse events
          </ButtonLink>
        </>
      }
    >
      <p>The link may be incomplete, or the booking was made while signed in as someone else.</p>
    </Notice>
  );
}

/**
 * docs/product.md#routes-and-screens `/payment/success?payment_intent_client_secret=…` (where Stripe and the sandbox
 * form send the buyer): asks for the booking at once, and keeps asking while the payment is
 * processing; then the lines, the total, the buyer's name, the event with "Add to calendar"
 * and "See location on map", "View E-tickets" and the tax invoice once issued. A booking paid by
 * invoice says what is owed, by when and how to pay. A booking that was not paid says so.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const clientSecret = params.get('payment_intent_client_secret')?.trim() ?? '';
  if (!clientSecret) return <NotFound />;
  return <Booking key={clientSecret} clientSecret={clientSecret} />;
}

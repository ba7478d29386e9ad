import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarX2 } from 'lucide-react';
import clsx from 'clsx';
import {
  type AnswerValue,
  type Event,
  type GuestDetails,
  type PaymentMethod,
  checkoutConsentWording,
  parseCurrency,
  toMajor,
  toMinor,
} from '@tikiti/contract';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { useFramedPath } from '../../../lib/embed';
import { routes } from '../../../lib/routes';
import { useSession } from '../../accounts';
import {
  BookingErrorDialog,
  codePriceOf,
  passedFeeOf,
  CompanyFields,
  SavingLines,
  summaryOfPicked,
  DelegateCards,
  invoiceDueAt,
  NO_COMPANY,
  successPath,
  type CompanyDraft,
  type CompanyField,
  GuestDetailsFields,
  isLive,
  loadCheckoutActions,
  NO_CARD,
  NO_GUEST_DETAILS,
  sameBooking,
  useCheckout,
  useStartPayment,
  type BookingField,
  type DelegateCard,
  type DelegatesDraft,
  type PendingBooking,
} from '../../checkout';
import { BookingProtections } from './booking-protections';
import { CodeBox, type CodeBoxProps } from './code-box';
import { PayWith } from './pay-with';
import { availabilityOf, maxQuantity, TicketRow } from './ticket-picker';

/** "Join the waiting list" of a sold-out type: loaded when opened (docs/product.md#waiting-list). */
const WaitlistForm = lazy(() => import('./waitlist-form'));

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
 * docs/product.md#buyer-side booking: ticket quantities with line subtotals and a total, the
 * guest's details (for anyone not signed in as a buyer, a guest who booked before included, and
 * editable until paid), and the tabs that hold the tickets and create the payment, once
 * (docs/product.md#checkout-and-payments), then open the payment page. The checks of
 * docs/product.md#validation-rules and the server's refusals show beside what caused them and in
 * the 'Error!' dialog; what the buyer picked stays. Coming back with a card payment still held
 * shows its form here.
 */
export function BookingPanel({ event, code }: { event: Event; code?: CodeBoxProps }) {
  if (event.ended) return <EndedPanel />;
  return <OpenBookingPanel event={event} code={code} />;
}

function OpenBookingPanel({ event, code }: { event: Event; code?: CodeBoxProps }) {
  const currency = parseCurrency(event.currency);
  const navigate = useNavigate();
  // In the widget's frame the checkout's next pages are the frame's own (docs/api.md#widget).
  const framed = useFramedPath();
  const queryClient = useQueryClient();
  const isBuyer = useSession((s) => Boolean(s.token) && s.accountType === 'user');
  const booking = useCheckout((s) => s.booking);
  const payment = useCheckout((s) => s.payments.card);
  const pay = useStartPayment();
  // Coming back from the payment page keeps what was picked, and who it is for.
  const previous = booking?.event_id === event.id ? booking : null;
  const known = previous?.details ?? useCheckout.getState().guestDetails;

  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      event.tickets.map((t) => {
        const qty = previous?.tickets.find((l) => l.id === t.id)?.qty ?? 0;
        return [t.id, availabilityOf(t) === 'open' ? Math.min(qty, maxQuantity(t)) : 0];
      }),
    ),
  );
  const [details, setDetails] = useState<GuestDetails>(known ?? NO_GUEST_DETAILS);
  // News about events (docs/security.md#consent): a separate box, unticked until the buyer ticks it.
  const [news, setNews] = useState(false);
  // "Send my tickets by SMS too" (docs/product.md#messages-to-attendees): offered once there is a phone to send to.
  const [bySms, setBySms] = useState(() => Boolean(previous?.tickets_by_sms));
  const smsOffered = isBuyer || details.msisdn.trim() !== '';
  // The delegate cards typed so far, by ticket type: a card typed and then picked away comes back
  // as it was when the quantity goes up again (docs/product.md#delegates-and-questions).
  const [cardsByType, setCardsByType] = useState<Record<number, DelegateCard[]>>(() => {
    const byType: Record<number, DelegateCard[]> = {};
    for (const { key: _key, ticket_type_id, ticket_name: _name, ...card } of previous?.delegates?.cards ?? []) {
      (byType[ticket_type_id] ??= []).push(card);
    }
    return byType;
  });
  const [orderAnswers, setOrderAnswers] = useState<Record<number, AnswerValue>>(
    () => previous?.delegates?.answers ?? {},
  );
  const userName = useSession((s) => s.userName);
  // "Buying for a company": kept with the pending booking like the other fields.
  const [companyOn, setCompanyOn] = useState(() => Boolean(previous?.company));
  const [company, setCompany] = useState<CompanyDraft>(() => previous?.company ?? NO_COMPANY);
  // When a booking paid by invoice made now would be due (docs/product.md#pay-by-invoice).
  const [openedAt] = useState(() => Date.now());
  const invoiceDue = invoiceDueAt(event, openedAt);

  const lines = event.tickets
    .map((t) => ({ id: t.id, name: t.name, price: t.price_per_ticket, qty: quantities[t.id] ?? 0 }))
    .filter((l) => l.qty > 0);
  const delegates: DelegatesDraft = {
    attendee_names: event.attendee_names,
    questions: event.questions ?? [],
    cards: lines.flatMap((l) =>
      Array.from({ length: l.qty }, (_, n) => ({
        ...(cardsByType[l.id]?.[n] ?? NO_CARD),
        key: `${l.id}-${n}`,
        ticket_type_id: l.id,
        ticket_name: l.name,
      })),
    ),
    answers: orderAnswers,
  };
  // Priced with the buyer's code, the types' team prices and a passed service fee by the
  // contract's functions, as the server will price them (docs/product.md#discount-codes,
  // docs/product.md#service-fees).
  const feeOf = passedFeeOf(event);
  const summary = summaryOfPicked(
    lines.map((l) => ({ ...l, tiers: event.tickets.find((t) => t.id === l.id)?.tiers ?? [] })),
    event.applied_code,
    event.currency,
    feeOf,
  );
  const total = summary.total;
  // The sold-out type whose waiting-list form is open.
  const [waitlistFor, setWaitlistFor] = useState<number | null>(null);
  const ticketCount = lines.reduce((n, l) => n + l.qty, 0);
  const onSale = event.tickets.some((t) => availabilityOf(t) === 'open');

  const pending = (method: PaymentMethod): PendingBooking => ({
    event_id: event.id,
    event_title: event.title,
    tickets: lines,
    payment_method: method,
    details: isBuyer ? undefined : details,
    total_price: total,
    ...(summary.fee !== null ? { service_fee: summary.fee } : {}),
    currency: event.currency,
    delegates: lines.length > 0 ? delegates : undefined,
    ...(companyOn ? { company } : {}),
    ...(news ? { marketing_consent: true } : {}),
    ...(event.applied_code ? { code: event.applied_code.code } : {}),
    summary,
    ...(bySms && smsOffered ? { tickets_by_sms: true } : {}),
  });
  // The payment already created for exactly this selection and buyer, while its hold lasts.
  const held = lines.length > 0 && sameBooking(previous, pending('card')) && isLive(payment);

  /** Holds the tickets and moves on to the payment page; M-Pesa without a number the guest gave asks there. */
  const startPaying = async (method: PaymentMethod) => {
    const next = pending(method);
    const outcome = await pay.start(next, method);
    if (outcome?.kind === 'number') useCheckout.getState().startBooking(next);
    // Pay by invoice needs no payment step: the booking awaits the company's payment.
    // Nor does a booking of total 0 (a 100 % code): it is paid already (docs/product.md#discount-codes).
    if (outcome?.kind === 'paying' && (method === 'invoice' || outcome.payment.settled)) {
      void navigate(framed.to(successPath(outcome.payment.client_secret)));
    } else if (outcome?.kind === 'number' || outcome?.kind === 'paying') void navigate(framed.to(routes.paymentMethod));
    // A type that ran short: show what is left now; the quantities picked stay as they are.
    if (outcome?.kind === 'refused' && Object.keys(outcome.problem.lines).length > 0) {
      void queryClient.invalidateQueries({ queryKey: ['event', event.id] });
    }
  };

  const changeDetail = (field: keyof GuestDetails, value: string) => {
    setDetails((d) => ({ ...d, [field]: value }));
    pay.fieldsChanged(field);
  };
  const changeCompany = (field: CompanyField, value: string) => {
    setCompany((c) => ({ ...c, [field]: value }));
    pay.fieldsChanged(`company.${field}`);
  };
  const toggleCompany = (on: boolean) => {
    setCompanyOn(on);
    if (on) loadCheckoutActions().catch(() => {});
    pay.fieldsChanged('company.name', 'company.kra_pin', 'company.address', 'company.po_number');
  };
  const changeCard = (key: string, card: DelegateCard, changed: BookingField[]) => {
    const [typeId, n] = key.split('-').map(Number) as [number, number];
    setCardsByType((byType) => {
      const cards = [...(byType[typeId] ?? [])];
      while (cards.length < n) cards.push(NO_CARD);
      cards[n] = card;
      return { ...byType, [typeId]: cards };
    });
    pay.fieldsChanged(...changed);
  };
  const changeAnswer = (questionId: number, value: AnswerValue | undefined, changed: BookingField) => {
    setOrderAnswers(({ [questionId]: _old, ...rest }) =>
      value === undefined ? rest : { ...rest, [questionId]: value },
    );
    pay.fieldsChanged(changed);
  };
  // "Same as me" on the first card: the buyer's name (and a guest's email), once there is one.
  const me = isBuyer
    ? userName && { full_name: `${userName.fn} ${userName.ln}`.trim(), email: '' }
    : details.full_name.trim() && { full_name: details.full_name.trim(), email: details.email_address.trim() };

  // "Buying for someone else?": the form empties for another person's checkout.
  const someoneElse = () => {
    setDetails(NO_GUEST_DETAILS);
    pay.fieldsChanged('full_name', 'email_address', 'msisdn');
  };

  return (
    <section
      id="tickets"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="tickets-heading"
    >
      <h2 id="tickets-heading" className="text-xl font-bold">
        Tickets
      </h2>
      {code && (
        <CodeBox
          key={code.applied?.code ?? 'none'}
          {...code}
          error={code.error ?? pay.problem.code}
          currency={event.currency}
          onApply={(text) => {
            pay.fieldsChanged('code');
            code.onApply(text);
          }}
          onRemove={() => {
            pay.fieldsChanged('code');
            code.onRemove();
          }}
        />
      )}
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
                error={pay.problem.lines[t.id]}
                codePrice={codePriceOf(t, event.applied_code, event.currency)}
                fee={
                  feeOf &&
                  toMajor(
                    feeOf(toMinor(codePriceOf(t, event.applied_code, event.currency) ?? t.price_per_ticket, currency)),
                    currency,
                  )
                }
                onChange={(qty) => {
                  setQuantities((q) => ({ ...q, [t.id]: qty }));
                  // Fetched now, so pay is not kept waiting; a failure is said when pay is pressed.
                  loadCheckoutActions().catch(() => {});
                  pay.fieldsChanged(t.id);
                  pay.fieldsChanged('code');
                }}
              >
                {t.waitlist &&
                  availabilityOf(t) === 'soldOut' &&
                  (waitlistFor === t.id ? (
                    <Suspense
                      fallback={
                        <p className="mt-3 flex items-center gap-2 text-sm text-slate-500" role="status">
                          <Spinner className="h-4 w-4" /> Loading the waiting list...
                        </p>
                      }
                    >
                      <WaitlistForm
                        eventId={event.id}
                        ticket={t}
                        known={isBuyer ? NO_GUEST_DETAILS : details}
                        onClose={() => setWaitlistFor(null)}
                      />
                    </Suspense>
                  ) : (
                    <button
                      type="button"
                      onClick={() => setWaitlistFor(t.id)}
                      className="mt-3 inline-flex h-10 items-center rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                    >
                      Join the waiting list<span className="sr-only"> for {t.name}</span>
                    </button>
                  ))}
              </TicketRow>
            ))}
          </ul>
        </>
      )}

      {(summary.savings.length > 0 || summary.fee !== null) && (
        <div className="mt-2 border-t border-slate-200 pt-4" aria-live="polite">
          <SavingLines summary={summary} />
        </div>
      )}
      <div
        className={clsx(
          'flex items-baseline justify-between pt-4',
          summary.savings.length > 0 || summary.fee !== null ? 'mt-1' : 'mt-2 border-t border-slate-200',
        )}
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
        <fieldset className="mt-6">
          <legend className="text-base font-semibold">Your details</legend>
          <p className="mb-4 mt-1 text-sm text-slate-600">We send your e-tickets to this email address.</p>
          <GuestDetailsFields
            details={details}
            errors={pay.problem.details}
            onChange={changeDetail}
            onSomeoneElse={known && Object.values(details).some((v) => v !== '') ? someoneElse : undefined}
          />
        </fieldset>
      )}

      {onSale && ticketCount > 0 && (
        <Suspense
          fallback={
            <p className="mt-6 flex items-center gap-2 text-sm text-slate-500" role="status">
              <Spinner className="h-4 w-4" /> Loading the delegates’ details...
            </p>
          }
        >
          <DelegateCards
            draft={delegates}
            errors={pay.problem.delegates}
            buyer={me || null}
            changesLockHours={event.changes_lock_hours}
            onCard={changeCard}
            onAnswer={changeAnswer}
          />
        </Suspense>
      )}

      {onSale && (
        <fieldset className="mt-6">
          <legend className="sr-only">Company</legend>
          <label className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4 accent-brand-700"
              checked={companyOn}
              onChange={(e) => toggleCompany(e.target.checked)}
            />
            <span>
              <span className="block font-semibold text-ink">Buying for a company</span>
              <span className="block text-sm text-slate-600">
                A tax invoice with your company’s KRA PIN
                {invoiceDue ? ', and the choice to pay by invoice' : ''}.
              </span>
            </span>
          </label>
          {companyOn && (
            <Suspense
              fallback={
                <p className="mt-4 flex items-center gap-2 text-sm text-slate-500" role="status">
                  <Spinner className="h-4 w-4" /> Loading the company’s details...
                </p>
              }
            >
              <CompanyFields company={company} errors={pay.problem.company} onChange={changeCompany} />
            </Suspense>
          )}
        </fieldset>
      )}

      {onSale && smsOffered && (
        <label className="mt-6 flex cursor-pointer items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
            checked={bySms}
            onChange={(e) => setBySms(e.target.checked)}
          />
          <span>
            <span className="block font-semibold text-ink">Send my tickets by SMS too</span>
            <span className="block text-slate-600">
              A text with the link to your tickets, to {isBuyer ? 'the phone on your account' : 'the phone above'}.
            </span>
          </span>
        </label>
      )}

      {onSale && (
        <label className="mt-6 flex cursor-pointer items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
            checked={news}
            onChange={(e) => setNews(e.target.checked)}
          />
          <span>{checkoutConsentWording(event.organizer.display_name)}</span>
        </label>
      )}

      {onSale && (
        <PayWith
          invoiceDue={companyOn ? invoiceDue : null}
          onInvoice={() => void startPaying('invoice')}
          busy={pay.busy}
          held={held}
          mpesaOffered={event.currency === 'KES'}
          onCard={() => void startPaying('card')}
          onMpesa={() => void startPaying('mpesa')}
          free={ticketCount > 0 && total === 0}
        />
      )}

      <BookingProtections />
      <BookingErrorDialog problem={pay.problem} onClose={pay.closeMessage} />
    </section>
  );
}

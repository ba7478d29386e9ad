import type { ReactNode } from 'react';
import { Building2, FileText, Landmark, Smartphone } from 'lucide-react';
import type { StoredBooking } from '@tikiti/contract';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { routes } from '../../../lib/routes';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-all text-right font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** "Friday 12 December 2026, 17:00" in Nairobi time. */
export const dueText = (at: string) => `${formatDay(at)}, ${formatTime(at)}`;

/**
 * A booking paid by invoice that awaits payment (status 6, docs/product.md#pay-by-invoice): what
 * is owed, by when (after that the booking is released and its seats go back on sale), how to pay
 * (M-Pesa paybill with the booking reference as the account number, or the organiser's bank), and
 * the proforma invoice. Once the money is in, the e-tickets and the tax invoice are mailed.
 */
export function AwaitingPayment({ booking, onCheck }: { booking: StoredBooking; onCheck: () => void }) {
  const payTo = booking.pay_to ?? null;
  const bank = payTo && (payTo.bank_name || payTo.bank_account_number) ? payTo : null;
  const owed = formatMoney(booking.amount_owed, booking.currency);
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-10 sm:px-6 md:pb-24 md:pt-14">
      <header className="text-center">
        <FileText className="mx-auto h-14 w-14 text-brand-700" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Booked: awaiting payment</h1>
        <p className="mt-3 text-slate-600">
          Your places at <span className="font-semibold text-ink">{booking.event.title}</span> are held for{' '}
          {booking.company?.name ?? booking.full_name}. Booking reference{' '}
          <strong className="font-semibold text-ink" data-testid="booking-reference">
            {booking.reference}
          </strong>
          .
        </p>
      </header>

      <div className="mt-8 space-y-6">
        <Panel title="What is owed">
          <dl className="mt-3 divide-y divide-slate-100 text-sm">
            <Row term="Amount to pay">
              <span className="text-lg" data-testid="amount-owed">
                {owed}
              </span>
            </Row>
            {booking.amount_owed !== booking.price && (
              <Row term="Booking total">{formatMoney(booking.price, booking.currency)}</Row>
            )}
            {booking.due_at && (
              <Row term="Pay by">
                <time dateTime={booking.due_at} data-testid="due-at">
                  {dueText(booking.due_at)}
                </time>
              </Row>
            )}
            {booking.company?.po_number && <Row term="Your PO / LPO">{booking.company.po_number}</Row>}
          </dl>
          <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
            If it is not paid in full by the due date, the booking is released and its seats go back on sale. Once it is
            paid, the e-tickets and the tax invoice are emailed and appear under My tickets.
          </p>
          {booking.proforma_url && (
            <a
              href={booking.proforma_url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-4 inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
            >
              <FileText className="h-4 w-4" aria-hidden /> Download the proforma invoice (PDF)
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </Panel>

        <Panel title="How to pay">
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <section className="rounded-xl border border-slate-200 p-4" aria-labelledby="pay-mpesa">
              <h3 id="pay-mpesa" className="flex items-center gap-2 font-semibold">
                <Smartphone className="h-4 w-4 text-emerald-700" aria-hidden /> M-Pesa paybill
              </h3>
              {payTo?.paybill ? (
                <dl className="mt-2 divide-y divide-slate-100 text-sm">
                  <Row term="Business number">
                    <span data-testid="paybill">{payTo.paybill}</span>
                  </Row>
                  <Row term="Account number">{payTo.account}</Row>
                  <Row term="Amount">{owed}</Row>
                </dl>
              ) : (
                <p className="mt-2 text-sm text-slate-600">
                  Lipa na M-Pesa, Pay bill: the business number is on the proforma invoice; the account number is{' '}
                  <strong className="text-ink">{booking.reference}</strong>.
                </p>
              )}
            </section>
            <section className="rounded-xl border border-slate-200 p-4" aria-labelledby="pay-bank">
              <h3 id="pay-bank" className="flex items-center gap-2 font-semibold">
                <Landmark className="h-4 w-4 text-brand-700" aria-hidden /> Bank transfer
              </h3>
              {bank ? (
                <dl className="mt-2 divide-y divide-slate-100 text-sm">
                  {bank.bank_name && <Row term="Bank">{bank.bank_name}</Row>}
                  {bank.bank_branch && <Row term="Branch">{bank.bank_branch}</Row>}
                  {bank.bank_account_name && <Row term="Account name">{bank.bank_account_name}</Row>}
                  {bank.bank_account_number && <Row term="Account number">{bank.bank_account_number}</Row>}
                  <Row term="Reference">{booking.reference}</Row>
                </dl>
              ) : (
                <p className="mt-2 text-sm text-slate-600">
                  {payTo
                    ? 'The organiser takes payment by M-Pesa paybill only.'
                    : `The organiser’s bank details are on the proforma invoice. Quote ${booking.reference} as the reference.`}
                </p>
              )}
            </section>
          </div>
          {booking.company && (
            <p className="mt-4 flex items-start gap-2 text-sm text-slate-600">
              <Building2 className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span>
                Invoiced to {booking.company.name}, KRA PIN {booking.company.kra_pin}
                {booking.company.address ? `, ${booking.company.address}` : ''}.
              </span>
            </p>
          )}
        </Panel>

        <div className="flex flex-col gap-3 sm:flex-row">
          <Button size="lg" variant="secondary" onClick={onCheck}>
            Check for payment
          </Button>
          <ButtonLink to={routes.myTickets} size="lg" variant="ghost">
            My tickets
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { Ban, CalendarPlus, Clock, Download, FileText, Lock, Mail, MapPin, Maximize2, UserRound } from 'lucide-react';
import {
  BOOKING_STATUS,
  BOOKING_STATUS_WORDS,
  bookingCalendarFile,
  calendarBookingOfETicket,
  lineTotal,
  parseCurrency,
  type ETicket,
  type ETicketItem,
  type PaymentMethod,
} from '@tikiti/contract';
import { DelegateDialog } from '../../../components/delegates/delegate-dialog';
import { attendeeQuestionsFor, delegateValuesOf, NO_DELEGATE } from '../../../components/delegates/delegate-values';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { icsHref } from '../../../lib/calendar';
import { countOf, formatDateRange, formatDay, formatMoney, formatTime } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useSingleFlight } from '../../../lib/single-flight';
import { useEmailTickets, useRenameDelegate } from '../api/etickets';
import type { EnlargedQr } from './qr-dialog';
import { CertificateLink } from './certificate-link';

const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  mpesa: 'M-Pesa',
  paypal: 'PayPal',
  invoice: 'Invoice',
};

/** How many people the booking's own code admits: its tickets that still admit anyone. */
function bookingAdmits(booking: ETicket): number {
  if (booking.tickets.length === 0)
    return booking.booking.tickets.reduce((n, l) => n + l.no_of_persons * l.quantity, 0);
  return booking.tickets.filter((t) => !t.revoked).reduce((n, t) => n + t.admits, 0);
}

const people = (n: number) => countOf(n, 'person', 'people');

/** "Tue, 10 Mar 2026 at 09:00", Nairobi time. */
const when = (iso: string) => `${formatDay(iso)} at ${formatTime(iso)}`;

/** A QR image that opens full screen when tapped. */
export function QrButton({
  src,
  label,
  onOpen,
  className,
}: {
  src: string;
  label: string;
  onOpen: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={label}
      className={clsx(
        'group relative shrink-0 rounded-xl border border-slate-200 bg-white p-1 shadow-sm transition hover:border-brand-600 hover:shadow-md',
        className,
      )}
    >
      <img src={src} alt="" width={300} height={300} className="h-full w-full [image-rendering:pixelated]" />
      <span className="absolute -bottom-2 -right-2 rounded-full bg-brand-700 p-1.5 text-white shadow ring-2 ring-white group-hover:bg-brand-800">
        <Maximize2 className="h-3 w-3" aria-hidden />
      </span>
    </button>
  );
}

function TicketRow({
  ticket,
  index,
  count,
  booking,
  scannable,
  changeable,
  onEnlarge,
  onChange,
}: {
  ticket: ETicketItem;
  index: number;
  count: number;
  booking: ETicket;
  scannable: boolean;
  /** Its delegate may be named or changed now (before the event's lock). */
  changeable: boolean;
  onEnlarge: (qr: EnlargedQr) => void;
  onChange: () => void;
}) {
  const which = `Ticket ${index + 1} of ${count}`;
  const admits = `Admits ${ticket.admits}`;
  const { attendee } = ticket;
  return (
    <li
      className={clsx(
        'flex items-center gap-4 rounded-xl border p-3',
        ticket.revoked ? 'border-red-200 bg-red-50/60' : 'border-slate-200 bg-white',
      )}
    >
      {ticket.revoked ? (
        <div className="flex h-20 w-20 shrink-0 flex-col items-center justify-center rounded-xl border border-dashed border-red-300 bg-white text-red-600">
          <Ban className="h-7 w-7" aria-hidden />
        </div>
      ) : scannable ? (
        <QrButton
          src={ticket.qr}
          label={`Enlarge the QR code of ${which}: ${ticket.ticket_type}`}
          className="h-20 w-20"
          onOpen={() =>
            onEnlarge({
              src: ticket.qr,
              title: ticket.ticket_type,
              holder: attendee.named ? attendee.full_name : `${ticket.holder_name} (to be named)`,
              lines: [
                ...(attendee.named && attendee.company ? [attendee.company] : []),
                `${admits} · ${which}`,
                `Reference ${ticket.reference}`,
                `${booking.title} · ${booking.booking.booking_id}`,
              ],
            })
          }
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{ticket.ticket_type}</p>
        {scannable && !ticket.revoked && (
          <p className="font-mono text-sm font-semibold tracking-wide text-ink" title="This ticket's reference">
            {ticket.reference}
          </p>
        )}
        {attendee.named ? (
          <>
            <p className="truncate text-sm font-medium text-slate-800">{attendee.full_name}</p>
            {attendee.company && <p className="truncate text-xs text-slate-600">{attendee.company}</p>}
          </>
        ) : (
          <p className="text-sm italic text-slate-600">To be named</p>
        )}
        <p className="text-xs text-slate-500">
          {admits} · {which}
        </p>
        {changeable && (
          <button
            type="button"
            onClick={onChange}
            className="mt-1.5 inline-flex min-h-8 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
            aria-label={`${attendee.named ? 'Change' : 'Name'} the delegate of ${which}`}
          >
            <UserRound className="h-4 w-4" aria-hidden />
            {attendee.named ? 'Change' : 'Name'}
          </button>
        )}
        <CertificateLink certificate={ticket.certificate} />
        {ticket.revoked && (
          <p className="mt-1.5 inline-flex rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
            Revoked: not valid for entry
          </p>
        )}
      </div>
    </li>
  );
}

/** The order: quantity × type, how many it admits, the line's amount, and the total. */
function OrderLines({ booking }: { booking: ETicket }) {
  const { currency, tickets: lines, price } = booking.booking;
  const admitsTotal = lines.reduce((n, l) => n + l.no_of_persons * l.quantity, 0);
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-slate-200 text-xs text-slate-500">
        <tr>
          <th scope="col" className="py-2 pr-2 font-semibold">
            Tickets
          </th>
          <th scope="col" className="px-2 py-2 text-right font-semibold">
            Admits
          </th>
          <th scope="col" className="py-2 pl-2 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {lines.map((line, i) => (
          <tr key={i}>
            <td className="py-2.5 pr-2 text-ink">
              {line.quantity} × {line.name}
            </td>
            <td className="px-2 py-2.5 text-right tabular-nums">{line.no_of_persons * line.quantity}</td>
            <td className="whitespace-nowrap py-2.5 pl-2 text-right tabular-nums">
              {formatMoney(lineTotal(line.price_per_ticket, line.quantity, parseCurrency(currency)), currency)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-slate-200">
        <tr>
          <th scope="row" className="pt-3 font-semibold text-ink">
            Total
          </th>
          <td className="px-2 pt-3 text-right font-semibold tabular-nums text-ink">{admitsTotal}</td>
          <td className="whitespace-nowrap pt-3 pl-2 text-right text-base font-bold tabular-nums text-ink">
            {formatMoney(price, currency)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** "Email my tickets": one mail at a time, with the server's answer. */
function useEmailButton(reference: string) {
  const email = useEmailTickets();
  const [busy, run] = useSingleFlight();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = () =>
    run(async () => {
      setResult(null);
      try {
        setResult({ ok: true, text: await email.mutateAsync({ reference }) });
      } catch (err) {
        setResult({ ok: false, text: errorMessage(err) });
      }
    });
  return { busy, send, result };
}

/**
 * One booking on the E-tickets page (docs/product.md#e-tickets-and-signed-codes): the event,
 * the buyer's name, the booking id and payment method, the booking's own QR code and each
 * ticket's, the PDF, the calendar file, "Email my tickets" and the order. A past event's booking
 * is quieter: no codes to scan, no calendar. A booking paid by invoice shows its tax invoice; one
 * still awaiting payment shows its state, the due date and the proforma, and no tickets yet.
 */
export function BookingCard({
  booking,
  past = false,
  onEnlarge,
}: {
  booking: ETicket;
  past?: boolean;
  onEnlarge: (qr: EnlargedQr) => void;
}) {
  const reference = booking.booking.booking_id;
  const revoked = booking.tickets.length > 0 && booking.tickets.every((t) => t.revoked);
  // Paid by invoice and not yet paid (status 6): a proforma, no tickets yet (docs/product.md#pay-by-invoice).
  const awaiting = booking.booking.proforma_url !== null;
  const scannable = !past && !revoked && !awaiting;
  const admits = bookingAdmits(booking);
  const mail = useEmailButton(reference);
  const headingId = `booking-${reference}`;
  const rename = useRenameDelegate();
  /** The ticket whose delegate is being named or changed, and what the last change did. */
  const [renaming, setRenaming] = useState<{ ticket: ETicketItem; which: string } | null>(null);
  const [renamed, setRenamed] = useState<string | null>(null);
  // docs/product.md#delegates-and-questions: the buyer names or changes delegates until the lock.
  const open = !past && !revoked && Date.now() < Date.parse(booking.changes_until);
  const anyUnnamed = booking.tickets.some((t) => !t.revoked && !t.attendee.named);

  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        'overflow-hidden rounded-2xl border',
        past ? 'border-slate-200 bg-surface' : 'border-slate-200 bg-white shadow-sm',
      )}
    >
      {/* Phones: the event, then the booking's code (what the door needs), then the details and files;
          wider screens: the code in a column of its own. */}
      <div className={clsx('grid', scannable && 'md:grid-cols-[minmax(0,1fr)_260px] md:grid-rows-[auto_1fr]')}>
        <div
          className={clsx('min-w-0 p-5 sm:p-6 md:col-start-1 md:row-start-1', scannable ? 'md:pb-0' : 'pb-0 sm:pb-0')}
        >
          <p className={clsx('text-sm font-semibold', past ? 'text-slate-500' : 'text-brand-700')}>
            <time dateTime={booking.start_time}>{formatDateRange(booking.start_time, booking.end_time)}</time>
            {awaiting && (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                {BOOKING_STATUS_WORDS[BOOKING_STATUS.awaiting_payment]}
              </span>
            )}
            {past && (
              <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-600">
                Ended
              </span>
            )}
          </p>
          <h3 id={headingId} className={clsx('mt-1.5 font-bold leading-snug', past ? 'text-lg' : 'text-xl')}>
            <Link to={routes.details(booking.event_id, booking.slug)} className="hover:text-brand-700 hover:underline">
              {booking.title}
            </Link>
          </h3>
          {booking.short_description && (
            <p className="mt-1.5 text-sm leading-6 text-slate-600">{booking.short_description}</p>
          )}
          <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
            {booking.location}
          </p>
        </div>

        {scannable && (
          <div className="flex flex-col items-center justify-center border-y border-slate-200 bg-surface p-5 text-center md:col-start-2 md:row-span-2 md:row-start-1 md:border-y-0 md:border-l">
            <p className="text-sm font-semibold text-ink">Booking QR code</p>
            <QrButton
              src={booking.code_link}
              label={`Enlarge the booking QR code of ${reference}`}
              className="mt-3 h-44 w-44"
              onOpen={() =>
                onEnlarge({
                  src: booking.code_link,
                  title: 'Whole booking',
                  holder: booking.holder_name,
                  lines: [`Admits ${people(admits)}`, `${booking.title} · ${reference}`],
                })
              }
            />
            <p className="mt-3 font-mono text-base font-semibold tracking-wide text-ink">{reference}</p>
            <p className="mt-1 text-xs text-slate-500">
              Admits everyone on this booking ({people(admits)}). Tap a code to enlarge it. If a code will not scan, the
              door can type its reference.
            </p>
          </div>
        )}

        <div
          className={clsx('min-w-0 p-5 sm:p-6 md:col-start-1 md:row-start-2', scannable ? 'md:pt-5' : 'pt-5 sm:pt-5')}
        >
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-slate-500">Name</dt>
              <dd className="font-semibold text-ink">{booking.holder_name}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Booking ID</dt>
              <dd className="font-semibold tabular-nums text-ink">{reference}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Payment method</dt>
              <dd className="font-semibold text-ink">{PAYMENT_METHOD_LABELS[booking.booking.payment_method]}</dd>
            </div>
            {booking.booking.receipt_number && (
              <div>
                <dt className="text-slate-500">M-Pesa receipt</dt>
                <dd className="font-semibold tabular-nums text-ink" data-testid="mpesa-receipt">
                  {booking.booking.receipt_number}
                </dd>
              </div>
            )}
          </dl>

          {awaiting && (
            <div className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
              <p className="flex items-start gap-2">
                <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                <span>
                  Awaiting payment of {formatMoney(booking.booking.price, booking.booking.currency)}
                  {booking.booking.due_at && (
                    <>
                      {' '}
                      by{' '}
                      <strong className="font-semibold">
                        {formatDay(booking.booking.due_at)}, {formatTime(booking.booking.due_at)}
                      </strong>
                    </>
                  )}
                  : pay by M-Pesa paybill or bank with account number {reference}. The e-tickets come once it is paid;
                  unpaid, the booking is released at the due date.
                </span>
              </p>
              <a
                href={booking.booking.proforma_url ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                className={clsx(buttonClass('secondary', 'sm'), 'mt-3')}
              >
                <FileText className="h-4 w-4" aria-hidden /> Proforma invoice (PDF)
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
          )}

          {revoked && (
            <Alert type="warning" className="mt-5">
              These tickets were revoked (the booking was refunded or the event cancelled). They no longer admit anyone.
            </Alert>
          )}

          {/* Revoked tickets are nothing to download, mail or put in a calendar: they admit no one. */}
          {!revoked && !awaiting && (
            <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <a href={booking.link} download={`tikiti-${reference}.pdf`} className={buttonClass('primary', 'md')}>
                <Download className="h-4 w-4" aria-hidden /> Download
              </a>
              {!past && (
                <a
                  href={icsHref(bookingCalendarFile(calendarBookingOfETicket(booking), window.location.origin))}
                  download={`tikiti-${reference}.ics`}
                  className={buttonClass('secondary', 'md')}
                >
                  <CalendarPlus className="h-4 w-4" aria-hidden /> Add to calendar
                </a>
              )}
              <Button variant="secondary" onClick={() => void mail.send()} busy={mail.busy} busyText="Sending...">
                <Mail className="h-4 w-4" aria-hidden /> Email my tickets
              </Button>
            </div>
          )}
          {booking.booking.invoice_url && (
            <a
              href={booking.booking.invoice_url}
              target="_blank"
              rel="noopener noreferrer"
              className={clsx(buttonClass('ghost', 'md'), 'mt-2')}
            >
              <FileText className="h-4 w-4" aria-hidden /> Tax invoice (PDF)
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
          {mail.result && (
            <Alert type={mail.result.ok ? 'success' : 'danger'} className="mt-3">
              {mail.result.text}
            </Alert>
          )}
        </div>
      </div>

      {booking.tickets.length > 0 && (
        <section aria-label={`Tickets of ${reference}`} className="border-t border-slate-200 p-5 sm:p-6">
          <h4 className="text-sm font-semibold text-ink">
            {booking.tickets.length === 1 ? 'Your ticket' : `Your ${booking.tickets.length} tickets`}
          </h4>
          {scannable && (
            <p className="mt-0.5 text-xs text-slate-500">Each ticket has its own code, for guests arriving apart.</p>
          )}
          {!past && !revoked && (
            <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-600" data-testid="changes-until">
              {open ? (
                <span>
                  {anyUnnamed ? 'Name your delegates, or change them, ' : 'You can change a delegate '}until{' '}
                  <strong className="font-semibold text-ink">{when(booking.changes_until)}</strong>. A change gives the
                  ticket a new code and mails it to the delegate.
                </span>
              ) : (
                <>
                  <Lock className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  <span>
                    Delegates could be named or changed until {when(booking.changes_until)}. Ask the organiser for any
                    change now.
                  </span>
                </>
              )}
            </p>
          )}
          {renamed && (
            <Alert type="success" className="mt-3" onDismiss={() => setRenamed(null)}>
              {renamed}
            </Alert>
          )}
          <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {booking.tickets.map((ticket, i) => (
              <TicketRow
                key={ticket.id}
                ticket={ticket}
                index={i}
                count={booking.tickets.length}
                booking={booking}
                scannable={scannable}
                changeable={open && !ticket.revoked}
                onEnlarge={onEnlarge}
                onChange={() => {
                  setRenamed(null);
                  setRenaming({ ticket, which: `Ticket ${i + 1} of ${booking.tickets.length}` });
                }}
              />
            ))}
          </ul>
          {renaming && (
            <DelegateDialog
              title={renaming.ticket.attendee.named ? 'Change the delegate' : 'Name the delegate'}
              intro={
                <p>
                  {renaming.which} · {renaming.ticket.ticket_type}. A new name or email gives the ticket a new code (the
                  old one stops working) and mails the delegate their own ticket, with a copy to you.
                </p>
              }
              initial={
                renaming.ticket.attendee.named
                  ? delegateValuesOf(renaming.ticket.attendee, renaming.ticket.attendee.answers, booking.questions)
                  : NO_DELEGATE
              }
              questions={attendeeQuestionsFor(booking.questions, renaming.ticket.ticket_type_id)}
              submitLabel="Save delegate"
              onSave={async (body) => {
                const saved = await rename.mutateAsync({ ticketId: renaming.ticket.id, body });
                setRenamed(
                  `${renaming.which} is now ${saved.data.attendee.full_name}'s${saved.data.id !== renaming.ticket.id ? ', with a new code' : ''}.`,
                );
              }}
              onClose={() => setRenaming(null)}
            />
          )}
        </section>
      )}

      <div className="border-t border-slate-200 p-5 sm:p-6">
        <OrderLines booking={booking} />
      </div>
    </article>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import clsx from 'clsx';
import { Ban, CalendarPlus, Download, MapPin, Ticket } from 'lucide-react';
import type { DelegateTicket } from '@tikiti/contract';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink, buttonClass } from '../../../components/ui/button';
import { ErrorState, Skeleton } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateRange } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useDelegateTicket } from '../api/etickets';
import { QrButton } from '../components/booking-card';
import type { EnlargedQr } from '../components/qr-dialog';
import { CertificateLink } from '../components/certificate-link';

/** The full-screen code loads on the first tap. */
const QrDialog = lazy(() => import('../components/qr-dialog'));

/** A link that opens no ticket: re-issued since, mistyped, or forged (the API answers all of them alike). */
function LinkNotValid() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <Ticket className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">This ticket link is no longer valid</h1>
      <p className="mt-3 text-slate-600">
        The ticket may have been re-issued (to you with a new code, or to someone else), or the link was cut short. Look
        for a newer email from Tikiti with your ticket, or ask the person who booked your place to send it again from
        their E-tickets page.
      </p>
      <ButtonLink to={routes.allEvents} variant="secondary" className="mt-8">
        Browse events
      </ButtonLink>
    </div>
  );
}

function DelegateTicketView({ ticket: d, onEnlarge }: { ticket: DelegateTicket; onEnlarge: (qr: EnlargedQr) => void }) {
  const { ticket } = d;
  const who = ticket.attendee.named ? ticket.attendee.full_name : ticket.holder_name;
  const scannable = !d.ended && !ticket.revoked;
  return (
    <article
      aria-labelledby="delegate-ticket-title"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {d.image_card && <img src={d.image_card} alt="" className="aspect-[2/1] w-full object-cover" />}
      <div className="p-5 sm:p-6">
        <p className="text-sm font-semibold text-brand-700">
          <time dateTime={d.start_time}>{formatDateRange(d.start_time, d.end_time)}</time>
        </p>
        <h1 id="delegate-ticket-title" className="mt-1.5 text-2xl font-bold leading-snug">
          <Link to={routes.details(d.event_id, d.slug)} className="hover:text-brand-700 hover:underline">
            {d.title}
          </Link>
        </h1>
        {d.short_description && <p className="mt-1.5 text-sm leading-6 text-slate-600">{d.short_description}</p>}
        <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          {d.location}
        </p>
      </div>

      <div
        className={clsx(
          'flex flex-col items-center border-t border-slate-200 p-5 text-center sm:p-6',
          scannable ? 'bg-surface' : 'bg-white',
        )}
      >
        <p className="text-lg font-bold text-ink">{who}</p>
        {ticket.attendee.company && <p className="text-sm text-slate-600">{ticket.attendee.company}</p>}
        <p className="mt-1 text-sm text-slate-600">
          {ticket.ticket_type} · Admits {ticket.admits}
        </p>
        {ticket.revoked ? (
          <Alert type="warning" className="mt-4 text-left">
            <span className="inline-flex items-center gap-1.5">
              <Ban className="h-4 w-4" aria-hidden /> This ticket no longer admits anyone: its booking was refunded or
              the event cancelled.
            </span>
          </Alert>
        ) : d.ended ? (
          <>
            <p className="mt-4 text-sm text-slate-500">This event is over.</p>
            <CertificateLink certificate={ticket.certificate} />
          </>
        ) : (
          <>
            <QrButton
              src={ticket.qr}
              label={`Enlarge the QR code of your ticket: ${ticket.ticket_type}`}
              className="mt-4 h-52 w-52"
              onOpen={() =>
                onEnlarge({
                  src: ticket.qr,
                  title: ticket.ticket_type,
                  holder: who,
                  lines: [
                    ...(ticket.attendee.company ? [ticket.attendee.company] : []),
                    `Admits ${ticket.admits}`,
                    `Reference ${ticket.reference}`,
                    d.title,
                  ],
                })
              }
            />
            <p
              className="mt-3 font-mono text-base font-semibold tracking-wide text-ink"
              title="This ticket's reference"
            >
              {ticket.reference}
            </p>
            <p className="mt-1 max-w-sm text-xs text-slate-500">
              Show this code at the door; tap it to enlarge it. If it will not scan, the door can type its reference.
            </p>
          </>
        )}
      </div>

      {!ticket.revoked && (
        <div className="flex flex-col gap-2 border-t border-slate-200 p-5 sm:flex-row sm:p-6">
          <a href={d.link} download={`tikiti-${ticket.reference}.pdf`} className={buttonClass('primary', 'md')}>
            <Download className="h-4 w-4" aria-hidden /> Download PDF
          </a>
          {!d.ended && (
            <a
              href={d.calendar_link}
              download={`tikiti-${ticket.reference}.ics`}
              className={buttonClass('secondary', 'md')}
            >
              <CalendarPlus className="h-4 w-4" aria-hidden /> Add to calendar
            </a>
          )}
        </div>
      )}
    </article>
  );
}

/**
 * docs/product.md#routes-and-screens `/ticket/{ticket_id}?sig=…`: a delegate's own ticket, opened
 * from the signed link in their mail without signing in (docs/product.md#delegates-and-questions):
 * the event, their one ticket's QR code (tap to enlarge), its short reference, its PDF and a
 * calendar file; never the rest of the booking. A link that opens nothing (the ticket re-issued
 * since, or the link cut short) says so and what to do.
 */
export default function DelegateTicketPage() {
  const id = Number(useParams().ticketId);
  const sig = useSearchParams()[0].get('sig') ?? '';
  const query = useDelegateTicket(id, sig);
  const [enlarged, setEnlarged] = useState<EnlargedQr | null>(null);
  const invalid =
    !Number.isInteger(id) ||
    id <= 0 ||
    sig === '' ||
    (query.error instanceof ApiError &&
      (query.error.code === 'not_found' || query.error.code === 'validation.invalid_field'));
  useTitle(query.data ? `Your ticket · ${query.data.title}` : invalid ? 'Ticket link not valid' : 'Your ticket');

  if (invalid) return <LinkNotValid />;
  return (
    <div className="mx-auto max-w-xl px-4 pb-16 pt-10 sm:px-6 md:pt-14">
      <p className="mb-4 flex items-center gap-2 text-sm font-semibold text-slate-600">
        <Ticket className="h-4 w-4 text-brand-700" aria-hidden /> Your ticket
      </p>
      {query.isPending ? (
        <div
          role="status"
          aria-label="Loading your ticket"
          className="space-y-3 rounded-2xl border border-slate-200 p-6"
        >
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-7 w-3/4" />
          <Skeleton className="mx-auto mt-6 h-52 w-52" />
        </div>
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <DelegateTicketView ticket={query.data} onEnlarge={setEnlarged} />
      )}
      {enlarged && (
        <Suspense fallback={null}>
          <QrDialog qr={enlarged} onClose={() => setEnlarged(null)} />
        </Suspense>
      )}
    </div>
  );
}

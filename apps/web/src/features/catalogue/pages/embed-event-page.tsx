import { useParams } from 'react-router';
import { CalendarDays, MapPin, UserRound } from 'lucide-react';
import type { Event } from '@tikiti/contract';
import { ErrorState, Skeleton } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateRange } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useEventDetails } from '../api/use-event-details';
import { BookingPanel } from '../components/booking-panel';

/** The event in a line or three: what, when, where, who; the full page opens on Tikiti in a new tab. */
function EventHeader({ event }: { event: Event }) {
  return (
    <header>
      <h1 className="text-xl font-bold leading-tight tracking-tight sm:text-2xl">{event.title}</h1>
      <ul className="mt-3 space-y-1.5 text-sm text-slate-700">
        <li className="flex items-start gap-2">
          <CalendarDays className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
          <span>
            <span className="sr-only">When: </span>
            <time dateTime={event.start_time}>{formatDateRange(event.start_time, event.end_time)}</time>
          </span>
        </li>
        <li className="flex items-start gap-2">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
          <span>
            <span className="sr-only">Where: </span>
            {event.location}
          </span>
        </li>
        <li className="flex items-start gap-2">
          <UserRound className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
          <span>
            <span className="sr-only">Organiser: </span>By {event.organizer.display_name}
          </span>
        </li>
      </ul>
      <a
        href={routes.details(event.id, event.slug)}
        target="_blank"
        rel="noopener"
        className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        About this event<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </header>
  );
}

/**
 * docs/api.md#widget `/embed/events/{id}`: what the widget's frame shows on another site, the
 * event in brief and its booking panel, without the site's header and footer. The checkout then
 * goes on inside the frame (/embed/payment/…).
 */
export default function EmbedEventPage() {
  const { id: idParam = '' } = useParams();
  const id = /^\d{1,10}$/.test(idParam) ? Number(idParam) : NaN;
  const query = useEventDetails(id);
  const missing =
    Number.isNaN(id) ||
    (query.error instanceof ApiError &&
      (query.error.code === 'not_found' || query.error.code === 'validation.invalid_field'));
  useTitle(query.data?.title ?? (missing ? 'Event not found' : 'Tickets'));

  let content;
  if (missing) {
    content = (
      <div className="py-10 text-center">
        <h1 className="text-xl font-bold">Event not found</h1>
        <p className="mt-2 text-slate-600">This event is not on sale on Tikiti.</p>
      </div>
    );
  } else if (query.isPending) {
    content = (
      <div role="status" aria-label="Loading event">
        <Skeleton className="h-7 w-3/4" />
        <Skeleton className="mt-4 h-4 w-60" />
        <Skeleton className="mt-2 h-4 w-48" />
        <Skeleton className="mt-6 h-72 w-full rounded-2xl" />
      </div>
    );
  } else if (query.isError) {
    content = <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else {
    content = (
      <div className="space-y-5" key={query.data.id}>
        <EventHeader event={query.data} />
        <BookingPanel event={query.data} />
      </div>
    );
  }
  return <div className="mx-auto max-w-xl px-4 py-5 sm:px-5">{content}</div>;
}

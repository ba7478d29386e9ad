import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, CalendarDays, ExternalLink, MapPin, Ticket, UserRound } from 'lucide-react';
import { DETAILS_IMAGE_SIZES, type Event } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../components/ui/button';
import { ErrorState, Skeleton } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { mapsSearchUrl } from '../../../lib/calendar';
import { formatDateRange } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { useEventDetails } from '../api/use-event-details';
import { BookingPanel } from '../components/booking-panel';
import type { CodeBoxProps } from '../components/code-box';
import { EventImage } from '../components/event-card';
import { RelatedEvents } from '../components/related-events';

const mapsUrl = (event: Event) => mapsSearchUrl(event.coordinates ?? event.location);

/** Blank lines separate paragraphs; single line breaks stay line breaks (docs/product.md#buyer-side). */
function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="space-y-4 text-base leading-7 text-slate-700">
      {paragraphs.map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}

function EventDetails({ event, code }: { event: Event; code: CodeBoxProps }) {
  return (
    <article className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6 md:pb-20 md:pt-10">
      <Link
        to={routes.allEvents}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> All events
      </Link>

      <header className="mt-5">
        <div className="flex flex-wrap items-center gap-2">
          {event.category && (
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{event.category.name}</p>
          )}
          {event.ended ? (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-inset ring-slate-500/20">
              Ended
            </span>
          ) : (
            event.sold_out && (
              <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-600/20">
                Sold out
              </span>
            )
          )}
        </div>
        <h1 className="mt-2 text-3xl font-bold leading-tight tracking-tight sm:text-4xl">{event.title}</h1>
        <ul className="mt-5 space-y-3 text-slate-700">
          <li className="flex items-start gap-3">
            <CalendarDays className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>
              <span className="sr-only">When: </span>
              <time dateTime={event.start_time}>{formatDateRange(event.start_time, event.end_time)}</time>
            </span>
          </li>
          <li className="flex items-start gap-3">
            <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>
              <span className="sr-only">Where: </span>
              {event.location}
              {' · '}
              <a
                href={mapsUrl(event)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                See on map
                <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </span>
          </li>
          <li className="flex items-start gap-3">
            <UserRound className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>
              <span className="sr-only">Organiser: </span>By{' '}
              <Link
                to={routes.organizerPage(event.organizer.slug)}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {event.organizer.display_name}
              </Link>
            </span>
          </li>
        </ul>
        {!event.ended && (
          <a
            href="#tickets"
            className="mt-6 inline-flex h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 lg:hidden"
          >
            <Ticket className="h-4 w-4" aria-hidden /> Get tickets
          </a>
        )}
      </header>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start">
        <div className="min-w-0">
          <EventImage
            src={event.image}
            srcSet={event.image_srcset}
            sizes={DETAILS_IMAGE_SIZES}
            alt={event.title}
            priority
            className="rounded-2xl"
          />
          <section className="mt-10" aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-2xl font-bold tracking-tight">
              About this event
            </h2>
            {event.short_description && (
              <p className="mt-4 text-lg leading-8 text-slate-800">{event.short_description}</p>
            )}
            <div className="mt-4">
              <Description text={event.full_description} />
            </div>
          </section>
        </div>
        {/* Not sticky: with guest details and the card form the panel is taller than a laptop's screen. */}
        <div>
          <BookingPanel event={event} code={code} />
        </div>
      </div>

      <RelatedEvents event={event} />
    </article>
  );
}

function DetailsSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 md:py-10" role="status" aria-label="Loading event">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-6 h-9 w-3/4" />
      <Skeleton className="mt-5 h-5 w-72" />
      <Skeleton className="mt-3 h-5 w-56" />
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_400px]">
        <Skeleton className="aspect-[2/1] w-full rounded-2xl" />
        <Skeleton className="h-80 w-full rounded-2xl" />
      </div>
    </div>
  );
}

function EventNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold">Event not found</h1>
      <p className="mt-3 text-slate-600">
        This event does not exist or is no longer on sale. Have a look at what else is coming up.
      </p>
      <ButtonLink to={routes.allEvents} className="mt-8">
        Browse all events
      </ButtonLink>
    </div>
  );
}

/** The reason the server refused a code: its message on the field `code`, else the whole message. */
function codeRefusal(err: unknown): string {
  if (err instanceof ApiError) return err.fieldErrors.find((f) => f.path === 'code')?.message ?? err.message;
  return errorMessage(err);
}

export default function EventDetailsPage() {
  const { id: idParam = '', slug } = useParams();
  const id = /^\d{1,10}$/.test(idParam) ? Number(idParam) : NaN;
  // "Have a code?" puts the code in the address (`?code=SPEAKERS`), so a link handed to a speaker
  // opens the page with it (docs/product.md#hidden-ticket-types).
  const [search, setSearch] = useSearchParams();
  const code = search.get('code')?.trim().toUpperCase() || undefined;
  const query = useEventDetails(id);
  const coded = useEventDetails(id, code);
  const navigate = useNavigate();
  const { search: addressQuery } = useLocation();
  // With a code the server accepted, the event as the code shows it; refused, the event without it.
  const event = (code && coded.data) || query.data;
  const setCode = (next: string | undefined) =>
    setSearch(
      (params) => {
        const kept = new URLSearchParams(params);
        if (next) kept.set('code', next);
        else kept.delete('code');
        return kept;
      },
      { replace: true },
    );
  const codeBox: CodeBoxProps = {
    applied: code && coded.data ? coded.data.applied_code : undefined,
    checking: code && coded.isPending ? code : undefined,
    error: code && coded.isError ? codeRefusal(coded.error) : undefined,
    onApply: (text) => setCode(text.trim().toUpperCase()),
    onRemove: () => setCode(undefined),
  };
  const missing =
    Number.isNaN(id) ||
    (query.error instanceof ApiError &&
      (query.error.code === 'not_found' || query.error.code === 'validation.invalid_field'));
  useTitle(event?.title ?? (missing ? 'Event not found' : 'Event'));

  // Keep the address canonical: /details/{id}/{slug of the current title}.
  useEffect(() => {
    if (event && slug !== event.slug) {
      void navigate(`${routes.details(event.id, event.slug)}${addressQuery}`, { replace: true });
    }
  }, [event, slug, navigate, addressQuery]);

  if (missing) return <EventNotFound />;
  if (query.isPending) return <DetailsSkeleton />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  // Keyed by id: another event starts with fresh quantities (docs/product.md#buyer-side).
  return <EventDetails key={query.data.id} event={event ?? query.data} code={codeBox} />;
}

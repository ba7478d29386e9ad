import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { CalendarDays, History } from 'lucide-react';
import type { EventCardData, OrganizerProfile } from '@tikiti/contract';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useOrganizerPage } from '../api/use-organizer-page';
import { EventCard } from '../components/event-card';
import { EventGridSkeleton } from '../components/event-results';

const SLUG = /^[a-z0-9_-]{1,120}$/;

/** The organiser's initials on a teal square, where they have uploaded no logo. */
function Logo({ organizer }: { organizer: OrganizerProfile }) {
  if (organizer.logo) {
    return (
      <img
        src={organizer.logo}
        alt={`${organizer.display_name} logo`}
        width={96}
        height={96}
        className="h-20 w-20 shrink-0 rounded-2xl border border-slate-200 bg-white object-contain p-1.5 sm:h-24 sm:w-24"
      />
    );
  }
  const initials = organizer.display_name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <div
      className="flex h-20 w-20 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 text-2xl font-bold text-white sm:h-24 sm:w-24 sm:text-3xl"
      aria-hidden
    >
      {initials}
    </div>
  );
}

function EventSection({
  title,
  icon,
  events,
  empty,
  first,
}: {
  title: string;
  icon: ReactNode;
  events: EventCardData[];
  empty: string;
  first?: boolean;
}) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section className="mt-12" aria-labelledby={id}>
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold tracking-tight sm:text-2xl">
        {icon}
        {title}
        <span className="text-base font-medium text-slate-500">({events.length})</span>
      </h2>
      {events.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 px-5 py-8 text-center text-slate-600">
          {empty}
        </p>
      ) : (
        <ul className="mt-5 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6" aria-label={title}>
          {events.map((event, i) => (
            <li key={event.id}>
              <EventCard event={event} eager={first && i < 3} priority={first && i === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Blank lines separate paragraphs, as on an event's page. */
function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <div className="mt-4 max-w-3xl space-y-3 leading-7 text-slate-700">
      {paragraphs.map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}

function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold">Organiser not found</h1>
      <p className="mt-3 text-slate-600">No organiser on Tikiti has this address. Have a look at what is coming up.</p>
      <ButtonLink to={routes.allEvents} className="mt-8">
        Browse all events
      </ButtonLink>
    </div>
  );
}

/**
 * docs/product.md#routes-and-screens `/o/{slug}`: an organiser's public page, who they are (name,
 * logo, description) and their published events, upcoming then past. Each of their events' pages
 * links here.
 */
export default function OrganizerPage() {
  const { slug = '' } = useParams();
  const valid = SLUG.test(slug);
  const query = useOrganizerPage(valid ? slug : '');
  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);
  useTitle(query.data?.organizer.display_name ?? (missing ? 'Organiser not found' : 'Organiser'));

  if (missing) return <NotFound />;
  if (query.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6" role="status" aria-label="Loading organiser">
        <div className="flex items-center gap-5">
          <Skeleton className="h-20 w-20 rounded-2xl sm:h-24 sm:w-24" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-8 w-2/3 max-w-md" />
            <Skeleton className="h-4 w-40" />
          </div>
        </div>
        <Skeleton className="mt-6 h-16 w-full max-w-3xl" />
        <div className="mt-12">
          <EventGridSkeleton count={3} />
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const { organizer, upcoming, past } = query.data;
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6 md:pb-20 md:pt-12">
      <header>
        <div className="flex items-center gap-4 sm:gap-6">
          <Logo organizer={organizer} />
          <div className="min-w-0">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Organiser</p>
            <h1 className="mt-1 text-3xl font-bold leading-tight tracking-tight wrap-anywhere sm:text-4xl">
              {organizer.display_name}
            </h1>
          </div>
        </div>
        <Description text={organizer.description} />
      </header>

      {upcoming.length === 0 && past.length === 0 ? (
        <div className="mt-12">
          <EmptyState
            title="No events yet"
            action={
              <ButtonLink to={routes.allEvents} variant="secondary">
                Browse all events
              </ButtonLink>
            }
          >
            {organizer.display_name} has no events on Tikiti at the moment. Have a look at what else is coming up.
          </EmptyState>
        </div>
      ) : (
        <>
          <EventSection
            title="Upcoming events"
            icon={<CalendarDays className="h-6 w-6 text-brand-700" aria-hidden />}
            events={upcoming}
            empty="No upcoming events at the moment: check back soon."
            first
          />
          {past.length > 0 && (
            <EventSection
              title="Past events"
              icon={<History className="h-6 w-6 text-slate-500" aria-hidden />}
              events={past}
              empty=""
            />
          )}
        </>
      )}
    </div>
  );
}

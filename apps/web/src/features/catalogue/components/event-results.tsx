import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ListEventCardsData } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { flattenPages } from '../api/use-events';
import { EventCard, EventCardSkeleton } from './event-card';

const gridClass = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6';

export function EventGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className={gridClass} role="status" aria-label="Loading events">
      {Array.from({ length: count }, (_, i) => (
        <EventCardSkeleton key={i} />
      ))}
    </div>
  );
}

/**
 * A list of events with every state of docs/product.md#look-and-feel: skeleton cards while the first page
 * loads, an error with a retry, an empty message with the next step, and docs/product.md#buyer-side's Load More
 * (shown while more events match than are shown, reading "Loading..." while the next page is fetched).
 */
export function EventResults({
  query,
  empty,
  label,
  headingLevel,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ListEventCardsData>>;
  /** What to show when no event matches. */
  empty: ReactNode;
  /** Accessible name of the list, e.g. "Events". */
  label: string;
  /** The cards' heading level: 2 right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  if (query.isPending) return <EventGridSkeleton />;
  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;

  const events = flattenPages(query.data.pages);
  const total = query.data.pages.at(-1)?.total ?? 0;
  const refreshing = query.isPlaceholderData && query.isFetching;
  const loadingMore = query.isFetchingNextPage;
  if (events.length === 0 && !refreshing) return <>{empty}</>;

  return (
    <div>
      <p className="sr-only" aria-live="polite">
        {refreshing ? 'Loading events' : `Showing ${events.length} of ${total} events`}
      </p>
      <ul
        className={`${gridClass} transition-opacity ${refreshing ? 'opacity-60' : ''}`}
        aria-label={label}
        aria-busy={refreshing || undefined}
      >
        {events.map((event, i) => (
          <li key={event.id}>
            {/* The first row is on screen at once: no lazy loading, the first picture first of all. */}
            <EventCard event={event} eager={i < 3} priority={i === 0} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      {(query.hasNextPage || loadingMore) && (
        <div className="mt-10 flex justify-center">
          <Button
            variant="secondary"
            size="lg"
            className="min-w-44"
            onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
            busy={refreshing || loadingMore}
            busyText="Loading..."
          >
            Load More
          </Button>
        </div>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGE_SIZE, type OwnEventTab } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { useOwnEvents } from '../api/list-own-events';
import { EventCard } from './event-card';

/** A tab's events as cards, with loading, empty and error states and page controls. */
export function OwnEventsList({
  tab,
  page,
  onPage,
  empty,
}: {
  tab: OwnEventTab;
  page: number;
  onPage?: (page: number) => void;
  empty: { title: string; body?: ReactNode; action?: ReactNode };
}) {
  const events = useOwnEvents(tab, page);
  if (events.isPending) {
    return (
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading events">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-72" />
        ))}
      </div>
    );
  }
  if (events.isError) return <ErrorState message={errorMessage(events.error)} onRetry={() => void events.refetch()} />;
  const { data, total } = events.data;
  if (data.length === 0)
    return (
      <EmptyState title={empty.title} action={empty.action}>
        {empty.body}
      </EmptyState>
    );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE.organiser));
  return (
    <div>
      <ul
        className={`grid gap-5 sm:grid-cols-2 xl:grid-cols-3 ${events.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={events.isPlaceholderData || undefined}
      >
        {data.map((e) => (
          <li key={e.id} className="flex">
            <EventCard event={e} />
          </li>
        ))}
      </ul>
      {onPage && pages > 1 && (
        <nav className="mt-8 flex items-center justify-between gap-4" aria-label="Pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {page} of {pages} · {total} events
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </nav>
      )}
    </div>
  );
}

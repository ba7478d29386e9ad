import { Link } from 'react-router';
import { ChevronRight, MapPin, ScanLine } from 'lucide-react';
import { EVENT_STATUS, type DoorEvent } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDateRange } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { useDoorEvents } from '../api/list-door-events';

function DoorEventCard({ event }: { event: DoorEvent }) {
  const cancelled = event.status === EVENT_STATUS.cancelled;
  return (
    <li>
      <Link
        to={routes.checkinEvent(event.id)}
        className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 sm:p-5"
      >
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <ScanLine className="h-6 w-6" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-ink">{event.title}</span>
            {cancelled && (
              <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">Cancelled</span>
            )}
          </span>
          <span className="mt-1 block text-sm text-slate-600">{formatDateRange(event.start_time, event.end_time)}</span>
          <span className="mt-0.5 flex items-center gap-1 text-sm text-slate-500">
            <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />
            <span className="truncate">{event.location}</span>
          </span>
        </span>
        <span className="shrink-0 text-right">
          <span className="block text-lg font-bold tabular-nums text-ink">
            {event.tickets_checked_in}
            <span className="text-sm font-medium text-slate-500"> / {event.tickets_sold}</span>
          </span>
          <span className="block text-xs text-slate-500">checked in</span>
        </span>
        <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
      </Link>
    </li>
  );
}

/**
 * Check-in (docs/product.md, "Check-in"): the events a door can open, soonest first; each opens
 * its door page. Where a door-only teammate lands after signing in.
 */
export default function DoorEventsPage() {
  useTitle('Check-in');
  const list = useDoorEvents();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Check-in</h1>
      <p className="mt-1 text-slate-600">Choose the event at your door to scan tickets.</p>
      <div className="mt-6">
        {list.isPending ? (
          <Loading label="Loading events..." />
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyState title="No events to check in">
            Published events show here from before they start until a day after they end.
          </EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Events">
            {list.data.map((e) => (
              <DoorEventCard key={e.id} event={e} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

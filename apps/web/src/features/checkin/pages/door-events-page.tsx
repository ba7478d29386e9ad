import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight, ScanLine } from 'lucide-react';
import type { DoorEvent } from '@tikiti/contract';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { ButtonLink } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateRange } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useDoorEvents } from '../api/door-api';
import { doorStore } from '../door-store';
import { registerDoorServiceWorker } from '../service-worker';

/** The events whose ticket lists this device holds, for when the list cannot be fetched. */
function useSavedEvents(): DoorEvent[] | null {
  const [saved, setSaved] = useState<DoorEvent[] | null>(null);
  useEffect(() => {
    let live = true;
    void doorStore()
      .then((store) => store.listKits())
      .then((kits) => {
        if (!live) return;
        setSaved(
          kits
            .map(({ kit }) => ({
              ...kit.event,
              tickets_sold: kit.counts.tickets_sold,
              tickets_checked_in: kit.counts.tickets_admitted,
            }))
            .sort((a, b) => (a.start_time < b.start_time ? -1 : 1)),
        );
      });
    return () => {
      live = false;
    };
  }, []);
  return saved;
}

/** Check-ins made offline on this device and not yet synced, per event. */
function usePendingCounts(ids: number[]): Map<number, number> {
  const [counts, setCounts] = useState(new Map<number, number>());
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    void doorStore().then(async (store) => {
      const found = new Map<number, number>();
      for (const id of key ? key.split(',').map(Number) : []) found.set(id, await store.countPending(id));
      if (live) setCounts(found);
    });
    return () => {
      live = false;
    };
  }, [key]);
  return counts;
}

/**
 * /organizer/checkin: the events a door can open (docs/product.md#after-the-sale), soonest
 * first. Without network it offers the events whose ticket lists are on this device.
 */
export default function DoorEventsPage() {
  useTitle('Check-in');
  useEffect(() => registerDoorServiceWorker(), []);
  const events = useDoorEvents();
  const saved = useSavedEvents();
  const shownIds = (events.data ?? saved ?? []).map((e) => e.id);
  const pending = usePendingCounts(shownIds);
  const unreachable = events.isError && events.error instanceof ApiError && events.error.status === 0;

  let body;
  if (events.isPending) {
    body = (
      <div className="space-y-3" role="status" aria-label="Loading events">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  } else if (events.isError && !(unreachable && saved?.length)) {
    body = <ErrorState message={errorMessage(events.error)} onRetry={() => void events.refetch()} />;
  } else {
    const list = events.data ?? saved ?? [];
    body =
      list.length === 0 ? (
        <EmptyState
          title="No events to check in"
          action={
            <ButtonLink to={routes.myEvents} variant="secondary">
              My events
            </ButtonLink>
          }
        >
          Published events show here from a day before they start until a day after they end.
        </EmptyState>
      ) : (
        <>
          {events.isError && (
            <p className="rounded-lg bg-slate-800 px-4 py-3 text-sm text-white" role="status">
              Offline: these events&rsquo; ticket lists are on this device.
            </p>
          )}
          <ul className="space-y-3" aria-label="Events">
            {list.map((e) => (
              <li key={e.id}>
                <Link
                  to={routes.checkinEvent(e.id)}
                  className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm hover:border-brand-600"
                >
                  <ScanLine className="h-8 w-8 shrink-0 text-brand-700" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{e.title}</p>
                    <p className="text-sm text-slate-600">{formatDateRange(e.start_time, e.end_time)}</p>
                    <p className="truncate text-sm text-slate-600">{e.location}</p>
                    <p className="mt-1 text-sm font-medium text-brand-700">
                      {e.status === 3 ? 'Cancelled · ' : ''}Admitted {e.tickets_checked_in} of {e.tickets_sold}
                    </p>
                    {(pending.get(e.id) ?? 0) > 0 && (
                      <p className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {pending.get(e.id)} waiting to sync on this device
                      </p>
                    )}
                  </div>
                  <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </>
      );
  }

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Check-in</h1>
        <p className="mt-1 text-slate-600">
          Pick the event at your door. Its ticket list is kept on this device, so the door works offline too.
        </p>
      </header>
      {body}
    </div>
  );
}

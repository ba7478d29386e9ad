import type { Event } from '@tikiti/contract';
import { useEventCards } from '../api/use-events';
import { EventCard, EventCardSkeleton } from './event-card';

const SHOWN = 3;

/** docs/product.md#buyer-side: other published events of the same category, this one left out. */
export function RelatedEvents({ event }: { event: Event }) {
  const query = useEventCards({ limit: SHOWN + 1, category_id: event.category_id });
  const related = query.data?.data.filter((e) => e.id !== event.id).slice(0, SHOWN) ?? [];
  // Nothing to suggest (or the suggestions failed to load): the page reads fine without them.
  if (!query.isPending && related.length === 0) return null;

  return (
    <section className="mt-16 border-t border-slate-200 pt-12" aria-labelledby="related-heading">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
        More {event.category?.name ?? 'events'} events
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        {query.isPending
          ? Array.from({ length: SHOWN }, (_, i) => (
              <li key={i}>
                <EventCardSkeleton />
              </li>
            ))
          : related.map((e) => (
              <li key={e.id}>
                <EventCard event={e} />
              </li>
            ))}
      </ul>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Event } from '@tikiti/contract';
import { useSession } from '../../../app/store';
import { ApiError, api } from '../../../lib/api-client';
import { eventsKeys } from './keys';
import type { OwnEventsPage } from './list-own-events';

/**
 * One of the organisation's events, for the ticket update page. The event picked on My
 * events is already in client state; opened from a bookmark, it is looked up among the
 * organisation's own events (drafts included, which the public details call hides).
 */
export function useOwnEvent(id: number) {
  const stored = useSession((s) => s.storedEvent);
  return useQuery({
    queryKey: [...eventsKeys.all, 'one', id],
    initialData: stored?.id === id ? stored : undefined,
    queryFn: async ({ signal }): Promise<Event> => {
      for (let page = 1; ; page++) {
        const res = await api<OwnEventsPage>('client/event/view', {
          query: { page, limit: PAGE_SIZE.max },
          side: 'organiser',
          signal,
        });
        const found = res.data.find((e) => e.id === id);
        if (found) return found;
        if (res.data.length === 0 || page * PAGE_SIZE.max >= res.total) {
          throw new ApiError(404, 'This event is not one of your events.');
        }
      }
    },
  });
}

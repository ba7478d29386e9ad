import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useEventDrafts } from '../event-drafts';
import { eventsKeys } from './keys';

/** Loaded with the answer (this module is in the app's first JavaScript through the feature's index). */
const ownEventSchema = () => import('./answer-schemas').then((m) => m.eventDetailsResponseSchema.shape.data);

/**
 * GET v1/client/event/{id}: one of the organisation's events, drafts included (which the
 * public details call hides), for the ticket update page. The event picked on My events or
 * just saved by edit step 2 is already in client state and shows at once; opened from a
 * bookmark, it is fetched. Another organisation's event answers 404.
 */
export function useOwnEvent(id: number) {
  const stored = useEventDrafts((s) => s.storedEvent);
  return useQuery({
    queryKey: [...eventsKeys.all, 'one', id],
    initialData: stored?.id === id ? stored : undefined,
    queryFn: ({ signal }) => api(`client/event/${id}`, { side: 'organiser', signal, schema: ownEventSchema }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

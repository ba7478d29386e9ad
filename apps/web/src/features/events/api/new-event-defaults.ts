import { useQuery } from '@tanstack/react-query';
import { newEventDefaultsSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** GET v1/client/event/defaults: the currency a new event starts in (the organisation's newest event's). */
export function useNewEventDefaults(enabled: boolean) {
  return useQuery({
    queryKey: [...eventsKeys.all, 'defaults'],
    queryFn: ({ signal }) =>
      api('client/event/defaults', { side: 'organiser', signal, schema: newEventDefaultsSchema }),
    enabled,
  });
}

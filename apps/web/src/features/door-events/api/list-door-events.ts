import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { doorEventSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

export const doorEventsQueryKey = ['organiser', 'checkin', 'events'] as const;

/** GET v1/client/checkin/events: the events a door can open, soonest first. */
export function useDoorEvents() {
  return useQuery({
    queryKey: doorEventsQueryKey,
    queryFn: ({ signal }) =>
      api('client/checkin/events', { side: 'organiser', signal, schema: z.array(doorEventSchema) }),
  });
}

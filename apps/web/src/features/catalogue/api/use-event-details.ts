import { useQuery } from '@tanstack/react-query';
import type { Event } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** GET v1/event/details/{id}: one published event with its open ticket types. */
export function useEventDetails(id: number) {
  return useQuery({
    queryKey: ['event', id],
    queryFn: ({ signal }) => api<Event>(`event/details/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

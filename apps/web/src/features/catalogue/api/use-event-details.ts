import { useQuery } from '@tanstack/react-query';
import { eventDetailsResponseSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** GET v1/event/details/{id}: one published event with its open ticket types. */
export function useEventDetails(id: number) {
  return useQuery({
    queryKey: ['event', id],
    queryFn: ({ signal }) => api(`event/details/${id}`, { signal, schema: eventDetailsResponseSchema.shape.data }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

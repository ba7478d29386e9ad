import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const eventDetailsDataSchema = () => import('./answer-schemas').then((m) => m.eventDetailsResponseSchema.shape.data);

/** GET v1/event/details/{id}: one published event with its open ticket types. */
export function useEventDetails(id: number) {
  return useQuery({
    queryKey: ['event', id],
    queryFn: ({ signal }) => api(`event/details/${id}`, { signal, schema: eventDetailsDataSchema }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

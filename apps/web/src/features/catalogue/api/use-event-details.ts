import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const eventDetailsDataSchema = () => import('./answer-schemas').then((m) => m.eventDetailsResponseSchema.shape.data);

/**
 * GET v1/event/details/{id}: one published event with its open ticket types. With `code` (the
 * buyer's "Have a code?", docs/product.md#discount-codes) the answer carries `applied_code` and
 * the hidden types an access code reveals; a code the server refuses is a 400 on the field `code`.
 */
export function useEventDetails(id: number, code?: string) {
  return useQuery({
    queryKey: code ? ['event', id, 'code', code] : ['event', id],
    queryFn: ({ signal }) =>
      api(`event/details/${id}`, { signal, query: code ? { code } : undefined, schema: eventDetailsDataSchema }),
    enabled: Number.isInteger(id) && id > 0 && code !== '',
  });
}

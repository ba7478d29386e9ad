import { useQuery } from '@tanstack/react-query';
import { listCategoriesResponseSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** GET v1/client/category/view: the categories an event can be filed under. */
export function useCategories() {
  return useQuery({
    queryKey: eventsKeys.categories,
    queryFn: ({ signal }) =>
      api('client/category/view', { side: 'organiser', signal, schema: listCategoriesResponseSchema.shape.data }),
    staleTime: 10 * 60_000,
  });
}

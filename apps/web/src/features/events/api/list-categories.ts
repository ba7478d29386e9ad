import { useQuery } from '@tanstack/react-query';
import type { Category } from '@tikiti/contract';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** GET v1/client/category/view: the categories an event can be filed under. */
export function useCategories() {
  return useQuery({
    queryKey: eventsKeys.categories,
    queryFn: ({ signal }) => api<Category[]>('client/category/view', { side: 'organiser', signal }),
    staleTime: 10 * 60_000,
  });
}

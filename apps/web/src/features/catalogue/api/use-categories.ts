import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET v1/category/view: the public categories, for filters and category buttons. */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) =>
      api('category/view', {
        signal,
        schema: () => import('./answer-schemas').then((m) => m.listCategoriesResponseSchema.shape.data),
      }),
    staleTime: 5 * 60_000,
  });
}

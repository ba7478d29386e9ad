import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET v1/client/view: organisers with published events, for the home page filter. */
export function useOrganizers() {
  return useQuery({
    queryKey: ['organizers'],
    queryFn: ({ signal }) =>
      api('client/view', {
        signal,
        schema: () => import('./answer-schemas').then((m) => m.listOrganizersResponseSchema.shape.data),
      }),
    staleTime: 5 * 60_000,
  });
}

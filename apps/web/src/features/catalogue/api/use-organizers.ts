import { useQuery } from '@tanstack/react-query';
import { listOrganizersResponseSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** GET v1/client/view: organisers with published events, for the home page filter. */
export function useOrganizers() {
  return useQuery({
    queryKey: ['organizers'],
    queryFn: ({ signal }) => api('client/view', { signal, schema: listOrganizersResponseSchema.shape.data }),
    staleTime: 5 * 60_000,
  });
}

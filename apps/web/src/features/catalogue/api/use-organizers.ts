import { useQuery } from '@tanstack/react-query';
import type { OrganizerSummary } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** GET v1/client/view: organisers with published events, for the home page filter. */
export function useOrganizers() {
  return useQuery({
    queryKey: ['organizers'],
    queryFn: ({ signal }) => api<OrganizerSummary[]>('client/view', { signal }),
    staleTime: 5 * 60_000,
  });
}

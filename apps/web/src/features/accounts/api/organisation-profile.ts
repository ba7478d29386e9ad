import { useQuery } from '@tanstack/react-query';
import { organisationProfileSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** GET v1/client/self: the organisation's profile (read-only on Settings). */
export function useOrganisationProfile() {
  return useQuery({
    queryKey: ['organiser', 'self'],
    queryFn: ({ signal }) => api('client/self', { side: 'organiser', signal, schema: organisationProfileSchema }),
  });
}

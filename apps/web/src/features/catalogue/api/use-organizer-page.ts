import { useQuery } from '@tanstack/react-query';
import { organizerPageResponseSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** GET v1/organizers/{slug}: an organiser's public page, their upcoming and past events. */
export function useOrganizerPage(slug: string) {
  return useQuery({
    queryKey: ['organizer-page', slug],
    queryFn: ({ signal }) =>
      api(`organizers/${encodeURIComponent(slug)}`, { signal, schema: organizerPageResponseSchema.shape.data }),
    enabled: slug !== '',
  });
}

import { useQuery } from '@tanstack/react-query';
import { dashboardSummarySchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** GET v1/client/summary: net sales, events, tickets sold, upcoming events (real figures). */
export function useDashboardSummary() {
  return useQuery({
    queryKey: [...eventsKeys.all, 'summary'],
    queryFn: ({ signal }) => api('client/summary', { side: 'organiser', signal, schema: dashboardSummarySchema }),
  });
}

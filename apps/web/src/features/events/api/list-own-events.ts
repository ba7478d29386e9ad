import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type OwnEventTab } from '@tikiti/contract';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** GET v1/client/event/view with the window of a tab (docs/product.md#organiser-event-tabs, Nairobi days as of now). */
export function useOwnEvents(tab: OwnEventTab, page = 1, limit: number = PAGE_SIZE.organiser) {
  return useQuery({
    queryKey: [...eventsKeys.all, 'list', tab, page, limit],
    // The tab's window and the answer's schema load with the first list (this module is in the
    // app's first JavaScript through the feature's index).
    queryFn: async ({ signal }) => {
      const { listOwnEventsDataSchema, ownEventsTabFilter } = await import('./answer-schemas');
      return api('client/event/view', {
        query: { page, limit, ...ownEventsTabFilter(tab) },
        side: 'organiser',
        signal,
        schema: listOwnEventsDataSchema,
      });
    },
    placeholderData: keepPreviousData,
  });
}

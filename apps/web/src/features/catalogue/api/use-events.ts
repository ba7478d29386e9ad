import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listEventsDataSchema, type ListEventsQuery } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** The filters of docs/api.md#catalogue-public (the query of GET v1/event/view); `filter` is the free-text search. */
export type EventListFilters = Omit<ListEventsQuery, 'page'>;

/**
 * GET v1/event/view: published events, soonest first. Keeps the previous page on screen
 * while a new one loads, so Load More and filter changes never blank the grid.
 */
export function useEvents(filters: EventListFilters) {
  return useQuery({
    queryKey: ['events', filters],
    queryFn: ({ signal }) =>
      api('event/view', { query: { page: 1, ...filters }, signal, schema: listEventsDataSchema }),
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListEventsData } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** The filters of spec §3 "Event list filters"; `filter` is the free-text search. */
export interface EventListFilters {
  limit: number;
  category_id?: number;
  organizer_id?: number;
  start?: string;
  end?: string;
  filter?: string;
}

/**
 * GET v1/event/view: published events, soonest first. Keeps the previous page on screen
 * while a new one loads, so Load More and filter changes never blank the grid.
 */
export function useEvents(filters: EventListFilters) {
  return useQuery({
    queryKey: ['events', filters],
    queryFn: ({ signal }) => api<ListEventsData>('event/view', { query: { page: 1, ...filters }, signal }),
    placeholderData: keepPreviousData,
  });
}

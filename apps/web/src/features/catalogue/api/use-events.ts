import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type EventCardData, type ListEventsQuery } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

const listEventCardsDataSchema = () => import('./answer-schemas').then((m) => m.listEventCardsDataSchema);

/** The filters of docs/api.md#catalogue-public (the query of GET v1/event/view); `filter` is the free-text search. */
export type EventListFilters = Omit<ListEventsQuery, 'page' | 'limit' | 'fields'>;

/** GET v1/event/view?fields=card: the first `limit` matching events, as cards. */
export function useEventCards(filters: EventListFilters & { limit: number }) {
  return useQuery({
    queryKey: ['events', 'cards', filters],
    queryFn: ({ signal }) =>
      api('event/view', { query: { ...filters, fields: 'card' }, signal, schema: listEventCardsDataSchema }),
  });
}

/** The pages loaded so far, as one list: an event that moved between two pages is shown once. */
export function flattenPages(pages: readonly { data: EventCardData[] }[]): EventCardData[] {
  const seen = new Set<number>();
  return pages.flatMap((p) => p.data).filter((e) => !seen.has(e.id) && Boolean(seen.add(e.id)));
}

/**
 * GET v1/event/view?fields=card, page by page (docs/product.md#business-constants-and-limits: 6 first, 6 more per
 * Load More): each Load More fetches only the next page. Keeps the previous list on screen while
 * a new filter loads, so filter changes never blank the grid.
 */
export function useEventPages(filters: EventListFilters) {
  return useInfiniteQuery({
    queryKey: ['events', 'pages', filters],
    queryFn: ({ pageParam, signal }) =>
      api('event/view', {
        query: { ...filters, page: pageParam, limit: PAGE_SIZE.publicStep, fields: 'card' },
        signal,
        schema: listEventCardsDataSchema,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) =>
      last.data.length > 0 && pages.reduce((n, p) => n + p.data.length, 0) < last.total ? lastPage + 1 : undefined,
    placeholderData: keepPreviousData,
  });
}

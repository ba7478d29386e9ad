import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelEventSchema,
  listAttendeesDataSchema,
  listOrdersDataSchema,
  orderSchema,
  salesSummarySchema,
  type CancelEventBody,
  type OrderKind,
} from '@tikiti/contract';
import { api, apiDownload } from '../../../lib/api-client';

/** Query keys of one event's orders, attendees and sales: a refund or a cancellation refreshes them all. */
export const ordersKeys = {
  event: (eventId: number) => ['organiser', 'orders', eventId] as const,
};

export interface ListParams {
  q: string;
  page: number;
}

/** GET v1/client/event/{id}/orders: the sales, or the holds never paid (`kind`). */
export function useOrders(eventId: number, { q, page, kind }: ListParams & { kind: OrderKind }) {
  return useQuery({
    queryKey: [...ordersKeys.event(eventId), 'bookings', kind, q, page],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/orders`, {
        side: 'organiser',
        signal,
        query: { q, page, kind },
        schema: listOrdersDataSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET v1/client/event/{id}/attendees. */
export function useAttendees(eventId: number, { q, page }: ListParams) {
  return useQuery({
    queryKey: [...ordersKeys.event(eventId), 'attendees', q, page],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/attendees`, {
        side: 'organiser',
        signal,
        query: { q, page },
        schema: listAttendeesDataSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET v1/client/event/{id}/sales. */
export function useSales(eventId: number) {
  return useQuery({
    queryKey: [...ordersKeys.event(eventId), 'sales'],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/sales`, { side: 'organiser', signal, schema: salesSummarySchema }),
  });
}

/** POST v1/client/booking/{id}/refund (also the retry of a failed refund). */
export function useRefund(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: number) =>
      api(`client/booking/${bookingId}/refund`, { side: 'organiser', method: 'POST', schema: orderSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.event(eventId) }),
  });
}

/** POST v1/client/event/{id}/cancel. */
export function useCancelEvent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelEventBody) =>
      api(`client/event/${eventId}/cancel`, { side: 'organiser', method: 'POST', body, schema: cancelEventSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKeys.event(eventId) }),
        queryClient.invalidateQueries({ queryKey: ['organiser', 'events'] }),
      ]),
  });
}

/** Downloads GET v1/client/event/{id}/{what}.csv (every match of the search and list shown) as a file. */
export async function downloadCsv(eventId: number, what: 'orders' | 'attendees', q: string, kind?: OrderKind) {
  const { blob, fileName } = await apiDownload(`client/event/${eventId}/${what}.csv`, {
    side: 'organiser',
    query: { q, kind },
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? `${what}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bookingPaymentsSchema,
  attendeeChangesResponseSchema,
  cancelEventSchema,
  listAttendeesDataSchema,
  listOrdersDataSchema,
  orderSchema,
  putClientAttendeeResponseSchema,
  salesSummarySchema,
  type AttendeeNameFilter,
  type CancelEventBody,
  type OrderKind,
  type PutAttendeeBody,
  type RecordPaymentBody,
  ownEventSchema,
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

/** GET v1/client/event/{id}/orders: the sales, or the holds never paid (`kind`), optionally of one status (6: awaiting payment). */
export function useOrders(
  eventId: number,
  { q, page, kind, status }: ListParams & { kind: OrderKind; status?: number },
) {
  return useQuery({
    queryKey: [...ordersKeys.event(eventId), 'bookings', kind, status, q, page],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/orders`, {
        side: 'organiser',
        signal,
        query: { q, page, kind, status },
        schema: listOrdersDataSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET v1/client/event/{id}/attendees; `names` keeps the tickets still to be named, or those whose delegate changed. */
export function useAttendees(eventId: number, { q, page, names }: ListParams & { names?: AttendeeNameFilter }) {
  return useQuery({
    queryKey: [...ordersKeys.event(eventId), 'attendees', q, page, names],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/attendees`, {
        side: 'organiser',
        signal,
        query: { q, page, names },
        schema: listAttendeesDataSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT v1/client/ticket/{ticket_id}/attendee (docs/product.md#delegates-and-questions): the
 * organiser names or renames a ticket's delegate, with no lock; the lists are asked again.
 */
export function useRenameAttendee(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, body }: { ticketId: number; body: PutAttendeeBody }) =>
      api(`client/ticket/${ticketId}/attendee`, {
        side: 'organiser',
        method: 'PUT',
        body,
        schema: putClientAttendeeResponseSchema.shape.data,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.event(eventId) }),
  });
}

/** GET v1/client/ticket/{ticket_id}/attendee/changes: who changed a ticket's delegate, when, from whom to whom. */
export function useAttendeeChanges(ticketId: number) {
  return useQuery({
    queryKey: ['organiser', 'attendee-changes', ticketId],
    queryFn: ({ signal }) =>
      api(`client/ticket/${ticketId}/attendee/changes`, {
        side: 'organiser',
        signal,
        schema: attendeeChangesResponseSchema.shape.data,
      }),
  });
}

/**
 * GET v1/client/event/{id}: the organiser's event, for when its attendees' personal data is
 * removed (docs/security.md#retention).
 */
export function useRetentionDates(eventId: number) {
  return useQuery({
    queryKey: [...ordersKeys.event(eventId), 'retention'],
    queryFn: ({ signal }) => api(`client/event/${eventId}`, { side: 'organiser', signal, schema: ownEventSchema }),
    select: (e) => ({ removesOn: e.removes_personal_data_on, removedAt: e.personal_data_removed_at }),
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
export async function downloadCsv(
  eventId: number,
  what: 'orders' | 'attendees',
  q: string,
  filter: { kind?: OrderKind; names?: AttendeeNameFilter } = {},
) {
  const { blob, fileName } = await apiDownload(`client/event/${eventId}/${what}.csv`, {
    side: 'organiser',
    query: { q, ...filter },
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

/** GET v1/client/booking/{id}/payments: where a booking paid by invoice stands, and its payments. */
export function useBookingPayments(bookingId: number) {
  return useQuery({
    queryKey: ['organiser', 'booking-payments', bookingId],
    queryFn: ({ signal }) =>
      api(`client/booking/${bookingId}/payments`, { side: 'organiser', signal, schema: bookingPaymentsSchema }),
  });
}

/** POST v1/client/booking/{id}/payments: money received by bank or cheque; the lists refresh. */
export function useRecordPayment(eventId: number, bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPaymentBody) =>
      api(`client/booking/${bookingId}/payments`, {
        side: 'organiser',
        method: 'POST',
        body,
        schema: bookingPaymentsSchema,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['organiser', 'booking-payments', bookingId], answer);
      return queryClient.invalidateQueries({ queryKey: ordersKeys.event(eventId) });
    },
  });
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BOOKING_STATUS, storedBookingSchema, type StoredBooking } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** How often the success page asks again while the payment is being confirmed. */
export const POLL_MS = 2000;
/** After this many answers still pending, the page stops asking and says so (about two minutes). */
export const MAX_POLLS = 60;

/** Still on its way: the provider is processing, or the booking waits for a payment that went through. */
export function isSettling(b: StoredBooking): boolean {
  if (b.payment_status === 'processing') return true;
  return b.status === BOOKING_STATUS.pending && b.payment_status === 'succeeded';
}

/**
 * POST v1/booking/retrieve (docs/product.md#checkout-and-payments): the booking behind a
 * payment, settled by the server when the provider says it succeeded. Asked once `enabled`,
 * then again every POLL_MS while the payment settles.
 */
export function useRetrieveBooking(clientSecret: string, enabled: boolean) {
  const queryKey = ['booking', clientSecret];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api('booking/retrieve', {
        method: 'POST',
        body: { payment_intent: clientSecret },
        signal,
        guest: true,
        schema: storedBookingSchema,
      }),
    enabled: enabled && clientSecret !== '',
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || query.state.error) return false;
      return isSettling(data) && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false;
    },
  });
  const answers = useQueryClient().getQueryState(queryKey)?.dataUpdateCount ?? 0;
  /** Still settling after MAX_POLLS answers: the page stops asking and offers to check again. */
  const gaveUp = query.data !== undefined && isSettling(query.data) && answers >= MAX_POLLS && !query.isFetching;
  return { query, gaveUp };
}

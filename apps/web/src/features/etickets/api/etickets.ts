import { useMutation, useQuery } from '@tanstack/react-query';
import { emailTicketsResponseSchema, viewTicketsResponseSchema, type EmailTicketsBody } from '@tikiti/contract';
import { api, apiCall } from '../../../lib/api-client';
import { useSession } from '../../accounts';

/**
 * GET v1/tickets/view (docs/product.md#e-tickets-and-signed-codes): the paid bookings of a
 * signed-in buyer, or else of the guest's checkout key, upcoming events first. Keyed on the
 * token, so the tickets of one session are never shown to the next.
 */
export function useETickets() {
  const token = useSession((s) => s.token ?? s.checkoutKey);
  return useQuery({
    queryKey: ['etickets', token],
    queryFn: ({ signal }) => api('tickets/view', { signal, guest: true, schema: viewTicketsResponseSchema.shape.data }),
    enabled: Boolean(token),
    // Asked again on every visit: a booking paid a minute ago must be there.
    staleTime: 0,
  });
}

/** POST v1/tickets/email: mails the booking's tickets (with the PDF) again; answers the server's message. */
export function useEmailTickets() {
  return useMutation({
    mutationFn: async (body: EmailTicketsBody) =>
      (
        await apiCall('tickets/email', {
          method: 'POST',
          body,
          guest: true,
          schema: emailTicketsResponseSchema.shape.data,
        })
      ).message,
  });
}

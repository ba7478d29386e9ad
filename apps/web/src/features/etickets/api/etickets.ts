import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  delegateTicketResponseSchema,
  emailTicketsResponseSchema,
  putTicketAttendeeResponseSchema,
  viewTicketsResponseSchema,
  type EmailTicketsBody,
  type PutAttendeeBody,
} from '@tikiti/contract';
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

/**
 * PUT v1/tickets/{ticket_id}/attendee (docs/product.md#delegates-and-questions): names or renames
 * a ticket's delegate until the event's lock, with the buyer's session or the guest's checkout
 * key. A new name or email re-issues the ticket: the tickets are asked again, so its new code
 * shows.
 */
export function useRenameDelegate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, body }: { ticketId: number; body: PutAttendeeBody }) =>
      apiCall(`tickets/${ticketId}/attendee`, {
        method: 'PUT',
        body,
        guest: true,
        schema: putTicketAttendeeResponseSchema.shape.data,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['etickets'] }),
  });
}

/**
 * GET v1/tickets/delegate/{ticket_id}?sig=…: a delegate's own ticket, from the signed link in
 * their mail, without a sign-in (nothing of anyone's session is sent).
 */
export function useDelegateTicket(ticketId: number, sig: string) {
  return useQuery({
    queryKey: ['delegate-ticket', ticketId, sig],
    queryFn: ({ signal }) =>
      api(`tickets/delegate/${ticketId}`, {
        query: { sig },
        signal,
        anonymous: true,
        schema: delegateTicketResponseSchema.shape.data,
      }),
    enabled: Number.isInteger(ticketId) && ticketId > 0 && sig !== '',
  });
}

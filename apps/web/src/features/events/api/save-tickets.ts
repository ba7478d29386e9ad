import { ticketsResponseSchema, type RegisterTicketsBody, type UpdateTicketsBody } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';
import { useEventsMutation } from './keys';

/** POST v1/event/{id}/ticket/register → 201: the first ticket types, which publish the event. */
export function useRegisterTickets() {
  return useEventsMutation(({ eventId, tickets }: { eventId: number; tickets: RegisterTicketsBody }) =>
    apiCall(`event/${eventId}/ticket/register`, {
      method: 'POST',
      body: tickets,
      side: 'organiser',
      schema: ticketsResponseSchema.shape.data,
    }),
  );
}

/** POST v1/event/{id}/ticket/update → 200: id -1 creates, status 3 hides. */
export function useUpdateTickets() {
  return useEventsMutation(({ eventId, tickets }: { eventId: number; tickets: UpdateTicketsBody }) =>
    apiCall(`event/${eventId}/ticket/update`, {
      method: 'POST',
      body: tickets,
      side: 'organiser',
      schema: ticketsResponseSchema.shape.data,
    }),
  );
}

/** The form's rows as first ticket types: the register call takes no id or status. */
export const asNewTickets = (rows: UpdateTicketsBody): RegisterTicketsBody =>
  rows.map(({ name, price_per_ticket, no_of_persons, max_tickets, hidden, tiers }) => ({
    name,
    price_per_ticket,
    no_of_persons,
    max_tickets,
    hidden,
    tiers,
  }));

import type { RegisterTicketsBody, TicketType, UpdateTicketsBody } from '@tikiti/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST v1/event/{id}/ticket/register → 201: the first ticket types, which publish the event. */
export function registerTickets(eventId: number, body: RegisterTicketsBody) {
  return apiRequest<TicketType[]>(`event/${eventId}/ticket/register`, { method: 'POST', body, side: 'organiser' });
}

/** POST v1/event/{id}/ticket/update → 200: id -1 creates, status 3 hides. */
export function updateTickets(eventId: number, body: UpdateTicketsBody) {
  return apiRequest<TicketType[]>(`event/${eventId}/ticket/update`, { method: 'POST', body, side: 'organiser' });
}

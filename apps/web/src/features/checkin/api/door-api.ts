import { useQuery } from '@tanstack/react-query';
import {
  checkInResponseSchema,
  doorKitResponseSchema,
  doorSearchResponseSchema,
  doorTicketQrResponseSchema,
  resendDoorTicketResponseSchema,
  listDoorEventsResponseSchema,
  syncCheckInsResponseSchema,
  type CheckInBody,
  type SyncCheckInsBody,
} from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** GET v1/client/checkin/events: the events a door can open, soonest first. */
export function useDoorEvents() {
  return useQuery({
    queryKey: ['checkin', 'events'],
    queryFn: ({ signal }) =>
      api('client/checkin/events', { side: 'organiser', signal, schema: listDoorEventsResponseSchema.shape.data }),
    staleTime: 0,
  });
}

/** GET v1/client/event/{id}/checkin/tickets: the door kit (tickets, public keys, counts). */
export const fetchDoorKit = (eventId: number, signal?: AbortSignal) =>
  api(`client/event/${eventId}/checkin/tickets`, {
    side: 'organiser',
    signal,
    schema: doorKitResponseSchema.shape.data,
  });

/** POST v1/client/event/{id}/checkin: one scan, answered by the server. */
export const postCheckIn = (eventId: number, body: CheckInBody, signal?: AbortSignal) =>
  api(`client/event/${eventId}/checkin`, {
    method: 'POST',
    body,
    side: 'organiser',
    signal,
    schema: checkInResponseSchema.shape.data,
  });

/** POST v1/client/event/{id}/checkin/sync: offline scans, oldest first (at most MAX_SYNC_SCANS). */
export const postSync = (eventId: number, body: SyncCheckInsBody) =>
  api(`client/event/${eventId}/checkin/sync`, {
    method: 'POST',
    body,
    side: 'organiser',
    schema: syncCheckInsResponseSchema.shape.data,
  });

/** GET v1/client/event/{id}/checkin/search?q=: the event's tickets a name, phone, email, company or booking reference finds. */
export const searchDoor = (eventId: number, q: string, signal?: AbortSignal) =>
  api(`client/event/${eventId}/checkin/search`, {
    side: 'organiser',
    signal,
    query: { q },
    schema: doorSearchResponseSchema.shape.data,
  });

/** POST v1/client/event/{id}/checkin/tickets/{ticket_id}/resend: mails the ticket again; answers where, masked. */
export const resendDoorTicket = (eventId: number, ticketId: number) =>
  api(`client/event/${eventId}/checkin/tickets/${ticketId}/resend`, {
    method: 'POST',
    side: 'organiser',
    schema: resendDoorTicketResponseSchema.shape.data,
  });

/** GET v1/client/event/{id}/checkin/tickets/{ticket_id}/qr: the ticket's live code and QR image, for a second scanner. */
export const fetchDoorTicketQr = (eventId: number, ticketId: number, signal?: AbortSignal) =>
  api(`client/event/${eventId}/checkin/tickets/${ticketId}/qr`, {
    side: 'organiser',
    signal,
    schema: doorTicketQrResponseSchema.shape.data,
  });

import { useQuery } from '@tanstack/react-query';
import {
  checkInResponseSchema,
  doorKitResponseSchema,
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

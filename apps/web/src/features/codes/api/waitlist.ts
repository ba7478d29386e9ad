import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { waitlistEntryResponseSchema, waitlistResponseSchema, waitlistsResponseSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** The waiting lists of one event (docs/product.md#waiting-list); every change asks them again. */
export const waitlistKeys = { event: (eventId: number) => ['organiser', 'waitlist', eventId] as const };

/** GET v1/client/event/{id}/waitlist: one list per ticket type, people in the order they joined. */
export function useWaitlists(eventId: number) {
  return useQuery({
    queryKey: waitlistKeys.event(eventId),
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/waitlist`, {
        side: 'organiser',
        signal,
        schema: waitlistsResponseSchema.shape.data,
      }),
    enabled: eventId > 0,
  });
}

function useWaitlistMutation<TVariables, TData>(eventId: number, mutationFn: (v: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.event(eventId) }),
  });
}

/** DELETE v1/client/event/{id}/waitlist/{entry_id}: takes a person off (a live offer's seats go back). */
export function useRemoveFromWaitlist(eventId: number) {
  return useWaitlistMutation(eventId, (entryId: number) =>
    api(`client/event/${eventId}/waitlist/${entryId}`, {
      method: 'DELETE',
      side: 'organiser',
      schema: waitlistEntryResponseSchema.shape.data,
    }),
  );
}

/** PUT v1/client/event/{id}/waitlist/{ticket_type_id} `{ enabled }`: a type's list on or off. */
export function useSetWaitlistOpen(eventId: number) {
  return useWaitlistMutation(eventId, ({ ticketTypeId, enabled }: { ticketTypeId: number; enabled: boolean }) =>
    api(`client/event/${eventId}/waitlist/${ticketTypeId}`, {
      method: 'PUT',
      side: 'organiser',
      body: { enabled },
      schema: waitlistResponseSchema.shape.data,
    }),
  );
}

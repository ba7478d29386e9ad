import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deletedCodeResponseSchema,
  discountCodeResponseSchema,
  discountCodesResponseSchema,
  type CodeBody,
} from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** The codes of one event (docs/product.md#discount-codes); every change asks the list again. */
export const codesKeys = { event: (eventId: number) => ['organiser', 'codes', eventId] as const };

/** GET v1/client/event/{id}/codes: each code with its uses, bookings and revenue. */
export function useCodes(eventId: number) {
  return useQuery({
    queryKey: codesKeys.event(eventId),
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/codes`, {
        side: 'organiser',
        signal,
        schema: discountCodesResponseSchema.shape.data,
      }),
    enabled: eventId > 0,
  });
}

function useCodesMutation<TVariables, TData>(eventId: number, mutationFn: (v: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKeys.event(eventId) }),
  });
}

/** POST v1/client/event/{id}/codes (no id) or PUT …/codes/{code_id}: the whole code. */
export function useSaveCode(eventId: number) {
  return useCodesMutation(eventId, ({ id, body }: { id: number | null; body: CodeBody }) =>
    api(id === null ? `client/event/${eventId}/codes` : `client/event/${eventId}/codes/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      side: 'organiser',
      body,
      schema: discountCodeResponseSchema.shape.data,
    }),
  );
}

/** DELETE v1/client/event/{id}/codes/{code_id}. */
export function useDeleteCode(eventId: number) {
  return useCodesMutation(eventId, (id: number) =>
    api(`client/event/${eventId}/codes/${id}`, {
      method: 'DELETE',
      side: 'organiser',
      schema: deletedCodeResponseSchema.shape.data,
    }),
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listMessagesResponseSchema,
  messageDetailResponseSchema,
  previewMessageResponseSchema,
  sendAttendeeMessageResponseSchema,
  testMessageResponseSchema,
  type MessageDraft,
  type SendAttendeeMessageBody,
} from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/**
 * Messages to an event's attendees (docs/product.md#messages-to-attendees): the list with its
 * counts, one message's recipients, and the organiser's preview, test and send. Sending asks the
 * list again; while any message is still going out, the list is asked again every few seconds.
 */
export const messagesKeys = {
  event: (eventId: number) => ['organiser', 'messages', eventId] as const,
};

/** How often the list and a message's recipients are asked again while deliveries are queued. */
const REFRESH_MS = 4000;

/** GET v1/client/event/{id}/messages. */
export function useMessages(eventId: number) {
  return useQuery({
    queryKey: [...messagesKeys.event(eventId), 'list'],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/messages`, {
        side: 'organiser',
        signal,
        schema: listMessagesResponseSchema.shape.data,
      }),
    refetchInterval: (query) =>
      query.state.data?.data.some((m) => m.status !== 'sent' || m.counts.queued > 0) ? REFRESH_MS : false,
  });
}

/** GET v1/client/event/{id}/messages/{message_id}: the message and each recipient's state. */
export function useMessageDetail(eventId: number, messageId: number) {
  return useQuery({
    queryKey: [...messagesKeys.event(eventId), 'detail', messageId],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/messages/${messageId}`, {
        side: 'organiser',
        signal,
        schema: messageDetailResponseSchema.shape.data,
      }),
    refetchInterval: (query) => (query.state.data?.recipients.some((r) => r.state === 'queued') ? REFRESH_MS : false),
  });
}

/** POST v1/client/event/{id}/messages/preview: the draft filled with a real attendee's values. */
export function usePreviewMessage(eventId: number) {
  return useMutation({
    mutationFn: (draft: MessageDraft) =>
      api(`client/event/${eventId}/messages/preview`, {
        method: 'POST',
        side: 'organiser',
        body: draft,
        schema: previewMessageResponseSchema.shape.data,
      }),
  });
}

/** POST v1/client/event/{id}/messages/test: the draft to the organiser's own address (and phone). */
export function useTestMessage(eventId: number) {
  return useMutation({
    mutationFn: (draft: MessageDraft) =>
      api(`client/event/${eventId}/messages/test`, {
        method: 'POST',
        side: 'organiser',
        body: draft,
        schema: testMessageResponseSchema.shape.data,
      }),
  });
}

/** POST v1/client/event/{id}/messages: now, or at `send_at`. */
export function useSendMessage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendAttendeeMessageBody) =>
      api(`client/event/${eventId}/messages`, {
        method: 'POST',
        side: 'organiser',
        body,
        schema: sendAttendeeMessageResponseSchema.shape.data,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKeys.event(eventId) }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { sendMessageResponseSchema, type SendMessageBody } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** POST v1/contact: the Contact page message, stored and mailed to the team. */
export function useSendMessage() {
  return useMutation({
    mutationFn: (body: SendMessageBody) =>
      api('contact', { method: 'POST', body, schema: sendMessageResponseSchema.shape.data }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { stopMessagesResponseSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** POST v1/messages/stop (no sign-in): the link at the foot of every message from an organiser. */
export function useStopMessages() {
  return useMutation({
    mutationFn: (token: string) =>
      api('messages/stop', {
        method: 'POST',
        anonymous: true,
        body: { token },
        schema: stopMessagesResponseSchema.shape.data,
      }),
  });
}

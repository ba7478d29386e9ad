import { useMutation } from '@tanstack/react-query';
import { forgotPasswordResponseSchema, type ForgotPasswordBody } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';

/** POST v1/auth/password/forgot: always the same answer; mails a code when the account exists. Resolves to that answer. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (body: ForgotPasswordBody) => {
      const answer = await apiCall('auth/password/forgot', {
        method: 'POST',
        body,
        side: 'organiser',
        schema: forgotPasswordResponseSchema.shape.data,
      });
      return answer.message;
    },
  });
}

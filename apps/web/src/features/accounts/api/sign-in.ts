import { useMutation } from '@tanstack/react-query';
import { signedInSchema, type LoginBody, type ResetPasswordBody } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';
import { keepSession } from './keep-session';

/** POST v1/auth/login → 200, token in `auth`; signs the organiser in. Resolves to the server's message. */
export function useSignInOrganiser() {
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const answer = await apiCall('auth/login', {
        method: 'POST',
        body,
        side: 'organiser',
        anonymous: true,
        schema: signedInSchema,
      });
      keepSession(answer, 'organizer');
      return answer.message;
    },
  });
}

/** POST v1/auth/password/reset: sets the password with the mailed code and signs in as organizer. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordBody) => {
      const answer = await apiCall('auth/password/reset', {
        method: 'POST',
        body,
        side: 'organiser',
        anonymous: true,
        schema: signedInSchema,
      });
      keepSession(answer, 'organizer');
      return answer.message;
    },
  });
}

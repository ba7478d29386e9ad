import { useMutation } from '@tanstack/react-query';
import { signedInSchema, type LoginBody, type ResetPasswordBody } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';
import { keepSession } from './keep-session';

/** An organiser sign-in call (`path` takes `Body`): keeps the session it returns, resolves to the server's message. */
function useOrganiserSignIn<Body>(path: string) {
  return useMutation({
    mutationFn: async (body: Body) => {
      const answer = await apiCall(path, {
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

/** POST v1/auth/login → 200, token in `auth`; signs the organiser in. Resolves to the server's message. */
export const useSignInOrganiser = () => useOrganiserSignIn<LoginBody>('auth/login');

/** POST v1/auth/password/reset: sets the password with the mailed code and signs in as organizer. */
export const useResetPassword = () => useOrganiserSignIn<ResetPasswordBody>('auth/password/reset');

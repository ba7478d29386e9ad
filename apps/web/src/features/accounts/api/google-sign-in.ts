import { useMutation, useQuery } from '@tanstack/react-query';
import { authConfigResponseSchema, signedInSchema } from '@tikiti/contract';
import { api, apiCall } from '../../../lib/api-client';
import { googleSignInBody } from '../google-credential';
import { keepSession } from './keep-session';

/** GET v1/auth/config: whether Google sign-in is on (its client id), asked once per visit. */
export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth-config'],
    queryFn: ({ signal }) =>
      api('auth/config', { signal, anonymous: true, schema: authConfigResponseSchema.shape.data }),
    staleTime: Infinity,
  });
}

/** POST v1/auth/firebase with Google's credential: signs the buyer in as account type user. */
export function useGoogleSignIn() {
  return useMutation({
    mutationFn: async (credential: string) => {
      const answer = await apiCall('auth/firebase', {
        method: 'POST',
        body: googleSignInBody(credential),
        anonymous: true,
        schema: signedInSchema,
      });
      keepSession(answer, 'user');
      return answer.data;
    },
  });
}

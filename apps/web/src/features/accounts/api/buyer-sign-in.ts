import { useMutation } from '@tanstack/react-query';
import { requestCodeResponseSchema, signedInSchema, type RequestCodeBody, type VerifyCodeBody } from '@tikiti/contract';
import { api, apiCall } from '../../../lib/api-client';
import { keepSession } from './keep-session';

/** POST v1/auth/code/request: mails a one-time sign-in code to the buyer's email. */
export function useRequestSignInCode() {
  return useMutation({
    mutationFn: (body: RequestCodeBody) =>
      api('auth/code/request', { method: 'POST', body, schema: requestCodeResponseSchema.shape.data }),
  });
}

/** POST v1/auth/code/verify: signs the buyer in (creating the account on first use). */
export function useVerifySignInCode() {
  return useMutation({
    mutationFn: async (body: VerifyCodeBody) => {
      const answer = await apiCall('auth/code/verify', {
        method: 'POST',
        body,
        anonymous: true,
        schema: signedInSchema,
      });
      keepSession(answer, 'user');
      return answer.data;
    },
  });
}

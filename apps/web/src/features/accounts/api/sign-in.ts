import { useMutation } from '@tanstack/react-query';
import {
  organiserSignInSchema,
  signedInSchema,
  type LoginBody,
  type LoginTotpBody,
  type ResetPasswordBody,
  type SecondStep,
} from '@tikiti/contract';
import { ApiError, apiCall } from '../../../lib/api-client';
import { keepSession } from './keep-session';

/** What an organiser sign-in came to: signed in, or (two-factor sign-in) the code still to give. */
export type OrganiserSignInOutcome = { message: string; secondStep: SecondStep | null };

/**
 * An organiser sign-in call (`path` takes `Body`): keeps the session it returns, or answers the
 * second step an account with two-factor sign-in must take first (docs/security.md#two-factor-sign-in).
 */
function useOrganiserSignIn<Body>(path: string) {
  return useMutation({
    mutationFn: async (body: Body): Promise<OrganiserSignInOutcome> => {
      const answer = await apiCall(path, {
        method: 'POST',
        body,
        side: 'organiser',
        anonymous: true,
        schema: organiserSignInSchema,
      });
      const { data } = answer;
      if ('pending_token' in data) return { message: answer.message, secondStep: data };
      keepSession({ ...answer, data }, 'organizer');
      return { message: answer.message, secondStep: null };
    },
  });
}

/** POST v1/auth/login → 200, token in `auth`, or the second step. */
export const useSignInOrganiser = () => useOrganiserSignIn<LoginBody>('auth/login');

/** POST v1/auth/password/reset: sets the password with the mailed code and signs in as organizer (or asks for the code). */
export const useResetPassword = () => useOrganiserSignIn<ResetPasswordBody>('auth/password/reset');

/**
 * POST v1/auth/login/totp: the authenticator's code (or a recovery code) finishes the sign-in.
 * The session keeps the account type the answer names: an organiser's, or an operator's at
 * /operator (the same two calls: docs/security.md#two-factor-sign-in).
 */
export function useSignInSecondStep() {
  return useMutation({
    mutationFn: async (body: LoginTotpBody) => {
      const answer = await apiCall('auth/login/totp', {
        method: 'POST',
        body,
        side: 'organiser',
        anonymous: true,
        schema: signedInSchema,
      });
      keepSession(answer, answer.data.account_type === 'user' ? 'organizer' : answer.data.account_type);
      return answer.message;
    },
  });
}

/** An operator page was given an organiser's (or buyer's) account. */
export const NOT_OPERATOR = 'This is not an operator account. Organisers sign in at /organizer/login.';

/**
 * POST v1/auth/password/reset from the operator's mailed link (docs/product.md#the-operator):
 * sets the password with the code and keeps the operator's session, or answers the second step
 * when two-factor sign-in is already on. Anyone else's session is not kept.
 */
export function useOperatorSetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordBody): Promise<OrganiserSignInOutcome> => {
      const answer = await apiCall('auth/password/reset', {
        method: 'POST',
        body,
        side: 'operator',
        anonymous: true,
        schema: organiserSignInSchema,
      });
      const { data } = answer;
      if ('pending_token' in data) return { message: answer.message, secondStep: data };
      if (data.account_type !== 'operator') throw new ApiError(406, NOT_OPERATOR);
      keepSession({ ...answer, data }, 'operator');
      return { message: answer.message, secondStep: null };
    },
  });
}

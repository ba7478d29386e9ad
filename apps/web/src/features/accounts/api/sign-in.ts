import type { LoginBody, ResetPasswordBody, SignedIn } from '@tikiti/contract';
import { apiRequest } from '../../../lib/api-client';
import { keepSession } from './keep-session';

/** POST v1/auth/login → 200, token in `auth`; signs the organiser in. Returns the server's message. */
export async function signInOrganiser(body: LoginBody): Promise<string> {
  const res = await apiRequest<SignedIn>('auth/login', { method: 'POST', body, side: 'organiser', anonymous: true });
  keepSession(res.data, 'organizer');
  return res.status_description;
}

/** POST v1/auth/password/reset: sets the password with the mailed code and signs in as organizer. */
export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  const res = await apiRequest<SignedIn>('auth/password/reset', {
    method: 'POST',
    body,
    side: 'organiser',
    anonymous: true,
  });
  keepSession(res.data, 'organizer');
  return res.status_description;
}

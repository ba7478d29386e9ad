import type { LoginBody, ResetPasswordBody, SignedIn } from '@tikiti/contract';
import { useSession } from '../../../app/store';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * A sign-in starts a new session: any earlier token is dropped first, so a failed attempt
 * is answered on the form instead of ending a session, and the token kept afterwards is
 * the one this call handed back.
 */
function startFresh() {
  useSession.getState().set({ token: null });
}

/** Keeps the token the call handed back in `auth` and the person's name (spec §4). */
function keepSession(data: SignedIn) {
  const { token, signIn } = useSession.getState();
  if (!token) throw new ApiError(500, 'Signed in, but no session came back. Please try again.');
  signIn(token, 'organizer', { fn: data.fn, ln: data.ln });
}

/** POST v1/auth/login → 200, token in `auth`; signs the organiser in. Returns the server's message. */
export async function signInOrganiser(body: LoginBody): Promise<string> {
  startFresh();
  const res = await apiRequest<SignedIn>('auth/login', { method: 'POST', body, side: 'organiser' });
  keepSession(res.data);
  return res.status_description;
}

/** POST v1/auth/password/reset: sets the password with the mailed code and signs in as organizer. */
export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  startFresh();
  const res = await apiRequest<SignedIn>('auth/password/reset', { method: 'POST', body, side: 'organiser' });
  keepSession(res.data);
  return res.status_description;
}

import type { RequestCodeBody, SignedIn, VerifyCodeBody } from '@tikiti/contract';
import { useSession } from '../../../app/store';
import { ApiError, api } from '../../../lib/api-client';

/** POST v1/auth/code/request: mails a one-time sign-in code to the buyer's email. */
export async function requestSignInCode(body: RequestCodeBody): Promise<void> {
  await api<null>('auth/code/request', { method: 'POST', body });
}

/**
 * POST v1/auth/code/verify: signs the buyer in (creating the account on first use). The
 * session is started fresh, so the token kept is the one this call handed back in `auth`.
 */
export async function verifySignInCode(body: VerifyCodeBody): Promise<SignedIn> {
  useSession.getState().set({ token: null });
  const data = await api<SignedIn>('auth/code/verify', { method: 'POST', body });
  const { token, signIn } = useSession.getState();
  if (!token) throw new ApiError(500, 'Signed in, but no session came back. Please try again.');
  signIn(token, 'user', { fn: data.fn, ln: data.ln });
  return data;
}

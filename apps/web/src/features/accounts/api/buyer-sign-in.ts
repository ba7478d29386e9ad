import type { RequestCodeBody, SignedIn, VerifyCodeBody } from '@tikiti/contract';
import { api } from '../../../lib/api-client';
import { keepSession } from './keep-session';

/** POST v1/auth/code/request: mails a one-time sign-in code to the buyer's email. */
export async function requestSignInCode(body: RequestCodeBody): Promise<void> {
  await api<null>('auth/code/request', { method: 'POST', body });
}

/** POST v1/auth/code/verify: signs the buyer in (creating the account on first use). */
export async function verifySignInCode(body: VerifyCodeBody): Promise<SignedIn> {
  const data = await api<SignedIn>('auth/code/verify', { method: 'POST', body, anonymous: true });
  keepSession(data, 'user');
  return data;
}

import type { ForgotPasswordBody } from '@tikiti/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST v1/auth/password/forgot: always the same answer; mails a code when the account exists. */
export async function forgotPassword(body: ForgotPasswordBody): Promise<string> {
  const res = await apiRequest<null>('auth/password/forgot', { method: 'POST', body, side: 'organiser' });
  return res.status_description;
}

import type { AccountType, SignedIn } from '@tikiti/contract';
import { useSession } from '../../../app/store';
import { ApiError } from '../../../lib/api-client';

/**
 * After a sign-in call: keeps the token it handed back in `auth` (the API client stored it)
 * with the account type and the person's name (spec §4). Sign-in calls are made anonymous,
 * so a failed attempt leaves any earlier session as it was.
 */
export function keepSession(data: SignedIn, accountType: AccountType) {
  const { token, signIn } = useSession.getState();
  if (!token) throw new ApiError(500, 'Signed in, but no session came back. Please try again.');
  signIn(token, accountType, { fn: data.fn, ln: data.ln });
}

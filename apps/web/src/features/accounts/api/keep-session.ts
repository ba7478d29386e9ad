import type { AccountType, SignedIn } from '@tikiti/contract';
import { ApiError, type ApiAnswer } from '../../../lib/api-client';
import { useSession } from '../session-store';

/**
 * After a sign-in call: keeps the token it handed back in `auth` with the account type and the
 * person's name (docs/product.md#session-end). Sign-in calls are made anonymous, so a failed attempt leaves any
 * earlier session as it was, and only a successful one replaces it.
 */
export function keepSession({ data, token }: ApiAnswer<SignedIn>, accountType: AccountType) {
  if (!token) throw new ApiError(500, 'Signed in, but no session came back. Please try again.');
  useSession.getState().signIn(token, accountType, { fn: data.fn, ln: data.ln });
}

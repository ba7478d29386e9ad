import type { AccountType, SecondStep, SignedIn } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { revokeSession, type Caller } from './session.service.js';

/** One message for every failed sign-in, so it never tells whether the account exists. */
export const LOGIN_FAILED = 'The username or password is not correct';
/** One message for a wrong, expired, used or dead code and for an unknown username alike. */
export const CODE_REJECTED =
  'This code is wrong or no longer valid. Check the latest email we sent, or ask for a new code.';

export const codeRejected = () =>
  badRequest(CODE_REJECTED, [{ path: 'code', message: CODE_REJECTED }], 'auth.code_rejected');

/** A signed-in session: the token for the `auth` header and the names for the client. */
export interface SignInResult {
  token: string;
  data: SignedIn;
}

/** An organiser's sign-in: a session, or (two-factor sign-in) the second step to take, with no token yet. */
export type OrganiserSignInResult = SignInResult | { token: null; data: SecondStep };

export const signedIn = (a: { firstName: string; lastName: string; type: AccountType }): SignedIn => ({
  fn: a.firstName,
  ln: a.lastName,
  account_type: a.type,
});

/** POST v1/auth/logout: the token stops working at once, for buyers and organisers alike. */
export async function logout(db: Db, caller: Caller) {
  await revokeSession(db, caller);
}

/**
 * Tokens other features hand out (a guest's checkout key, `ck1.…`): logout ends them through
 * the feature that made them, so accounts need not know their kind. Registered at start-up.
 */
const otherTokens: { prefix: string; revoke: (db: Db, token: string) => Promise<boolean> }[] = [];

export function registerTokenKind(prefix: string, revoke: (db: Db, token: string) => Promise<boolean>) {
  if (!otherTokens.some((k) => k.prefix === prefix)) otherTokens.push({ prefix, revoke });
}

/** The feature that ends `token`, when another feature made it. */
export const otherTokenKind = (token: string) => otherTokens.find((k) => token.startsWith(k.prefix));

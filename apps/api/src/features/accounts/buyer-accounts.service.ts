import type { RequestCodeBody, SocialSignInBody, VerifyCodeBody } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, unauthorized } from '../../http/errors.js';
import {
  ensureUserByEmail,
  findUserByEmail,
  findUserByGoogleSub,
  linkGoogleIdentity,
  setLastLogin,
  upsertBuyer,
} from './accounts.repo.js';
import { InvalidIdTokenError, verifyGoogleIdToken } from './google-id-token.js';
import { CODE_GROUPS, consumeCode, issueCode } from './one-time-codes.js';
import { createSession, type ClientInfo } from './session.service.js';
import { hit, SIGN_IN_LIMITS as LIMITS } from './sign-in-limits.js';
import { codeRejected, signedIn, type SignInResult } from './sign-in.js';
import { enqueueMail, signInCodeMail } from '../mail/index.js';

/**
 * Buyers (account type user): no password; they sign in with a code mailed to them, or
 * with Google when it is configured (docs/product.md#buyer-sign-in).
 */

/** POST v1/auth/code/request: mails a sign-in code, creating the buyer account on first use. */
export async function requestSignInCode(ctx: AppContext, body: RequestCodeBody, ip: string) {
  await hit(ctx.db, `code-mail:ip:${ip}`, LIMITS.codeMailsPerAddress);
  await hit(ctx.db, `code-mail:buyer:${body.email}`, LIMITS.codeMailsPerUsername);
  await ctx.db.transaction(async (tx) => {
    const account = await ensureUserByEmail(tx, body.email);
    const code = await issueCode(tx, account.id, 'signin', CODE_GROUPS.buyerSignIn);
    await enqueueMail(tx, { to: body.email, ...signInCodeMail({ firstName: account.firstName, code }) });
  });
  return { description: `We sent a sign-in code to ${body.email}. It is valid for 10 minutes.` };
}

/** POST v1/auth/code/verify: the mailed code signs the buyer in. */
export async function verifySignInCode(
  ctx: AppContext,
  body: VerifyCodeBody,
  client: ClientInfo,
): Promise<SignInResult> {
  await hit(ctx.db, `code-check:ip:${client.address}`, LIMITS.codeChecksPerAddress);
  await hit(ctx.db, `code-check:user:buyer:${body.email}`, LIMITS.codeChecksPerUsername);
  const account = await findUserByEmail(ctx.db, body.email);
  if (!account) throw codeRejected();
  const now = new Date();
  const token = await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, account.id, CODE_GROUPS.buyerSignIn, body.code, now))) return null;
    await setLastLogin(tx, account.id, now);
    return createSession(tx, account.id, now, client);
  });
  if (!token) throw codeRejected();
  return { token, data: signedIn(account) };
}

/** POST v1/auth/firebase: Google sign-in; only the verified ID token is believed (docs/product.md#buyer-sign-in). */
export async function googleSignIn(ctx: AppContext, body: SocialSignInBody, client: ClientInfo): Promise<SignInResult> {
  const clientId = ctx.config.googleClientId;
  if (!clientId) throw new AppError(404, 'auth.google_not_configured', 'Google sign-in is not configured');
  await hit(ctx.db, `google:ip:${client.address}`, LIMITS.googleSignInsPerAddress);
  let identity;
  try {
    identity = await verifyGoogleIdToken(body.credential, { clientId, jwksUrl: ctx.config.googleJwksUrl });
  } catch (err) {
    if (err instanceof InvalidIdTokenError)
      throw unauthorized('Google sign-in failed, please try again', 'auth.google_failed');
    throw new AppError(503, 'auth.google_unavailable', 'Google sign-in is unavailable right now, please try again');
  }
  const [first = '', ...rest] = identity.name.split(/\s+/).filter(Boolean);
  const names = { firstName: identity.givenName || first, lastName: identity.familyName || rest.join(' ') };
  const now = new Date();
  const account = await ctx.db.transaction(async (tx) => {
    const existing =
      (await findUserByGoogleSub(tx, identity.sub)) ?? (await ensureUserByEmail(tx, identity.email, names));
    await linkGoogleIdentity(tx, existing.id, { sub: identity.sub, ...names, photoUrl: identity.picture });
    await setLastLogin(tx, existing.id, now);
    return existing;
  });
  const fresh = await findUserByEmail(ctx.db, account.email);
  return { token: await createSession(ctx.db, account.id, now, client), data: signedIn(fresh ?? account) };
}

/**
 * A guest who paid (docs/product.md#guest-checkout): the buyer account of their email, made
 * on first use with the name they typed (split at the first space), so the same email later
 * signs in and finds what it bought.
 */
export async function findOrCreateBuyer(db: Db | Tx, email: string, fullName: string) {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return upsertBuyer(db, email, { firstName: first, lastName: rest.join(' ') });
}

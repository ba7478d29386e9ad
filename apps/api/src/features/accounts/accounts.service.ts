import type {
  ForgotPasswordBody,
  LoginBody,
  OrganisationProfile,
  RegisterOrganiserBody,
  RequestCodeBody,
  ResetPasswordBody,
  SignedIn,
  SocialSignInBody,
  Teammate,
  VerifyCodeBody,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../http/errors.js';
import { clearRateLimit, hitRateLimit, rateLimitReached } from '../../lib/rate-limit.js';
import { enqueueMail } from '../mail/mail.service.js';
import { recoveryCodeMail, signInCodeMail, verificationCodeMail } from '../mail/templates.js';
import {
  ensureUserByEmail,
  findOrganisation,
  findOrganiserByUsername,
  findOrganiserClashes,
  findUserByEmail,
  findUserByGoogleSub,
  insertOrganisation,
  insertOrganiserAccount,
  isUniqueViolation,
  linkGoogleIdentity,
  listOrganisationMembers as listMembers,
  setLastLogin,
  setPassword,
  type NewOrganiserAccount,
} from './accounts.repo.js';
import { InvalidIdTokenError, verifyGoogleIdToken } from './google-id-token.js';
import { CODE_GROUPS, consumeCode, issueCode } from './one-time-codes.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSession, revokeAllSessions, revokeSession, type Caller } from './session.service.js';
import { normaliseMsisdn, parseUsername, usernameKey } from './usernames.js';

/** Limits per window (seconds) on attempts that guess or that send mail (DESIGN.md §4). */
const LIMITS = {
  loginFailuresPerAccount: { limit: 5, window: 15 * 60 },
  loginFailuresPerAddress: { limit: 20, window: 15 * 60 },
  codeChecksPerUsername: { limit: 10, window: 15 * 60 },
  codeChecksPerAddress: { limit: 30, window: 15 * 60 },
  codeMailsPerUsername: { limit: 5, window: 15 * 60 },
  codeMailsPerAddress: { limit: 20, window: 15 * 60 },
  registrationsPerAddress: { limit: 30, window: 60 * 60 },
  googleSignInsPerAddress: { limit: 30, window: 15 * 60 },
} as const;

const hit = (db: Db, key: string, l: { limit: number; window: number }) => hitRateLimit(db, key, l.limit, l.window);

/** One message for every failed sign-in, so it never tells whether the account exists. */
export const LOGIN_FAILED = 'The username or password is not correct';
/** One message for a wrong, expired, used or dead code and for an unknown username alike. */
export const CODE_REJECTED =
  'This code is wrong or no longer valid. Check the latest email we sent, or ask for a new code.';
export const RECOVERY_SENT = 'If an organiser account uses this username, we have sent a code to its email address.';

const codeRejected = () => badRequest(CODE_REJECTED, [{ path: 'code', message: CODE_REJECTED }]);

/** A signed-in session: the token for the `auth` header and the names for the client. */
export interface SignInResult {
  token: string;
  data: SignedIn;
}

const signedIn = (a: { firstName: string; lastName: string; type: 'user' | 'organizer' }): SignedIn => ({
  fn: a.firstName,
  ln: a.lastName,
  account_type: a.type,
});

/** The reset page with the username filled in, linked from code mails. */
export const resetPageUrl = (ctx: AppContext, email: string) =>
  `${ctx.config.publicUrl}/organizer/reset?username=${encodeURIComponent(email)}`;

// Organiser accounts.

/** 409 when an email or phone number already belongs to an organiser, naming the field. */
export async function assertOrganiserIdentityFree(db: Db | Tx, email: string, msisdn: string) {
  const clash = await findOrganiserClashes(db, email, msisdn);
  if (clash.email) {
    const message = 'An organiser account with this email address already exists';
    throw conflict(message, [{ path: 'email_address', message }]);
  }
  if (clash.msisdn) {
    const message = 'An organiser account with this phone number already exists';
    throw conflict(message, [{ path: 'msisdn', message }]);
  }
}

/** Creates an organiser account without a password; a concurrent duplicate becomes a 409. */
export async function createOrganiserAccount(tx: Db | Tx, a: NewOrganiserAccount) {
  try {
    return await insertOrganiserAccount(tx, a);
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('An organiser account with this email address or phone number already exists');
    throw err;
  }
}

/** POST v1/client/register: the organisation, its owner, and a mailed verification code. */
export async function registerOrganiser(ctx: AppContext, body: RegisterOrganiserBody, ip: string) {
  await hit(ctx.db, `register:ip:${ip}`, LIMITS.registrationsPerAddress);
  const email = body.email_address;
  const msisdn = normaliseMsisdn(body.msisdn);
  await assertOrganiserIdentityFree(ctx.db, email, msisdn);
  await ctx.db.transaction(async (tx) => {
    const organisation = await insertOrganisation(tx, {
      organizationName: body.organization_name,
      displayName: body.display_name,
      email: body.organization_email_address,
      msisdn: normaliseMsisdn(body.organization_msisdn),
    });
    const owner = await createOrganiserAccount(tx, {
      organisationId: organisation.id,
      role: 'owner',
      firstName: body.first_name,
      lastName: body.last_name,
      email,
      msisdn,
    });
    const code = await issueCode(tx, owner.id, 'verify', CODE_GROUPS.organiserPassword);
    await enqueueMail(tx, {
      to: email,
      ...verificationCodeMail({ firstName: owner.firstName, code, resetUrl: resetPageUrl(ctx, email) }),
    });
  });
  return {
    data: { username: email },
    description: `Registration successful. We sent a verification code to ${email}.`,
  };
}

/** Both code checks share these limits; the code itself also dies after its tries. */
async function limitCodeChecks(db: Db, key: string, ip: string) {
  await hit(db, `code-check:ip:${ip}`, LIMITS.codeChecksPerAddress);
  await hit(db, `code-check:user:${key}`, LIMITS.codeChecksPerUsername);
}

/** POST v1/auth/password/reset: a mailed code sets the password and signs the organiser in. */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody, ip: string): Promise<SignInResult> {
  const username = parseUsername(body.username);
  await limitCodeChecks(ctx.db, usernameKey(username), ip);
  const account = await findOrganiserByUsername(ctx.db, username);
  // Hashed before the code is checked, whatever happens, so both paths take as long.
  const passwordHash = await hashPassword(body.password);
  if (!account) throw codeRejected();
  const now = new Date();
  const token = await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, account.id, CODE_GROUPS.organiserPassword, body.code, now))) return null;
    await setPassword(tx, account.id, passwordHash);
    // A new password ends every older session: whoever knew the old one is signed out.
    await revokeAllSessions(tx, account.id, now);
    await setLastLogin(tx, account.id, now);
    return createSession(tx, account.id, now);
  });
  if (!token) throw codeRejected();
  await clearRateLimit(ctx.db, loginAccountKey(account.id));
  return { token, data: signedIn(account) };
}

/** POST v1/auth/password/forgot: mails a code when the organiser exists; the answer never says. */
export async function forgotPassword(ctx: AppContext, body: ForgotPasswordBody, ip: string) {
  const username = parseUsername(body.username);
  await hit(ctx.db, `code-mail:ip:${ip}`, LIMITS.codeMailsPerAddress);
  await hit(ctx.db, `code-mail:user:${usernameKey(username)}`, LIMITS.codeMailsPerUsername);
  const account = await findOrganiserByUsername(ctx.db, username);
  if (account) {
    await ctx.db.transaction(async (tx) => {
      const code = await issueCode(tx, account.id, 'recover', CODE_GROUPS.organiserPassword);
      await enqueueMail(tx, {
        to: account.email,
        ...recoveryCodeMail({ firstName: account.firstName, code, resetUrl: resetPageUrl(ctx, account.email) }),
      });
    });
  }
  return { description: RECOVERY_SENT };
}

const loginAccountKey = (accountId: number) => `login:account:${accountId}`;

/** POST v1/auth/login: email or phone and password; failures are counted per account and address. */
export async function login(ctx: AppContext, body: LoginBody, ip: string): Promise<SignInResult> {
  const username = parseUsername(body.username);
  const account = await findOrganiserByUsername(ctx.db, username);
  const accountKey = account ? loginAccountKey(account.id) : `login:unknown:${usernameKey(username)}`;
  const ipKey = `login:ip:${ip}`;
  const { loginFailuresPerAccount: perAccount, loginFailuresPerAddress: perAddress } = LIMITS;
  if (
    (await rateLimitReached(ctx.db, accountKey, perAccount.limit, perAccount.window)) ||
    (await rateLimitReached(ctx.db, ipKey, perAddress.limit, perAddress.window))
  ) {
    throw tooManyRequests('Too many failed sign-in attempts. Please wait 15 minutes or reset your password.');
  }
  if (!account || !(await verifyPassword(account.passwordHash, body.password))) {
    await hit(ctx.db, accountKey, perAccount);
    await hit(ctx.db, ipKey, perAddress);
    throw unauthorized(LOGIN_FAILED);
  }
  await clearRateLimit(ctx.db, accountKey);
  const now = new Date();
  await setLastLogin(ctx.db, account.id, now);
  return { token: await createSession(ctx.db, account.id, now), data: signedIn(account) };
}

/** POST v1/auth/logout: the token stops working at once. */
export async function logout(db: Db, caller: Caller) {
  await revokeSession(db, caller);
}

/** GET v1/client/self. */
export async function organisationProfile(db: Db, organisationId: number): Promise<OrganisationProfile> {
  const o = await findOrganisation(db, organisationId);
  if (!o) throw notFound('Organisation');
  return {
    id: o.id,
    organization_name: o.organizationName,
    display_name: o.displayName,
    organization_email_address: o.email,
    organization_msisdn: o.msisdn,
  };
}

/** An organisation's members as the team page lists them (owner first). */
export async function listOrganisationMembers(db: Db, organisationId: number, page: number, limit: number) {
  const { rows, total } = await listMembers(db, organisationId, page, limit);
  const data: Teammate[] = rows.map(toTeammate);
  return { data, total };
}

export function toTeammate(a: {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  msisdn: string | null;
  role: 'owner' | 'admin' | null;
  lastLoginAt: Date | null;
}): Teammate {
  return {
    id: a.id,
    first_name: a.firstName,
    last_name: a.lastName,
    email_address: a.email,
    msisdn: a.msisdn,
    role: a.role ?? 'admin',
    last_login_date: a.lastLoginAt ? a.lastLoginAt.toISOString() : null,
  };
}

// Buyer accounts.

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
export async function verifySignInCode(ctx: AppContext, body: VerifyCodeBody, ip: string): Promise<SignInResult> {
  await limitCodeChecks(ctx.db, `buyer:${body.email}`, ip);
  const account = await findUserByEmail(ctx.db, body.email);
  if (!account) throw codeRejected();
  const now = new Date();
  const token = await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, account.id, CODE_GROUPS.buyerSignIn, body.code, now))) return null;
    await setLastLogin(tx, account.id, now);
    return createSession(tx, account.id, now);
  });
  if (!token) throw codeRejected();
  return { token, data: signedIn(account) };
}

/** POST v1/auth/firebase: Google sign-in; only the verified ID token is believed (DESIGN.md §4). */
export async function googleSignIn(ctx: AppContext, body: SocialSignInBody, ip: string): Promise<SignInResult> {
  const clientId = ctx.config.googleClientId;
  if (!clientId) throw new AppError(404, 'not_configured', 'Google sign-in is not configured');
  await hit(ctx.db, `google:ip:${ip}`, LIMITS.googleSignInsPerAddress);
  let identity;
  try {
    identity = await verifyGoogleIdToken(body.credential, clientId);
  } catch (err) {
    if (err instanceof InvalidIdTokenError) throw unauthorized('Google sign-in failed, please try again');
    throw new AppError(503, 'unavailable', 'Google sign-in is unavailable right now, please try again');
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
  return { token: await createSession(ctx.db, account.id, now), data: signedIn(fresh ?? account) };
}

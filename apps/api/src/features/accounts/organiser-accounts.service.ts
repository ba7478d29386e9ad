import type {
  AccountType,
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  OrganisationProfile,
  RegisterOrganiserBody,
  ResetPasswordBody,
  Teammate,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, invalidField, notFound, tooManyRequests, unauthorized } from '../../http/errors.js';
import { clearRateLimit } from '../../lib/rate-limit.js';
import {
  deleteMember,
  findOrganisation,
  findOrganisationMember,
  findOrganiserByUsername,
  findOrganiserClashes,
  insertOrganisation,
  insertOperatorAccount,
  insertOrganiserAccount,
  isUniqueViolation,
  listOrganisationMembers as listMembers,
  setMemberRole,
  setPassword,
  type NewOrganiserAccount,
} from './accounts.repo.js';
import { CODE_GROUPS, consumeCode, issueCode } from './one-time-codes.js';
import { passwordWeakness } from './password-strength.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  actorOf,
  beginOrganiserSession,
  checkOwnPassword,
  hasTwoFactor,
  mailLockoutNotice,
  startSecondStep,
} from './organiser-sign-in.js';
import {
  revokeAllSessions,
  revokeOtherSessions,
  rotateSession,
  type Caller,
  type ClientInfo,
} from './session.service.js';
import { admitLoginAttempt, admitSuccess, hit, LOCKED_OUT, SIGN_IN_LIMITS as LIMITS } from './sign-in-limits.js';
import { codeRejected, LOGIN_FAILED, signedIn, type OrganiserSignInResult } from './sign-in.js';
import { normaliseMsisdn, parseUsername, usernameKey } from './usernames.js';
import { recordAudit } from '../audit/index.js';
import { enqueueMail, recoveryCodeMail, verificationCodeMail } from '../mail/index.js';

/**
 * Organiser accounts (docs/product.md, "Accounts and roles"): registration, the password
 * set with a mailed code, recovery, sign-in with its limits, the organisation's profile and
 * members. Teammates are invited through the team feature, which uses what is exported here.
 */

// One answer for organisers and operators alike (the operator's set-password page shows it too).
export const RECOVERY_SENT = 'If an account uses this username, we have sent a code to its email address.';

/**
 * The reset page with the username filled in, linked from code mails: an operator's is the
 * console's own set-password page (docs/product.md#the-operator).
 */
export const resetPageUrl = (ctx: AppContext, email: string, type: AccountType = 'organizer') =>
  `${ctx.config.publicUrl}${type === 'operator' ? '/operator/set-password' : '/organizer/reset'}?username=${encodeURIComponent(email)}`;

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

/**
 * A new operator account (`npm run operator -- add <email>`), without a password: answers the
 * account and a code for the set-password link. An email that already signs in as an organiser or
 * operator is refused: one address, one kind of staff account.
 */
export async function createOperatorAccount(
  tx: Db | Tx,
  a: { email: string; firstName: string; lastName: string },
): Promise<{ id: number; code: string }> {
  const clash = await findOrganiserClashes(tx, a.email, null);
  const taken = () =>
    conflict('This email already has an organiser or operator account', undefined, 'operator.email_taken');
  if (clash.email) throw taken();
  try {
    const row = await insertOperatorAccount(tx, a);
    return { id: row.id, code: await issueCode(tx, row.id, 'invite', CODE_GROUPS.organiserPassword) };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
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

/**
 * POST v1/auth/password/reset: a mailed code sets the password, ends every older session and
 * signs the organiser in; an account with two-factor sign-in gets the second step instead
 * (a mailbox alone never opens it).
 */
export async function resetPassword(
  ctx: AppContext,
  body: ResetPasswordBody,
  client: ClientInfo,
): Promise<OrganiserSignInResult> {
  const username = parseUsername(body.username);
  await limitCodeChecks(ctx.db, usernameKey(username), client.address);
  const account = await findOrganiserByUsername(ctx.db, username);
  const weakness = passwordWeakness(body.password, [
    body.username,
    account?.email ?? '',
    account?.firstName ?? '',
    account?.lastName ?? '',
  ]);
  if (weakness) throw invalidField('password', weakness);
  // Hashed before the code is checked, whatever happens, so both paths take as long.
  const passwordHash = await hashPassword(body.password);
  if (!account) throw codeRejected();
  const now = new Date();
  const result = await ctx.db.transaction(async (tx): Promise<OrganiserSignInResult | null> => {
    if (!(await consumeCode(tx, account.id, CODE_GROUPS.organiserPassword, body.code, now))) return null;
    await setPassword(tx, account.id, passwordHash);
    // A new password ends every older session: whoever knew the old one is signed out.
    await revokeAllSessions(tx, account.id, now);
    if (await hasTwoFactor(tx, account.id)) {
      await recordAudit(tx, actorOf(account, client), {
        action: 'account.password_reset',
      });
      return { token: null, data: await startSecondStep(tx, account.id, body.username, now) };
    }
    const token = await beginOrganiserSession(ctx, tx, account, client, { action: 'account.password_reset' }, now);
    return { token, data: signedIn(account) };
  });
  if (!result) throw codeRejected();
  // A new password lifts the lockouts on this username, wherever they came from.
  await clearRateLimit(ctx.db, `login:user:${usernameKey(username)}`);
  return result;
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
        ...recoveryCodeMail({
          firstName: account.firstName,
          code,
          resetUrl: resetPageUrl(ctx, account.email, account.type),
        }),
      });
    });
  }
  return { description: RECOVERY_SENT };
}

/**
 * POST v1/auth/login: email or phone and password. Every attempt is counted before the
 * password is checked (see sign-in-limits.ts); an unknown username is checked against a
 * decoy hash, so a wrong password takes as long whether or not the account exists. An account
 * with two-factor sign-in gets no session but the second step; its attempt stays counted until
 * the code is right (docs/security.md#two-factor-sign-in).
 */
export async function login(ctx: AppContext, body: LoginBody, client: ClientInfo): Promise<OrganiserSignInResult> {
  const username = parseUsername(body.username);
  const admission = await admitLoginAttempt(ctx.db, username, client.address);
  const account = await findOrganiserByUsername(ctx.db, username);
  if (!admission.admitted) {
    if (admission.lockoutStarted && account) await mailLockoutNotice(ctx, account);
    throw tooManyRequests(LOCKED_OUT, 'auth.locked_out');
  }
  if (!(await verifyPassword(account?.passwordHash, body.password)) || !account) {
    throw unauthorized(LOGIN_FAILED, 'auth.login_failed');
  }
  const now = new Date();
  if (await hasTwoFactor(ctx.db, account.id)) {
    return { token: null, data: await startSecondStep(ctx.db, account.id, body.username, now) };
  }
  await admitSuccess(ctx.db, username, client.address);
  const token = await ctx.db.transaction((tx) =>
    beginOrganiserSession(
      ctx,
      tx,
      account,
      client,
      { action: 'account.signed_in', details: { with: 'password' } },
      now,
    ),
  );
  return { token, data: signedIn(account) };
}

/**
 * POST v1/auth/password/change: the signed-in organiser's new password, with the current one.
 * Every other session ends; this one goes on with a new token.
 */
export async function changePassword(
  ctx: AppContext,
  caller: Caller & { organisationId: number },
  body: ChangePasswordBody,
  client: ClientInfo,
): Promise<string> {
  await checkOwnPassword(ctx, caller, body.current_password, client.address, 'current_password');
  const weakness = passwordWeakness(body.password, [
    caller.email,
    caller.firstName,
    caller.lastName,
    caller.msisdn ?? '',
  ]);
  if (weakness) throw invalidField('password', weakness);
  const passwordHash = await hashPassword(body.password);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    await setPassword(tx, caller.accountId, passwordHash);
    const ended = await revokeOtherSessions(tx, caller, now);
    await recordAudit(tx, actorOf(caller, client), {
      action: 'account.password_changed',
      details: { sessions_ended: ended },
    });
    return rotateSession(tx, caller, now);
  });
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
  role: 'owner' | 'admin' | 'checkin' | null;
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

/** A member of the caller's organisation, as the team page shows it; another organisation's looks missing (404). */
export async function findMember(db: Db | Tx, organisationId: number, accountId: number) {
  const row = await findOrganisationMember(db, organisationId, accountId);
  if (!row) throw notFound('Teammate');
  return row;
}

/** Another role for a teammate of the organisation (the caller checks it is not the owner, nor themselves). */
export async function changeMemberRole(db: Db | Tx, accountId: number, role: 'admin' | 'checkin') {
  const row = await setMemberRole(db, accountId, role);
  if (!row) throw notFound('Teammate');
  return row;
}

/** Removes a teammate's account: their sessions end with it, and the email can be invited again. */
export async function removeMember(db: Db | Tx, accountId: number) {
  if (!(await deleteMember(db, accountId))) throw notFound('Teammate');
}

import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, toNairobiLocal, type AuditAction, type SecondStep } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, tooManyRequests } from '../../http/errors.js';
import { recordAudit, type AnyAuditActor } from '../audit/index.js';
import { enqueueMail, newDeviceSignInMail, signInLockoutMail } from '../mail/index.js';
import { findOrganiserById, setLastLogin } from './accounts.repo.js';
import { verifyPassword } from './passwords.js';
import { openSession, priorSessions, type Caller, type ClientInfo } from './session.service.js';
import { admitLoginAttempt, admitSuccess, LOCKED_OUT } from './sign-in-limits.js';
import { findTotpFactor, insertPendingSignIn } from './two-factor.repo.js';
import { parseUsername } from './usernames.js';

/**
 * What the organiser's sign-ins share (docs/security.md#sessions): the session with its device
 * and address, the activity entry, the new-device mail, the second step for an account with
 * two-factor sign-in, and the password checked again for a sensitive call.
 */

/** An organiser account as the sign-in reads it. */
export interface OrganiserAccount {
  id: number;
  organisationId: number | null;
  role: 'owner' | 'admin' | 'checkin' | null;
  type: 'user' | 'organizer' | 'operator';
  firstName: string;
  lastName: string;
  email: string;
}

/** The actor of an activity entry: an organiser account, acting from `client`. */
export const actorOf = (a: OrganiserAccount | Caller, client: ClientInfo): AnyAuditActor => ({
  // An operator's own actions (signing in, two-factor) belong to no organisation.
  organisationId: a.organisationId,
  accountId: 'accountId' in a ? a.accountId : a.id,
  firstName: a.firstName,
  lastName: a.lastName,
  email: a.email,
  role: a.type === 'operator' ? 'operator' : a.role,
  ...client,
});

/** Whether the account signs in with an authenticator code after its password. */
export async function hasTwoFactor(db: Db | Tx, accountId: number) {
  return Boolean((await findTotpFactor(db, accountId))?.enabledAt);
}

/**
 * Opens an organiser's session in one transaction with what goes with it: the last sign-in
 * time, the activity entry (`action`, one per sign-in) and, when the account has signed in
 * before but never from this device, the new-device mail.
 */
export async function beginOrganiserSession(
  ctx: AppContext,
  tx: Tx,
  account: OrganiserAccount,
  client: ClientInfo,
  audit: { action: AuditAction; details?: Record<string, string | number | boolean | null> },
  now = new Date(),
) {
  const prior = await priorSessions(tx, account.id, client.device);
  await setLastLogin(tx, account.id, now);
  const { token } = await openSession(tx, account.id, client, now);
  await recordAudit(tx, actorOf(account, client), audit);
  if (prior.any && !prior.sameDevice) {
    await enqueueMail(tx, {
      to: account.email,
      ...newDeviceSignInMail({
        firstName: account.firstName,
        device: client.device,
        address: client.address,
        when: toNairobiLocal(now).replace('T', ' '),
        securityUrl: `${ctx.config.publicUrl}/organizer/security`,
      }),
    });
  }
  return token;
}

const PENDING_PREFIX = 'ps1.';
export const hashPendingToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The password was right and the account has two-factor sign-in: no session yet, a token for
 * the second step (POST v1/auth/login/totp), valid minutes, kept only as a hash. `username` is
 * what was typed, so the code's attempts count on the password's own limits.
 */
export async function startSecondStep(
  db: Db | Tx,
  accountId: number,
  username: string,
  now = new Date(),
): Promise<SecondStep> {
  const token = `${PENDING_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + LIMITS.pendingSignInMinutes * 60_000);
  await insertPendingSignIn(db, { accountId, tokenHash: hashPendingToken(token), username, expiresAt });
  return { second_factor: 'totp', pending_token: token, expires_at: expiresAt.toISOString() };
}

/** Tells the owner of an account that wrong passwords or codes paused its sign-in (once per lockout). */
export async function mailLockoutNotice(ctx: AppContext, account: { email: string; firstName: string }) {
  const forgotUrl = `${ctx.config.publicUrl}/organizer/forgot`;
  await enqueueMail(ctx.db, { to: account.email, ...signInLockoutMail({ firstName: account.firstName, forgotUrl }) });
}

export const PASSWORD_REJECTED = 'This password is not correct';

/**
 * The signed-in organiser's password, typed again before a sensitive call (re-entering it,
 * turning two-factor sign-in off, a new password): counted on the sign-in limits of the
 * account's email from this address, so a stolen session cannot guess it faster than the
 * sign-in page could. A wrong one is a 400 on `password` (a 401 would end the session).
 */
export async function checkOwnPassword(
  ctx: AppContext,
  caller: Caller,
  password: string,
  ip: string,
  field = 'password',
) {
  const username = parseUsername(caller.email);
  const admission = await admitLoginAttempt(ctx.db, username, ip);
  if (!admission.admitted) {
    if (admission.lockoutStarted) await mailLockoutNotice(ctx, caller);
    throw tooManyRequests(LOCKED_OUT, 'auth.locked_out');
  }
  const account = await findOrganiserById(ctx.db, caller.accountId);
  if (!(await verifyPassword(account?.passwordHash, password))) {
    throw badRequest(PASSWORD_REJECTED, [{ path: field, message: PASSWORD_REJECTED }], 'auth.password_rejected');
  }
  await admitSuccess(ctx.db, username, ip);
}

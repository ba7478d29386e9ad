import {
  LIMITS,
  type DisableTotpBody,
  type EnableTotpBody,
  type LoginTotpBody,
  type RecoveryCodes,
  type TotpSetup,
  type TotpStatus,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { findOrganiserById } from './accounts.repo.js';
import { codeMatches, hashCode } from './one-time-codes.js';
import {
  actorOf,
  beginOrganiserSession,
  checkOwnPassword,
  hashPendingToken,
  mailLockoutNotice,
} from './organiser-sign-in.js';
import { rotateSession, type Caller, type ClientInfo } from './session.service.js';
import { admitLoginAttempt, admitSuccess, hit, LOCKED_OUT, SIGN_IN_LIMITS } from './sign-in-limits.js';
import { signedIn, type SignInResult } from './sign-in.js';
import {
  isAppCode,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  openSecret,
  sealSecret,
  totpStep,
} from './totp.js';
import {
  countUnusedRecoveryCodes,
  deleteTotp,
  findLivePendingSignIn,
  findTotpFactor,
  markPendingUsed,
  markTotpEnabled,
  replaceRecoveryCodes,
  savePendingTotp,
  spendPendingAttempt,
  spendRecoveryCode,
  spendTotpStep,
  unusedRecoveryCodes,
} from './two-factor.repo.js';
import { parseUsername } from './usernames.js';

/**
 * Two-factor sign-in for organisers (docs/security.md#two-factor-sign-in): an authenticator app
 * (TOTP) set up by QR code and proved by a first code, 10 one-time recovery codes shown once,
 * the second step of a sign-in, and turning it off with the password and a code.
 */

/** An organiser, or an operator (who belongs to no organisation and must use two-factor sign-in). */
type Organiser = Caller;

export const TOTP_REJECTED = 'This code is not right. Enter the 6-digit code your app shows now, or a recovery code.';
const totpRejected = () => badRequest(TOTP_REJECTED, [{ path: 'code', message: TOTP_REJECTED }], 'auth.totp_rejected');
const STEP_ENDED = 'This sign-in has expired. Enter your password again.';

/** GET v1/auth/totp. */
export async function totpStatus(db: Db, caller: Organiser): Promise<TotpStatus> {
  const factor = await findTotpFactor(db, caller.accountId);
  const enabled = Boolean(factor?.enabledAt);
  return {
    enabled,
    enabled_at: factor?.enabledAt?.toISOString() ?? null,
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(db, caller.accountId) : 0,
  };
}

/**
 * POST v1/auth/totp/setup: a new secret, kept encrypted and not yet active; a setup not finished
 * is replaced by the next. The secret is sent this once, never again (nor logged).
 */
export async function setupTotp(ctx: AppContext, caller: Organiser): Promise<TotpSetup> {
  const { secret, uri, qr } = await newTotpSecret(caller.email);
  if (!(await savePendingTotp(ctx.db, caller.accountId, await sealSecret(ctx, secret)))) {
    throw conflict('Two-factor sign-in is already on for this account', undefined, 'auth.totp_already_enabled');
  }
  return { secret, otpauth_uri: uri, qr_data_url: qr };
}

/**
 * POST v1/auth/totp/enable: a right code from the new secret turns it on; 10 recovery codes are
 * made, answered once and kept as salted hashes; the session's token is rotated.
 */
export async function enableTotp(
  ctx: AppContext,
  caller: Organiser,
  body: EnableTotpBody,
  client: ClientInfo,
  now = new Date(),
): Promise<{ data: RecoveryCodes; token: string }> {
  await hit(ctx.db, `code-check:totp-setup:${caller.accountId}`, SIGN_IN_LIMITS.codeChecksPerUsername);
  const factor = await findTotpFactor(ctx.db, caller.accountId);
  if (factor?.enabledAt) {
    throw conflict('Two-factor sign-in is already on for this account', undefined, 'auth.totp_already_enabled');
  }
  if (!factor) throw conflict('Start the setup first: scan the new QR code', undefined, 'auth.totp_not_set_up');
  const step = totpStep(await openSecret(ctx, factor.secretCipher), body.code, now);
  if (step === null) throw totpRejected();
  const codes = newRecoveryCodes();
  const token = await ctx.db.transaction(async (tx) => {
    if (!(await markTotpEnabled(tx, caller.accountId, step, now))) {
      throw conflict('Two-factor sign-in is already on for this account', undefined, 'auth.totp_already_enabled');
    }
    await replaceRecoveryCodes(tx, caller.accountId, codes.map(normaliseRecoveryCode).map(hashCode));
    await recordAudit(tx, actorOf(caller, client), {
      action: 'account.totp_enabled',
    });
    return rotateSession(tx, caller, now);
  });
  return { data: { recovery_codes: codes }, token };
}

/**
 * A second factor: the app's code (its 30-second step spent, so it works once) or an unused
 * recovery code (spent). Answers which it was, or null.
 */
async function spendSecondFactor(ctx: AppContext, tx: Db | Tx, accountId: number, code: string, now: Date) {
  if (isAppCode(code)) {
    const factor = await findTotpFactor(tx, accountId);
    if (!factor?.enabledAt) return null;
    const step = totpStep(await openSecret(ctx, factor.secretCipher), code.trim(), now);
    return step !== null && (await spendTotpStep(tx, accountId, step)) ? 'authenticator' : null;
  }
  const typed = normaliseRecoveryCode(code);
  for (const stored of await unusedRecoveryCodes(tx, accountId)) {
    if (codeMatches(stored.codeHash, typed))
      return (await spendRecoveryCode(tx, stored.id, now)) ? 'recovery_code' : null;
  }
  return null;
}

/**
 * POST v1/auth/totp/disable: the password and a code turn it off; the secret and the recovery
 * codes are deleted, and the session's token is rotated.
 */
export async function disableTotp(
  ctx: AppContext,
  caller: Organiser,
  body: DisableTotpBody,
  client: ClientInfo,
  now = new Date(),
): Promise<string> {
  await checkOwnPassword(ctx, caller, body.password, client.address);
  await hit(ctx.db, `code-check:totp-off:${caller.accountId}`, SIGN_IN_LIMITS.codeChecksPerUsername);
  if (!(await hasEnabledTotp(ctx.db, caller.accountId))) {
    throw conflict('Two-factor sign-in is not on for this account', undefined, 'auth.totp_not_set_up');
  }
  const done = await ctx.db.transaction(async (tx) => {
    const method = await spendSecondFactor(ctx, tx, caller.accountId, body.code, now);
    if (!method) return null;
    await deleteTotp(tx, caller.accountId);
    await recordAudit(tx, actorOf(caller, client), {
      action: 'account.totp_disabled',
      details: { with: method },
    });
    return rotateSession(tx, caller, now);
  });
  if (!done) throw totpRejected();
  return done;
}

const hasEnabledTotp = async (db: Db, accountId: number) => Boolean((await findTotpFactor(db, accountId))?.enabledAt);

/**
 * POST v1/auth/login/totp: the second step of a sign-in. Each code is counted on the sign-in
 * limits of the username typed at the first step and this address, before it is checked, like a
 * password; the pending sign-in also dies after LIMITS.codeMaxAttempts wrong codes or
 * LIMITS.pendingSignInMinutes. A right code (or an unused recovery code) opens the session.
 */
export async function loginWithTotp(
  ctx: AppContext,
  body: LoginTotpBody,
  client: ClientInfo,
  now = new Date(),
): Promise<SignInResult> {
  const tokenHash = hashPendingToken(body.pending_token);
  const pending = await findLivePendingSignIn(ctx.db, tokenHash, LIMITS.codeMaxAttempts, now);
  if (!pending) throw unauthorized(STEP_ENDED, 'auth.sign_in_step_ended');
  const username = parseUsername(pending.username);
  const admission = await admitLoginAttempt(ctx.db, username, client.address);
  const account = await findOrganiserById(ctx.db, pending.accountId);
  if (!admission.admitted) {
    if (admission.lockoutStarted && account) await mailLockoutNotice(ctx, account);
    throw tooManyRequests(LOCKED_OUT, 'auth.locked_out');
  }
  if (!account || !(await spendPendingAttempt(ctx.db, tokenHash, LIMITS.codeMaxAttempts, now))) {
    throw unauthorized(STEP_ENDED, 'auth.sign_in_step_ended');
  }
  const token = await ctx.db.transaction(async (tx) => {
    const method = await spendSecondFactor(ctx, tx, account.id, body.code, now);
    if (!method) return null;
    if (!(await markPendingUsed(tx, pending.id, now))) throw unauthorized(STEP_ENDED, 'auth.sign_in_step_ended');
    return beginOrganiserSession(
      ctx,
      tx,
      account,
      client,
      { action: 'account.signed_in', details: { with: method } },
      now,
    );
  });
  if (!token) throw totpRejected();
  // The password's attempt was held until now (see login): both are given back.
  await admitSuccess(ctx.db, username, client.address, 2);
  return { token, data: signedIn(account) };
}

/**
 * Whether an organiser has two-factor sign-in on: the payouts calls (setting a payout method,
 * requesting a payout) call this first, so an owner without it gets 403 `auth.totp_required`
 * (docs/security.md#two-factor-sign-in).
 */
export async function requireTwoFactor(db: Db, caller: Organiser) {
  if (!(await hasEnabledTotp(db, caller.accountId))) {
    throw forbidden('Turn on two-factor sign-in first (Settings, Security)', 'auth.totp_required');
  }
}

/**
 * Two-factor sign-in turned on with a known secret, without the setup's first code: for the demo
 * operator (whose secret the README publishes as development data) and for tests. Never called
 * by a request.
 */
export async function turnOnTwoFactorWithSecret(ctx: AppContext, accountId: number, secret: string, now = new Date()) {
  await savePendingTotp(ctx.db, accountId, await sealSecret(ctx, secret));
  await markTotpEnabled(ctx.db, accountId, 0, now);
}

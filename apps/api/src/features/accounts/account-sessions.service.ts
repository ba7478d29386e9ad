import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../audit/index.js';
import { actorOf, checkOwnPassword } from './organiser-sign-in.js';
import {
  endSession,
  markConfirmed,
  revokeOtherSessions,
  rotateSession,
  type Caller,
  type ClientInfo,
} from './session.service.js';

/**
 * The account page's sessions (docs/product.md#passwords-and-sessions): ending one, ending all
 * the others, and entering the password again. An organiser's are recorded in the activity log.
 */

/** Organisers and operators: their session changes go in the activity log. */
const isOrganiser = (c: Caller) => c.type !== 'user';

/** DELETE v1/auth/sessions/{id}: one of the caller's sessions ends at once, on every instance. */
export async function endOneSession(ctx: AppContext, caller: Caller, sessionId: number, client: ClientInfo) {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await endSession(tx, caller, sessionId, now);
    if (isOrganiser(caller)) {
      await recordAudit(tx, actorOf(caller, client), {
        action: 'account.sessions_ended',
        details: { ended: 1 },
      });
    }
  });
}

/** DELETE v1/auth/sessions: every other session of the caller's account ends; this one's token is rotated. */
export async function endOtherSessions(ctx: AppContext, caller: Caller, client: ClientInfo) {
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const ended = await revokeOtherSessions(tx, caller, now);
    if (isOrganiser(caller)) {
      await recordAudit(tx, actorOf(caller, client), {
        action: 'account.sessions_ended',
        details: { ended },
      });
    }
    return { ended, token: await rotateSession(tx, caller, now) };
  });
}

/**
 * POST v1/auth/confirm: the organiser's password again. For LIMITS.confirmMinutes this session
 * may make the calls that ask for it (exporting attendee data); its token is rotated.
 */
export async function confirmPassword(
  ctx: AppContext,
  caller: Caller & { organisationId: number },
  password: string,
  client: ClientInfo,
) {
  await checkOwnPassword(ctx, caller, password, client.address);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const until = await markConfirmed(tx, caller, now);
    return { data: { confirmed_until: until.toISOString() }, token: await rotateSession(tx, caller, now) };
  });
}
